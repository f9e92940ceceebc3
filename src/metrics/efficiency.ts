// Cost and energy per token (docs/metrics.md, "Cost and energy"): derived
// from a cell's measured throughput and the configured price per hour, and
// from the GPUs' energy over the measured window. Pure: no I/O.
import type { EfficiencyKey } from '../metric-ids.js';

type Efficiency = Partial<Record<EfficiencyKey, number | null>>;

/** Beyond this a result's figure is refused by its reader (src/result/integrity.ts MAX_FIGURE): no figure then. */
const MAX_FIGURE = 1e12;

/** Six significant digits: prices and joules span orders of magnitude; null beyond what a result holds. */
function sig6(x: number): number | null {
  return Number.isFinite(x) && Math.abs(x) <= MAX_FIGURE ? Number(x.toPrecision(6)) : null;
}

/**
 * US dollars per million tokens at `tokensPerS`, for a deployment that costs
 * `hourlyUsd` per hour: hourlyUsd / (tokensPerS x 3600) x 1e6. Null when no
 * token was produced (the cost per token is unbounded).
 */
export function costPerMtok(hourlyUsd: number, tokensPerS: number): number | null {
  if (!(tokensPerS > 0) || !Number.isFinite(hourlyUsd)) return null;
  return sig6((hourlyUsd * 1e6) / (tokensPerS * 3600));
}

/** Joules per output token: the energy over the measured window / the output tokens of its completed requests. */
export function energyPerToken(joules: number | null, outputTokens: number): number | null {
  if (joules === null || !Number.isFinite(joules) || !(outputTokens > 0)) return null;
  return sig6(joules / outputTokens);
}

/**
 * The efficiency figures of one trial or a pool of trials: cost only when a
 * price is set (`hourlyUsd` not null), energy only when the GPUs' energy was
 * integrated (`energy` not null; its joules may still be null). A field is
 * absent when its input is, so results without either read as before.
 */
export function efficiencyOf(rates: { output_tps: number; total_tps: number }, hourlyUsd: number | null, energy: { joules: number | null; outputTokens: number } | null): Efficiency {
  return {
    ...(hourlyUsd === null ? {} : { cost_per_mtok_output_usd: costPerMtok(hourlyUsd, rates.output_tps), cost_per_mtok_total_usd: costPerMtok(hourlyUsd, rates.total_tps) }),
    ...(energy === null ? {} : { energy_per_output_token_j: energyPerToken(energy.joules, energy.outputTokens) }),
  };
}
