// Calibration from an A/A run: one result whose trials all measured the same
// build on the same target (gating.md, rule 6). Per cell and metric: how much
// whole trials differ (coefficient of variation), what the gate says when the
// trials are split into two halves and compared with each other (it should
// find nothing), the smallest regression the configured trial count can
// detect, a tolerance the measured noise supports and the trial count that
// the configured tolerance needs. Pure: no I/O.
//
// All effects are log ratios, as the gate's own tests (Welch on logs, the
// ratio bootstrap) use them; a log distance x is shown as e^x - 1 for metrics
// where higher is worse and as 1 - e^-x for drops of metrics where higher is
// better, which is how the gate turns a tolerance into a threshold.
import { stringify } from 'yaml';
import type { GatePlan, MetricRuleOverride } from '../config/plan.js';
import { metricDef, type Direction, type MetricDef } from '../metrics/catalogue.js';
import type { CellResult, ResultDoc } from '../result/types.js';
import { TOOL_VERSION } from '../version.js';
import { pooledValue, trialStats, trialValues } from './extract.js';
import { judgeMetric } from './judge.js';
import { rulesFor, type MetricRule } from './rules.js';
import { holm, tQuantile } from './stats.js';
import type { Method, MetricOutcome } from './verdict.js';

export const CALIBRATION_SCHEMA = 'llm-perf-gate/calibration@1';

/** Reported in every cell besides the gated metrics (catalogue ids). */
export const HEADLINE_METRICS: readonly string[] = Object.freeze([
  'rps',
  'output_tps',
  'ttft_ms.p50',
  'ttft_ms.p95',
  'ttft_ms.p99',
  'tpot_ms.p50',
  'tpot_ms.p95',
  'e2e_ms.p95',
  'itl_ms.p99',
]);

/** Power at which detectable effects and trial counts are stated. */
export const POWER = 0.8;
/** Recommended tolerance = this many times the A/A noise (interval half-width) at the configured trials. */
export const TOLERANCE_FACTOR = 1.5;
/** Trial counts beyond this are reported as not reachable. */
export const MAX_TRIALS = 50;
/** An A/A split needs two trials a side. */
export const MIN_CALIBRATION_TRIALS = 4;
/** A default calibration runs at least this many trials. */
export const DEFAULT_CALIBRATION_TRIALS = 6;

export interface AaSplit {
  /** Trials in each half (even-numbered trials vs odd-numbered ones). */
  trials: [number, number];
  verdict: MetricOutcome;
  /** Second half vs first, percent. */
  change_pct: number | null;
  interval_pct: [number, number] | null;
  /** hi - lo of the interval, percentage points. */
  width_pct: number | null;
  threshold_pct: number | null;
  p: number | null;
  /** p after Holm's correction over every gated A/A test of the calibration, as compare() adjusts; null for ungated metrics. */
  p_adj: number | null;
  method: Method;
  /** True when an A/A comparison claimed a change (regressed or improved): the gate would be crying wolf. */
  red_flag: boolean;
  /** True when this A/A, as a pull request's comparison, would have failed the gate (gated, regressed, Holm-adjusted p < alpha). */
  would_fail: boolean;
  reason: string;
}

export interface ToleranceAdvice {
  /** The tolerance the plan applies now (catalogue default unless the config overrides it). */
  current: number;
  /** The catalogue default. */
  default: number;
  /**
   * max(default, TOLERANCE_FACTOR x noise at the configured trials), rounded up to a whole percent;
   * the default when the metric's floor already widens the threshold past that.
   */
  recommended: number | null;
  /** The current threshold the gate applies, percent: the tolerance, widened by the metric's floor at this value. */
  threshold_pct: number | null;
}

