// The clock seam: where durations, timeouts and elapsed times outside the
// client's hot path are read, so a test can decide them on a fake clock
// instead of waiting (tinybench injects its `now` the same way). The hosts
// carry one (Host.clock); core code takes one as an option and falls back to
// systemClock. The send schedule and the request stamps (load/pace.ts,
// load/run-cell.ts, client/) stay on performance.now(): see run-cell.ts.
import { performance } from 'node:perf_hooks';

export interface Clock {
  /** Monotonic milliseconds, for durations and rates. */
  now(): number;
}

/** performance.now(): the timeline every request record is stamped on. */
export const systemClock: Clock = { now: () => performance.now() };
