// Cost per token is throughput read at a price. Two sides priced differently
// would show a "change" that is the price's, not the server's: such a
// comparison of cost is not made (the throughput metrics still compare the
// server), and the verdict says why. A price change alone never makes a
// comparison invalid: the work is the same (docs/metrics.md, "Cost and energy").
import { describeCost, hourlyUsd } from '../config/cost.js';
import type { ResultDoc } from '../result/types.js';
import type { MetricVerdict } from './verdict.js';

const COST_METRICS = new Set(['cost_per_mtok_output_usd', 'cost_per_mtok_total_usd']);

/** Why cost cannot be compared between the two results (different prices); null when it can, or when a side has no price. */
export function costMismatch(base: ResultDoc, cand: ResultDoc): string | null {
  const b = base.config.cost;
  const c = cand.config.cost;
  if (b === undefined || c === undefined) return null;
  if (hourlyUsd(b) === hourlyUsd(c)) return null;
  return `priced differently (baseline ${describeCost(b)}, candidate ${describeCost(c)}): cost per token is not compared; output_tps compares the throughput`;
}

/** The cost metrics of a cell's verdicts, marked not compared when the prices differ; the others as they are. */
export function withCostMismatch(metrics: readonly MetricVerdict[], why: string | null): MetricVerdict[] {
  if (why === null) return [...metrics];
  return metrics.map((m) =>
    COST_METRICS.has(m.metric) ? { ...m, change_pct: null, interval_pct: null, p: null, p_adj: null, p_no_change: null, mde_pct: null, verdict: 'inconclusive', method: 'point', reason: why } : m,
  );
}
