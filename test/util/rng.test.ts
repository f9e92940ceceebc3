import { describe, expect, it } from 'vitest';
import { createRng, exponential, gamma, type Rng } from '../../src/util/rng.js';

function draws(rng: Rng, n: number, f: (r: Rng) => number): number[] {
  const out = new Array<number>(n);
  for (let i = 0; i < n; i++) out[i] = f(rng);
  return out;
}

function meanVar(xs: readonly number[]): { mean: number; variance: number } {
  let sum = 0;
  for (const x of xs) sum += x;
  const mean = sum / xs.length;
  let sq = 0;
  for (const x of xs) sq += (x - mean) ** 2;
  return { mean, variance: sq / (xs.length - 1) };
}

const N = 200_000;

describe('createRng', () => {
  it('is a pure function of the seed material', () => {
    const a = draws(createRng('seed|x'), 1000, (r) => r.next());
    const b = draws(createRng('seed|x'), 1000, (r) => r.next());
    expect(a).toEqual(b);
    const c = draws(createRng('seed|y'), 1000, (r) => r.next());
    expect(c).not.toEqual(a);
  });

  it('keeps producing the pinned stream (prompts depend on it)', () => {
    const rng = createRng('llm-perf-gate');
    const ints = draws(rng, 8, (r) => r.int(1000));
    expect(ints).toEqual([203, 408, 879, 323, 575, 375, 846, 864]);
  });

  it('next() is in [0, 1) with uniform mean and variance', () => {
    const xs = draws(createRng('uniform'), N, (r) => r.next());
    expect(xs.every((x) => x >= 0 && x < 1)).toBe(true);
    const { mean, variance } = meanVar(xs);
    expect(Math.abs(mean - 0.5)).toBeLessThan(0.005);
    expect(Math.abs(variance - 1 / 12)).toBeLessThan(0.002);
  });

  it('int(n) covers 0..n-1 evenly', () => {
    const n = 10;
    const counts = new Array<number>(n).fill(0);
    const rng = createRng('int');
    let outOfRange = 0;
    for (let i = 0; i < N; i++) {
      const k = rng.int(n);
      if (!Number.isInteger(k) || k < 0 || k >= n) outOfRange++;
      else counts[k] = (counts[k] ?? 0) + 1;
    }
    expect(outOfRange).toBe(0);
    const expected = N / n;
    const chi2 = counts.reduce((acc, c) => acc + (c - expected) ** 2 / expected, 0);
    // 9 degrees of freedom: P(chi2 > 27.9) = 0.001.
    expect(chi2).toBeLessThan(27.9);
    expect(createRng('one').int(1)).toBe(0);
  });

  it('int rejects non-positive or fractional bounds', () => {
    const rng = createRng('bad');
    expect(() => rng.int(0)).toThrow(RangeError);
    expect(() => rng.int(2.5)).toThrow(RangeError);
    expect(() => rng.int(2 ** 32 + 1)).toThrow(RangeError);
  });
});

describe('exponential', () => {
  it('has mean 1/rate and variance 1/rate^2', () => {
    const rate = 4;
    const xs = draws(createRng('exp'), N, (r) => exponential(r, rate));
    expect(xs.every((x) => x >= 0 && Number.isFinite(x))).toBe(true);
    const { mean, variance } = meanVar(xs);
    expect(mean).toBeCloseTo(1 / rate, 2);
    expect(Math.abs(variance / (1 / rate ** 2) - 1)).toBeLessThan(0.03);
  });

  it('rejects a non-positive rate', () => {
    expect(() => exponential(createRng('x'), 0)).toThrow(RangeError);
    expect(() => exponential(createRng('x'), -1)).toThrow(RangeError);
  });
});

describe('gamma', () => {
  for (const shape of [0.25, 1, 4]) {
    it(`shape ${shape}: mean shape*scale, variance shape*scale^2`, () => {
      const scale = 2;
      const xs = draws(createRng(`gamma|${shape}`), N, (r) => gamma(r, shape, scale));
      expect(xs.every((x) => x >= 0 && Number.isFinite(x))).toBe(true);
      const { mean, variance } = meanVar(xs);
      const m = shape * scale;
      const v = shape * scale * scale;
      // Standard error of the mean is sqrt(v/N); allow 5 of them.
      expect(Math.abs(mean - m)).toBeLessThan(5 * Math.sqrt(v / N));
      // Sample variance of a gamma is noisier (excess kurtosis 6/shape).
      expect(Math.abs(variance / v - 1)).toBeLessThan(5 * Math.sqrt((6 / shape + 2) / N));
    });
  }

  it('is deterministic for a seed', () => {
    const a = draws(createRng('g'), 100, (r) => gamma(r, 0.5, 1));
    const b = draws(createRng('g'), 100, (r) => gamma(r, 0.5, 1));
    expect(a).toEqual(b);
  });

  it('rejects bad parameters', () => {
    const rng = createRng('x');
    expect(() => gamma(rng, 0, 1)).toThrow(RangeError);
    expect(() => gamma(rng, 1, 0)).toThrow(RangeError);
    expect(() => gamma(rng, Number.NaN, 1)).toThrow(RangeError);
  });
});