export interface MetricCalibration {
  metric: string;
  unit: string;
  direction: Direction;
  gated: boolean;
  /** Per-trial values used (trial metrics for rates; each trial's own percentile for distributions). */
  values: number[];
  mean: number | null;
  sd: number | null;
  /** Coefficient of variation across trials (sd / mean), a fraction. */
  cv: number | null;
  aa: AaSplit | null;
  /** Expected half-width of a change interval at the configured trials per side, percent. */
  noise_pct: number | null;
  /** Smallest change detectable with POWER at the configured trials per side (unpaired), percent. */
  mde_pct: number | null;
  tolerance: ToleranceAdvice;
  /** Trials per side for the current threshold to be detectable with POWER; null when not reachable within MAX_TRIALS. */
  trials_needed: number | null;
  reachable: boolean;
  notes: string[];
}

export interface CellCalibration {
  id: string;
  scenario: string;
  load: string;
  load_kind: 'concurrency' | 'rate';
  status: string;
  trials: number;
  client_saturated: boolean;
  metrics: MetricCalibration[];
}

export interface ToleranceChange {
  /** null: gate.metrics (every scenario); else gate.scenarios.<name>.metrics. */
  scenario: string | null;
  metric: string;
  from: number;
  to: number;
}

export interface CalibrationDoc {
  schema: typeof CALIBRATION_SCHEMA;
  tool: { name: 'llm-perf-gate'; version: string };
  result: {
    file: string | null;
    status: string;
    started_at: string;
    model: string | null;
    commit: string | null;
    config_hash: string;
  };
  settings: {
    confidence: number;
    alpha: number;
    power: number;
    design: 'unpaired';
    /** Trials per cell in the calibration run. */
    trials_run: number;
    /** run.trials of the plan: the trials per side that a normal gated run has. */
    trials_current: number;
    tolerance_factor: number;
    max_trials: number;
  };
  summary: {
    cells: number;
    /** Trials per side that make every gated metric's current threshold detectable; null when none could be computed. */
    recommended_trials: number | null;
    /** `cell metric` of gated metrics whose current threshold no trial count up to MAX_TRIALS reaches. */
    unreachable: string[];
    /** `cell metric` of A/A splits that claimed a change. */
    red_flags: string[];
    /** `cell metric` of A/A splits that, as a pull request's comparison, would have failed the gate. */
    would_fail: string[];
    tolerance_changes: ToleranceChange[];
  };
  /** Paste into llm-perf.yml (merge with an existing gate: section); null when no tolerance should change. */
  gate_yaml: string | null;
  notes: string[];
  cells: CellCalibration[];
}

export interface CalibrateOptions {
  /** run.trials of the plan; default: the stored config's run.trials, else 3. */
  currentTrials?: number;
  /** Path of the result file, for the document. */
  resultFile?: string | null;
}

// ------------------------------------------------------------ formulas

/** Degrees of freedom of Welch's test with k trials a side and equal variances. */
const welchDf = (k: number): number => 2 * k - 2;

/** Half-width, in log units, of the change interval at k trials a side: t_{(1+conf)/2, 2k-2} · cv · sqrt(2/k). */
export function noiseLog(cv: number, k: number, confidence: number): number {
  if (k < 2) return Infinity;
  return tQuantile((1 + confidence) / 2, welchDf(k)) * cv * Math.sqrt(2 / k);
}

/** Smallest log change detectable with `power` at k trials a side: (t_{(1+conf)/2, df} + t_{power, df}) · cv · sqrt(2/k). */
export function mdeLog(cv: number, k: number, confidence: number, power = POWER): number {
  if (k < 2) return Infinity;
  const df = welchDf(k);
  return (tQuantile((1 + confidence) / 2, df) + tQuantile(power, df)) * cv * Math.sqrt(2 / k);
}

/** Smallest k (2..max) whose detectable change is within `logThreshold`; null when none is. */
export function trialsNeeded(cv: number, logThreshold: number, confidence: number, power = POWER, max = MAX_TRIALS): number | null {
  if (!(logThreshold > 0)) return null;
  for (let k = 2; k <= max; k++) if (mdeLog(cv, k, confidence, power) <= logThreshold) return k;
  return null;
}

