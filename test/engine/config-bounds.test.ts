// Config values that broke the run (issue 11 item 5, the runtime part): a
// request timeout past what a Node timer holds, an arrival rate so low that
// the next request is never due, and a cancel while the schedule waits.
import { performance } from 'node:perf_hooks';
import { afterEach, describe, expect, it } from 'vitest';
import { InferenceClient } from '../../src/client/http.js';
import type { LoadPlan } from '../../src/config/plan.js';
import { emptyOutcome } from '../../src/load/record.js';
import { runCell } from '../../src/load/run-cell.js';
import { MAX_TIMER_MS, timerMs } from '../../src/util/timer.js';
import { startFakeServer, type FakeServer } from '../support/fake-server.js';

let server: FakeServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

const rate = (r: number): Extract<LoadPlan, { shape: 'poisson' }> => ({ shape: 'poisson', label: `r=${r}/s`, rate: r, maxConcurrency: null });

async function quickSend(): Promise<ReturnType<typeof emptyOutcome>> {
  const tSend = performance.now();
  await new Promise((r) => setTimeout(r, 1));
  return { ...emptyOutcome(tSend), tDone: performance.now() };
}

/** Runs a cell of 1 ms requests; resolves with the run and its wall time in ms. */
async function timedCell(load: LoadPlan, count: number, maxDurationMs: number, cancel = new AbortController().signal): Promise<{ run: Awaited<ReturnType<typeof runCell>>; ms: number }> {
  const t0 = performance.now();
  const run = await runCell({ load, count, warmup: 0, maxDurationMs, seedMaterial: 'slow', maxTokens: () => 1, cancel, send: quickSend });
  return { run, ms: performance.now() - t0 };
}

describe('timeouts longer than a Node timer holds', () => {
  it('clamps them instead of letting them fire at once', async () => {
    expect(timerMs(3_000_000 * 1000)).toBe(MAX_TIMER_MS);
    expect(timerMs(Infinity)).toBe(MAX_TIMER_MS);
    expect(timerMs(0.2)).toBe(1);
    server = await startFakeServer({ ttftMs: 5, gapMs: 2 });
    const c = new InferenceClient({
      target: { url: server.url, api: 'chat', model: null, apiKeyEnv: null, headers: {}, extraBody: {}, fixedOutput: false },
      // timeouts.request_s: 3000000 made every request fail at once.
      timeouts: { connectMs: 3e9, requestMs: 3e9, idleMs: 3e9 },
      limits: { lineBytes: 1 << 20, eventBytes: 1 << 20, responseBytes: 1 << 27 },
      connections: 1,
      apiKey: null,
      countTokens: (t) => t.length,
    });
    try {
      const outs = [];
      for (let i = 0; i < 3; i++) outs.push(await c.stream({ prompt: 'hi', inputTokens: 1, maxTokens: 4 }, 'fake-model'));
      expect(outs.map((o) => o.failure)).toEqual([null, null, null]);
      expect(outs.map((o) => o.nOut)).toEqual([4, 4, 4]);
    } finally {
      await c.close();
    }
  });
});

describe("a cell's clock", () => {
  it('max_duration_s ends a cell whose next arrival is never due (rate 1e-300)', async () => {
    const { run, ms } = await timedCell(rate(1e-300), 10, 500);
    expect(run.stoppedBy).toBe('duration');
    expect(run.records).toHaveLength(1);
    expect(ms).toBeLessThan(3_000);
  });

  it('starts when the cell starts, so the limit holds from the first request on', async () => {
    const { run, ms } = await timedCell({ shape: 'concurrency', label: 'c=1', concurrency: 1 }, 1_000_000, 300);
    expect(run.stoppedBy).toBe('duration');
    expect(ms).toBeLessThan(2_000);
  });

  it('a cancel ends a long wait for the next arrival at once', async () => {
    const stop = new AbortController();
    setTimeout(() => stop.abort(), 200);
    const { run, ms } = await timedCell(rate(0.001), 10, 600_000, stop.signal);
    expect(run.stoppedBy).toBe('interrupt');
    expect(ms).toBeLessThan(1_500);
  });
});
