// Tests on per-trial figures: Welch on logs (unpaired), Mann-Whitney.
import { normalCdf, tCdf, tQuantile } from './special.js';

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
