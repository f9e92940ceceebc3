// Quantiles, and per-request values recovered from stored histograms.
import { decodeHistogram, HIST_SCALE } from './distribution.js';

function checkQ(q: number, fn: string): void {
  if (!(q >= 0 && q <= 1)) throw new RangeError(`${fn}: q must be in [0, 1], got ${q}`);
}

/**
 * Quantile of ascending data, Hyndman-Fan type 7 (numpy's and R's default),
 * so figures match what users get from their own notebooks.
 */
export function quantileSorted(sorted: ArrayLike<number>, q: number): number {
  checkQ(q, 'quantileSorted');
  const n = sorted.length;
  if (n === 0) throw new RangeError('quantileSorted: empty data');
  const h = (n - 1) * q;
  const i = Math.floor(h);
  const lo = sorted[i]!;
  if (i + 1 >= n) return lo;
  const frac = h - i;
  const hi = sorted[i + 1]!;
  if (frac === 0 || lo === hi) return lo;
  // Interpolating towards an infinite neighbour tends to it. Log draws are
  // ±Infinity when one side's statistic is 0, and an unbounded interval end
  // is the honest answer there, where the formula would give NaN.
  if (hi === Infinity) return Infinity;
  if (lo === -Infinity) return -Infinity;
  return lo + frac * (hi - lo);
}

/** The parts of a decoded JS histogram used here; hdr's public Histogram type does not expose bucket walking. */
interface BucketWalk {
  readonly totalCount: number;
  readonly countsArrayLength: number;
  getCountAtIndex(index: number): number;
  valueFromIndex(index: number): number;
  medianEquivalentValue(value: number): number;
  destroy(): void;
}

function isBucketWalk(h: object): h is BucketWalk {
  const w = h as Partial<BucketWalk>;
  return typeof w.getCountAtIndex === 'function' && typeof w.valueFromIndex === 'function' && typeof w.countsArrayLength === 'number';
}

const DEFAULT_HISTOGRAM_CAP = 10_000;

/**
 * Per-request values (in the metric's unit, ascending) reconstructed from a
 * stored histogram. Each bucket contributes its median equivalent value, the
 * same representative hdr uses for its mean, so the expansion is unbiased to
 * within the 0.1% bucket resolution. Above `cap` values, the k-th of cap
 * outputs is the value at rank floor((k + 1/2)·N/cap): equal quantile steps
 * keep the shape, including the tail, and are deterministic. A bootstrap on
 * thinned data sees cap requests instead of N, so its interval is wider
 * (conservative), never narrower.
 */
export function histogramValues(encoded: string, cap: number = DEFAULT_HISTOGRAM_CAP): Float64Array {
  if (!Number.isInteger(cap) || cap < 1) throw new RangeError(`histogramValues: cap must be a positive integer, got ${cap}`);
  const h = decodeHistogram(encoded);
  try {
    if (!isBucketWalk(h)) throw new TypeError('histogramValues: decoded histogram does not expose its buckets');
    const total = h.totalCount;
    const m = Math.min(total, cap);
    const out = new Float64Array(m);
    if (m === 0) return out;
    const thin = total > cap;
    let emitted = 0;
    let cumulative = 0;
    // Rank wanted for the next output when thinning.
    let target = thin ? Math.floor((0.5 * total) / cap) : 0;
    for (let i = 0; i < h.countsArrayLength && emitted < m; i++) {
      const c = h.getCountAtIndex(i);
      if (c === 0) continue;
      const value = h.medianEquivalentValue(h.valueFromIndex(i)) / HIST_SCALE;
      cumulative += c;
      if (!thin) {
        for (let j = 0; j < c; j++) out[emitted++] = value;
        continue;
      }
      while (emitted < m && target < cumulative) {
        out[emitted++] = value;
        target = Math.floor(((emitted + 0.5) * total) / cap);
      }
    }
    return out;
  } finally {
    h.destroy();
  }
}
