// A sequential budget from a measured A/A paired run (`calibrate --baseline
// --candidate`): the two results of an `ab` run whose sides served the same
// build. Each pair's log ratio is pure noise, so their spread is the noise a
// paired comparison on this machine faces (block interleaving, the
// neighbours, the engine), measured in the design the gate will use, not
// guessed from whole trials run one after another (which on a busy 2-core
// machine spread about five times more than interleaved pairs: docs/gate.md).
//
// For each gated metric: the fewest pairs B such that a budget of B pairs
// decides, four times in five, both an unchanged build (its interval clears
// the threshold) and a regression of twice the threshold (its interval lies
// past it). At B's last look the interval is a t interval at that look's
// nominal level (sequential.ts), so B must satisfy
//     (t_{1 - e_B, B-1} + t_{power, B-1}) · sd / sqrt(B) <= threshold (log),
// the calibration's detectable-change formula for the paired design.
// Runs that decide earlier stop earlier; B is what a run may cost. Pure.
import type { GatePlan } from '../config/plan.js';
import type { MetricDef } from '../metric-catalogue.js';
import type { CellResult, ResultDoc, TrialResult } from '../result/types.js';
import { tQuantile } from '../stats/index.js';
import { POWER } from './calibration-formulas.js';
import { distValue, pooledValue } from './extract.js';
import { logToRelative, rulesFor, thresholdLog } from './policy.js';
import { lookErrors } from './sequential.js';

/**
 * Walks per boundary simulation: a fifth of the gate's, since a search may
 * simulate up to 100 looks several times; the last look's level it reads
 * moves by well under a pair's worth of reach.
 */
const ADVICE_PATHS = 20_000;

/** Budgets beyond this many pairs are reported as not reachable: a pull request would wait hours. */
export const MAX_BUDGET_PAIRS = 100;

interface MetricBudget {
  metric: string;
  /** Pairs whose both sides had a value for the metric. */
  pairs: number;
  /** Mean of the pairs' log ratios as a relative change, percent (an A/A run should read near 0). */
  mean_pct: number | null;
  /** Standard deviation of the pairs' log ratios, percent of log units (about the relative spread of one pair). */
  spread_pct: number | null;
  /** The gate's threshold for the metric at the baseline's value, percent (magnitude, with the floor). */
  threshold_pct: number;
  /** Pairs a budget needs for this metric (see the file's comment); null when none up to MAX_BUDGET_PAIRS is enough. */
  budget_pairs: number | null;
}

export interface CellBudget {
  id: string;
  /** Seconds a pair took: both sides' measuring, averaged over the pairs. */
  pair_s: number | null;
  metrics: MetricBudget[];
}

export interface BudgetAdvice {
  /** The first look: run.trials of the A/A run's config. */
  first: number;
  power: number;
  cells: CellBudget[];
  /** The largest budget any gated metric needs; null when none could be computed or one is not reachable. */
  pairs: number | null;
  /** Gated `cell metric`s no budget up to MAX_BUDGET_PAIRS decides. */
  unreachable: string[];
  /** Minutes of measuring those pairs take at the measured pace (every cell, both sides), rounded up; null without pairs. */
  minutes: number | null;
  /** What to paste under run: in llm-perf.yml; null without a recommendation. */
  yaml: string | null;
  notes: string[];
}

function trialValue(t: TrialResult, def: MetricDef): number | null {
  if (def.dist !== null) return distValue(t.metrics[def.dist.key], def.dist.stat);
  const v = (t.metrics as unknown as Record<string, unknown>)[def.id];
  return typeof v === 'number' ? v : null;
}

/** Log ratios candidate/baseline of the pairs where both sides have a positive value. */
function pairLogRatios(b: CellResult, c: CellResult, def: MetricDef): number[] {
  const n = Math.min(b.trials.length, c.trials.length);
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const x = trialValue(b.trials[i]!, def);
    const y = trialValue(c.trials[i]!, def);
    if (x !== null && y !== null && x > 0 && y > 0 && Number.isFinite(x) && Number.isFinite(y)) out.push(Math.log(y / x));
  }
  return out;
}

/** (t_{1-e} + t_power) · sd / sqrt(n) with n - 1 degrees of freedom: what n pairs detect at a look of one-sided error e. */
function reachAt(sd: number, n: number, e: number, power: number): number {
  return (tQuantile(1 - e, n - 1) + tQuantile(power, n - 1)) * (sd / Math.sqrt(n));
}

/**
 * Fewest pairs B (first..MAX_BUDGET_PAIRS, at least 2) whose last look
 * decides at `power`; null when none does. A last look's nominal error is
 * below the fixed design's (the earlier looks spent some), so the fixed
 * design's pairs bound B from below, cheaply; the spending boundaries (a
 * simulation each) are then searched by bisection above that bound, reach
 * shrinking as pairs grow.
 */
