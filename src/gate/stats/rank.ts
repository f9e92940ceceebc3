// Tests on per-trial figures: Welch on logs (unpaired), Hodges-Lehmann with
// Wilcoxon signed-rank (paired A/B), Mann-Whitney (reports), Holm.
import { normalCdf, normalQuantile, tCdf, tQuantile } from './special.js';

export type Direction = 'up' | 'down';

function checkLevel(level: number, fn: string): void {
  if (!(level > 0 && level < 1)) throw new RangeError(`${fn}: level must be in (0, 1), got ${level}`);
}

function checkThreshold(threshold: number, fn: string): void {
  if (!(threshold > 0 && threshold < Infinity)) throw new RangeError(`${fn}: threshold must be a positive ratio, got ${threshold}`);
}

function logsOf(values: readonly number[], fn: string): Float64Array {
  return Float64Array.from(values, (v) => {
    if (!(v > 0 && v < Infinity)) throw new RangeError(`${fn}: values must be finite and > 0, got ${v}`);
    return Math.log(v);
  });
}

function meanVar(a: Float64Array): { mean: number; variance: number } {
  let s = 0;
  for (const v of a) s += v;
  const mean = s / a.length;
  let ss = 0;
  for (const v of a) ss += (v - mean) * (v - mean);
  return { mean, variance: ss / (a.length - 1) };
}

export function welchLogRatio(
  base: readonly number[],
  cand: readonly number[],
  level: number,
  threshold: number,
  direction: Direction,
): { estimate: number; lo: number; hi: number; p: number; df: number } | null {
  checkLevel(level, 'welchLogRatio');
  checkThreshold(threshold, 'welchLogRatio');
  if (base.length < 2 || cand.length < 2) return null;
  const x = meanVar(logsOf(base, 'welchLogRatio'));
  const y = meanVar(logsOf(cand, 'welchLogRatio'));
  const a = x.variance / base.length;
  const b = y.variance / cand.length;
  const diff = y.mean - x.mean;
  const estimate = Math.exp(diff);
  const se = Math.sqrt(a + b);
  const excess = diff - Math.log(threshold);
  if (se === 0) {
    // Identical figures within each side: nothing to weigh, and the data
    // either are beyond the threshold or are not.
    const beyond = direction === 'up' ? excess > 0 : excess < 0;
    return { estimate, lo: estimate, hi: estimate, p: beyond ? 0 : 1, df: base.length + cand.length - 2 };
  }
  const df = (a + b) ** 2 / ((a * a) / (base.length - 1) + (b * b) / (cand.length - 1));
  const half = tQuantile((1 + level) / 2, df) * se;
  const t = excess / se;
  // The upper tail as the CDF of -t keeps small p-values exact.
  const p = direction === 'up' ? tCdf(-t, df) : tCdf(t, df);
  return { estimate, lo: Math.exp(diff - half), hi: Math.exp(diff + half), p, df };
}

// Log ratios this close are one ratio computed through different rounding
// (110/100 against a 1.1 threshold); treating them as distinct would invent
// signs and ranks out of float noise.
const LOG_TIE = 1e-12;

/**
 * Mid-ranks (1-based) of the values, doubled so that they are integers and
 * exact distributions can be tabulated by integer sums; plus sum(t^3 - t)
 * over tie groups for the normal approximations.
 */
function doubledMidRanks(values: Float64Array, tol: number): { ranks2: Int32Array; tieTerm: number } {
  const n = values.length;
  const order = Array.from({ length: n }, (_, i) => i).sort((i, j) => values[i]! - values[j]!);
  const ranks2 = new Int32Array(n);
  let tieTerm = 0;
  let start = 0;
  while (start < n) {
    let end = start + 1;
    while (end < n && values[order[end]!]! - values[order[start]!]! <= tol) end++;
    // Positions start..end-1 hold ranks start+1..end; twice their mean is start+1+end.
    for (let i = start; i < end; i++) ranks2[order[i]!] = start + 1 + end;
    const t = end - start;
    tieTerm += t * t * t - t;
    start = end;
  }
  return { ranks2, tieTerm };
}

