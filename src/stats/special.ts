// Distribution functions for the gate's tests. They are written out here
// rather than taken from a package because the gate needs only four of them,
// each to near machine precision, and a dependency for that would be larger
// than this file.

const LOG_SQRT_2PI = 0.5 * Math.log(2 * Math.PI);

// Lanczos (g = 7, n = 9): about 15 significant digits for x > 0, enough that
// the incomplete beta and gamma below are limited by their own tolerances.
const LANCZOS = [
  0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059, 12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
];

function logGamma(x: number): number {
  if (x < 0.5) {
    // Reflection: the series is only accurate for x >= 0.5, and Welch's
    // degrees of freedom can in principle give a/2 below that.
    return Math.log(Math.PI / Math.abs(Math.sin(Math.PI * x))) - logGamma(1 - x);
  }
  const z = x - 1;
  let a = LANCZOS[0]!;
  const t = z + 7.5;
  for (let i = 1; i < 9; i++) a += LANCZOS[i]! / (z + i);
  return LOG_SQRT_2PI + (z + 0.5) * Math.log(t) - t + Math.log(a);
}

const EPS = 1e-16;
const TINY = 1e-300;
const MAX_ITER = 10_000;

// Modified Lentz evaluation of the continued fraction for I_x(a, b)
// (Numerical Recipes' betacf); converges quickly for x < (a+1)/(a+b+2).
function betaContinuedFraction(a: number, b: number, x: number): number {
  const qab = a + b;
  const qap = a + 1;
  const qam = a - 1;
  let c = 1;
  let d = 1 - (qab * x) / qap;
  if (Math.abs(d) < TINY) d = TINY;
  d = 1 / d;
  let h = d;
  for (let m = 1; m <= MAX_ITER; m++) {
    const m2 = 2 * m;
    let aa = (m * (b - m) * x) / ((qam + m2) * (a + m2));
    d = 1 + aa * d;
    if (Math.abs(d) < TINY) d = TINY;
    c = 1 + aa / c;
    if (Math.abs(c) < TINY) c = TINY;
    d = 1 / d;
    h *= d * c;
    aa = (-(a + m) * (qab + m) * x) / ((a + m2) * (qap + m2));
    d = 1 + aa * d;
    if (Math.abs(d) < TINY) d = TINY;
    c = 1 + aa / c;
    if (Math.abs(c) < TINY) c = TINY;
    d = 1 / d;
    const del = d * c;
    h *= del;
    if (Math.abs(del - 1) < EPS) return h;
  }
  return h;
}

/**
 * Regularized incomplete beta I_x(a, b). `y` is 1 - x supplied by the caller
 * when it can compute it without cancellation (t tails: y = t²/(df+t²)).
 */
export function incompleteBeta(a: number, b: number, x: number, y = 1 - x): number {
  if (x <= 0) return 0;
  if (y <= 0) return 1;
  const logFront = logGamma(a + b) - logGamma(a) - logGamma(b) + a * Math.log(x) + b * Math.log(y);
  if (x < (a + 1) / (a + b + 2)) return (Math.exp(logFront) * betaContinuedFraction(a, b, x)) / a;
  return 1 - (Math.exp(logFront) * betaContinuedFraction(b, a, y)) / b;
}

/** Upper regularized incomplete gamma Q(a, x), by series below a+1 and continued fraction above. */
function upperIncompleteGamma(a: number, x: number): number {
  if (x <= 0) return 1;
  const logFront = -x + a * Math.log(x) - logGamma(a);
  if (x < a + 1) {
    let ap = a;
    let sum = 1 / a;
    let del = sum;
    for (let n = 0; n < MAX_ITER; n++) {
      ap += 1;
      del *= x / ap;
      sum += del;
      if (Math.abs(del) < Math.abs(sum) * EPS) break;
    }
    return 1 - sum * Math.exp(logFront);
  }
  let b = x + 1 - a;
  let c = 1 / TINY;
  let d = 1 / b;
  let h = d;
  for (let i = 1; i <= MAX_ITER; i++) {
    const an = -i * (i - a);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < TINY) d = TINY;
    c = b + an / c;
    if (Math.abs(c) < TINY) c = TINY;
    d = 1 / d;
    const del = d * c;
    h *= del;
    if (Math.abs(del - 1) < EPS) break;
  }
  return Math.exp(logFront) * h;
}

/** Standard normal CDF; tails keep their relative precision (Φ(-8) ≈ 6.2e-16 is not rounded to 0). */
export function normalCdf(z: number): number {
  if (Number.isNaN(z)) return NaN;
  if (z === Infinity) return 1;
  if (z === -Infinity) return 0;
  // erfc(u) = Q(1/2, u²): computing the smaller tail directly avoids 1 - (1 - tiny).
  const tail = 0.5 * upperIncompleteGamma(0.5, (z * z) / 2);
  return z < 0 ? tail : 1 - tail;
}

