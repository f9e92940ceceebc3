// Calibration of one metric in one cell: how much whole trials differ
// (coefficient of variation), what the gate says when the trials are split
// into two halves and compared with each other (it should find nothing), the
// smallest regression the configured trial count can detect, a tolerance the
// measured noise supports, and the trial count the current threshold needs.
import type { GatePlan } from '../config/plan.js';
import type { MetricDef } from '../metric-catalogue.js';
import type { CellResult } from '../result/types.js';
import type { AaSplit, MetricCalibration } from './calibration-doc.js';
import { mdeLog, noiseLog, robustCv, TOLERANCE_FACTOR, trialsNeeded } from './calibration-formulas.js';
import { pooledValue, trialStats, trialValues } from './extract.js';
import { MIN_CALIBRATION_TRIALS } from './calibration-trials.js';
import { judgeMetric } from './judge.js';
import { defaultTolerance, floorLog, iterationsFor, logToRelative, thresholdLog, type MetricRule } from './policy.js';

const r2 = (x: number): number => Math.round(x * 100) / 100;
const pctOf = (frac: number): number | null => (Number.isFinite(frac) ? r2(frac * 100) : null);
const sig = (x: number): number => (x === 0 || !Number.isFinite(x) ? x : Number(x.toPrecision(6)));
/** Up to the next whole percent; float noise (0.0500000001) does not bump it. */
const ceilPercent = (frac: number): number => Math.ceil(frac * 100 - 1e-6) / 100;

function meanSd(v: readonly number[]): { mean: number; sd: number } | null {
  if (v.length < 2) return null;
  const mean = v.reduce((a, b) => a + b, 0) / v.length;
  const sd = Math.sqrt(v.reduce((a, b) => a + (b - mean) ** 2, 0) / (v.length - 1));
  return { mean, sd };
}

function perTrial(cell: CellResult, def: MetricDef): number[] {
  const raw = def.dist === null ? trialValues(cell, def) : trialStats(cell, def);
  return raw.filter((v) => Number.isFinite(v) && v > 0);
}

/** Trials split alternately: even-numbered trials are one half, odd-numbered the other, so slow drift lands on both. */
function halves(cell: CellResult): [CellResult, CellResult] {
  const a = cell.trials.filter((_, i) => i % 2 === 0);
  const b = cell.trials.filter((_, i) => i % 2 === 1);
  // Pooled figures stay those of the whole cell: the judge uses them only for
  // the floor's share of the threshold, and both halves measured the same thing.
  return [
    { ...cell, trials: a },
    { ...cell, trials: b },
  ];
}

/** The A/A split judged as a pull request's comparison would be; p_adj and would_fail wait for Holm over the whole calibration. */
function aaSplit(cell: CellResult, rule: MetricRule, gate: GatePlan): AaSplit {
  const [a, b] = halves(cell);
  const v = judgeMetric(a, b, rule, { confidence: gate.confidence, iterations: iterationsFor(rule, gate), paired: false, seed: `${cell.id}|${rule.def.id}|aa` });
  return {
    trials: [a.trials.length, b.trials.length],
    verdict: v.verdict,
    change_pct: v.change_pct,
    interval_pct: v.interval_pct,
    width_pct: v.interval_pct === null ? null : r2(v.interval_pct[1] - v.interval_pct[0]),
    threshold_pct: v.threshold_pct,
    p: v.p,
    p_adj: null,
    method: v.method,
    red_flag: v.verdict === 'regressed' || v.verdict === 'improved',
    would_fail: false,
    reason: v.reason,
  };
}

/** `kNow`: run.trials of the plan, the trials per side a normal gated run has. */
export function calibrateMetric(cell: CellResult, rule: MetricRule, gate: GatePlan, kNow: number): MetricCalibration {
  const { def } = rule;
  const values = perTrial(cell, def);
  const ms = meanSd(values);
  const notes: string[] = [];
  const b = pooledValue(cell, def);
  const thr = thresholdLog(rule, b);
  const out: MetricCalibration = {
    metric: def.id,
    unit: def.unit,
    direction: def.direction,
    gated: rule.gated,
    values: values.map(sig),
    mean: null,
    sd: null,
    cv: null,
    aa: null,
    noise_pct: null,
    mde_pct: null,
    tolerance: { current: rule.tolerance, default: defaultTolerance(def), recommended: null, threshold_pct: pctOf(logToRelative(thr, def.direction)) },
    trials_needed: null,
    reachable: false,
    notes,
  };
  if (ms === null || ms.mean <= 0) {
    notes.push(`${values.length} trial value${values.length === 1 ? '' : 's'}: too few to measure the noise`);
    return out;
  }
  // Robust to one spiky trial (calibration-formulas.ts); mean and sd stay the plain figures of the values shown.
  const cv = robustCv(values)!;
  out.mean = sig(ms.mean);
  out.sd = sig(ms.sd);
  out.cv = Math.round(cv * 1e5) / 1e5;
  // Fewer trials: no split (the cell-level note says so).
  if (cell.trials.length >= MIN_CALIBRATION_TRIALS) out.aa = aaSplit(cell, rule, gate);
  if (out.aa?.red_flag) notes.push(`the A/A split says ${out.aa.verdict}: ${out.aa.reason}`);

  // At 1 trial a side the gate has no interval for rates; state what 2 would give.
  const k = Math.max(kNow, 2);
  const noise = noiseLog(cv, k, gate.confidence);
  out.noise_pct = pctOf(logToRelative(noise, def.direction));
  out.mde_pct = pctOf(logToRelative(mdeLog(cv, k, gate.confidence), def.direction));
  const fromNoise = Math.min(ceilPercent(logToRelative(TOLERANCE_FACTOR * noise, def.direction)), def.direction === 'higher' ? 0.99 : Infinity);
  // The floor's share of the threshold at this value (1 ms on a 1.1 ms TPOT is 90%):
  // when it already covers the noise, the tolerance makes no difference here.
  const floorShare = logToRelative(floorLog(rule, b), def.direction);
  const byDefault = defaultTolerance(def);
  out.tolerance.recommended = fromNoise > floorShare ? Math.max(byDefault, fromNoise) : byDefault;
  out.trials_needed = trialsNeeded(cv, thr, gate.confidence);
  // Not reachable shows as "> MAX_TRIALS" in the tables; gated ones are listed in the summary.
  out.reachable = out.trials_needed !== null;
  return out;
}