/** counts[s] = number of subsets of `weights` whose sum is s (all 2^n sign patterns of a signed-rank statistic). */
function subsetSumCounts(weights: ArrayLike<number>): Float64Array {
  let total = 0;
  for (let i = 0; i < weights.length; i++) total += weights[i]!;
  const counts = new Float64Array(total + 1);
  counts[0] = 1;
  let reach = 0;
  for (let i = 0; i < weights.length; i++) {
    const w = weights[i]!;
    for (let s = reach; s >= 0; s--) counts[s + w]! += counts[s]!;
    reach += w;
  }
  return counts;
}

const EXACT_SIGNED_RANK_MAX = 25;

/**
 * Exported for tests only. Order statistic index k (1-based) for an equal-tailed interval from the n(n+1)/2
 * sorted Walsh averages: [W_(k), W_(M+1-k)] covers the pseudo-median with
 * probability >= level. 0 when n is too small for any finite interval.
 */
export function walshIndex(n: number, level: number): number {
  const alpha2 = (1 - level) / 2;
  const m = (n * (n + 1)) / 2;
  if (n <= EXACT_SIGNED_RANK_MAX) {
    const ranks = Int32Array.from({ length: n }, (_, i) => i + 1);
    const counts = subsetSumCounts(ranks);
    const total = 2 ** n;
    // Largest k with P(T+ <= k-1) <= alpha/2.
    let cum = 0;
    let k = 0;
    while (k < counts.length && cum + counts[k]! <= alpha2 * total * (1 + 1e-12)) {
      cum += counts[k]!;
      k++;
    }
    return Math.min(k, Math.floor(m / 2));
  }
  const sd = Math.sqrt((n * (n + 1) * (2 * n + 1)) / 24);
  const k = Math.floor(m / 2 + 0.5 - normalQuantile(1 - alpha2) * sd);
  return Math.max(0, Math.min(k, Math.floor(m / 2)));
}

/** One-sided Wilcoxon signed-rank p that the differences z tend to be > 0 ('up') or < 0 ('down'). */
function signedRankP(z: Float64Array, direction: Direction): number {
  const nonzero = z.filter((v) => Math.abs(v) > LOG_TIE);
  const n = nonzero.length;
  if (n === 0) return 1;
  const { ranks2, tieTerm } = doubledMidRanks(nonzero.map(Math.abs), LOG_TIE);
  let tPlus2 = 0;
  nonzero.forEach((v, i) => {
    if (v > 0) tPlus2 += ranks2[i]!;
  });
  if (n <= EXACT_SIGNED_RANK_MAX) {
    // Exact permutation distribution given these (possibly tied) ranks.
    const counts = subsetSumCounts(ranks2);
    let tail = 0;
    if (direction === 'up') for (let s = tPlus2; s < counts.length; s++) tail += counts[s]!;
    else for (let s = 0; s <= tPlus2; s++) tail += counts[s]!;
    return Math.min(1, tail / 2 ** n);
  }
  const centred = tPlus2 / 2 - (n * (n + 1)) / 4;
  const sd = Math.sqrt((n * (n + 1) * (2 * n + 1)) / 24 - tieTerm / 48);
  if (sd === 0) return 1;
  return direction === 'up' ? normalCdf(-(centred - 0.5) / sd) : normalCdf((centred + 0.5) / sd);
}

export function pairedLogRatio(
  base: readonly number[],
  cand: readonly number[],
  level: number,
  threshold: number,
  direction: Direction,
): { estimate: number; lo: number; hi: number; p: number; n: number } | null {
  checkLevel(level, 'pairedLogRatio');
  checkThreshold(threshold, 'pairedLogRatio');
  if (base.length !== cand.length) {
    throw new RangeError(`pairedLogRatio: base and cand must pair up, got ${base.length} and ${cand.length}`);
  }
  const n = base.length;
  // One pair says nothing about noise; callers treat null as "too few".
  if (n < 2) return null;
  const lb = logsOf(base, 'pairedLogRatio');
  const lc = logsOf(cand, 'pairedLogRatio');
  const d = lc.map((v, i) => v - lb[i]!);
  const walsh = new Float64Array((n * (n + 1)) / 2);
  let w = 0;
  for (let i = 0; i < n; i++) for (let j = i; j < n; j++) walsh[w++] = (d[i]! + d[j]!) / 2;
  walsh.sort();
  const m = walsh.length;
  const median = m % 2 === 1 ? walsh[(m - 1) / 2]! : (walsh[m / 2 - 1]! + walsh[m / 2]!) / 2;
  const k = walshIndex(n, level);
  const lo = k === 0 ? 0 : Math.exp(walsh[k - 1]!);
  const hi = k === 0 ? Infinity : Math.exp(walsh[m - k]!);
  const logT = Math.log(threshold);
  const p = signedRankP(
    d.map((v) => v - logT),
    direction,
  );
  return { estimate: Math.exp(median), lo, hi, p, n };
}

