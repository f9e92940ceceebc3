// The verdict document: what `compare` decided and why, versioned like the result.
import type { CapacityComparison } from '../capacity/compare.js';
import type { CapacityCell } from '../result/types.js';

export const VERDICT_SCHEMA = 'llm-perf-gate/verdict@1';

export type Overall = 'pass' | 'warn' | 'fail' | 'inconclusive' | 'invalid';
export type MetricOutcome = 'improved' | 'unchanged' | 'regressed' | 'warn' | 'inconclusive';
export type Method = 'bootstrap' | 'welch' | 'paired' | 'point' | 'proportion' | 'history';

/** A capacity comparison (src/gate/capacity-cells.ts) in the gate's words. */
export interface CapacityMetricVerdict extends CapacityComparison {
  /** The comparison's verdict in the gate's words: fail -> regressed, warn -> warn, inconclusive, pass -> unchanged. */
  outcome: MetricOutcome | 'invalid';
}

export interface CapacityCellVerdict {
  id: string;
  valid: boolean;
  invalid_reasons: string[];
  metrics: CapacityMetricVerdict[];
  /** Both cells as stored, without each step's metrics (`detail`), so the report renders from the verdict alone. */
  candidate: CapacityCell;
  baseline: CapacityCell | null;
}

export interface MetricVerdict {
  metric: string;
  unit: string;
  direction: 'higher' | 'lower';
  gated: boolean;
  level: 'fail' | 'warn';
  /**
   * The two sides' figures. Pooled over trials, except: method 'paired', the
   * baseline's per-trial level (geometric mean) and that times the paired
   * change; method 'history', the stored jobs' level and the candidate's
   * (geometric means), so that the row's change is their ratio.
   */
  baseline: number | null;
  candidate: number | null;
  /** Estimated change, percent (error_rate: percentage points). */
  change_pct: number | null;
  /** Confidence interval of the change, percent; null when none could be computed. */
  interval_pct: [number, number] | null;
  /** One-sided p-value against the tolerance threshold, and after Holm's correction (gated tests only). */
  p: number | null;
  p_adj: number | null;
  /**
   * One-sided p of a change this far in the bad direction when nothing
   * changed (Welch or paired test at ratio 1; bootstrap: the share of draws
   * not beyond 1); what a warning needs (docs/gate.md). Absent in verdicts
   * written before it, null when unknown.
   */
  p_no_change?: number | null;
  /** The change beyond which this metric counts as regressed, percent (tolerance and floor combined). */
  threshold_pct: number | null;
  verdict: MetricOutcome;
  method: Method;
  /** Smallest change these data could detect (inconclusive verdicts), percent. */
  mde_pct: number | null;
  reason: string;
  /** The history design only: the job-to-job noise the change was judged against. */
  noise?: NoiseSummary;
}

/** Job-to-job noise measured from stored runs (design 'history'). */
export interface NoiseSummary {
  /** Stored jobs used. */
  jobs: number;
  /** Between-job coefficient of variation, percent. */
  job_cv_pct: number;
  /** Within-job, trial-to-trial coefficient of variation, percent. */
  trial_cv_pct: number;
  /** Smallest change in the bad direction that fails with 80% power, percent (signed). */
  mdc_pct: number;
  /** The stored jobs' levels around their mean, lowest and highest, percent. */
  swing_pct: [number, number];
}

export interface CellVerdict {
  id: string;
  valid: boolean;
  invalid_reasons: string[];
  warnings: string[];
  trials: { baseline: number; candidate: number };
  metrics: MetricVerdict[];
}

export interface SloOutcome {
  check: string;
  cell: string;
  value: number | null;
  ok: boolean;
  note: string | null;
}

export interface SideInfo {
  commit: string | null;
  model: string | null;
  started_at: string;
  status: string;
  tool_version: string;
}

export interface VerdictDoc {
  schema: typeof VERDICT_SCHEMA;
  tool: { name: 'llm-perf-gate'; version: string };
  verdict: Overall;
  /** Counts over gated metrics of valid cells. */
  summary: { regressed: number; improved: number; unchanged: number; warn: number; inconclusive: number; invalid_cells: number; slo_failed: number };
  /** Why the verdict is what it is, one line each. */
  reasons: string[];
  warnings: string[];
  /** 'history': judged against the job-to-job noise of several stored runs (compareWithHistory); absent in older readers' vocabulary. */
  design: 'unpaired' | 'paired' | 'history';
  /** The history design: stored runs used, and what the report must say about them (fallback, skipped runs). */
  history?: { runs: number; notes: string[] };
  /** The levels this verdict was judged at: a sequential run's are its stopping look's (`sequential`). */
  settings: { confidence: number; alpha: number; bootstrap_iterations: number };
  /** A sequential paired run (src/gate/sequential.ts): its first look, the budget's last pair, and the pairs it stopped at. */
  sequential?: { first: number; last: number; trials: number };
  /** What the verdict cost to measure (src/pipeline/cost.ts); absent when judged from files alone. */
  cost?: VerdictCost;
  baseline: SideInfo;
  candidate: SideInfo;
  cells: CellVerdict[];
  slo: SloOutcome[];
  /** Capacity cells' comparisons (src/gate/capacity-cells.ts); absent when neither result has capacity cells. */
  capacity?: CapacityCellVerdict[];
  /** A regression accepted on purpose by someone with write access (src/pipeline/accept.ts); absent: none. */
  accepted?: Acceptance;
}

/** What measuring a verdict took: the user's units of a budget. */
export interface VerdictCost {
  /** Pairs (paired) or trials (unpaired) of every cell. */
  trials: number;
  /** Requests sent, warm-up excluded, both sides together. */
  requests: number;
  /** Wall time of the measurement, seconds. */
  wall_s: number;
  /** Inference servers up during it times its wall time, minutes. */
  server_minutes: number;
  /** GPUs the telemetry saw times server minutes; null: no GPU was seen. */
  gpu_minutes: number | null;
  /** A sequential run: its budget and why it stopped (decided, or which budget ran out); absent for the fixed design. */
  budget?: { trials: number; minutes: number | null; stopped: 'decided' | 'budget-trials' | 'budget-minutes' | 'interrupted' };
}

/** Who accepted a regression, when, why, and how (the pull request's label, or a comment command). */
export interface Acceptance {
  by: string;
  at: string;
  reason: string;
  via: 'label' | 'comment';
}
