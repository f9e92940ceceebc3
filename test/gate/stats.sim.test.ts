// Seeded simulations: the bootstrap's coverage and its treatment of trials,
// and its cost. Deterministic (every draw comes from a named seed).
import { describe, expect, it } from 'vitest';
import { createRng, type Rng } from '../../src/util/rng.js';
import { bootstrapRatio, intervalFromDraws } from '../../src/stats/index.js';

/** Lognormal request latencies (median `median` ms, log-sd `sigma`), Box-Muller from the seeded stream. */
function lognormal(rng: Rng, n: number, median: number, sigma: number): number[] {
  const out: number[] = [];
  while (out.length < n) {
    const u = 1 - rng.next();
    const v = rng.next();
    const r = Math.sqrt(-2 * Math.log(u));
    out.push(median * Math.exp(sigma * r * Math.cos(2 * Math.PI * v)));
    if (out.length < n) out.push(median * Math.exp(sigma * r * Math.sin(2 * Math.PI * v)));
  }
  return out;
}

describe('bootstrapRatio simulations', () => {
  it('covers a null p99 ratio at about the nominal 90%', () => {
    // 200 A/A comparisons of 2,000 requests a side. 500 iterations keep the
    // test affordable; a 90% percentile interval is stable at that count.
    const reps = 200;
    let covered = 0;
    for (let r = 0; r < reps; r++) {
      const rng = createRng(`coverage/${r}`);
      const base = lognormal(rng, 2000, 100, 0.5);
      const cand = lognormal(rng, 2000, 100, 0.5);
      const { logDraws } = bootstrapRatio([base], [cand], 0.99, { seed: `coverage/${r}`, iterations: 500 });
      const { lo, hi } = intervalFromDraws(logDraws, 0.9);
      if (lo <= 1 && 1 <= hi) covered++;
    }
    expect(covered / reps).toBeGreaterThanOrEqual(0.82);
    expect(covered / reps).toBeLessThanOrEqual(0.97);
  });

  it('widens the interval when trials differ systematically', () => {
    // Each trial ran at its own machine speed (±15%): pooled requests hide
    // that, drawing whole trials shows it.
    const rng = createRng('trials');
    const base = [0.85, 1, 1.15].map((f) => lognormal(rng, 300, 100 * f, 0.3));
    const cand = [1.1, 0.9, 1].map((f) => lognormal(rng, 300, 100 * f, 0.3));
    const width = (b: number[][], c: number[][]): number => {
      const { lo, hi } = intervalFromDraws(bootstrapRatio(b, c, 0.5, { seed: 'w' }).logDraws, 0.9);
      return Math.log(hi / lo);
    };
    const hierarchical = width(base, cand);
    const pooled = width([base.flat()], [cand.flat()]);
    expect(hierarchical).toBeGreaterThan(2 * pooled);

    // Identical trials: both designs see the same noise (within Monte Carlo error).
    const same = createRng('same');
    const b2 = [0, 1, 2].map(() => lognormal(same, 300, 100, 0.3));
    const c2 = [0, 1, 2].map(() => lognormal(same, 300, 100, 0.3));
    const ratio = width(b2, c2) / width([b2.flat()], [c2.flat()]);
    expect(ratio).toBeGreaterThan(0.8);
    expect(ratio).toBeLessThan(1.8);
  });
});
