import { createRequire as __llmPerfGateRequire } from 'node:module'; const require = __llmPerfGateRequire(import.meta.url);
import {
  histogramValues,
  normalQuantile,
  quantileSorted,
  tCdf,
  tQuantile
} from "./chunk-XOBVNEIF.js";
import {
  createRng
} from "./chunk-4AXL3BU5.js";
import {
  CATALOGUE,
  HEADLINE
} from "./chunk-ND6M4MDT.js";
import {
  HIST_SCALE,
  decodeHistogram
} from "./chunk-A65H3QNL.js";

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
