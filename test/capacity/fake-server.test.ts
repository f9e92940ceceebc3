// The capacity search against a real loopback server whose per-token cost
// rises with the number of requests generating at once, so latency bends up
// with load like a real engine's, and theory says where the SLO breaks.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CapacityResult } from '../../src/capacity/types.js';
import { openStepTarget } from '../../src/capacity/load-adapter.js';
import { createRealProbe, goodputSlos } from '../../src/capacity/probe.js';
import { searchCapacity } from '../../src/capacity/search.js';
import { parseCapacitySlos } from '../../src/capacity/slo.js';
import { sweepLoads } from '../../src/capacity/sweep.js';
import { planFromObject } from '../../src/config/load.js';
import { capacitySection } from '../../src/report/capacity.js';
import { startFakeServer, type FakeServer } from '../support/fake-server.js';

let server: FakeServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

// Every gap costs gapMs + perActive * (active - 1): at concurrency c (all
// generating, c <= slots) TPOT = 4 + 2 (c - 1) ms. The SLO tpot_ms.p90 <= 17
// holds up to c = 7 (16 ms) and breaks at c = 8 (18 ms).
const SCHEDULE = { ttftMs: 5, gapMs: 4, gapPerActiveMs: 2, slots: 32, tokensPerChunk: 1 };
const SLO = 'tpot_ms.p90 <= 17';

async function setup(schedule: typeof SCHEDULE) {
  server = await startFakeServer(schedule);
  const plan = planFromObject(
    { target: { url: server.url, model: 'fake-model' }, scenarios: [{ name: 'chat', input_tokens: 16, output_tokens: 12 }], loads: [{ concurrency: 1 }] },
    { file: null, baseDir: '/' },
  );
  const target = await openStepTarget(plan);
  const slos = parseCapacitySlos([SLO]);
  const probe = createRealProbe({ plan, scenario: plan.scenarios[0]!, target, goodput: goodputSlos(slos), warmup: 4, maxStepMs: 20_000, cancel: new AbortController().signal });
  return { probe, close: () => target.close() };
}

async function search(schedule: typeof SCHEDULE, budget: { maxSteps?: number } = {}) {
  const { probe, close } = await setup(schedule);
  try {
    return await searchCapacity({ probe, slos: [SLO], mode: 'concurrency', range: { min: 1, max: 16 }, requestsPerStep: 80, budget });
  } finally {
    await close();
  }
}

describe('capacity search on the loopback server with contention', () => {
  let base: CapacityResult;
  beforeAll(async () => {
    base = await search(SCHEDULE);
  }, 120_000);

  it('finds the concurrency theory gives (7), within one slot, and reports it', () => {
    const r = base;
    expect(r.status).toBe('found');
    expect(r.bracket.lastPass).toBe(7);
    expect(r.bracket.firstFail).toBe(8);
    // TPOT is measured, not assumed: the point at 7 sits near 16 ms.
    const at7 = r.points.find((p) => p.load.kind === 'concurrency' && p.load.concurrency === 7)!;
    expect(at7.slos[0]!.value).toBeGreaterThan(14.5);
    expect(at7.slos[0]!.value).toBeLessThan(17);
    expect(r.capacity_rps.value).toBeGreaterThan(0);
    expect(r.capacity_output_tps.value).toBeGreaterThan(r.capacity_rps.value);
    const md = capacitySection('chat', r);
    expect(md).toMatch(/sustains [0-9.]+ req\/s \([0-9.]+-[0-9.]+\) at [0-9.]+-[0-9.]+ concurrent requests within p90 TPOT <= 17 ms/);
    expect(md).toContain('xychart-beta');
  });

  // A slower server's lower capacity, and the comparison that fails it, are searched and compared end to end
  // through the CLI (test/cli/capacity.test.ts: the bracket passes at 5, capacity_rps regressed); a second search of the
  // same server here cost the loopback lane 20 s.

  it('a budget of 3 steps ends with the bracket it reached', async () => {
    const r = await search(SCHEDULE, { maxSteps: 3 });
    expect(r.status).toBe('budget');
    expect(r.steps).toBe(3);
    // The ramp 1, 2, 4 (an undecided step takes a second run) never reached a
    // failing load: the result says "at least", open above, never more than theory.
    const { lastPass, firstFail } = r.bracket;
    expect(firstFail).toBeNull();
    expect([1, 2, 4]).toContain(lastPass);
    expect(r.capacity.hi).toBeNull();
    expect(r.capacity_rps.hi).toBeNull();
    expect(r.reason).toContain(`budget ran out after 3 runs with the bracket [${lastPass}, none]`);
  });

  it('a sweep marks the knee where TPOT starts to rise with load', async () => {
    const { probe, close } = await setup({ ...SCHEDULE, slots: 6 });
    try {
      // Beyond 6 slots requests queue: TTFT grows while TPOT stays flat.
      const r = await sweepLoads({ probe, slos: ['ttft_ms.p50 <= 1000'], mode: 'concurrency', loads: [1, 2, 4, 6, 8, 12], requestsPerStep: 24 });
      expect(r.points.map((p) => p.load.kind === 'concurrency' && p.load.concurrency)).toEqual([1, 2, 4, 6, 8, 12]);
      // Kneedle puts the knee at the bend, between the last unqueued load and the first queued one.
      expect([6, 8]).toContain(r.knee?.load);
      expect(r.knee?.slo).toBe('ttft_ms.p50 <= 1000');
    } finally {
      await close();
    }
  });
});
