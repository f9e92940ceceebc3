import { createRequire as __llmPerfGateRequire } from 'node:module'; const require = __llmPerfGateRequire(import.meta.url);
import {
  CATALOGUE,
  HEADLINE
} from "./chunk-54LALYOF.js";
import {
  HIST_SCALE,
  createRng,
  decodeHistogram
} from "./chunk-SCGBAURB.js";

// src/gate/policy.ts
var DEFAULT_GATED = {
  [HEADLINE.throughput]: "always",
  error_rate: "always",
  [HEADLINE.ttft.concurrency]: "concurrency",
  [HEADLINE.ttft.rate]: "rate",
  [HEADLINE.decode]: "always"
};
var RATE_TOLERANCE = 0.05;
var STAT_TOLERANCE = { mean: 0.05, p50: 0.05, p90: 0.1, p95: 0.1, p99: 0.15 };
var DIST_FLOOR = { ttft_ms: 5, queued_ttft_ms: 5, tpot_ms: 1, itl_ms: 1, e2e_ms: 5, queued_e2e_ms: 5, user_tps: 1 };
var RATE_FLOOR = { rps: 0.01, input_tps: 1, output_tps: 1, total_tps: 1, goodput_rps: 0.01 };
var ERROR_RATE_TOLERANCE = 0.01;
var EFFICIENCY_TOLERANCE = 0.05;
function defaultTolerance(def) {
  if (def.dist !== null) return STAT_TOLERANCE[def.dist.stat];
  if (def.kind === "efficiency") return EFFICIENCY_TOLERANCE;
  return def.kind === "absolute" ? ERROR_RATE_TOLERANCE : RATE_TOLERANCE;
}
function defaultFloor(def) {
  if (def.dist !== null) return DIST_FLOOR[def.dist.key];
  return def.kind === "absolute" || def.kind === "efficiency" ? 0 : RATE_FLOOR[def.id];
}
function gatedByDefault(def, loadKind) {
  const when = DEFAULT_GATED[def.id];
  return when === "always" || when === loadKind;
}
function mergedOverride(gate, scenario, id) {
  return { ...gate.metrics[id], ...scenario === null ? void 0 : gate.scenarios[scenario]?.[id] };
}
function scenarioOverrides(gate, scenario, id, field) {
  return gate.scenarios[scenario]?.[id]?.[field] !== void 0;
}
function ruleFor(def, gate, scenario, loadKind) {
  const merged = mergedOverride(gate, scenario, def.id);
  return {
    def,
    gated: merged.gate ?? gatedByDefault(def, loadKind),
    tolerance: merged.tolerance ?? defaultTolerance(def),
    floor: merged.floor ?? defaultFloor(def),
    level: merged.level ?? "fail"
  };
}
function rulesFor(gate, scenario, loadKind) {
  return CATALOGUE.map((def) => ruleFor(def, gate, scenario, loadKind));
}
function thresholdRatio(rule, b) {
  return ratioThreshold(rule.def.direction, rule.tolerance, rule.floor, b);
}
function ratioThreshold(direction, tolerance, floor, b) {
  const up = direction === "lower";
  let thr;
  if (b === null || b <= 0) thr = up ? 1 + tolerance : 1 - tolerance;
  else thr = up ? Math.max(1 + tolerance, (b + floor) / b) : Math.min(1 - tolerance, (b - floor) / b);
  return thr <= 0 ? 1e-9 : thr;
}
function relativeToLog(frac, direction) {
  if (direction === "lower") return Math.log1p(frac);
  return frac >= 1 ? Infinity : -Math.log1p(-frac);
}
function logToRelative(x, direction) {
  if (x === Infinity) return direction === "lower" ? Infinity : 1;
  return direction === "lower" ? Math.expm1(x) : -Math.expm1(-x);
}
function floorLog(rule, b) {
  if (b === null || b <= 0) return 0;
  if (rule.def.direction === "lower") return Math.log((b + rule.floor) / b);
  return b - rule.floor <= 0 ? Infinity : -Math.log((b - rule.floor) / b);
}
function thresholdLog(rule, b) {
  return Math.max(relativeToLog(rule.tolerance, rule.def.direction), floorLog(rule, b));
}
function iterationsFor(rule, gate) {
  return rule.gated ? gate.bootstrapIterations : Math.max(200, Math.round(gate.bootstrapIterations / 4));
}
function percentileOf(stat) {
  return stat === "mean" ? null : Number(stat.slice(1));
}

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
  return Math.exp(logGamma((df + 1) / 2) - logGamma(df / 2) - 0.5 * Math.log(df * Math.PI) - (df + 1) / 2 * Math.log1p(t * t / df));
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

