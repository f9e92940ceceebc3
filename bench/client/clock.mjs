// The benchmark's processes (driver and null server) stamp times on one
// shared clock: ms since BASE on process.hrtime (CLOCK_MONOTONIC, the same
// in every process on the machine). performance.now() has a per-process
// origin, so each process measures its own offset once with this function.
import { performance } from 'node:perf_hooks';

/** ms to add to performance.now() to get ms since `base` (hrtime ns) on the shared clock. */
export function clockOffsetMs(base) {
  let best = Infinity;
  let off = 0;
  // The narrowest of 50 hrtime brackets around a performance.now() read.
  for (let i = 0; i < 50; i++) {
    const a = process.hrtime.bigint();
    const p = performance.now();
    const b = process.hrtime.bigint();
    const width = Number(b - a);
    if (width < best) {
      best = width;
      off = Number((a + b) / 2n - base) / 1e6 - p;
    }
  }
  return off;
}
