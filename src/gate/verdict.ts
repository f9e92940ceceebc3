// The verdict document: what `compare` decided and why, versioned like the result.
import type { CapacityCellVerdict } from './capacity-cells.js';

export const VERDICT_SCHEMA = 'llm-perf-gate/verdict@1';

export type Overall = 'pass' | 'warn' | 'fail' | 'inconclusive' | 'invalid';
export type MetricOutcome = 'improved' | 'unchanged' | 'regressed' | 'warn' | 'inconclusive';
export type Method = 'bootstrap' | 'welch' | 'paired' | 'point' | 'proportion';

export interface MetricVerdict {
  metric: string;
  unit: string;
  direction: 'higher' | 'lower';
  gated: boolean;
  level: 'fail' | 'warn';
  baseline: number | null;
  candidate: number | null;
  /** Estimated change, percent (error_rate: percentage points). */
  change_pct: number | null;
  /** Confidence interval of the change, percent; null when none could be computed. */
  interval_pct: [number, number] | null;
  /** One-sided p-value against the tolerance threshold, and after Holm's correction (gated tests only). */
  p: number | null;
  p_adj: number | null;
  /** The change beyond which this metric counts as regressed, percent (tolerance and floor combined). */
  threshold_pct: number | null;
  verdict: MetricOutcome;
  method: Method;
  /** Smallest change these data could detect (inconclusive verdicts), percent. */
  mde_pct: number | null;
  reason: string;
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
  design: 'unpaired' | 'paired';
  settings: { confidence: number; alpha: number; bootstrap_iterations: number };
  baseline: SideInfo;
  candidate: SideInfo;
  cells: CellVerdict[];
  slo: SloOutcome[];
  /** Capacity cells' comparisons (src/gate/capacity-cells.ts); absent when neither result has capacity cells. */
  capacity?: CapacityCellVerdict[];
}
