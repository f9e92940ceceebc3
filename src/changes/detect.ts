// Change points of one series (a metric of a cell over the default branch's
// commits, oldest first): E-divisive finds where the level moved, then shifts
// smaller than the minimum relative change are merged away and every kept
// shift gets a bootstrap interval. Pure: no I/O.
import { createRng, type Rng } from '../util/rng.js';
import { eDivisive, type EDivisiveOptions } from './edivisive.js';

interface SeriesPoint {
  commit: string;
  value: number;
}

export interface ChangeOptions extends EDivisiveOptions {
  /** Shifts whose |after/before − 1| is below this are not news (0.02 = 2%). */
  minRelativeChange: number;
  /** Bootstrap resamples for the shift's interval. */
  resamples: number;
  /** Two-sided confidence of the shift's interval (0.95). */
  confidence: number;
}

export const DEFAULT_CHANGE_OPTIONS: Readonly<ChangeOptions> = Object.freeze({
  significance: 0.005,
  permutations: 399,
  minSegment: 3,
  seed: 'llm-perf-gate',
  minRelativeChange: 0.02,
  resamples: 2000,
  confidence: 0.95,
});

export interface Shift {
  /** Index into the series of the first point after the change. */
  index: number;
  /** The first commit after the change. */
  commit: string;
  /** The commit before it (the last one of the old level). */
  previousCommit: string;
  pValue: number;
  /** Means of the segments on either side (bounded by the neighbouring change points). */
  before: number;
  after: number;
  /** after / before − 1. */
  relative: number;
  /** Percentile bootstrap interval of `relative`, each side's segment resampled on its own. */
  interval: [number, number];
  /** Points in the segments on either side. */
  sizes: [number, number];
}

const mean = (a: readonly number[], from = 0, to = a.length): number => {
  let s = 0;
  for (let i = from; i < to; i++) s += a[i]!;
  return s / (to - from);
};

function relativeAt(values: readonly number[], cuts: readonly number[], k: number): number {
  const from = k === 0 ? 0 : cuts[k - 1]!;
  const to = k + 1 < cuts.length ? cuts[k + 1]! : values.length;
  const before = mean(values, from, cuts[k]);
  // A relative shift from a level of zero (an error rate of 0) is undefined:
  // such a split is treated as no change rather than as an infinite one.
  return before === 0 ? 0 : mean(values, cuts[k], to) / before - 1;
}

function resampledMean(values: readonly number[], from: number, to: number, rng: Rng): number {
  const n = to - from;
  let s = 0;
  for (let i = 0; i < n; i++) s += values[from + rng.int(n)]!;
  return s / n;
}

function quantileSorted(a: Float64Array, q: number): number {
  const pos = (a.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.min(lo + 1, a.length - 1);
  return a[lo]! + (a[hi]! - a[lo]!) * (pos - lo);
}

export function detectShifts(points: readonly SeriesPoint[], options: Partial<ChangeOptions> = {}): Shift[] {
  const opts: ChangeOptions = { ...DEFAULT_CHANGE_OPTIONS, ...options };
  if (!(opts.minRelativeChange >= 0) || !Number.isFinite(opts.minRelativeChange)) throw new RangeError(`change points: minRelativeChange must be a number >= 0, got ${opts.minRelativeChange}`);
  if (!(opts.confidence > 0 && opts.confidence < 1)) throw new RangeError(`change points: confidence must be in (0, 1), got ${opts.confidence}`);
  if (!Number.isInteger(opts.resamples) || opts.resamples < 100) throw new RangeError(`change points: resamples must be an integer >= 100, got ${opts.resamples}`);
  const values = points.map((p) => p.value);
  const splits = eDivisive(values, opts);
  const pOf = new Map(splits.map((s) => [s.index, s.pValue]));
  const cuts = splits.map((s) => s.index);

  // Otava's "weak change point" step: drop the smallest shift below the
  // threshold, which merges its two segments, and look again, since the merged
  // segment's mean changes its neighbours' shifts.
  for (;;) {
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
    const from = k === 0 ? 0 : cuts[k - 1]!;
    const to = k + 1 < cuts.length ? cuts[k + 1]! : values.length;
    const before = mean(values, from, cut);
    const after = mean(values, cut, to);
    const draws = new Float64Array(opts.resamples);
    for (let r = 0; r < opts.resamples; r++) draws[r] = resampledMean(values, cut, to, rng) / resampledMean(values, from, cut, rng) - 1;
    draws.sort();
    return {
      index: cut,
      commit: points[cut]!.commit,
      previousCommit: points[cut - 1]!.commit,
      pValue: pOf.get(cut)!,
      before,
      after,
      relative: after / before - 1,
      interval: [quantileSorted(draws, tail), quantileSorted(draws, 1 - tail)],
      sizes: [cut - from, to - cut],
    };
  });
}
