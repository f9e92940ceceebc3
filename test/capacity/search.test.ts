import { describe, expect, it } from 'vitest';
import { compareCapacity } from '../../src/capacity/compare.js';
import { searchCapacity } from '../../src/capacity/search.js';
import { queueProbe, theoryCapacity, type QueueServer } from '../support/queue-model.js';

const SERVER: QueueServer = { slots: 4, serviceMs: 400, prefillMs: 50, outputTokens: 64 };
const SLO = 'ttft_ms.p95 <= 300';

async function search(server: QueueServer, seed: string, extra: Partial<Parameters<typeof searchCapacity>[0]> = {}) {
  const { probe, now } = queueProbe(server, seed);
  return searchCapacity({ probe, now, slos: [SLO], mode: 'rate', range: { min: 0.5, max: 50 }, requestsPerStep: 1000, ...extra });
}

describe('searchCapacity on a simulated M/M/4 server', () => {
  it('finds the Erlang-C capacity: intervals cover it and estimates sit within the 5% resolution', async () => {
    const theory = theoryCapacity(SERVER, 0.95, 300); // 5.004 req/s
    let covered = 0;
    let close = 0;
    const runs = 12;
    for (let i = 0; i < runs; i++) {
      const r = await search(SERVER, `cover|${i}`);
      expect(r.status).toBe('found');
      const { lastPass, firstFail } = r.bracket;
      expect((firstFail! - lastPass!) / lastPass!).toBeLessThanOrEqual(0.05);
      if (r.capacity.lo <= theory && theory <= r.capacity.hi!) covered++;
      if (Math.abs(r.capacity.value / theory - 1) <= 0.05) close++;
      // Every probed point is kept, the saturation probe first.
      expect(r.points[0]!.role).toBe('saturation');
      expect(r.points.length).toBe(r.points.filter((p) => p.role === 'search').length + 1);
    }
    expect(covered).toBeGreaterThanOrEqual(10);
    expect(close).toBeGreaterThanOrEqual(9);
  });

  it('a slower server has a lower capacity and the comparison calls the regression', async () => {
    const base = await search(SERVER, 'slow|a', { requestsPerStep: 3000 });
    const slow = await search({ ...SERVER, serviceMs: 600 }, 'slow|b', { requestsPerStep: 3000 });
    expect(slow.capacity_rps.value).toBeLessThan(base.capacity_rps.value * 0.75);
    const c = compareCapacity('capacity_rps', base.capacity_rps, slow.capacity_rps, { tolerance: 0.1 });
    expect(c.verdict).toBe('fail');
    const same = compareCapacity('capacity_rps', base.capacity_rps, base.capacity_rps, { tolerance: 0.1 });
    expect(same.verdict).not.toBe('fail');
  });

  it('a step budget too small ends with the bracket it reached, honestly labelled', async () => {
    const theory = theoryCapacity(SERVER, 0.95, 300);
    const r = await search(SERVER, 'budget', { budget: { maxSteps: 4 } });
    expect(r.status).toBe('budget');
    expect(r.steps).toBe(4);
    expect(r.reason).toMatch(/budget ran out after 4 runs/);
    // What it did reach still brackets the truth.
    expect(r.capacity.lo).toBeLessThanOrEqual(theory);
    expect(r.capacity.hi ?? Infinity).toBeGreaterThanOrEqual(theory);
  });

  it('a time budget on the injected clock stops the search', async () => {
    const r = await search(SERVER, 'time', { budget: { maxDurationMs: 400_000 } });
    expect(r.status).toBe('budget');
    expect(r.elapsedMs).toBeGreaterThanOrEqual(400_000);
  });

  it('reports capacity 0 with the reason when even the lowest load misses the SLO', async () => {
    const r = await search(SERVER, 'low', { slos: ['ttft_ms.p95 <= 40'], range: { min: 0.5, max: 5 }, saturationConcurrency: null });
    expect(r.status).toBe('below-range');
    expect(r.capacity.value).toBe(0);
    expect(r.reason).toMatch(/even the lowest load misses the SLO: fail at 0.5 \(ttft_ms.p95 <= 40: 50/);
  });

  it('says "at least" when the top of the range still passes', async () => {
    const r = await search(SERVER, 'high', { range: { min: 0.5, max: 2 } });
    expect(r.status).toBe('above-range');
    expect(r.capacity.hi).toBeNull();
    expect(r.capacity.value).toBe(2);
  });

  it('concurrency mode ramps 1, 2, 4, ... and bisects integers', async () => {
    let calls = 0;
    // A closed-loop server whose p50 TTFT is 10 ms per user in flight: the SLO <= 55 holds up to 5.
    const r = await searchCapacity({
      mode: 'concurrency',
      slos: ['ttft_ms.p50 <= 55'],
      range: { min: 1, max: 64 },
      requestsPerStep: 60,
      probe: async ({ load, requests }) => {
        calls++;
        const c = load.kind === 'concurrency' ? load.concurrency : 0;
        const xs = Array.from({ length: requests }, (_, i) => 10 * c + ((i % 5) - 2) * 0.1);
        return { samples: { ttft_ms: xs }, rates: { rps: c * 10, output_tps: c * 100 }, attempted: requests, failed: 0, windowS: requests / (c * 10) };
      },
    });
    expect(r.bracket).toEqual({ lastPass: 5, firstFail: 6, undecided: [] });
    expect(r.points.map((p) => (p.load.kind === 'concurrency' ? p.load.concurrency : -1))).toEqual([1, 2, 4, 8, 6, 5]);
    expect(calls).toBe(6);
    expect(r.capacity.value).toBeCloseTo(5.5, 1);
  });

  it('a step cut short before it sent a request is no point: the search ends with the bracket it had, not a false first-fail', async () => {
    // Steps at 1, 2 and 4 measure; the one at 8 is interrupted during its
    // warm-up (the real probe then returns no request attempted).
    let aborted = false;
    const r = await searchCapacity({
      mode: 'concurrency',
      slos: ['ttft_ms.p50 <= 55'],
      range: { min: 1, max: 64 },
      requestsPerStep: 60,
      now: () => (aborted ? Infinity : 0),
      probe: async ({ load, requests }) => {
        const c = load.kind === 'concurrency' ? load.concurrency : 0;
        if (c === 8) {
          aborted = true;
          return { samples: { ttft_ms: [] }, rates: { rps: 0, output_tps: 0 }, attempted: 0, failed: 0, windowS: 0 };
        }
        const xs = Array.from({ length: requests }, (_, i) => 10 * c + ((i % 5) - 2) * 0.1);
        return { samples: { ttft_ms: xs }, rates: { rps: c * 10, output_tps: c * 100 }, attempted: requests, failed: 0, windowS: requests / (c * 10) };
      },
    });
    expect(r.points.map((p) => (p.load.kind === 'concurrency' ? p.load.concurrency : -1))).toEqual([1, 2, 4]);
    expect(r.status).toBe('budget');
    expect(r.bracket).toMatchObject({ lastPass: 4, firstFail: null });
    expect(r.reason).toMatch(/budget ran out after 4 runs with the bracket \[4, none\]/);
  });

  it('rejects bad SLOs and options with messages naming them', async () => {
    const { probe } = queueProbe(SERVER, 'x');
    const run = (slos: string[], extra = {}) => searchCapacity({ probe, slos, mode: 'rate', range: { min: 1, max: 10 }, ...extra });
    await expect(run(['ttft_ms.p42 <= 100'])).rejects.toThrow(/capacity SLO 'ttft_ms.p42 <= 100': expected METRIC OP NUMBER/);
    await expect(run(['latency.p99 <= 100'])).rejects.toThrow(/unknown metric 'latency.p99'/);
    await expect(run(['ttft_ms <= 100'])).rejects.toThrow(/ttft_ms needs a statistic/);
    await expect(run(['ttft_ms.p99 >= 100'])).rejects.toThrow(/better lower, so a capacity SLO bounds it with <= or </);
    await expect(run(['ttft_ms.p99 <= 0'])).rejects.toThrow(/no load can meet it/);
    await expect(run(['error_rate <= 5'])).rejects.toThrow(/bound must be in \[0, 1\) \(1% is 0.01\)/);
    await expect(run([])).rejects.toThrow(new RangeError("capacity SLO '': a capacity search needs at least one SLO, e.g. ttft_ms.p99 <= 2000"));
    await expect(run([SLO], { range: { min: 0, max: 10 } })).rejects.toThrow(new RangeError('capacity.range: needs 0 < min <= max, finite, got {"min":0,"max":10}'));
    await expect(run([SLO], { resolution: 5 })).rejects.toThrow(/capacity.resolution: must be a fraction/);
    await expect(run([SLO], { level: 0.4, budget: { maxSteps: 0 } })).rejects.toThrow(new RangeError('capacity.level: must be in (0.5, 1), got 0.4'));
  });
});
