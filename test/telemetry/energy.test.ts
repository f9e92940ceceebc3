import { describe, expect, it } from 'vitest';
import { integratePower, thinPoints, type PowerPoint } from '../../src/telemetry/energy.js';
import { windowEnergy } from '../../src/telemetry/gpu-sampler.js';

describe('integratePower (trapezoid over the readings)', () => {
  it('integrates a constant draw exactly: watts x seconds', () => {
    const pts: PowerPoint[] = [0, 500, 1000, 1500, 2000].map((t) => [t, 300]);
    expect(integratePower(pts, 0, 2000, 1500)).toEqual({ joules: 600, gapMs: 0 });
  });

  it('integrates a ramp exactly, and differs from mean x duration when readings are uneven', () => {
    // 100 W at t=0 rising linearly to 300 W at t=2 s: 400 J.
    const ramp: PowerPoint[] = [
      [0, 100],
      [1000, 200],
      [2000, 300],
    ];
    expect(integratePower(ramp, 0, 2000, 1500)!.joules).toBe(400);
    // Readings bunched at the high end: their mean (275 W) x 2 s would say 550 J; the trapezoid still says 400.
    const bunched: PowerPoint[] = [
      [0, 100],
      [1800, 280],
      [1900, 290],
      [2000, 300],
    ];
    expect(integratePower(bunched, 0, 2000, 5000)!.joules).toBeCloseTo(400, 9);
  });

  it('cuts segments at the window edges by interpolating', () => {
    const ramp: PowerPoint[] = [
      [0, 100],
      [2000, 300],
    ];
    // From 0.5 s (150 W) to 1.5 s (250 W): 200 J.
    expect(integratePower(ramp, 500, 1500, 5000)!.joules).toBeCloseTo(200, 9);
  });

  it('holds the nearest reading before the first and after the last, and counts long stretches as gaps', () => {
    const pts: PowerPoint[] = [
      [1000, 200],
      [1500, 200],
      [2000, 200],
    ];
    // 0-1 s held at 200 W, 1-2 s measured, 2-3 s held: 600 J; each held second is within a 1.5 s gap limit.
    expect(integratePower(pts, 0, 3000, 1500)).toEqual({ joules: 600, gapMs: 0 });
    // With a 0.5 s limit both held seconds are gaps (the readings between are 0.5 s apart: not a gap).
    expect(integratePower(pts, 0, 3000, 500)).toEqual({ joules: 600, gapMs: 2000 });
  });

  it('bridges a gap between readings linearly and reports its length', () => {
    const pts: PowerPoint[] = [
      [0, 100],
      [500, 100],
      [4500, 500],
      [5000, 500],
    ];
    // 50 J + (100+500)/2 x 4 s = 1200 J + 250 J.
    expect(integratePower(pts, 0, 5000, 1500)).toEqual({ joules: 1500, gapMs: 4000 });
  });

  it('has no figure without readings or with an empty window', () => {
    expect(integratePower([], 0, 1000, 1500)).toBeNull();
    expect(integratePower([[0, 100]], 1000, 1000, 1500)).toBeNull();
  });
});

describe('windowEnergy (every GPU with power readings)', () => {
  const steady = (w: number): PowerPoint[] => Array.from({ length: 11 }, (_, i) => [i * 500, w] as PowerPoint);

  it('sums the GPUs that read power; a GPU without readings is not counted', () => {
    expect(windowEnergy([steady(300), steady(100), []], { fromMs: 0, toMs: 5000 }, 500)).toEqual({ method: 'trapezoid', window_s: 5, gpus_counted: 2, gap_s: 0, joules: 2000 });
  });

  it('states no joules when gaps cover more than 10% of the window, or no GPU read power', () => {
    // Readings stop at 2 s of a 5 s window (a sampler that died): 3 s held, beyond the 1.5 s limit.
    const died = steady(300).slice(0, 5);
    const e = windowEnergy([died], { fromMs: 0, toMs: 5000 }, 500);
    expect(e.joules).toBeNull();
    expect(e.gap_s).toBe(3);
    expect(windowEnergy([[]], { fromMs: 0, toMs: 5000 }, 500)).toEqual({ method: 'trapezoid', window_s: 5, gpus_counted: 0, gap_s: 0, joules: null });
    // A short gap (under 10% of a long window) still gives a figure.
    const long: PowerPoint[] = [...Array.from({ length: 40 }, (_, i) => [i * 500, 200] as PowerPoint), ...Array.from({ length: 41 }, (_, i) => [22000 + i * 500, 200] as PowerPoint)];
    const ok = windowEnergy([long], { fromMs: 0, toMs: 42000 }, 500);
    expect(ok.gap_s).toBe(2.5);
    expect(ok.joules).toBeCloseTo(8400, 6);
  });
});

describe('thinPoints', () => {
  it('halves the readings past the bound and doubles the stride, keeping the span', () => {
    const pts: PowerPoint[] = Array.from({ length: 9 }, (_, i) => [i * 100, 50] as PowerPoint);
    expect(thinPoints(pts, 8, 1)).toBe(2);
    expect(pts.map((p) => p[0])).toEqual([0, 200, 400, 600, 800]);
    expect(thinPoints(pts, 8, 2)).toBe(2);
  });
});
