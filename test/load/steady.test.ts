// Warm-up until steady: synthetic warm-up sequences with a known shape.
import { describe, expect, it } from 'vitest';
import { DEFAULT_STEADY, steadyState, type SteadyDecision, type WarmupSample } from '../../src/load/steady.js';

const TOKENS = 64;

/** One user sending back to back: request i takes ttft[i] + TOKENS x tpot[i] ms. */
function samples(ttft: number[], tpot: number[] | number = 20): WarmupSample[] {
  let elapsedMs = 0;
  return ttft.map((t, i) => {
    elapsedMs += t + TOKENS * (Array.isArray(tpot) ? tpot[i]! : tpot);
    return { ttftMs: t, tps: ((i + 1) * TOKENS) / (elapsedMs / 1000), elapsedS: elapsedMs / 1000 };
  });
}

/** Feed requests one at a time, as the load model does, until the detector says stop. */
function warm(all: WarmupSample[], rule = DEFAULT_STEADY): SteadyDecision {
  for (let n = 1; n <= all.length; n++) {
    const d = steadyState(all.slice(0, n), rule);
    if (d.done) return d;
  }
  throw new Error(`not done after ${all.length} requests`);
}

const flat = (n: number, v: number) => Array.from({ length: n }, () => v);

describe('steadyState', () => {
  it.each([
    { name: 'steady from the start: the least it can take, 2 windows + 1', ttft: flat(30, 100), tpot: 20, by: 'steady', requests: 9 },
    { name: 'steady with +-30% request noise', ttft: Array.from({ length: 30 }, (_, i) => [100, 130, 70, 115, 85][i % 5]!), tpot: 20, by: 'steady', requests: 9 },
    // llama-server's first run: TTFT 6x the steady level, decaying over ~8 requests
    { name: '6x first-run TTFT tail', ttft: [600, 560, 480, 380, 280, 200, 140, 110, ...flat(30, 100)], tpot: 20, by: 'steady', requests: 14 },
    // decode speeding up over the first 10 requests (TPOT 40 -> 20), TTFT flat: at 14 the last
    // window (TPOT 20) is 8.1% faster than the one before (TPOT 24, 22, 21, 20), within 10%
    { name: 'throughput ramp', ttft: flat(40, 100), tpot: [40, 38, 35, 32, 29, 26, 24, 22, 21, 20, ...flat(30, 20)], by: 'steady', requests: 14 },
    { name: 'never settles: TTFT -20% per request', ttft: Array.from({ length: 80 }, (_, i) => 1000 * 0.8 ** i), tpot: 20, by: 'count', requests: 64 },
  ])('$name -> $by after $requests', ({ ttft, tpot, by, requests }) => {
    const d = warm(samples(ttft, tpot));
    expect(d).toMatchObject({ done: true, by, requests });
  });

  it('reports the settled level it reached', () => {
    const d = warm(samples([600, 560, 480, 380, 280, 200, 140, 110, ...flat(30, 100)]));
    expect(d.ttftMs).toBe(100);
    // 64 tokens per 100 + 64 x 20 ms
    expect(d.tps).toBeCloseTo(64 / 1.38, 9);
  });

  it('stops at the time bound on a slow server that keeps improving', () => {
    const ttft = Array.from({ length: 40 }, (_, i) => 9000 * 0.7 ** i + 100);
    const d = warm(samples(ttft, 20), { ...DEFAULT_STEADY, maxSeconds: 30 });
    expect(d.by).toBe('time');
    expect(d.seconds).toBeGreaterThanOrEqual(30);
    expect(d.requests).toBeLessThan(9);
  });

  it('keeps warming while no window is complete', () => {
    expect(steadyState(samples(flat(8, 100)))).toMatchObject({ done: false, by: null, requests: 8, ttftMs: 100 });
    expect(steadyState([])).toMatchObject({ done: false, requests: 0, ttftMs: null, tps: null });
  });

  it('names a bad rule and a bad sample', () => {
    expect(() => steadyState([], { ...DEFAULT_STEADY, window: 0 })).toThrow(/warm-up rule: window must be a positive integer, got 0/);
    expect(() => steadyState([{ ttftMs: NaN, tps: 1, elapsedS: 1 }])).toThrow(/warm-up sample 0/);
  });
});
