// The ids of every metric a result holds. Imports nothing, so that config/
// (which checks the ids a config names) and metrics/ (which computes them)
// both use it without importing each other.

/** Whole-trial rates: one number per trial. */
export const RATE_KEYS = ['rps', 'input_tps', 'output_tps', 'total_tps', 'goodput_rps'] as const;
/** Per-request distributions, each summarised by the statistics below. */
export const DIST_KEYS = ['ttft_ms', 'queued_ttft_ms', 'tpot_ms', 'itl_ms', 'e2e_ms', 'queued_e2e_ms', 'user_tps'] as const;
export const DIST_STATS = ['mean', 'p50', 'p90', 'p95', 'p99'] as const;
/**
 * Per-trial efficiency figures (docs/metrics.md, "Cost and energy"): cost per
 * million tokens at the measured throughput (with `cost:` in the config) and
 * energy per output token (with GPU telemetry). One number per trial, lower is
 * better, absent when their inputs are.
 */
export const EFFICIENCY_KEYS = ['cost_per_mtok_output_usd', 'cost_per_mtok_total_usd', 'energy_per_output_token_j'] as const;

export type RateKey = (typeof RATE_KEYS)[number];
export type DistKey = (typeof DIST_KEYS)[number];
export type DistStat = (typeof DIST_STATS)[number];
export type EfficiencyKey = (typeof EFFICIENCY_KEYS)[number];

/** Catalogue order: the rates, error_rate, `<distribution>.<stat>` for every pair, then the efficiency figures. */
export const METRIC_IDS: readonly string[] = Object.freeze([...RATE_KEYS, 'error_rate', ...DIST_KEYS.flatMap((key) => DIST_STATS.map((stat) => `${key}.${stat}`)), ...EFFICIENCY_KEYS]);
