// The statistics behind the gate's verdicts (docs/gate.md, "A metric's verdict"):
// pure, deterministic given a seed, effects as candidate/baseline ratios
// computed on the log scale. Split by concern under ./stats/.
export { quantileSorted, histogramValues } from './stats/quantile.js';
export { bootstrapRatio, intervalFromDraws, pBeyond, minimumDetectableChange } from './stats/bootstrap.js';
export { welchLogRatio, type Direction } from './stats/rank.js';
export { tCdf, tQuantile, normalCdf, normalQuantile } from './stats/special.js';
