import { createRequire as __llmPerfGateRequire } from 'node:module'; const require = __llmPerfGateRequire(import.meta.url);
import {
  HIST_SCALE,
  decodeHistogram
} from "./chunk-A65H3QNL.js";

// src/stats/quantile.ts
function checkQ(q, fn) {
  if (!(q >= 0 && q <= 1)) throw new RangeError(`${fn}: q must be in [0, 1], got ${q}`);
}
function quantileSorted(sorted, q) {
  checkQ(q, "quantileSorted");
  const n = sorted.length;
  if (n === 0) throw new RangeError("quantileSorted: empty data");
  const h = (n - 1) * q;
  const i = Math.floor(h);
  const lo = sorted[i];
  if (i + 1 >= n) return lo;
  const frac = h - i;
  const hi = sorted[i + 1];
  if (frac === 0 || lo === hi) return lo;
  if (hi === Infinity) return Infinity;
  if (lo === -Infinity) return -Infinity;
  return lo + frac * (hi - lo);
}
function isBucketWalk(h) {
  const w = h;
  return typeof w.getCountAtIndex === "function" && typeof w.valueFromIndex === "function" && typeof w.countsArrayLength === "number";
}
var DEFAULT_HISTOGRAM_CAP = 1e4;
function histogramValues(encoded, cap = DEFAULT_HISTOGRAM_CAP) {
  if (!Number.isInteger(cap) || cap < 1) throw new RangeError(`histogramValues: cap must be a positive integer, got ${cap}`);
  const h = decodeHistogram(encoded);
  try {
    if (!isBucketWalk(h)) throw new TypeError("histogramValues: decoded histogram does not expose its buckets");
    const total = h.totalCount;
    const m = Math.min(total, cap);
    const out = new Float64Array(m);
    if (m === 0) return out;
    const thin = total > cap;
    let emitted = 0;
    let cumulative = 0;
    let target = thin ? Math.floor(0.5 * total / cap) : 0;
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
        target = Math.floor((emitted + 0.5) * total / cap);
      }
    }
    return out;
  } finally {
    h.destroy();
  }
}

