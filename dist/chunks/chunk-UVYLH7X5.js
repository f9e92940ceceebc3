import { createRequire as __llmPerfGateRequire } from 'node:module'; const require = __llmPerfGateRequire(import.meta.url);
import {
  pooledValue,
  rulesFor,
  trialStats,
  trialValues
} from "./chunk-FOCLXUDN.js";
import {
  CATALOGUE,
  gatePlanFromStored,
  gatePlanOf,
  metricDef,
  normaliseGate
} from "./chunk-54LALYOF.js";
import {
  createRng
} from "./chunk-SCGBAURB.js";
import {
  UserError
} from "./chunk-26N6UM4G.js";

// src/changes/edivisive.ts
function bestSplit(z, from, to, minSegment) {
  const len = to - from;
  const min = Math.max(2, minSegment);
  if (len < 2 * min) return null;
  const left = new Float64Array(len);
  const right = new Float64Array(len);
  let total = 0;
  for (let i = 0; i < len; i++) {
    const zi = z[from + i];
    for (let j = i + 1; j < len; j++) {
      const d = Math.abs(zi - z[from + j]);
      right[i] += d;
      left[j] += d;
      total += d;
    }
  }
  let withinLeft = 0;
  let withinRight = total;
  let best = null;
  for (let k = 1; k < len; k++) {
    withinLeft += left[k - 1];
    withinRight -= right[k - 1];
    if (k < min || len - k < min) continue;
    const m = k;
    const n = len - k;
    const between = total - withinLeft - withinRight;
    const e = 2 * between / (m * n) - withinLeft / (m * (m - 1) / 2) - withinRight / (n * (n - 1) / 2);
    const q = m * n / (m + n) * e;
    if (best === null || q > best.q) best = { index: from + k, q };
  }
  return best;
}
function shuffleInPlace(a, rng) {
  for (let i = a.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    const t = a[i];
    a[i] = a[j];
    a[j] = t;
  }
}
function permutationP(segment, observed, opts, rng) {
  const work = Float64Array.from(segment);
  const limit = opts.significance * (opts.permutations + 1);
  let atLeast = 1;
  for (let r = 1; r <= opts.permutations; r++) {
    shuffleInPlace(work, rng);
    const b = bestSplit(work, 0, work.length, opts.minSegment);
    if (b !== null && b.q >= observed) atLeast++;
    if (atLeast > limit) return atLeast / (r + 1);
  }
  return atLeast / (opts.permutations + 1);
}
function checkOptions(opts) {
  if (!(opts.significance > 0 && opts.significance < 1)) throw new RangeError(`change points: significance must be in (0, 1), got ${opts.significance}`);
  if (!Number.isInteger(opts.permutations) || opts.permutations < 1 || opts.permutations > 1e5) {
    throw new RangeError(`change points: permutations must be an integer in 1..100000, got ${opts.permutations}`);
  }
  if (1 / (opts.permutations + 1) > opts.significance) {
    throw new RangeError(`change points: ${opts.permutations} permutations cannot reach p <= ${opts.significance}; use at least ${Math.ceil(1 / opts.significance)}`);
  }
  if (!Number.isInteger(opts.minSegment) || opts.minSegment < 2) throw new RangeError(`change points: minSegment must be an integer >= 2, got ${opts.minSegment}`);
}
function eDivisive(values, opts) {
  checkOptions(opts);
  for (const [i, v] of values.entries()) if (!Number.isFinite(v)) throw new RangeError(`change points: value ${i} is not a finite number (${v})`);
  const z = Float64Array.from(values);
  const rng = createRng(`edivisive:${opts.seed}`);
  const found = [];
  let bounds = [0, z.length];
  const maxSplits = Math.floor(z.length / opts.minSegment);
  const cache = /* @__PURE__ */ new Map();
  for (let round = 0; round < maxSplits; round++) {
    let pick = null;
    for (let s = 0; s + 1 < bounds.length; s++) {
      const from = bounds[s];
      const to = bounds[s + 1];
      const key = `${from}:${to}`;
      if (!cache.has(key)) cache.set(key, bestSplit(z, from, to, opts.minSegment));
      const best = cache.get(key);
      if (best !== null && (pick === null || best.q > pick.best.q)) pick = { best, from, to };
    }
    if (pick === null) break;
    const p = permutationP(z.slice(pick.from, pick.to), pick.best.q, opts, rng);
    if (p > opts.significance) break;
    found.push({ index: pick.best.index, pValue: p, q: pick.best.q });
    bounds = [...bounds, pick.best.index].sort((a, b) => a - b);
  }
  return found.sort((a, b) => a.index - b.index);
}

