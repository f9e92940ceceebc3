// The gate's policy for one metric: its default rule, the config's overrides
// merged over it, the threshold a change is judged against, how many
// resamples it gets, and which percentile its statistic names. Everything
// that decides how strict the gate is about a metric is here, once.
import type { GatePlan, MetricRuleOverride } from '../config/plan.js';
import type { DistKey, DistStat, RateKey } from '../metric-ids.js';
import { CATALOGUE, HEADLINE, type Direction, type MetricDef } from '../metric-catalogue.js';

/** The rule a metric is judged by in one cell. */
export interface MetricRule {
  readonly def: MetricDef;
  readonly gated: boolean;
  /** Relative tolerance (0.05 = 5%); for `absolute` metrics (error_rate) an absolute change. */
  readonly tolerance: number;
  /** Changes smaller than this, in the metric's unit, are never a regression. */
  readonly floor: number;
  readonly level: 'fail' | 'warn';
}

// ------------------------------------------------------------ defaults

// Gated by default are four per cell: output tokens/s (throughput), TTFT p95
// (queued TTFT p95 under a rate load, where waiting behind the server
// counts), TPOT p50 (decode speed) and the error rate: a server that fails
// more requests has regressed (issue 23, item 3; a server whose every
// request failed used to pass). A cell's gated metrics count once in the
// multiplicity adjustment (significance.ts). Everything else is compared and
// reported but never fails the gate unless the config says so.
const DEFAULT_GATED: Readonly<Record<string, 'always' | 'concurrency' | 'rate'>> = {
  [HEADLINE.throughput]: 'always',
  error_rate: 'always',
  [HEADLINE.ttft.concurrency]: 'concurrency',
  [HEADLINE.ttft.rate]: 'rate',
  [HEADLINE.decode]: 'always',
};
const RATE_TOLERANCE = 0.05;
/** Tail percentiles are noisier: wider default tolerances keep them from crying wolf. */
const STAT_TOLERANCE: Readonly<Record<DistStat, number>> = { mean: 0.05, p50: 0.05, p90: 0.1, p95: 0.1, p99: 0.15 };
/** A few milliseconds of latency change are never a regression, whatever their percentage. */
const DIST_FLOOR: Readonly<Record<DistKey, number>> = { ttft_ms: 5, queued_ttft_ms: 5, tpot_ms: 1, itl_ms: 1, e2e_ms: 5, queued_e2e_ms: 5, user_tps: 1 };
const RATE_FLOOR: Readonly<Record<RateKey, number>> = { rps: 0.01, input_tps: 1, output_tps: 1, total_tps: 1, goodput_rps: 0.01 };
/** error_rate is judged as a difference of proportions: one percentage point. */
const ERROR_RATE_TOLERANCE = 0.01;
/**
 * Cost per token moves with throughput (its inverse at a fixed price), so it
 * gets the rates' tolerance; energy per token likewise. No absolute floor:
 * their units (USD, J) have no size that is always negligible.
 */
const EFFICIENCY_TOLERANCE = 0.05;

/** The catalogue's default tolerance of a metric. */
export function defaultTolerance(def: MetricDef): number {
  if (def.dist !== null) return STAT_TOLERANCE[def.dist.stat];
  if (def.kind === 'efficiency') return EFFICIENCY_TOLERANCE;
  return def.kind === 'absolute' ? ERROR_RATE_TOLERANCE : RATE_TOLERANCE;
}

function defaultFloor(def: MetricDef): number {
  if (def.dist !== null) return DIST_FLOOR[def.dist.key];
  return def.kind === 'absolute' || def.kind === 'efficiency' ? 0 : RATE_FLOOR[def.id as RateKey];
}

function gatedByDefault(def: MetricDef, loadKind: 'concurrency' | 'rate'): boolean {
  const when = DEFAULT_GATED[def.id];
  return when === 'always' || when === loadKind;
}

// ------------------------------------------------------------ overrides

/** gate.metrics.<id>, overridden field by field by gate.scenarios.<scenario>.metrics.<id> (scenario null: the first alone). */
export function mergedOverride(gate: GatePlan, scenario: string | null, id: string): MetricRuleOverride {
  return { ...gate.metrics[id], ...(scenario === null ? undefined : gate.scenarios[scenario]?.[id]) };
}