// Acklam's rational approximation (relative error < 1.15e-9), polished below
// with Halley steps on normalCdf to full double precision.
const AK_A = [-3.969683028665376e1, 2.209460984245205e2, -2.759285104469687e2, 1.38357751867269e2, -3.066479806614716e1, 2.506628277459239];
const AK_B = [-5.447609879822406e1, 1.615858368580409e2, -1.556989798598866e2, 6.680131188771972e1, -1.328068155288572e1];
const AK_C = [-7.784894002430293e-3, -3.223964580411365e-1, -2.400758277161838, -2.549732539343734, 4.374664141464968, 2.938163982698783];
const AK_D = [7.784695709041462e-3, 3.224671290700398e-1, 2.445134137142996, 3.754408661907416];

function acklamLower(p: number): number {
  const [a0, a1, a2, a3, a4, a5] = AK_A as [number, number, number, number, number, number];
  const [b0, b1, b2, b3, b4] = AK_B as [number, number, number, number, number];
  const [c0, c1, c2, c3, c4, c5] = AK_C as [number, number, number, number, number, number];
  const [d0, d1, d2, d3] = AK_D as [number, number, number, number];
  if (p < 0.02425) {
    const q = Math.sqrt(-2 * Math.log(p));
    return (((((c0 * q + c1) * q + c2) * q + c3) * q + c4) * q + c5) / ((((d0 * q + d1) * q + d2) * q + d3) * q + 1);
  }
  const q = p - 0.5;
  const r = q * q;
  return ((((((a0 * r + a1) * r + a2) * r + a3) * r + a4) * r + a5) * q) / (((((b0 * r + b1) * r + b2) * r + b3) * r + b4) * r + 1);
}

export function normalQuantile(p: number): number {
  if (!(p >= 0 && p <= 1)) throw new RangeError(`normalQuantile: p must be in [0, 1], got ${p}`);
  if (p === 0) return -Infinity;
  if (p === 1) return Infinity;
  if (p === 0.5) return 0;
  // Solve in the lower tail, where normalCdf is relatively exact; 1 - p is
  // itself exact for p >= 0.5 (Sterbenz), so nothing is lost by the symmetry.
  if (p > 0.5) return -normalQuantile(1 - p);
  let x = acklamLower(p);
  for (let i = 0; i < 2; i++) {
    const e = normalCdf(x) - p;
    const u = e * Math.sqrt(2 * Math.PI) * Math.exp((x * x) / 2);
    x -= u / (1 + (x * u) / 2);
  }
  return x;
}

function checkDf(df: number, fn: string): void {
  if (!(df > 0)) throw new RangeError(`${fn}: df must be > 0, got ${df}`);
}

/** Student t CDF through I_x(df/2, 1/2) with x = df/(df+t²). */
export function tCdf(t: number, df: number): number {
  checkDf(df, 'tCdf');
  if (Number.isNaN(t)) return NaN;
  // Beyond ~1e10 degrees of freedom the continued fraction gains nothing
  // over the normal limit (the difference is far below double precision
  // of anything the gate compares).
  if (df > 1e10) return normalCdf(t);
  if (t === Infinity) return 1;
  if (t === -Infinity) return 0;
  const t2 = t * t;
  const tail = 0.5 * incompleteBeta(df / 2, 0.5, df / (df + t2), t2 / (df + t2));
  return t < 0 ? tail : 1 - tail;
}

function tPdf(t: number, df: number): number {
  return Math.exp(logGamma((df + 1) / 2) - logGamma(df / 2) - 0.5 * Math.log(df * Math.PI) - ((df + 1) / 2) * Math.log1p((t * t) / df));
}

export function tQuantile(p: number, df: number): number {
  checkDf(df, 'tQuantile');
  if (!(p >= 0 && p <= 1)) throw new RangeError(`tQuantile: p must be in [0, 1], got ${p}`);
  if (p === 0) return -Infinity;
  if (p === 1) return Infinity;
  if (p === 0.5) return 0;
  if (p > 0.5) return -tQuantile(1 - p, df);
  // Closed forms where they exist; they also cover the heaviest tails, where
  // the bracket below would need many doublings.
  if (df === 1) return Math.tan(Math.PI * (p - 0.5));
  if (df === 2) return (2 * p - 1) / Math.sqrt(2 * p * (1 - p));
  if (df > 1e10) return normalQuantile(p);
  // The t lower quantile lies at or below the normal one: bracket from there
  // and polish by Newton steps that fall back to bisection when they leave it.
  let hi = normalQuantile(p);
  let lo = Math.min(2 * hi, -1);
  while (tCdf(lo, df) > p) {
    hi = lo;
    lo *= 2;
    if (!Number.isFinite(lo)) return -Infinity;
  }
  let x = (lo + hi) / 2;
  for (let i = 0; i < 200; i++) {
    const f = tCdf(x, df) - p;
    if (f === 0) return x;
    if (f > 0) hi = x;
    else lo = x;
    let next = x - f / tPdf(x, df);
    if (!(next > lo && next < hi)) next = (lo + hi) / 2;
    if (Math.abs(next - x) <= 1e-15 * Math.max(1, Math.abs(x))) return next;
    x = next;
  }
  return x;
}
