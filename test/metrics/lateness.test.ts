import { describe, expect, it } from 'vitest';
import { mergeLateness, summariseLateness } from '../../src/metrics/lateness.js';

/** A deterministic spread of lags (ms): mostly small, a long tail. */
function lags(n: number, seed: number): number[] {
  let x = seed;
  return Array.from({ length: n }, () => {
    x = (x * 1103515245 + 12345) % 2 ** 31;
    const u = x / 2 ** 31;
    return Math.round(-Math.log(1 - u) * 3 * 1000) / 1000;
  });
}

describe('lateness', () => {
  it('states nearest-rank p50 and p99 and the max exactly, with the histogram of the lags', () => {
    const s = summariseLateness([5, 1, 3, 2, 4]);
    expect(s).toMatchObject({ count: 5, p50: 3, p99: 5, max: 5 });
    expect(s.hist).toEqual(expect.any(String));
    expect(summariseLateness([])).toEqual({ count: 0, p50: 0, p99: 0, max: 0 });
  });

  it("pools parts to the percentiles of all their lags (within the histogram's 0.1%), where averaging the parts' would not", () => {
    const a = lags(3000, 1);
    // The second part is late by more: its percentiles differ from the first's.
    const b = lags(1000, 2).map((x) => x * 4);
    const whole = summariseLateness([...a, ...b]);
    const merged = mergeLateness([summariseLateness(a), summariseLateness(b)])!;
    expect(merged.count).toBe(4000);
    expect(merged.max).toBe(whole.max);
    for (const q of ['p50', 'p99'] as const) expect(Math.abs(merged[q] - whole[q])).toBeLessThanOrEqual(whole[q] * 0.001 + 0.001);
    // The mean of the parts' p99s is far from the pooled p99.
    const averaged = (summariseLateness(a).p99 + summariseLateness(b).p99) / 2;
    expect(Math.abs(averaged - whole.p99)).toBeGreaterThan(whole.p99 * 0.1);
  });

  it('cannot pool a part without a histogram; a part that sent nothing adds nothing', () => {
    const { hist: _hist, ...old } = summariseLateness(lags(100, 3));
    expect(mergeLateness([summariseLateness(lags(100, 4)), old])).toBeNull();
    const only = summariseLateness(lags(100, 5));
    expect(mergeLateness([only, summariseLateness([])])).toEqual(only);
  });
});