// src/stats/special.ts
var LOG_SQRT_2PI = 0.5 * Math.log(2 * Math.PI);
var LANCZOS = [
  0.9999999999998099,
  676.5203681218851,
  -1259.1392167224028,
  771.3234287776531,
  -176.6150291621406,
  12.507343278686905,
  -0.13857109526572012,
  9984369578019572e-21,
  15056327351493116e-23
];
function logGamma(x) {
  if (x < 0.5) {
    return Math.log(Math.PI / Math.abs(Math.sin(Math.PI * x))) - logGamma(1 - x);
  }
  const z = x - 1;
  let a = LANCZOS[0];
  const t = z + 7.5;
  for (let i = 1; i < 9; i++) a += LANCZOS[i] / (z + i);
  return LOG_SQRT_2PI + (z + 0.5) * Math.log(t) - t + Math.log(a);
}
var EPS = 1e-16;
var TINY = 1e-300;
var MAX_ITER = 1e4;
function betaContinuedFraction(a, b, x) {
  const qab = a + b;
  const qap = a + 1;
  const qam = a - 1;
  let c = 1;
  let d = 1 - qab * x / qap;
  if (Math.abs(d) < TINY) d = TINY;
  d = 1 / d;
  let h = d;
  for (let m = 1; m <= MAX_ITER; m++) {
    const m2 = 2 * m;
    let aa = m * (b - m) * x / ((qam + m2) * (a + m2));
    d = 1 + aa * d;
    if (Math.abs(d) < TINY) d = TINY;
    c = 1 + aa / c;
    if (Math.abs(c) < TINY) c = TINY;
    d = 1 / d;
    h *= d * c;
    aa = -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2));
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
function incompleteBeta(a, b, x, y = 1 - x) {
  if (x <= 0) return 0;
  if (y <= 0) return 1;
  const logFront = logGamma(a + b) - logGamma(a) - logGamma(b) + a * Math.log(x) + b * Math.log(y);
  if (x < (a + 1) / (a + b + 2)) return Math.exp(logFront) * betaContinuedFraction(a, b, x) / a;
  return 1 - Math.exp(logFront) * betaContinuedFraction(b, a, y) / b;
}
function upperIncompleteGamma(a, x) {
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
function normalCdf(z) {
  if (Number.isNaN(z)) return NaN;
  if (z === Infinity) return 1;
  if (z === -Infinity) return 0;
  const tail = 0.5 * upperIncompleteGamma(0.5, z * z / 2);
  return z < 0 ? tail : 1 - tail;
}
var AK_A = [-39.69683028665376, 220.9460984245205, -275.9285104469687, 138.357751867269, -30.66479806614716, 2.506628277459239];
var AK_B = [-54.47609879822406, 161.5858368580409, -155.6989798598866, 66.80131188771972, -13.28068155288572];
var AK_C = [-0.007784894002430293, -0.3223964580411365, -2.400758277161838, -2.549732539343734, 4.374664141464968, 2.938163982698783];
var AK_D = [0.007784695709041462, 0.3224671290700398, 2.445134137142996, 3.754408661907416];
function acklamLower(p) {
  const [a0, a1, a2, a3, a4, a5] = AK_A;
  const [b0, b1, b2, b3, b4] = AK_B;
  const [c0, c1, c2, c3, c4, c5] = AK_C;
  const [d0, d1, d2, d3] = AK_D;
  if (p < 0.02425) {
    const q2 = Math.sqrt(-2 * Math.log(p));
    return (((((c0 * q2 + c1) * q2 + c2) * q2 + c3) * q2 + c4) * q2 + c5) / ((((d0 * q2 + d1) * q2 + d2) * q2 + d3) * q2 + 1);
  }
  const q = p - 0.5;
  const r = q * q;
  return (((((a0 * r + a1) * r + a2) * r + a3) * r + a4) * r + a5) * q / (((((b0 * r + b1) * r + b2) * r + b3) * r + b4) * r + 1);
}
function normalQuantile(p) {
  if (!(p >= 0 && p <= 1)) throw new RangeError(`normalQuantile: p must be in [0, 1], got ${p}`);
  if (p === 0) return -Infinity;
  if (p === 1) return Infinity;
  if (p === 0.5) return 0;
  if (p > 0.5) return -normalQuantile(1 - p);
  let x = acklamLower(p);
  for (let i = 0; i < 2; i++) {
    const e = normalCdf(x) - p;
    const u = e * Math.sqrt(2 * Math.PI) * Math.exp(x * x / 2);
    x -= u / (1 + x * u / 2);
  }
  return x;
}
function checkDf(df, fn) {
  if (!(df > 0)) throw new RangeError(`${fn}: df must be > 0, got ${df}`);
}
function tCdf(t, df) {
  checkDf(df, "tCdf");
  if (Number.isNaN(t)) return NaN;
  if (df > 1e10) return normalCdf(t);
  if (t === Infinity) return 1;
  if (t === -Infinity) return 0;
  const t2 = t * t;
  const tail = 0.5 * incompleteBeta(df / 2, 0.5, df / (df + t2), t2 / (df + t2));
  return t < 0 ? tail : 1 - tail;
}
function tPdf(t, df) {
  return Math.exp(
    logGamma((df + 1) / 2) - logGamma(df / 2) - 0.5 * Math.log(df * Math.PI) - (df + 1) / 2 * Math.log1p(t * t / df)
  );
}
function tQuantile(p, df) {
  checkDf(df, "tQuantile");
  if (!(p >= 0 && p <= 1)) throw new RangeError(`tQuantile: p must be in [0, 1], got ${p}`);
  if (p === 0) return -Infinity;
  if (p === 1) return Infinity;
  if (p === 0.5) return 0;
  if (p > 0.5) return -tQuantile(1 - p, df);
  if (df === 1) return Math.tan(Math.PI * (p - 0.5));
  if (df === 2) return (2 * p - 1) / Math.sqrt(2 * p * (1 - p));
  if (df > 1e10) return normalQuantile(p);
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

export {
  quantileSorted,
  histogramValues,
  incompleteBeta,
  normalCdf,
  normalQuantile,
  tCdf,
  tQuantile
};