// src/stats/bootstrap.ts
function checkStat(stat) {
  if (stat !== "mean" && !(typeof stat === "number" && stat > 0 && stat < 1)) {
    throw new RangeError(`bootstrapRatio: stat must be 'mean' or a quantile in (0, 1), got ${String(stat)}`);
  }
}
function prepareSide(trials, side) {
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
  const order = Array.from({ length: total }, (_, i) => i).sort((a, b) => pooled[a] - pooled[b]);
  const sorted = new Float64Array(total);
  const rankOf = new Int32Array(total);
  order.forEach((idx, pos) => {
    sorted[pos] = pooled[idx];
    rankOf[idx] = pos;
  });
  return { sorted, starts, lengths, rankOf, pooled, counts: new Uint32Array(total) };
}
function quantileFromCounts(counts, sorted, m, q) {
  const h = (m - 1) * q;
  const k = Math.floor(h);
  const frac = h - k;
  const n = counts.length;
  let atK = NaN;
  let atK1 = NaN;
  if (q <= 0.5) {
    let cum = 0;
    for (let p = 0; p < n; p++) {
      cum += counts[p];
      if (cum > k && Number.isNaN(atK)) atK = sorted[p];
      if (cum > k + 1) {
        atK1 = sorted[p];
        break;
      }
    }
  } else {
    let cum = 0;
    for (let p = n - 1; p >= 0; p--) {
      cum += counts[p];
      if (cum > m - 2 - k && Number.isNaN(atK1)) atK1 = sorted[p];
      if (cum > m - 1 - k) {
        atK = sorted[p];
        break;
      }
    }
  }
  if (frac === 0 || k + 1 >= m) return atK;
  return atK + frac * (atK1 - atK);
}
function resampleStat(s, rng, stat) {
  const k = s.starts.length;
  if (stat === "mean") {
    let sum = 0;
    let m2 = 0;
    for (let j = 0; j < k; j++) {
      const t = k === 1 ? 0 : Math.floor(rng.next() * k);
      const start = s.starts[t];
      const n = s.lengths[t];
      for (let i = 0; i < n; i++) sum += s.pooled[start + Math.floor(rng.next() * n)];
      m2 += n;
    }
    return sum / m2;
  }
  const counts = s.counts;
  counts.fill(0);
  let m = 0;
  if (k === 1) {
    const n = s.lengths[0];
    for (let i = 0; i < n; i++) counts[Math.floor(rng.next() * n)]++;
    m = n;
  } else {
    for (let j = 0; j < k; j++) {
      const t = Math.floor(rng.next() * k);
      const start = s.starts[t];
      const n = s.lengths[t];
      for (let i = 0; i < n; i++) counts[s.rankOf[start + Math.floor(rng.next() * n)]]++;
      m += n;
    }
  }
  return quantileFromCounts(counts, s.sorted, m, stat);
}
function fullStat(s, stat) {
  if (stat !== "mean") return quantileSorted(s.sorted, stat);
  let sum = 0;
  for (const v of s.pooled) sum += v;
  return sum / s.pooled.length;
}
function logRatio(cand, base) {
  return cand === base ? 0 : Math.log(cand / base);
}
function bootstrapRatio(base, cand, stat, opts) {
  checkStat(stat);
  const iterations = opts.iterations ?? 2e3;
  if (!Number.isInteger(iterations) || iterations < 1) {
    throw new RangeError(`bootstrapRatio: iterations must be a positive integer, got ${iterations}`);
  }
  const b = prepareSide(base, "base");
  const c = prepareSide(cand, "cand");
  const estimate = Math.exp(logRatio(fullStat(c, stat), fullStat(b, stat)));
  const rng = createRng(`${opts.seed}\0bootstrapRatio`);
  const logDraws = new Float64Array(iterations);
  for (let it = 0; it < iterations; it++) {
    const sb = resampleStat(b, rng, stat);
    const sc = resampleStat(c, rng, stat);
    logDraws[it] = logRatio(sc, sb);
  }
  logDraws.sort();
  return { estimate, logDraws };
}
function checkLevel(level, fn) {
  if (!(level > 0 && level < 1)) throw new RangeError(`${fn}: level must be in (0, 1), got ${level}`);
}
function intervalFromDraws(logDraws, level) {
  checkLevel(level, "intervalFromDraws");
  if (logDraws.length === 0) throw new RangeError("intervalFromDraws: no draws");
  return {
    lo: Math.exp(quantileSorted(logDraws, (1 - level) / 2)),
    hi: Math.exp(quantileSorted(logDraws, (1 + level) / 2))
  };
}
function countAtMost(sorted, x) {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = lo + hi >>> 1;
    if (sorted[mid] <= x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
function countBelow(sorted, x) {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = lo + hi >>> 1;
    if (sorted[mid] < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
function pBeyond(logDraws, threshold, direction) {
  if (!(threshold > 0 && threshold < Infinity)) throw new RangeError(`pBeyond: threshold must be a positive ratio, got ${threshold}`);
  const t = Math.log(threshold);
  const n = logDraws.length;
  const h0 = direction === "up" ? countAtMost(logDraws, t) : n - countBelow(logDraws, t);
  return (1 + h0) / (1 + n);
}
function minimumDetectableChange(lo, hi, level) {
  checkLevel(level, "minimumDetectableChange");
  if (!(lo <= hi)) throw new RangeError(`minimumDetectableChange: need lo <= hi, got ${lo}, ${hi}`);
  if (!(lo > 0) || hi === Infinity) return Infinity;
  const z = normalQuantile((1 + level) / 2);
  const se = (Math.log(hi) - Math.log(lo)) / (2 * z);
  return Math.expm1((z + normalQuantile(0.8)) * se);
}

// src/stats/rank.ts
function checkLevel2(level, fn) {
  if (!(level > 0 && level < 1)) throw new RangeError(`${fn}: level must be in (0, 1), got ${level}`);
}
function checkThreshold(threshold, fn) {
  if (!(threshold > 0 && threshold < Infinity)) throw new RangeError(`${fn}: threshold must be a positive ratio, got ${threshold}`);
}
function logsOf(values, fn) {
  return Float64Array.from(values, (v) => {
    if (!(v > 0 && v < Infinity)) throw new RangeError(`${fn}: values must be finite and > 0, got ${v}`);
    return Math.log(v);
  });
}
function meanVar(a) {
  let s = 0;
  for (const v of a) s += v;
  const mean = s / a.length;
  let ss = 0;
  for (const v of a) ss += (v - mean) * (v - mean);
  return { mean, variance: ss / (a.length - 1) };
}
function welchLogRatio(base, cand, level, threshold, direction) {
  checkLevel2(level, "welchLogRatio");
  checkThreshold(threshold, "welchLogRatio");
  if (base.length < 2 || cand.length < 2) return null;
  const x = meanVar(logsOf(base, "welchLogRatio"));
  const y = meanVar(logsOf(cand, "welchLogRatio"));
  const a = x.variance / base.length;
  const b = y.variance / cand.length;
  const diff = y.mean - x.mean;
  const estimate = Math.exp(diff);
  const se = Math.sqrt(a + b);
  const excess = diff - Math.log(threshold);
  if (se === 0) {
    const beyond = direction === "up" ? excess > 0 : excess < 0;
    return { estimate, lo: estimate, hi: estimate, p: beyond ? 0 : 1, df: base.length + cand.length - 2 };
  }
  const df = (a + b) ** 2 / (a * a / (base.length - 1) + b * b / (cand.length - 1));
  const half = tQuantile((1 + level) / 2, df) * se;
  const t = excess / se;
  const p = direction === "up" ? tCdf(-t, df) : tCdf(t, df);
  return { estimate, lo: Math.exp(diff - half), hi: Math.exp(diff + half), p, df };
}

// src/gate/extract.ts
var SAMPLED = /* @__PURE__ */ new Set(["ttft_ms", "queued_ttft_ms", "e2e_ms", "tpot_ms"]);
function distValue(d, stat) {
  if (d === null) return null;
  const v = d[stat];
  if (v !== null) return v;
  const h = decodeHistogram(d.hist);
  return h.getValueAtPercentile(percentileOf(stat) ?? NaN) / HIST_SCALE;
}
function pooledValue(cell, def) {
  if (def.dist !== null) {
    const d = cell.metrics[def.dist.key];
    return d === null ? null : d[def.dist.stat];
  }
  if (def.id === "error_rate") return cell.metrics.error_rate;
  return cell.metrics[def.id] ?? null;
}
function trialValues(cell, def) {
  return cell.trials.map((t) => def.id === "error_rate" ? t.metrics.error_rate : t.metrics[def.id] ?? NaN).filter(Number.isFinite);
}
var HIST_VALUES_PER_TRIAL = 2e3;
var cache = /* @__PURE__ */ new WeakMap();
function trialSamples(cell, def) {
  const key = def.dist.key;
  let byKey = cache.get(cell);
  if (byKey === void 0) cache.set(cell, byKey = /* @__PURE__ */ new Map());
  const hit = byKey.get(key);
  if (hit !== void 0) return hit;
  let out;
  if (SAMPLED.has(key)) {
    const all = cell.metrics.samples[key];
    out = cell.trials.map((t) => all.slice(t.samples.from, t.samples.to).filter((v) => v !== null));
  } else {
    out = cell.trials.map((t) => {
      const d = t.metrics[key];
      return d === null ? [] : Array.from(histogramValues(d.hist, HIST_VALUES_PER_TRIAL));
    });
  }
  byKey.set(key, out);
  return out;
}
function trialStats(cell, def) {
  const { key, stat } = def.dist;
  return cell.trials.map((t) => distValue(t.metrics[key], stat) ?? NaN);
}

export {
  quantileSorted,
  incompleteBeta,
  normalCdf,
  normalQuantile,
  tCdf,
  tQuantile,
  bootstrapRatio,
  intervalFromDraws,
  pBeyond,
  minimumDetectableChange,
  welchLogRatio,
  defaultTolerance,
  mergedOverride,
  scenarioOverrides,
  rulesFor,
  thresholdRatio,
  ratioThreshold,
  logToRelative,
  floorLog,
  thresholdLog,
  iterationsFor,
  percentileOf,
  distValue,
  pooledValue,
  trialValues,
  trialSamples,
  trialStats
};
