// E-divisive means (Matteson & James 2014, "A nonparametric approach for
// multiple change point analysis of multivariate data"), the method Apache
// Otava and MongoDB's signal-processing use on performance series: split the
// series where the energy distance between the two sides is largest, keep
// the split only when a permutation test says such a distance is unlikely
// without a change, and repeat on the pieces. Pure: no I/O; every random
// draw comes from the seeded generator, so a series gives the same answer on
// every machine.
import { createRng, type Rng } from '../util/rng.js';

export interface EDivisiveOptions {
  /** Keep a split when its permutation p-value is at most this. */
  significance: number;
  /** Permutations per test; the smallest p-value reachable is 1 / (permutations + 1). */
  permutations: number;
  /** Fewest points on either side of a split. */
  minSegment: number;
  /** Seed material for the permutations. */
  seed: string;
}

interface Split {
  /** Index of the first point after the change. */
  index: number;
  /** Permutation p-value of the split when it was accepted. */
  pValue: number;
  /** The scaled energy distance q̂ between the two sides. */
  q: number;
}

interface Best {
  index: number;
  q: number;
}

/**
 * The best split of z[from, to) under the energy statistic with exponent 1:
 * q̂(τ) = mn/(m+n) · (2/(mn)·Σ|x−y| − Σ_{i<k}|x_i−x_k|/C(m,2) − Σ_{j<k}|y_j−y_k|/C(n,2)),
 * x the m points before τ and y the n points from τ. O(len²) through row sums.
 */
export function bestSplit(z: ArrayLike<number>, from: number, to: number, minSegment: number): Best | null {
  const len = to - from;
  const min = Math.max(2, minSegment);
  if (len < 2 * min) return null;
  // left[i]: Σ_{j<i} |z_i − z_j|, right[i]: Σ_{j>i} |z_i − z_j|, within the segment.
  const left = new Float64Array(len);
  const right = new Float64Array(len);
  let total = 0;
  for (let i = 0; i < len; i++) {
    const zi = z[from + i]!;
    for (let j = i + 1; j < len; j++) {
      const d = Math.abs(zi - z[from + j]!);
      right[i]! += d;
      left[j]! += d;
      total += d;
    }
  }
  let withinLeft = 0;
  let withinRight = total;
  let best: Best | null = null;
  // τ = k: x = [0, k), y = [k, len).
  for (let k = 1; k < len; k++) {
    withinLeft += left[k - 1]!;
    withinRight -= right[k - 1]!;
    if (k < min || len - k < min) continue;
    const m = k;
    const n = len - k;
    const between = total - withinLeft - withinRight;
    const e = (2 * between) / (m * n) - withinLeft / ((m * (m - 1)) / 2) - withinRight / ((n * (n - 1)) / 2);
    const q = ((m * n) / (m + n)) * e;
    if (best === null || q > best.q) best = { index: from + k, q };
  }
  return best;
}

function shuffleInPlace(a: Float64Array, rng: Rng): void {
  for (let i = a.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    const t = a[i]!;
    a[i] = a[j]!;
    a[j] = t;
  }
}

/**
 * Permutation p-value of the best split of a segment: the share of shuffles
 * whose best split is at least as strong, counting the observed order once.
 * Stops as soon as the p-value can no longer reach the significance level
 * (it is then reported as that lower bound), which keeps series without a
 * change cheap.
 */
function permutationP(segment: Float64Array, observed: number, opts: EDivisiveOptions, rng: Rng): number {
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

function checkOptions(opts: EDivisiveOptions): void {
  if (!(opts.significance > 0 && opts.significance < 1)) throw new RangeError(`change points: significance must be in (0, 1), got ${opts.significance}`);
  if (!Number.isInteger(opts.permutations) || opts.permutations < 1 || opts.permutations > 100_000) {
    throw new RangeError(`change points: permutations must be an integer in 1..100000, got ${opts.permutations}`);
  }
  if (1 / (opts.permutations + 1) > opts.significance) {
    throw new RangeError(`change points: ${opts.permutations} permutations cannot reach p <= ${opts.significance}; use at least ${Math.ceil(1 / opts.significance)}`);
  }
  if (!Number.isInteger(opts.minSegment) || opts.minSegment < 2) throw new RangeError(`change points: minSegment must be an integer >= 2, got ${opts.minSegment}`);
}

/**
 * Hierarchical E-divisive: the strongest split over all current segments is
 * tested; a significant one is kept and its two sides searched again; the
 * first insignificant one ends the search (Matteson & James, section 3).
 * Returns the splits in series order.
 */
export function eDivisive(values: readonly number[], opts: EDivisiveOptions): Split[] {
  checkOptions(opts);
  for (const [i, v] of values.entries()) if (!Number.isFinite(v)) throw new RangeError(`change points: value ${i} is not a finite number (${v})`);
  const z = Float64Array.from(values);
  const rng = createRng(`edivisive:${opts.seed}`);
  const found: Split[] = [];
  let bounds = [0, z.length];
  // Every accepted split leaves two segments of at least minSegment points.
  const maxSplits = Math.floor(z.length / opts.minSegment);
  const cache = new Map<string, Best | null>();
  for (let round = 0; round < maxSplits; round++) {
    let pick: { best: Best; from: number; to: number } | null = null;
    for (let s = 0; s + 1 < bounds.length; s++) {
      const from = bounds[s]!;
      const to = bounds[s + 1]!;
      const key = `${from}:${to}`;
      if (!cache.has(key)) cache.set(key, bestSplit(z, from, to, opts.minSegment));
      const best = cache.get(key)!;
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