export function budgetPairs(sd: number, thresholdLogValue: number, first: number, sideError: number, power = POWER): number | null {
  if (!(thresholdLogValue > 0)) return null;
  const start = Math.max(first, 2);
  if (sd === 0) return start;
  let lo = start;
  while (lo <= MAX_BUDGET_PAIRS && reachAt(sd, lo, sideError, power) > thresholdLogValue) lo++;
  if (lo > MAX_BUDGET_PAIRS) return null;
  const decides = (last: number): boolean => reachAt(sd, last, lookErrors(first, last, sideError, ADVICE_PATHS).at(-1)!, power) <= thresholdLogValue;
  if (decides(lo)) return lo;
  // A bracket that usually holds (the spending costs a few pairs), else the cap.
  let hi = Math.min(MAX_BUDGET_PAIRS, Math.ceil(lo * 1.25) + 1);
  if (!decides(hi)) {
    if (hi === MAX_BUDGET_PAIRS || !decides(MAX_BUDGET_PAIRS)) return null;
    lo = hi;
    hi = MAX_BUDGET_PAIRS;
  }
  // decides(hi), not decides(lo).
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (decides(mid)) hi = mid;
    else lo = mid;
  }
  return hi;
}

const r2 = (x: number): number => Math.round(x * 100) / 100;

function metricBudget(b: CellResult, c: CellResult, def: MetricDef, thr: number, first: number, sideError: number): MetricBudget {
  const d = pairLogRatios(b, c, def);
  const threshold_pct = r2(Math.abs(logToRelative(thr, def.direction)) * 100);
  if (d.length < 2) return { metric: def.id, pairs: d.length, mean_pct: null, spread_pct: null, threshold_pct, budget_pairs: null };
  const mean = d.reduce((a, x) => a + x, 0) / d.length;
  const sd = Math.sqrt(d.reduce((a, x) => a + (x - mean) ** 2, 0) / (d.length - 1));
  return { metric: def.id, pairs: d.length, mean_pct: r2(Math.expm1(mean) * 100), spread_pct: r2(sd * 100), threshold_pct, budget_pairs: budgetPairs(sd, thr, first, sideError) };
}

/** Mean seconds of one pair of a cell: the two sides' trial durations, summed. */
function pairSeconds(b: CellResult, c: CellResult): number | null {
  const n = Math.min(b.trials.length, c.trials.length);
  if (n === 0) return null;
  let s = 0;
  for (let i = 0; i < n; i++) s += b.trials[i]!.duration_s + c.trials[i]!.duration_s;
  return s / n;
}

/**
 * The budget an A/A paired run's noise calls for. `gate`: the rules the
 * pull request's comparison will use (the A/A run's stored config, or
 * --config).
 */
export function adviseBudget(base: ResultDoc, cand: ResultDoc, gate: GatePlan): BudgetAdvice {
  const notes: string[] = [];
  if (base.ab === null || cand.ab === null || base.ab.run_id !== cand.ab.run_id) {
    notes.push('these results are not the two sides of one ab run: pairs are matched by trial index, but their noise is not that of interleaved pairs');
  }
  if (base.git?.commit && cand.git?.commit && base.git.commit !== cand.git.commit) {
    notes.push(`the sides were built from different commits (${base.git.commit.slice(0, 7)}, ${cand.git.commit.slice(0, 7)}): a real difference between them reads as noise here`);
  }
  const first = base.config.run.trials;
  const sideError = (1 - gate.confidence) / 2;
  const byId = new Map(cand.cells.map((c) => [c.id, c]));
  const cells: CellBudget[] = [];
  const unreachable: string[] = [];
  const needed: number[] = [];
  let perPairS = 0;
  for (const b of base.cells) {
    const c = byId.get(b.id);
    if (c === undefined) {
      notes.push(`${b.id}: not in the candidate`);
      continue;
    }
    const gated = rulesFor(gate, b.scenario.name, b.load.kind).filter((r) => r.gated && r.def.kind !== 'absolute');
    const metrics = gated.map((rule) => metricBudget(b, c, rule.def, thresholdLog(rule, pooledValue(b, rule.def)), first, sideError));
    for (const m of metrics) {
      if (m.budget_pairs === null) unreachable.push(`${b.id} ${m.metric}`);
      else needed.push(m.budget_pairs);
    }
    const pair_s = pairSeconds(b, c);
    perPairS += pair_s ?? 0;
    cells.push({ id: b.id, pair_s: pair_s === null ? null : r2(pair_s), metrics });
  }
  const pairs = unreachable.length > 0 || needed.length === 0 ? null : Math.max(first, ...needed);
  const minutes = pairs === null || perPairS === 0 ? null : Math.ceil((pairs * perPairS) / 60);
  const yaml = pairs === null ? null : `run:\n  budget: { trials: ${pairs}${minutes === null ? '' : `, minutes: ${minutes}`} }\n`;
  return { first, power: POWER, cells, pairs, unreachable, minutes, yaml, notes };
}