// src/changes/detect.ts
var DEFAULT_CHANGE_OPTIONS = Object.freeze({
  significance: 5e-3,
  permutations: 399,
  minSegment: 3,
  seed: "llm-perf-gate",
  minRelativeChange: 0.02,
  resamples: 2e3,
  confidence: 0.95
});
var mean = (a, from = 0, to = a.length) => {
  let s = 0;
  for (let i = from; i < to; i++) s += a[i];
  return s / (to - from);
};
function relativeAt(values, cuts, k) {
  const from = k === 0 ? 0 : cuts[k - 1];
  const to = k + 1 < cuts.length ? cuts[k + 1] : values.length;
  const before = mean(values, from, cuts[k]);
  return before === 0 ? 0 : mean(values, cuts[k], to) / before - 1;
}
function resampledMean(values, from, to, rng) {
  const n = to - from;
  let s = 0;
  for (let i = 0; i < n; i++) s += values[from + rng.int(n)];
  return s / n;
}
function quantileSorted(a, q) {
  const pos = (a.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.min(lo + 1, a.length - 1);
  return a[lo] + (a[hi] - a[lo]) * (pos - lo);
}
function detectShifts(points, options = {}) {
  const opts = { ...DEFAULT_CHANGE_OPTIONS, ...options };
  if (!(opts.minRelativeChange >= 0) || !Number.isFinite(opts.minRelativeChange)) throw new RangeError(`change points: minRelativeChange must be a number >= 0, got ${opts.minRelativeChange}`);
  if (!(opts.confidence > 0 && opts.confidence < 1)) throw new RangeError(`change points: confidence must be in (0, 1), got ${opts.confidence}`);
  if (!Number.isInteger(opts.resamples) || opts.resamples < 100) throw new RangeError(`change points: resamples must be an integer >= 100, got ${opts.resamples}`);
  const values = points.map((p) => p.value);
  const splits = eDivisive(values, opts);
  const pOf = new Map(splits.map((s) => [s.index, s.pValue]));
  const cuts = splits.map((s) => s.index);
  for (; ; ) {
    let weakest = -1;
    let weakestSize = Infinity;
    for (let k = 0; k < cuts.length; k++) {
      const size = Math.abs(relativeAt(values, cuts, k));
      if (size < opts.minRelativeChange && size < weakestSize) {
        weakest = k;
        weakestSize = size;
      }
    }
    if (weakest < 0) break;
    cuts.splice(weakest, 1);
  }
  const rng = createRng(`shift-interval:${opts.seed}`);
  const tail = (1 - opts.confidence) / 2;
  return cuts.map((cut, k) => {
    const from = k === 0 ? 0 : cuts[k - 1];
    const to = k + 1 < cuts.length ? cuts[k + 1] : values.length;
    const before = mean(values, from, cut);
    const after = mean(values, cut, to);
    const draws = new Float64Array(opts.resamples);
    for (let r = 0; r < opts.resamples; r++) draws[r] = resampledMean(values, cut, to, rng) / resampledMean(values, from, cut, rng) - 1;
    draws.sort();
    return {
      index: cut,
      commit: points[cut].commit,
      previousCommit: points[cut - 1].commit,
      pValue: pOf.get(cut),
      before,
      after,
      relative: after / before - 1,
      interval: [quantileSorted(draws, tail), quantileSorted(draws, 1 - tail)],
      sizes: [cut - from, to - cut]
    };
  });
}

// src/changes/series.ts
function currentGatePlan(history) {
  const newest = history.at(-1);
  const config = newest?.doc.config;
  if (newest !== void 0 && Array.isArray(config?.scenarios) && Array.isArray(config?.loads)) {
    try {
      return gatePlanFromStored(config, `${newest.commit.slice(0, 12)} (stored config)`);
    } catch (err) {
      if (!(err instanceof UserError)) throw err;
    }
  }
  return gatePlanOf(normaliseGate(void 0), void 0);
}
function acceptedStep(doc) {
  const a = doc.gate?.accepted;
  return a ? { by: a.by, at: a.at, reason: a.reason, via: a.via, pullRequest: doc.gate?.pull_request ?? null } : null;
}
function trialFigures(cell, def) {
  return (def.dist === null ? trialValues(cell, def) : trialStats(cell, def)).filter(Number.isFinite);
}
function buildSeries(history, extra = []) {
  for (const id of extra) if (metricDef(id) === void 0) throw new RangeError(`unknown metric '${id}'; known: ${CATALOGUE.map((d) => d.id).join(", ")}`);
  const gate = currentGatePlan(history);
  const out = /* @__PURE__ */ new Map();
  for (const h of history) {
    for (const cell of h.doc.cells) {
      for (const rule of rulesFor(gate, cell.scenario.name, cell.load.kind)) {
        const def = rule.def;
        if (!rule.gated && !extra.includes(def.id)) continue;
        if (def.kind === "absolute" && !extra.includes(def.id)) continue;
        const value = pooledValue(cell, def);
        const key = `${cell.id}\0${def.id}`;
        let s = out.get(key);
        if (s === void 0) {
          s = { cell: cell.id, metric: def.id, unit: def.unit, direction: def.direction, gated: rule.gated, tolerance: rule.tolerance, floor: rule.floor, points: [] };
          out.set(key, s);
        }
        if (value === null || !Number.isFinite(value)) continue;
        const trials = trialFigures(cell, def);
        const point = { commit: h.commit, value, trialRange: trials.length >= 2 ? [Math.min(...trials), Math.max(...trials)] : null };
        const accepted = acceptedStep(h.doc);
        if (accepted !== null) point.accepted = accepted;
        s.points.push(point);
      }
    }
  }
  return [...out.values()];
}
var worse = (s, sh) => s.direction === "higher" ? sh.relative < 0 : sh.relative > 0;
function seriesChanges(s, options = {}) {
  const shifts = detectShifts(s.points, { ...options, seed: `${options.seed ?? "llm-perf-gate"}:${s.cell}:${s.metric}` });
  return shifts.map((sh) => ({
    ...sh,
    cell: s.cell,
    metric: s.metric,
    unit: s.unit,
    direction: s.direction,
    worse: worse(s, sh),
    // An acceptance is of a regression: it explains a step for the worse only.
    accepted: worse(s, sh) ? s.points[sh.index]?.accepted ?? null : null
  }));
}
function findChanges(series, options = {}) {
  return series.flatMap((s) => seriesChanges(s, options));
}
var SAME_CHANGE_WITHIN = 2;
function newChanges(series, options = {}) {
  return series.flatMap((s) => {
    const now = seriesChanges(s, options);
    if (now.length === 0) return [];
    const before = seriesChanges({ ...s, points: s.points.slice(0, -1) }, options);
    return now.filter((c) => !before.some((b) => Math.abs(b.index - c.index) <= SAME_CHANGE_WITHIN && Math.sign(b.relative) === Math.sign(c.relative)));
  });
}
var pct = (x) => `${(Math.abs(x) * 100).toFixed(1)}%`;
function describeAcceptance(a) {
  return `accepted by @${a.by}${a.pullRequest === null ? "" : ` in pull request #${a.pullRequest}`} (${a.via}${a.at ? `, ${a.at.slice(0, 10)}` : ""}): ${a.reason || "no reason given"}`;
}
function describeChange(c) {
  const [lo, hi] = c.interval;
  const a = Math.min(Math.abs(lo), Math.abs(hi));
  const b = Math.max(Math.abs(lo), Math.abs(hi));
  const range = lo < 0 && hi > 0 ? `${(lo * 100).toFixed(1)}% to +${(hi * 100).toFixed(1)}%` : `${(a * 100).toFixed(1)}-${(b * 100).toFixed(1)}%`;
  return `${c.metric} of ${c.cell} stepped ${c.relative < 0 ? "down" : "up"} ${pct(c.relative)} (${range}) at ${c.commit.slice(0, 7)} (${c.worse ? "worse" : "better"}; p = ${c.pValue.toPrecision(2)})${c.accepted ? `; ${describeAcceptance(c.accepted)}` : ""}`;
}

export {
  DEFAULT_CHANGE_OPTIONS,
  buildSeries,
  findChanges,
  newChanges,
  describeChange
};
