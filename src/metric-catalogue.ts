// Every metric a result holds: its unit, which way is better, and where its
// data sits in a cell. How a change of it is judged (tolerance, floor, gated
// or not) is the gate's policy: src/gate/policy.ts. On the ground floor with
// ./metric-ids.ts (CONTRIBUTING.md, "Layout of src/"): config/ checks SLOs against it, and
// metrics/, the capacity search and the gate read it.
import { DIST_KEYS, DIST_STATS, EFFICIENCY_KEYS, RATE_KEYS, type DistKey, type DistStat } from './metric-ids.js';

export type { DistKey, DistStat, EfficiencyKey, RateKey } from './metric-ids.js';

/**
 * The headline of a cell, written once: throughput, the TTFT tail users see
 * (under a rate load the queue counts, so the queued TTFT) and decode speed.
 * The gate gates these by default (src/gate/policy.ts, with the error rate),
 * and the history index keeps them for trend charts (src/result/headline.ts).
 */
export const HEADLINE = {
  throughput: 'output_tps',
  ttft: { concurrency: 'ttft_ms.p95', rate: 'queued_ttft_ms.p95' },
  decode: 'tpot_ms.p50',
} as const;

export type Direction = 'higher' | 'lower';
/**
 * rate: one number per trial (throughput). latency: a per-request
 * distribution. absolute: judged as a difference (error_rate). efficiency:
 * one number per trial derived from throughput and a price, or from GPU
 * energy (docs/metrics.md, "Cost and energy"); judged like a rate.
 */
export type MetricKind = 'rate' | 'latency' | 'absolute' | 'efficiency';

export interface MetricDef {
  readonly id: string;
  readonly unit: string;
  readonly direction: Direction;
  readonly kind: MetricKind;
  /** For distribution metrics: which distribution and statistic. */
  readonly dist: { readonly key: DistKey; readonly stat: DistStat } | null;
}

function build(): MetricDef[] {
  const defs: MetricDef[] = [];
  for (const key of RATE_KEYS) {
    defs.push({ id: key, unit: key === 'rps' || key === 'goodput_rps' ? 'req/s' : 'tok/s', direction: 'higher', kind: 'rate', dist: null });
  }
  defs.push({ id: 'error_rate', unit: 'share', direction: 'lower', kind: 'absolute', dist: null });
  for (const key of DIST_KEYS) {
    for (const stat of DIST_STATS) {
      defs.push({
        id: `${key}.${stat}`,
        unit: key === 'user_tps' ? 'tok/s' : 'ms',
        direction: key === 'user_tps' ? 'higher' : 'lower',
        kind: 'latency',
        dist: { key, stat },
      });
    }
  }
  for (const key of EFFICIENCY_KEYS) {
    defs.push({ id: key, unit: key === 'energy_per_output_token_j' ? 'J/tok' : 'USD/Mtok', direction: 'lower', kind: 'efficiency', dist: null });
  }
  return defs;
}

/** In the order of METRIC_IDS (src/metric-ids.ts). */
export const CATALOGUE: readonly MetricDef[] = Object.freeze(build());
const BY_ID = new Map(CATALOGUE.map((d) => [d.id, d]));

export function metricDef(id: string): MetricDef | undefined {
  return BY_ID.get(id);
}
