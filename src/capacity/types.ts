// Shapes of a capacity search: what a probe returns for one load, and what
// the search reports. Plain values, so results serialise into the result file.
import type { CapacityMode } from '../config/vocabulary.js';
import type { DistKey, RateKey } from '../metric-catalogue.js';

export type StepVerdict = 'pass' | 'fail' | 'undecided';

export interface SloJudgement {
  slo: string;
  /** Point estimate at this load (null: no data). */
  value: number | null;
  /** Confidence interval of the value; rate metrics are judged on the point (lo = hi = value). */
  lo: number | null;
  hi: number | null;
  verdict: StepVerdict;
}

/** One load to probe: an open-loop request rate (req/s) or a closed-loop concurrency. */
export type LoadPoint = { kind: 'rate'; rate: number } | { kind: 'concurrency'; concurrency: number };

export const loadValue = (p: LoadPoint): number => (p.kind === 'rate' ? p.rate : p.concurrency);

/** What one step at one load measured. Pooled when a step is extended. */
export interface StepOutcome {
  /** Per successful request, in the metric's unit (docs/metrics.md). */
  samples: Partial<Record<DistKey, readonly number[]>>;
  rates: Partial<Record<RateKey, number | null>>;
  attempted: number;
  failed: number;
  /** Seconds of the measured window (used to pool rates over extensions). */
  windowS: number;
  /** Anything the probe wants kept with the point (e.g. the cell's metrics). */
  detail?: unknown;
}

export interface ProbeRequest {
  load: LoadPoint;
  /** Measured requests to send. */
  requests: number;
  /** Time left in the search budget; a real probe stops its step by then. */
  maxDurationMs: number;
  /** 0 for the first run at this load, 1, 2, ... for extensions (fresh prompts, same load). */
  extension: number;
}

export type Probe = (r: ProbeRequest) => Promise<StepOutcome>;

export interface ProbedPoint {
  /** 'saturation': the closed-loop probe that seeds a rate search; not a point of the curve. */
  role: 'saturation' | 'search' | 'sweep';
  load: LoadPoint;
  /** Measured requests over every run at this load. */
  requests: number;
  runs: number;
  verdict: StepVerdict;
  /**
   * The side the point estimates fall on. Equals the verdict when decided;
   * for an undecided point (its interval holds the bound even after the
   * most requests a load may take) the search follows it, and the reported
   * interval widens to the nearest decided points around it.
   */
  leaning: 'pass' | 'fail';
  slos: SloJudgement[];
  rps: number;
  output_tps: number;
  goodput_rps: number | null;
  error_rate: number;
  detail?: unknown[];
}

/** A capacity figure with its interval; hi null = unbounded above (the range's top still passed). */
export interface Estimate {
  value: number;
  lo: number;
  hi: number | null;
}

export type CapacityStatus = 'found' | 'budget' | 'below-range' | 'above-range';

export interface CapacityResult {
  mode: CapacityMode;
  slos: string[];
  level: number;
  resolution: number;
  status: CapacityStatus;
  /** Why the search ended, in words. */
  reason: string;
  /**
   * Highest load that passed and lowest that failed (null: none probed).
   * Loads listed in `undecided` only leaned that way: their interval still
   * held the bound after the most requests allowed at one load.
   */
  bracket: { lastPass: number | null; firstFail: number | null; undecided: number[] };
  /** Capacity in the mode's unit (req/s offered, or concurrency), interpolated inside the bracket. */
  capacity: Estimate;
  /**
   * Requests per second sustained at capacity, and output tokens per second.
   * Rate mode: the offered rate at capacity (served in steady state when the
   * SLO holds), tokens scaled by the highest passing step's tokens per
   * request. Concurrency mode: the completed rate read along the curve.
   */
  capacity_rps: Estimate;
  capacity_output_tps: Estimate;
  /** The SLO that bound the capacity (first to cross at the first failing load). */
  binding: string | null;
  /** Measured at the last passing load. */
  atCapacity: { rps: number; output_tps: number; goodput_rps: number | null; error_rate: number } | null;
  points: ProbedPoint[];
  steps: number;
  elapsedMs: number;
}
