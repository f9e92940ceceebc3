// A ramp's arrival schedule (src/shapes/ramp.ts through the shapes' table): the
// rate it asks for per step, its determinism from the seed, the shards'
// split of the one schedule, and fixed-rate loads left as they were.
import { describe, expect, it } from 'vitest';
import type { RampPlan } from '../../src/config/plan.js';
import { arrivalOffsets } from '../../src/load/schedule.js';
import { ownsRequest } from '../../src/load/shard.js';
import { drawnArrivals, rampSchedule as rampOffsets, type LoadPlan, type RampLoad } from '../../src/shapes/index.js';
import { rampExpected, rampMeanRate, rampRateAt, rampStepOf, rampStepRate } from '../../src/shapes/ramp.js';

function ramp(over: Partial<RampPlan> = {}): RampPlan {
  return { fromRps: 10, toRps: 50, durationMs: 100_000, shape: 'linear', steps: 4, saturation: null, ...over };
}

function rampLoad(r: RampPlan): RampLoad {
  return { shape: 'ramp', label: `ramp=${r.fromRps}..${r.toRps}/s,${r.durationMs / 1000}s,${r.shape}=${r.steps}`, rate: rampMeanRate(r), ramp: r };
}

/** Arrivals per step of `offsets`. */
function perStep(r: RampPlan, offsets: ArrayLike<number>): number[] {
  const n = new Array<number>(r.steps).fill(0);
  for (let i = 0; i < offsets.length; i++) n[rampStepOf(r, offsets[i]!)]!++;
  return n;
}

describe('a ramp schedule', () => {
  it('linear: the rate moves from `from` to `to`, and its integral is the expected count', () => {
    const r = ramp();
    expect(rampRateAt(r, 0)).toBe(10);
    expect(rampRateAt(r, 50_000)).toBe(30);
    expect(rampRateAt(r, 100_000)).toBe(50);
    expect(rampExpected(r, 100_000)).toBeCloseTo(3000, 9);
    expect(rampMeanRate(r)).toBeCloseTo(30, 9);
    // Step k of 4 covers a quarter: its mean rate is the rate at its middle.
    expect([0, 1, 2, 3].map((k) => rampStepRate(r, k))).toEqual([15, 25, 35, 45].map((x) => expect.closeTo(x, 9)));
  });

  it('steps: equal steps from `from` to `to`, each held for its share of the duration', () => {
    const r = ramp({ shape: 'steps', steps: 5, fromRps: 2, toRps: 10 });
    expect([0, 1, 2, 3, 4].map((k) => rampStepRate(r, k))).toEqual([2, 4, 6, 8, 10].map((x) => expect.closeTo(x, 9)));
    expect(rampRateAt(r, 19_999)).toBe(2);
    expect(rampRateAt(r, 20_000)).toBe(4);
    expect(rampExpected(r, 100_000)).toBeCloseTo(600, 9);
  });

  it('draws as many arrivals per step as the ramp asks for (a Poisson count: within 4 standard deviations)', () => {
    for (const r of [ramp(), ramp({ shape: 'steps', steps: 5, fromRps: 2, toRps: 40 }), ramp({ fromRps: 40, toRps: 5 })]) {
      const offsets = rampOffsets(rampLoad(r), 'seed|a|0');
      const counts = perStep(r, offsets);
      counts.forEach((n, k) => {
        const expected = rampStepRate(r, k) * (r.durationMs / 1000 / r.steps);
        expect(Math.abs(n - expected), `${r.shape} ${r.fromRps}->${r.toRps} step ${k}: ${n} vs ${expected}`).toBeLessThan(4 * Math.sqrt(expected));
      });
      // In time order, inside the ramp, the first at its start.
      expect(offsets[0]).toBe(0);
      for (let i = 1; i < offsets.length; i++) expect(offsets[i]!).toBeGreaterThanOrEqual(offsets[i - 1]!);
      expect(offsets[offsets.length - 1]!).toBeLessThan(r.durationMs);
    }
  });

  it('a rising ramp sends more in its last step than in its first; a flat one does not', () => {
    const up = perStep(ramp(), rampOffsets(rampLoad(ramp()), 's'));
    expect(up[3]!).toBeGreaterThan(2 * up[0]!);
    const flat = ramp({ fromRps: 20, toRps: 20 });
    const f = perStep(flat, rampOffsets(rampLoad(flat), 's'));
    expect(Math.max(...f) - Math.min(...f)).toBeLessThan(4 * Math.sqrt(2 * 500));
  });

  it('is the same for the same seed material, and another for another', () => {
    const load = rampLoad(ramp({ durationMs: 10_000 }));
    const a = rampOffsets(load, 'seed|a|0');
    expect(rampOffsets(load, 'seed|a|0')).toEqual(a);
    expect(rampOffsets(load, 'seed|a|1')).not.toEqual(a);
    // What runCell draws one at a time (arrivals) is the same schedule.
    expect(arrivalOffsets(load, a.length, 'seed|a|0')).toEqual(a);
    // Past the ramp the draws go on, later than its end.
    const next = drawnArrivals(load, 'seed|a|0')!;
    for (let i = 0; i < a.length; i++) next();
    expect(next()).toBeGreaterThanOrEqual(10_000);
  });

  it('splits exactly over shards: each sends its round-robin share, and their union is the one schedule', () => {
    const load = rampLoad(ramp({ shape: 'steps', steps: 4, durationMs: 20_000 }));
    const all = rampOffsets(load, 'seed|s|0');
    for (const count of [2, 3, 4]) {
      const shards = Array.from({ length: count }, (_, index) => [...all.keys()].filter((j) => ownsRequest(load, j, { index, count })));
      const union = shards.flat().sort((a, b) => a - b);
      expect(union).toEqual([...all.keys()]);
      // Each shard's share of every step is within one request of 1/count of it: the ramp rises in every shard alike.
      const r = load.ramp;
      const whole = perStep(r, all);
      for (const mine of shards) {
        const counts = perStep(
          r,
          mine.map((j) => all[j]!),
        );
        counts.forEach((n, k) => expect(Math.abs(n - whole[k]! / count)).toBeLessThanOrEqual(1));
      }
    }
  });

  it('leaves fixed-rate loads as they were: the same offsets as before ramps existed', () => {
    const poisson: LoadPlan = { shape: 'poisson', label: 'r=5/s', rate: 5, maxConcurrency: null };
    // The draws of the code before ramps (createRng('1|chat|0|arrivals|r=5/s'), exponential gaps at 5/s), pinned.
    expect(Array.from(arrivalOffsets(poisson, 4, '1|chat|0'))).toEqual([0, 72.66600751024052, 205.56228762065248, 420.2277951009655]);
  });
});
