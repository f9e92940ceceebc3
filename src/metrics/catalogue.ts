// Every metric a result holds, with its direction and the default rule for
// judging a change. Gated by default are three per cell, so that Holm's
// correction over a small matrix stays cheap and false failures stay rare:
// output tokens/s (throughput), TTFT p95 (queued TTFT p95 under a rate load,
// where waiting behind the server counts) and TPOT p50 (decode speed).
// Everything else is compared and reported but never fails the gate unless
// the config says so.

export type Direction = 'higher' | 'lower';
export type MetricKind = 'rate' | 'latency' | 'absolute';
export const DIST_STATS = ['mean', 'p50', 'p90', 'p95', 'p99'] as const;
export type DistStat = (typeof DIST_STATS)[number];

export interface MetricDef {
  id: string;
  unit: string;
  direction: Direction;
  kind: MetricKind;
  /** Relative tolerance (0.05 = 5%); for `absolute` metrics an absolute change. */
  tolerance: number;
  /** Changes smaller than this, in the metric's unit, are never a regression. */
  floor: number;
  /** Gated by default, and under which loads. */
  gate: 'never' | 'always' | 'concurrency' | 'rate';
  /** For distribution metrics: which distribution and statistic. */
  dist: { key: DistKey; stat: DistStat } | null;
}

export const RATE_KEYS = ['rps', 'input_tps', 'output_tps', 'total_tps', 'goodput_rps'] as const;
export const DIST_KEYS = ['ttft_ms', 'queued_ttft_ms', 'tpot_ms', 'itl_ms', 'e2e_ms', 'queued_e2e_ms', 'user_tps'] as const;
export type RateKey = (typeof RATE_KEYS)[number];
export type DistKey = (typeof DIST_KEYS)[number];

/** Tail percentiles are noisier: wider default tolerances keep them from crying wolf. */
const STAT_TOLERANCE: Record<DistStat, number> = { mean: 0.05, p50: 0.05, p90: 0.1, p95: 0.1, p99: 0.15 };
/** A few milliseconds of latency change are never a regression, whatever their percentage. */
const DIST_FLOOR: Record<DistKey, number> = {
  ttft_ms: 5,
  queued_ttft_ms: 5,
  tpot_ms: 1,
  itl_ms: 1,
  e2e_ms: 5,
  queued_e2e_ms: 5,
  user_tps: 1,
};
const RATE_FLOOR: Record<RateKey, number> = { rps: 0.01, input_tps: 1, output_tps: 1, total_tps: 1, goodput_rps: 0.01 };
const DEFAULT_GATED: Record<string, MetricDef['gate']> = {
  output_tps: 'always',
  'ttft_ms.p95': 'concurrency',
  'queued_ttft_ms.p95': 'rate',
  'tpot_ms.p50': 'always',
};

function build(): MetricDef[] {
  const defs: MetricDef[] = [];
  for (const key of RATE_KEYS) {
    defs.push({
      id: key,
      unit: key === 'rps' || key === 'goodput_rps' ? 'req/s' : 'tok/s',
      direction: 'higher',
      kind: 'rate',
      tolerance: 0.05,
      floor: RATE_FLOOR[key],
      gate: DEFAULT_GATED[key] ?? 'never',
      dist: null,
    });
  }
  defs.push({ id: 'error_rate', unit: 'share', direction: 'lower', kind: 'absolute', tolerance: 0.01, floor: 0, gate: 'never', dist: null });
  for (const key of DIST_KEYS) {
    for (const stat of DIST_STATS) {
      const id = `${key}.${stat}`;
      defs.push({
        id,
        unit: key === 'user_tps' ? 'tok/s' : 'ms',
        direction: key === 'user_tps' ? 'higher' : 'lower',
        kind: 'latency',
        tolerance: STAT_TOLERANCE[stat],
        floor: DIST_FLOOR[key],
        gate: DEFAULT_GATED[id] ?? 'never',
        dist: { key, stat },
      });
    }
  }
  return defs;
}

export const CATALOGUE: readonly MetricDef[] = Object.freeze(build());
export const METRIC_IDS: readonly string[] = CATALOGUE.map((d) => d.id);
const BY_ID = new Map(CATALOGUE.map((d) => [d.id, d]));

export function metricDef(id: string): MetricDef | undefined {
  return BY_ID.get(id);
}
