// Bootstrap of candidate/baseline ratios of per-request statistics, and the
// read-outs the gate takes from the draws.
//
// Cost: 3 trials x 300 requests a side, 2,000 iterations took ~27 ms for
// p99, ~29 ms for p50 and ~26 ms for the mean (best of 40, Node 24, shared
// 2-core dev machine). Nearly all of it is the 3.6M index draws; the
// counting-sort statistic below adds a few ms, where the quickselect per
// resample it replaced added ~25 ms.
import { createRng, type Rng } from '../util/rng.js';
import { normalQuantile } from './special.js';
import { quantileSorted } from './quantile.js';

type Statistic = number | 'mean';

interface BootstrapResult {
  /** Ratio candidate/baseline of the statistic on all the data. */
  estimate: number;
  /** log(ratio) of every bootstrap draw, ascending. */
  logDraws: Float64Array;
}

interface BootstrapOptions {
  /** Default 2000: enough for a stable 5% tail (about 100 draws beyond each end of a 90% interval). */
  iterations?: number;
  seed: string;
}

function checkStat(stat: Statistic): void {
  if (stat !== 'mean' && !(typeof stat === 'number' && stat > 0 && stat < 1)) {
    throw new RangeError(`bootstrapRatio: stat must be 'mean' or a quantile in (0, 1), got ${String(stat)}`);
  }
}

/**
 * One side prepared for resampling. The per-iteration statistic comes from
 * how many times each sorted position was drawn (a counting sort of the
 * resample), so no resample is ever sorted or partitioned: a quantile is one
 * walk over the counts from the nearer end.
 */
interface ResampledSide {
  /** Every request of the side, ascending. */
  sorted: Float64Array;
  /** Where each trial starts in the pooled (unsorted) order, and its length. */
  starts: Int32Array;
  lengths: Int32Array;
  /** Sorted position of each pooled request. */
  rankOf: Int32Array;
  /** Values in pooled order, for the mean. */
  pooled: Float64Array;
  counts: Uint32Array;
}

/** Empty trials (every request failed) carry no requests and are dropped. */
function prepareSide(trials: readonly (readonly number[])[], side: string): ResampledSide {
  const kept = trials.filter((t) => t.length > 0);
  if (kept.length === 0) throw new RangeError(`bootstrapRatio: ${side} has no values`);
  const total = kept.reduce((s, t) => s + t.length, 0);
  const pooled = new Float64Array(total);
  const starts = new Int32Array(kept.length);
  const lengths = new Int32Array(kept.length);
  let m = 0;
  kept.forEach((t, j) => {
    starts[j] = m;
    lengths[j] = t.length;
    for (const v of t) {
      if (!(v >= 0 && v < Infinity)) throw new RangeError(`bootstrapRatio: ${side} values must be finite and >= 0, got ${v}`);
      pooled[m++] = v;
    }
  });
  const order = Array.from({ length: total }, (_, i) => i).sort((a, b) => pooled[a]! - pooled[b]!);
  const sorted = new Float64Array(total);
  const rankOf = new Int32Array(total);
  order.forEach((idx, pos) => {
    sorted[pos] = pooled[idx]!;
    rankOf[idx] = pos;
  });
  return { sorted, starts, lengths, rankOf, pooled, counts: new Uint32Array(total) };
}

/** Exported for tests only. Type 7 quantile of a resample given as draw counts per sorted position (m draws in all). */
export function quantileFromCounts(counts: Uint32Array, sorted: Float64Array, m: number, q: number): number {
  const h = (m - 1) * q;
  const k = Math.floor(h);
  const frac = h - k;
  const n = counts.length;
  let atK = NaN;
  let atK1 = NaN;
  if (q <= 0.5) {
    let cum = 0;
    for (let p = 0; p < n; p++) {
      cum += counts[p]!;
      if (cum > k && Number.isNaN(atK)) atK = sorted[p]!;
      if (cum > k + 1) {
        atK1 = sorted[p]!;
        break;
      }
    }
  } else {
    // From the top, rank k from the bottom is rank m-1-k; p99 touches ~1% of positions.
    let cum = 0;
    for (let p = n - 1; p >= 0; p--) {
      cum += counts[p]!;
      if (cum > m - 2 - k && Number.isNaN(atK1)) atK1 = sorted[p]!;
      if (cum > m - 1 - k) {
        atK = sorted[p]!;
        break;
      }
    }
  }
  if (frac === 0 || k + 1 >= m) return atK;
  return atK + frac * (atK1 - atK);
}

/**
 * The statistic of one resample of a side. With several trials the trials
 * are drawn first, so a trial that ran during a slow moment of the machine
 * can be drawn twice or not at all and the interval carries trial-to-trial
 * variation; a single trial has only its requests to resample. Indices come
 * from floor(next() * n): its bias is at most n / 2^32, far below the
 * Monte Carlo error, at under half the cost of rng.int's exact rejection
 * (measured: ~27 against ~70 ms for the case timed above).
 */
