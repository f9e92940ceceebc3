// Confidence intervals for one probed load, from its per-request samples:
// distribution-free for quantiles (order statistics), exact for an error
// rate (Clopper-Pearson), Student t for a mean. A capacity step is judged on
// these, not on point values, so noise near the SLO bound yields "undecided"
// (measure more) instead of a coin-flip pass or fail.
import { incompleteBeta, tQuantile } from './special.js';
import { quantileSorted } from './quantile.js';

export interface Interval {
  lo: number;
  hi: number;
}

/** P(Bin(n, p) <= k), via the regularized incomplete beta: I_{1-p}(n-k, k+1). */
function binomCdf(k: number, n: number, p: number): number {
  if (k < 0) return 0;
  if (k >= n) return 1;
  if (p <= 0) return 1;
  if (p >= 1) return 0;
  return incompleteBeta(n - k, k + 1, 1 - p, p);
}

/** Smallest k in [lo, hi] with pred(k) true, for a pred monotone false->true; hi + 1 when none. */
function firstTrue(lo: number, hi: number, pred: (k: number) => boolean): number {
  let a = lo;
  let b = hi + 1;
  while (a < b) {
    const m = Math.floor((a + b) / 2);
    if (pred(m)) b = m;
    else a = m + 1;
  }
  return a;
}

/**
 * 1-based ranks (l, u) of the order statistics that bracket the q-quantile
 * with two-sided confidence `level`: P(X_(l) <= xi_q <= X_(u)) >= level for
 * any continuous distribution. l = 0 means no finite lower end, u = n + 1
 * no finite upper end (too few samples for this quantile and level).
 */
export function quantileRanks(n: number, q: number, level: number): { l: number; u: number } {
  const tail = (1 - level) / 2;
  // P(X_(l) > xi) = P(Bin(n,q) <= l-1): the largest l with that <= tail.
  const l = firstTrue(0, n, (k) => binomCdf(k, n, q) > tail);
  // P(X_(u) < xi) = 1 - P(Bin(n,q) <= u-1): the smallest u with that <= tail.
  const u = firstTrue(0, n, (k) => binomCdf(k, n, q) >= 1 - tail) + 1;
  return { l, u: Math.min(u, n + 1) };
}

/**
 * Effective number of independent samples behind a quantile estimate from
 * samples in request order. Under queueing, neighbouring requests wait alike
 * (a queue that built up delays several in a row), so n requests carry less
 * information than n independent ones, and an interval that ignores it is
 * too narrow: the search would then call loads on either side of the true
 * capacity with false confidence. The quantile's variance scales with the
 * long-run variance of the indicator 1{x <= estimate}: n_eff = n / (1 + 2
 * sum of its autocorrelations), summed while they stay positive (the
 * initial-positive-sequence truncation) up to lag n/4.
 */
export function effectiveSize(ordered: ArrayLike<number>, threshold: number): number {
  const n = ordered.length;
  if (n < 8) return n;
  const ind = new Float64Array(n);
  let mean = 0;
  for (let i = 0; i < n; i++) mean += ind[i] = ordered[i]! <= threshold ? 1 : 0;
  mean /= n;
  let c0 = 0;
  for (let i = 0; i < n; i++) c0 += (ind[i]! - mean) ** 2;
  if (c0 === 0) return n;
  let tau = 1;
  for (let k = 1; k < n / 4; k++) {
    let ck = 0;
    for (let i = 0; i + k < n; i++) ck += (ind[i]! - mean) * (ind[i + k]! - mean);
    const rho = ck / c0;
    if (rho <= 0) break;
    tau += 2 * rho;
  }
  return Math.max(1, Math.min(n, n / tau));
}

/**
 * Distribution-free interval for the q-quantile of samples in request order;
 * ends are ±Infinity when the data cannot bound it. The order-statistic ranks
 * are found for the effective sample size and mapped back to ranks among n.
 */
export function quantileInterval(ordered: ArrayLike<number>, q: number, level: number): Interval {
  const n = ordered.length;
  if (n === 0) return { lo: -Infinity, hi: Infinity };
  const sorted = Float64Array.from(ordered).sort();
  const nEff = Math.floor(effectiveSize(ordered, quantileSorted(sorted, q)));
  const { l, u } = quantileRanks(nEff, q, level);
  const ln = l >= 1 ? Math.max(1, Math.floor((l / nEff) * n)) : 0;
  const un = u <= nEff ? Math.min(n, Math.ceil((u / nEff) * n)) : n + 1;
  return { lo: ln >= 1 ? sorted[ln - 1]! : -Infinity, hi: un <= n ? sorted[un - 1]! : Infinity };
}

/**
 * Fewest samples for which the q-quantile's interval has a finite upper end:
 * the sample maximum must exceed xi_q with probability >= 1 - tail, so
 * 1 - q^n >= 1 - tail, n >= ln(tail) / ln(q). p99 at 95%: 367 requests.
 */
export function minSamplesForQuantile(q: number, level: number): number {
  const tail = (1 - level) / 2;
  if (q <= 0) return 1;
  return Math.ceil(Math.log(tail) / Math.log(q) - 1e-9);
}

/** Clopper-Pearson interval for a proportion: failures k of n attempts. */
export function proportionInterval(k: number, n: number, level: number): Interval {
  if (n === 0) return { lo: 0, hi: 1 };
  const tail = (1 - level) / 2;
  // The CDF falls monotonically in p; bisect 60 times (exact to double precision).
  const solve = (target: number, kk: number): number => {
    let a = 0;
    let b = 1;
    for (let i = 0; i < 60; i++) {
      const m = (a + b) / 2;
      if (binomCdf(kk, n, m) > target) a = m;
      else b = m;
    }
    return (a + b) / 2;
  };
  const lo = k === 0 ? 0 : solve(1 - tail, k - 1);
  const hi = k === n ? 1 : solve(tail, k);
  return { lo, hi };
}

/** Student t interval for the mean. */
export function meanInterval(values: readonly number[], level: number): Interval {
  const n = values.length;
  if (n < 2) return { lo: -Infinity, hi: Infinity };
  let sum = 0;
  for (const v of values) sum += v;
  const mean = sum / n;
  let sq = 0;
  for (const v of values) sq += (v - mean) * (v - mean);
  const half = tQuantile(1 - (1 - level) / 2, n - 1) * Math.sqrt(sq / (n - 1) / n);
  return { lo: mean - half, hi: mean + half };
}
