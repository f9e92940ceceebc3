// The statistics behind the gate's verdicts (docs/gate.md, "A metric's verdict"):
// pure, deterministic given a seed, effects as candidate/baseline ratios
// computed on the log scale. Split by concern in this folder, the ground
// floor of src/ (CONTRIBUTING.md, "Layout of src/"): it imports nothing from src/ but util/,
// so the gate, the capacity search, metrics and the client all build on it.
export { quantileSorted, histogramValues } from './quantile.js';
export { bootstrapRatio, intervalFromDraws, pBeyond, minimumDetectableChange } from './bootstrap.js';
export { welchLogRatio, type Direction } from './rank.js';
export { tCdf, tQuantile, normalCdf, normalQuantile } from './special.js';