/** A log distance as a relative change in the bad direction (a fraction). */
export function logToRelative(x: number, direction: Direction): number {
  if (x === Infinity) return direction === 'lower' ? Infinity : 1;
  return direction === 'lower' ? Math.expm1(x) : -Math.expm1(-x);
}

/** A relative change in the bad direction (a fraction) as a log distance. */
export function relativeToLog(frac: number, direction: Direction): number {
  if (direction === 'lower') return Math.log1p(frac);
  return frac >= 1 ? Infinity : -Math.log1p(-frac);
}

// ------------------------------------------------------------ helpers

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

/** The floor as a log distance at the cell's pooled value (0 without data). */
function floorLog(cell: CellResult, rule: MetricRule): number {
  const b = pooledValue(cell, rule.def);
  if (b === null || b <= 0) return 0;
  if (rule.def.direction === 'lower') return Math.log((b + rule.floor) / b);
  return b - rule.floor <= 0 ? Infinity : -Math.log((b - rule.floor) / b);
}

/** The current threshold as a log distance: the tolerance widened by the floor at the pooled value, as judge.ts does. */
function thresholdLog(cell: CellResult, rule: MetricRule): number {
  return Math.max(relativeToLog(rule.tolerance, rule.def.direction), floorLog(cell, rule));
}

/** Trials split alternately: even-numbered trials are one half, odd-numbered the other, so slow drift lands on both. */
function halves(cell: CellResult): [CellResult, CellResult] {
  const a = cell.trials.filter((_, i) => i % 2 === 0);
  const b = cell.trials.filter((_, i) => i % 2 === 1);
  // Pooled figures stay those of the whole cell: judge.ts uses them only for the
  // floor's share of the threshold, and both halves measured the same thing.
  return [
    { ...cell, trials: a },
    { ...cell, trials: b },
  ];
}

function aaSplit(cell: CellResult, rule: MetricRule, gate: GatePlan): AaSplit {
  const [a, b] = halves(cell);
  const v = judgeMetric(a, b, rule, {
    confidence: gate.confidence,
    // As compare() does: full resamples for gated metrics, a quarter for reported ones.
    iterations: rule.gated ? gate.bootstrapIterations : Math.max(200, Math.round(gate.bootstrapIterations / 4)),
    paired: false,
    seed: `${cell.id}|${rule.def.id}|aa`,
  });
  const redFlag = v.verdict === 'regressed' || v.verdict === 'improved';
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
    red_flag: redFlag,
    would_fail: false,
    reason: v.reason,
  };
}

function calibrateMetric(cell: CellResult, rule: MetricRule, gate: GatePlan, kNow: number): MetricCalibration {
  const { def } = rule;
  const values = perTrial(cell, def);
  const ms = meanSd(values);
  const notes: string[] = [];
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
    tolerance: { current: rule.tolerance, default: def.tolerance, recommended: null, threshold_pct: null },
    trials_needed: null,
    reachable: false,
    notes,
  };
  const thr = thresholdLog(cell, rule);
  out.tolerance.threshold_pct = pctOf(logToRelative(thr, def.direction));
  if (ms === null || ms.mean <= 0) {
    notes.push(`${values.length} trial value${values.length === 1 ? '' : 's'}: too few to measure the noise`);
    return out;
  }
  const cv = ms.sd / ms.mean;
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
  const floorShare = logToRelative(floorLog(cell, rule), def.direction);
  out.tolerance.recommended = fromNoise > floorShare ? Math.max(def.tolerance, fromNoise) : def.tolerance;
  out.trials_needed = trialsNeeded(cv, thr, gate.confidence);
  // Not reachable shows as "> MAX_TRIALS" in the tables; gated ones are listed in the summary.
  out.reachable = out.trials_needed !== null;
  return out;
}

// ------------------------------------------------------------ gate snippet

