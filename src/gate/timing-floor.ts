// Absolute floors from the measured timing accuracy (issue 10, item 5). A
// fixed 1 ms TPOT floor makes +10% unfailable on a 7.5 ms server (the
// threshold becomes +13.3%), while the stamps there were good to a fraction
// of that. What limits a stamp is the client's own event loop: a stream
// event is stamped when its callback runs, up to the loop's delay late
// (src/run/saturation.ts records its p99 per trial, beyond the monitor's
// sampling interval). A change smaller than the stamps' error is never a
// regression; anything larger is the tolerance's business.
import type { DistKey } from '../metric-catalogue.js';
import type { CellResult } from '../result/types.js';

/**
 * The floor, in ms, of a timed distribution metric for stamps good to
 * `loopDelayMs` (the worse side's event-loop delay p99), given `outputTokens`
 * per request:
 * - TTFT, queued TTFT, E2E and ITL are one gap between two stamps, each late
 *   by up to the delay: the delay itself (one stamp's error; the other end's
 *   send is synchronous);
 * - TPOT spreads the two stamps' error over N_out - 1 tokens: 2 x delay / (N_out - 1).
 * Null for metrics that are not a time (user tok/s): keep the catalogue's floor.
 */
export function timingFloorMs(key: DistKey, loopDelayMs: number, outputTokens: number): number | null {
  if (!(loopDelayMs >= 0 && loopDelayMs < Infinity)) throw new RangeError(`timingFloorMs: loopDelayMs must be finite and >= 0, got ${loopDelayMs}`);
  if (!(Number.isInteger(outputTokens) && outputTokens >= 1)) throw new RangeError(`timingFloorMs: outputTokens must be a positive integer, got ${outputTokens}`);
  switch (key) {
    case 'tpot_ms':
      return outputTokens < 2 ? null : (2 * loopDelayMs) / (outputTokens - 1);
    case 'ttft_ms':
    case 'queued_ttft_ms':
    case 'e2e_ms':
    case 'queued_e2e_ms':
    case 'itl_ms':
      return loopDelayMs;
    case 'user_tps':
      return null;
  }
}

/** The timing floor of a metric for a comparison: the worse event-loop delay p99 of the two cells, their shorter mean output. */
export function cellTimingFloorMs(key: DistKey, base: CellResult, cand: CellResult): number | null {
  const delay = Math.max(base.client.event_loop_delay_p99_ms, cand.client.event_loop_delay_p99_ms);
  const b = base.metrics.tokens.output_mean;
  const c = cand.metrics.tokens.output_mean;
  if (b === null || c === null) return null;
  return timingFloorMs(key, delay, Math.max(1, Math.floor(Math.min(b, c))));
}
