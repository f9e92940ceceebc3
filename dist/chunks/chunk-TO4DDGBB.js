import { createRequire as __llmPerfGateRequire } from 'node:module'; const require = __llmPerfGateRequire(import.meta.url);

// src/gate/outcome.ts
var WARN_ALPHA = 0.05;
function mirrorThreshold(threshold) {
  if (!(threshold > 0 && threshold < Infinity)) throw new RangeError(`mirrorThreshold: threshold must be a positive ratio, got ${threshold}`);
  return 1 / threshold;
}
function classifyChange(e, warnAlpha = WARN_ALPHA) {
  if (!(e.lo <= e.estimate && e.estimate <= e.hi)) throw new RangeError(`classifyChange: need lo <= estimate <= hi, got ${e.lo}, ${e.estimate}, ${e.hi}`);
  if (!(warnAlpha > 0 && warnAlpha < 1)) throw new RangeError(`classifyChange: warnAlpha must be in (0, 1), got ${warnAlpha}`);
  const up = e.direction === "up";
  const bad = (v, x) => up ? v > x : v < x;
  const goodOf = (v, x) => up ? v < x : v > x;
  const [goodEnd, badEnd] = up ? [e.lo, e.hi] : [e.hi, e.lo];
  const none = e.scale === "ratio" ? 1 : 0;
  if (bad(goodEnd, e.threshold)) return { verdict: e.level === "warn" ? "warn" : "regressed", rule: "beyond" };
  if (bad(e.estimate, e.threshold)) {
    if (e.pNoChange !== null && e.pNoChange >= warnAlpha) return { verdict: "inconclusive", rule: "estimate-beyond-noisy" };
    return { verdict: "warn", rule: "estimate-beyond" };
  }
  if (goodOf(badEnd, e.good)) return { verdict: "improved", rule: "improved" };
  if (goodOf(e.estimate, e.good) && goodOf(badEnd, none)) return { verdict: "improved", rule: "improved-significant" };
  if (!bad(badEnd, e.threshold)) {
    if (e.tolerance !== void 0 && bad(goodEnd, e.tolerance)) return { verdict: "warn", rule: "within-widened" };
    return { verdict: "unchanged", rule: "within" };
  }
  return { verdict: "inconclusive", rule: "too-wide" };
}

export {
  WARN_ALPHA,
  mirrorThreshold,
  classifyChange
};