function currentTolerance(gate: GatePlan, scenario: string | null, def: MetricDef): number {
  const merged: MetricRuleOverride = { ...gate.metrics[def.id], ...(scenario === null ? {} : gate.scenarios[scenario]?.[def.id]) };
  return merged.tolerance ?? def.tolerance;
}

/**
 * Tolerance changes for gated metrics, per scenario (the loosest cell of the
 * scenario decides, since a tolerance applies to all its loads), hoisted to
 * gate.metrics when every scenario without its own override agrees.
 */
export function toleranceChanges(cells: readonly CellCalibration[], gate: GatePlan): ToleranceChange[] {
  const byMetric = new Map<string, Map<string, number>>();
  for (const c of cells) {
    for (const m of c.metrics) {
      if (!m.gated || m.tolerance.recommended === null) continue;
      let per = byMetric.get(m.metric);
      if (per === undefined) byMetric.set(m.metric, (per = new Map()));
      per.set(c.scenario, Math.max(per.get(c.scenario) ?? 0, m.tolerance.recommended));
    }
  }
  const changes: ToleranceChange[] = [];
  for (const [id, per] of byMetric) {
    const def = metricDef(id)!;
    const own = [...per].filter(([s]) => gate.scenarios[s]?.[id]?.tolerance !== undefined);
    const shared = [...per].filter(([s]) => gate.scenarios[s]?.[id]?.tolerance === undefined);
    const values = new Set(shared.map(([, v]) => v));
    if (values.size === 1) {
      const to = [...values][0]!;
      const from = currentTolerance(gate, null, def);
      if (to !== from) changes.push({ scenario: null, metric: id, from, to });
    } else {
      own.push(...shared);
    }
    for (const [s, to] of own) {
      const from = currentTolerance(gate, s, def);
      if (to !== from) changes.push({ scenario: s, metric: id, from, to });
    }
  }
  return changes.sort((x, y) => (x.scenario ?? '').localeCompare(y.scenario ?? '') || x.metric.localeCompare(y.metric));
}

/** The changes as a `gate:` YAML block; null when there are none. */
export function gateYaml(changes: readonly ToleranceChange[], trialsCurrent: number): string | null {
  if (changes.length === 0) return null;
  const metrics: Record<string, { tolerance: number }> = {};
  const scenarios: Record<string, { metrics: Record<string, { tolerance: number }> }> = {};
  for (const ch of changes) {
    if (ch.scenario === null) metrics[ch.metric] = { tolerance: ch.to };
    else (scenarios[ch.scenario] ??= { metrics: {} }).metrics[ch.metric] = { tolerance: ch.to };
  }
  const gate: Record<string, unknown> = {};
  if (Object.keys(metrics).length > 0) gate.metrics = metrics;
  if (Object.keys(scenarios).length > 0) gate.scenarios = scenarios;
  const head = `# llm-perf-gate calibrate: tolerances the measured noise supports at run.trials: ${trialsCurrent}.\n# Merge into the gate: section of llm-perf.yml.\n`;
  return head + stringify({ gate });
}

// ------------------------------------------------------------ the document

function storedTrials(doc: ResultDoc): number | null {
  const run = doc.config.run;
  if (run !== null && typeof run === 'object' && typeof (run as Record<string, unknown>).trials === 'number') return (run as { trials: number }).trials;
  return null;
}

/**
 * Metrics calibrated in a cell: the gated ones (catalogue order), then the
 * headline ones. error_rate is left out: it is a proportion over all requests,
 * with no per-trial spread to speak of at the rates a healthy run has.
 */
function rulesOfCell(cell: CellResult, gate: GatePlan): MetricRule[] {
  const all = rulesFor(gate, cell.scenario.name, cell.load.kind).filter((r) => r.def.kind !== 'absolute');
  const gated = all.filter((r) => r.gated);
  const headline = HEADLINE_METRICS.map((id) => all.find((r) => r.def.id === id)).filter((r): r is MetricRule => r !== undefined && !r.gated);
  return [...gated, ...headline];
}