/** True when gate.scenarios.<scenario>.metrics.<id> sets `field` itself. */
export function scenarioOverrides(gate: GatePlan, scenario: string, id: string, field: keyof MetricRuleOverride): boolean {
  return gate.scenarios[scenario]?.[id]?.[field] !== undefined;
}

/** The catalogue's default rule, overridden by gate.metrics, overridden by gate.scenarios.<name>.metrics. */
function ruleFor(def: MetricDef, gate: GatePlan, scenario: string, loadKind: 'concurrency' | 'rate'): MetricRule {
  const merged = mergedOverride(gate, scenario, def.id);
  return {
    def,
    gated: merged.gate ?? gatedByDefault(def, loadKind),
    tolerance: merged.tolerance ?? defaultTolerance(def),
    floor: merged.floor ?? defaultFloor(def),
    level: merged.level ?? 'fail',
  };
}

/** Every catalogue metric's rule in one cell, in catalogue order. */
export function rulesFor(gate: GatePlan, scenario: string, loadKind: 'concurrency' | 'rate'): MetricRule[] {
  return CATALOGUE.map((def) => ruleFor(def, gate, scenario, loadKind));
}

// ------------------------------------------------------------ threshold

/**
 * The bad-direction threshold as a ratio candidate/baseline: the tolerance,
 * widened by the floor at the baseline value `b` (a 0.3 ms change of a 1 ms
 * TPOT is not 30% worse in any way that matters). Not for `absolute` metrics,
 * whose threshold is the tolerance itself.
 */
export function thresholdRatio(rule: MetricRule, b: number | null): number {
  return ratioThreshold(rule.def.direction, rule.tolerance, rule.floor, b);
}

/** thresholdRatio from its parts: a metric's direction, tolerance and floor. */
export function ratioThreshold(direction: MetricRule['def']['direction'], tolerance: number, floor: number, b: number | null): number {
  const up = direction === 'lower';
  let thr: number;
  if (b === null || b <= 0) thr = up ? 1 + tolerance : 1 - tolerance;
  else thr = up ? Math.max(1 + tolerance, (b + floor) / b) : Math.min(1 - tolerance, (b - floor) / b);
  // A tolerance of a whole drop: any positive ratio is within it.
  return thr <= 0 ? 1e-9 : thr;
}

/** A relative change in the bad direction (a fraction) as a log distance. */
export function relativeToLog(frac: number, direction: Direction): number {
  if (direction === 'lower') return Math.log1p(frac);
  return frac >= 1 ? Infinity : -Math.log1p(-frac);
}

/** A log distance as a relative change in the bad direction (a fraction). */
export function logToRelative(x: number, direction: Direction): number {
  if (x === Infinity) return direction === 'lower' ? Infinity : 1;
  return direction === 'lower' ? Math.expm1(x) : -Math.expm1(-x);
}

/** The floor as a log distance at the baseline value `b` (0 without data). */
export function floorLog(rule: MetricRule, b: number | null): number {
  if (b === null || b <= 0) return 0;
  if (rule.def.direction === 'lower') return Math.log((b + rule.floor) / b);
  return b - rule.floor <= 0 ? Infinity : -Math.log((b - rule.floor) / b);
}

/** thresholdRatio as a log distance, as calibration states effects (Infinity where the ratio would be <= 0). */
export function thresholdLog(rule: MetricRule, b: number | null): number {
  return Math.max(relativeToLog(rule.tolerance, rule.def.direction), floorLog(rule, b));
}

// ------------------------------------------------------------ resampling

/** Bootstrap resamples: the full count for gated metrics; reported ones get a quarter, which keeps a full matrix quick. */
export function iterationsFor(rule: MetricRule, gate: GatePlan): number {
  return rule.gated ? gate.bootstrapIterations : Math.max(200, Math.round(gate.bootstrapIterations / 4));
}

/** The percentile a statistic names (`p95` -> 95); null for the mean. */
export function percentileOf(stat: DistStat): number | null {
  return stat === 'mean' ? null : Number(stat.slice(1));
}
