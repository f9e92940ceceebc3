import { describe, expect, it } from 'vitest';
import { effectiveSize, minSamplesForQuantile, proportionInterval, quantileInterval, quantileRanks } from '../../src/stats/intervals.js';
import { createRng } from '../../src/util/rng.js';

describe('order-statistic quantile intervals', () => {
  it('gives the textbook ranks for the median of 100 (40, 61) and none above for p99 of too few', () => {
    expect(quantileRanks(100, 0.5, 0.95)).toEqual({ l: 40, u: 61 });
    // 1 - 0.99^n >= 0.975 first holds at n = 368.
    expect(minSamplesForQuantile(0.99, 0.95)).toBe(368);
    expect(quantileRanks(367, 0.99, 0.95).u).toBe(368);
    expect(quantileRanks(368, 0.99, 0.95).u).toBe(368);
  });

  it('covers the true p90 of independent uniform data about 95% of the time', () => {
    const rng = createRng('coverage');
    let covered = 0;
    const trials = 400;
    for (let t = 0; t < trials; t++) {
      const xs = Array.from({ length: 200 }, () => rng.next());
      const ci = quantileInterval(xs, 0.9, 0.95);
      if (ci.lo <= 0.9 && 0.9 <= ci.hi) covered++;
    }
    expect(covered / trials).toBeGreaterThan(0.91);
    expect(covered / trials).toBeLessThan(0.995);
  });

  it('counts runs of alike neighbours as fewer samples, and independent ones as about all', () => {
    const rng = createRng('acf');
    const iid = Array.from({ length: 1000 }, () => rng.next());
    // Each value repeated 10 times in a row: about a tenth of the information.
    const runs = Array.from({ length: 1000 }, (_, i) => iid[Math.floor(i / 10)]!);
    expect(effectiveSize(iid, 0.5)).toBeGreaterThan(700);
    expect(effectiveSize(runs, 0.5)).toBeLessThan(200);
    const wide = quantileInterval(runs, 0.5, 0.95);
    const narrow = quantileInterval(iid, 0.5, 0.95);
    expect(wide.hi - wide.lo).toBeGreaterThan(narrow.hi - narrow.lo);
  });

  it('Clopper-Pearson: 0 of 100 gives [0, 0.0362]; 5 of 100 contains 0.05', () => {
    const z = proportionInterval(0, 100, 0.95);
    expect(z.lo).toBe(0);
    expect(z.hi).toBeCloseTo(0.03622, 4);
    const f = proportionInterval(5, 100, 0.95);
    expect(f.lo).toBeCloseTo(0.01643, 4);
    expect(f.hi).toBeCloseTo(0.11283, 4);
  });
});

describe('kneedle', () => {
  it('marks the point farthest below the chord of a hockey stick, and none on a straight line', async () => {
    const { kneedle } = await import('../../src/capacity/sweep.js');
    expect(kneedle([1, 2, 3, 4, 5, 6], [10, 10, 11, 12, 30, 80])).toBe(3);
    expect(kneedle([1, 2, 3, 4], [1, 2, 3, 4])).toBeNull();
    expect(kneedle([1, 2], [1, 9])).toBeNull();
  });
});
