// Welch's t on the logs of per-trial figures (unpaired designs).
import { tCdf, tQuantile } from './special.js';

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