/** A/A calibration of one result, judged with `gate` (the plan's gate settings). */
export function calibrate(doc: ResultDoc, gate: GatePlan, opts: CalibrateOptions = {}): CalibrationDoc {
  const kNow = opts.currentTrials ?? storedTrials(doc) ?? 3;
  const notes: string[] = [];
  if (doc.status !== 'complete') notes.push(`the run is ${doc.status}${doc.error ? ` (${doc.error})` : ''}: figures cover what was measured`);
  if (kNow < 2) notes.push(`run.trials is ${kNow}: with 1 trial a side the gate has no interval for rates; detectable changes are stated for 2`);

  const cells: CellCalibration[] = doc.cells.map((cell) => {
    if (cell.client.saturated) notes.push(`${cell.id}: the client was saturated in some trial: its noise is the load generator's too`);
    if (cell.trials.length < MIN_CALIBRATION_TRIALS) notes.push(`${cell.id}: ${cell.trials.length} trials: an A/A split needs ${MIN_CALIBRATION_TRIALS}`);
    return {
      id: cell.id,
      scenario: cell.scenario.name,
      load: cell.load.label,
      load_kind: cell.load.kind,
      status: cell.status,
      trials: cell.trials.length,
      client_saturated: cell.client.saturated,
      metrics: rulesOfCell(cell, gate).map((rule) => calibrateMetric(cell, rule, gate, kNow)),
    };
  });

  // Holm over the gated A/A tests, as compare() does over a comparison's gated tests.
  const tested = cells.flatMap((c) => c.metrics.filter((m) => m.gated && m.aa !== null && m.aa.p !== null).map((m) => m.aa!));
  holm(tested.map((aa) => aa.p!)).forEach((p, i) => {
    const aa = tested[i]!;
    aa.p_adj = Number(p.toPrecision(3));
    aa.would_fail = aa.verdict === 'regressed' && p < gate.alpha;
  });
  for (const c of cells) for (const m of c.metrics) if (m.aa?.p != null) m.aa.p = Number(m.aa.p.toPrecision(3));

  const gated = cells.flatMap((c) => c.metrics.filter((m) => m.gated && m.cv !== null).map((m) => ({ c, m })));
  const reachable = gated.filter(({ m }) => m.reachable).map(({ m }) => m.trials_needed!);
  const unreachable = gated.filter(({ m }) => !m.reachable).map(({ c, m }) => `${c.id} ${m.metric}`);
  const redFlags = cells.flatMap((c) => c.metrics.filter((m) => m.aa?.red_flag).map((m) => `${c.id} ${m.metric}`));
  const changes = toleranceChanges(cells, gate);
  const trialsRun = Math.max(0, ...doc.cells.map((c) => c.trials.length));

  return {
    schema: CALIBRATION_SCHEMA,
    tool: { name: 'llm-perf-gate', version: TOOL_VERSION },
    result: {
      file: opts.resultFile ?? null,
      status: doc.status,
      started_at: doc.started_at,
      model: doc.target?.model ?? null,
      commit: doc.git?.commit ?? null,
      config_hash: doc.config_hash,
    },
    settings: {
      confidence: gate.confidence,
      alpha: gate.alpha,
      power: POWER,
      design: 'unpaired',
      trials_run: trialsRun,
      trials_current: kNow,
      tolerance_factor: TOLERANCE_FACTOR,
      max_trials: MAX_TRIALS,
    },
    summary: {
      cells: cells.length,
      recommended_trials: reachable.length === 0 ? null : Math.max(...reachable),
      unreachable,
      red_flags: redFlags,
      would_fail: cells.flatMap((c) => c.metrics.filter((m) => m.aa?.would_fail).map((m) => `${c.id} ${m.metric}`)),
      tolerance_changes: changes,
    },
    gate_yaml: gateYaml(changes, kNow),
    notes,
    cells,
  };
}
