// The client watches itself: when the load generator, not the server, limits a
// cell, the figures describe the client, and the gate must call the comparison
// invalid instead of blaming the server.
import { inFlight, isOpen, type LoadPlan } from '../shapes/index.js';
import type { ClientHealth } from '../result/types.js';
import type { CellMetrics } from '../metrics/cell.js';

/**
 * Event-loop delay p99 (beyond the monitor's sampling interval) above this
 * means our own callbacks ran late enough to skew stamps. Healthy runs read
 * 1-9 ms here (garbage-collection pauses); a collapsing client reads seconds
 * (docs/benchmark.md). The client benchmark's saturation check uses it. A
 * run does not call itself saturated for it: a late stamp is a timing error
 * the gate carries as uncertainty (src/gate/pairs.ts, compare.ts), while
 * saturation means the client limited the load, which no statistic mends.
 */
export const LOOP_DELAY_P99_LIMIT_MS = 20;
/** Open loop: requests sent this late after their arrival time (with a free slot) mean the scheduler fell behind. */
export const DISPATCH_LAG_P99_LIMIT_MS = 10;
/** Open loop: offered rate below this share of the rate the drawn arrivals asked for means the client could not keep up. */
export const OFFERED_RATE_MIN_SHARE = 0.95;

export function assessClient(load: LoadPlan, metrics: CellMetrics, loopDelay: { p99Ms: number; maxMs: number }, dispatchLagP99Ms: number | null, plannedRps: number | null): ClientHealth {
  const reasons: string[] = [];
  if (isOpen(load)) {
    if (dispatchLagP99Ms !== null && dispatchLagP99Ms > DISPATCH_LAG_P99_LIMIT_MS) {
      reasons.push(`dispatch lag p99 ${dispatchLagP99Ms.toFixed(1)} ms > ${DISPATCH_LAG_P99_LIMIT_MS} ms`);
    }
    // Compared with the drawn arrivals, not the nominal rate: 100 Poisson gaps
    // alone vary the mean rate by ~10%. With a cap the server's slowness
    // legitimately holds requests back, so only an uncapped loop is judged.
    const offered = metrics.offered_rps;
    if (inFlight(load) === null && offered !== null && plannedRps !== null && offered < OFFERED_RATE_MIN_SHARE * plannedRps) {
      reasons.push(`offered ${offered.toFixed(2)} req/s < ${OFFERED_RATE_MIN_SHARE * 100}% of the ${plannedRps.toFixed(2)} req/s scheduled`);
    }
  }
  return {
    event_loop_delay_p99_ms: Math.round(loopDelay.p99Ms * 1000) / 1000,
    event_loop_delay_max_ms: Math.round(loopDelay.maxMs * 1000) / 1000,
    saturated: reasons.length > 0,
    reasons,
  };
}