const EXACT_MW_MAX_PRODUCT = 400;

function binomial(n: number, k: number): number {
  let r = 1;
  for (let i = 1; i <= k; i++) r = (r * (n - k + i)) / i;
  return r;
}

/**
 * Two-sided Mann-Whitney test. u is the statistic of x: the number of pairs
 * with x > y, ties counting one half. Exact (permutation distribution of the
 * mid-ranks, so ties are handled exactly) when n1*n2 <= 400; otherwise normal
 * with tie and continuity corrections, as R's wilcox.test.
 */
export function mannWhitney(x: readonly number[], y: readonly number[]): { u: number; p: number } {
  const n1 = x.length;
  const n2 = y.length;
  if (n1 === 0 || n2 === 0) throw new RangeError('mannWhitney: both samples need values');
  const all = new Float64Array(n1 + n2);
  [...x, ...y].forEach((v, i) => {
    if (!Number.isFinite(v)) throw new RangeError(`mannWhitney: values must be finite, got ${v}`);
    all[i] = v;
  });
  const N = n1 + n2;
  const { ranks2, tieTerm } = doubledMidRanks(all, 0);
  let r2x = 0;
  for (let i = 0; i < n1; i++) r2x += ranks2[i]!;
  const u = r2x / 2 - (n1 * (n1 + 1)) / 2;
  if (n1 * n2 <= EXACT_MW_MAX_PRODUCT) {
    // Tabulate the rank sum of the smaller group: the table is size x max sum.
    const xSmaller = n1 <= n2;
    const size = xSmaller ? n1 : n2;
    let observed = 0;
    for (let i = xSmaller ? 0 : n1; i < (xSmaller ? n1 : N); i++) observed += ranks2[i]!;
    const maxSum = ranks2.reduce((s, r) => s + r, 0);
    // dp[j * (maxSum+1) + s]: subsets of size j with doubled rank sum s.
    const width = maxSum + 1;
    const dp = new Float64Array((size + 1) * width);
    dp[0] = 1;
    let reach = 0;
    for (let i = 0; i < N; i++) {
      const r = ranks2[i]!;
      for (let j = Math.min(i + 1, size); j >= 1; j--) {
        const row = j * width;
        const prev = (j - 1) * width;
        for (let s = reach; s >= 0; s--) dp[row + s + r]! += dp[prev + s]!;
      }
      reach += r;
    }
    const total = binomial(N, size);
    let le = 0;
    let ge = 0;
    for (let s = 0; s < width; s++) {
      const c = dp[size * width + s]!;
      if (s <= observed) le += c;
      if (s >= observed) ge += c;
    }
    return { u, p: Math.min(1, (2 * Math.min(le, ge)) / total) };
  }
  const centred = u - (n1 * n2) / 2;
  const sd = Math.sqrt(((n1 * n2) / 12) * (N + 1 - tieTerm / (N * (N - 1))));
  if (sd === 0) return { u, p: 1 };
  const z = (centred - Math.sign(centred) * 0.5) / sd;
  return { u, p: Math.min(1, 2 * normalCdf(-Math.abs(z))) };
}

/** Holm-Bonferroni step-down adjusted p-values, in input order. */
export function holm(ps: readonly number[]): number[] {
  for (const p of ps) if (!(p >= 0 && p <= 1)) throw new RangeError(`holm: p-values must be in [0, 1], got ${p}`);
  const m = ps.length;
  const order = ps.map((p, i) => ({ p, i })).sort((a, b) => a.p - b.p);
  const out = new Array<number>(m);
  let running = 0;
  order.forEach(({ p, i }, rank) => {
    running = Math.max(running, Math.min(1, (m - rank) * p));
    out[i] = running;
  });
  return out;
}