function resampleStat(s: ResampledSide, rng: Rng, stat: Statistic): number {
  const k = s.starts.length;
  if (stat === 'mean') {
    let sum = 0;
    let m = 0;
    for (let j = 0; j < k; j++) {
      const t = k === 1 ? 0 : Math.floor(rng.next() * k);
      const start = s.starts[t]!;
      const n = s.lengths[t]!;
      for (let i = 0; i < n; i++) sum += s.pooled[start + Math.floor(rng.next() * n)]!;
      m += n;
    }
    return sum / m;
  }
  const counts = s.counts;
  counts.fill(0);
  let m = 0;
  if (k === 1) {
    // One trial: the pooled order is that trial, and a uniform draw over its
    // requests is a uniform draw over sorted positions.
    const n = s.lengths[0]!;
    for (let i = 0; i < n; i++) counts[Math.floor(rng.next() * n)]!++;
    m = n;
  } else {
    for (let j = 0; j < k; j++) {
      const t = Math.floor(rng.next() * k);
      const start = s.starts[t]!;
      const n = s.lengths[t]!;
      for (let i = 0; i < n; i++) counts[s.rankOf[start + Math.floor(rng.next() * n)]!]!++;
      m += n;
    }
  }
  return quantileFromCounts(counts, s.sorted, m, stat);
}

function fullStat(s: ResampledSide, stat: Statistic): number {
  if (stat !== 'mean') return quantileSorted(s.sorted, stat);
  let sum = 0;
  for (const v of s.pooled) sum += v;
  return sum / s.pooled.length;
}

/**
 * Equal statistics, zeros included, are no change; a zero on one side only
 * gives ±Infinity, which still sorts and counts correctly in the read-outs.
 */
function logRatio(cand: number, base: number): number {
  return cand === base ? 0 : Math.log(cand / base);
}

export function bootstrapRatio(base: readonly (readonly number[])[], cand: readonly (readonly number[])[], stat: Statistic, opts: BootstrapOptions): BootstrapResult {
  checkStat(stat);
  const iterations = opts.iterations ?? 2000;
  if (!Number.isInteger(iterations) || iterations < 1) {
    throw new RangeError(`bootstrapRatio: iterations must be a positive integer, got ${iterations}`);
  }
  const b = prepareSide(base, 'base');
  const c = prepareSide(cand, 'cand');
  const estimate = Math.exp(logRatio(fullStat(c, stat), fullStat(b, stat)));

  // The purpose tag keeps these draws independent of any other stream built
  // from the same run seed.
  const rng = createRng(`${opts.seed}\u0000bootstrapRatio`);
  const logDraws = new Float64Array(iterations);
  for (let it = 0; it < iterations; it++) {
    const sb = resampleStat(b, rng, stat);
    const sc = resampleStat(c, rng, stat);
    logDraws[it] = logRatio(sc, sb);
  }
  logDraws.sort();
  return { estimate, logDraws };
}

function checkLevel(level: number, fn: string): void {
  if (!(level > 0 && level < 1)) throw new RangeError(`${fn}: level must be in (0, 1), got ${level}`);
}

/** Percentile interval of the ratio (equal tails), from ascending log draws. */
export function intervalFromDraws(logDraws: Float64Array, level: number): { lo: number; hi: number } {
  checkLevel(level, 'intervalFromDraws');
  if (logDraws.length === 0) throw new RangeError('intervalFromDraws: no draws');
  return {
    lo: Math.exp(quantileSorted(logDraws, (1 - level) / 2)),
    hi: Math.exp(quantileSorted(logDraws, (1 + level) / 2)),
  };
}

/** Number of ascending values <= x (first index whose value exceeds x). */
function countAtMost(sorted: Float64Array, x: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! <= x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Number of ascending values < x. */
function countBelow(sorted: Float64Array, x: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * One-sided bootstrap p for H0 "the ratio is not beyond threshold in the bad
 * direction". Draws exactly at the threshold count for H0, and the +1s keep p
 * away from 0 (no finite bootstrap can prove p = 0), so it is conservative.
 */
export function pBeyond(logDraws: Float64Array, threshold: number, direction: 'up' | 'down'): number {
  if (!(threshold > 0 && threshold < Infinity)) throw new RangeError(`pBeyond: threshold must be a positive ratio, got ${threshold}`);
  const t = Math.log(threshold);
  const n = logDraws.length;
  const h0 = direction === 'up' ? countAtMost(logDraws, t) : n - countBelow(logDraws, t);
  return (1 + h0) / (1 + n);
}

/**
 * Smallest relative change (a fraction: 0.07 = 7%) that an interval this
 * wide would detect with ~80% power. The gate's interval test is one-sided
 * at (1 - level)/2, so se = half-width / z_{(1+level)/2} and the change must
 * clear that same z plus z_{0.8}. Infinite when the interval is unbounded.
 */
export function minimumDetectableChange(lo: number, hi: number, level: number): number {
  checkLevel(level, 'minimumDetectableChange');
  if (!(lo <= hi)) throw new RangeError(`minimumDetectableChange: need lo <= hi, got ${lo}, ${hi}`);
  if (!(lo > 0) || hi === Infinity) return Infinity;
  const z = normalQuantile((1 + level) / 2);
  const se = (Math.log(hi) - Math.log(lo)) / (2 * z);
  return Math.expm1((z + normalQuantile(0.8)) * se);
}
