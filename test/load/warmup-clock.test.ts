// The auto warm-up's time bound decided on a fake clock: a server that is
// still getting faster after two minutes of warming is cut off by the bound,
// and the seconds recorded are the clock's, without the test waiting them.
import { describe, expect, it } from 'vitest';
import type { LoadPlan } from '../../src/config/plan.js';
import { emptyOutcome, newRecord } from '../../src/load/record.js';
import type { CellRun, CellRunOptions } from '../../src/load/run-cell.js';
import { runCellWarm } from '../../src/load/warmup.js';
import type { Clock } from '../../src/util/clock.js';

const RULE = { window: 4, ttftTolerance: 0.15, tpsTolerance: 0.1, maxRequests: 64, maxSeconds: 120 };

/** A fake clock and a fake cell runner on it: each call takes `windowMs` of the clock; TTFT is ttft(call number). */
function fakeCells(windowMs: number, ttft: (call: number) => number) {
  let t = 1_000_000;
  const clock: Clock = { now: () => t };
  const calls: { count: number; warmup: number; maxDurationMs: number }[] = [];
  const runCell = (o: CellRunOptions): Promise<CellRun> => {
    const call = calls.length;
    calls.push({ count: o.count, warmup: o.warmup, maxDurationMs: o.maxDurationMs });
    const records = Array.from({ length: o.count }, (_, i) => {
      const tSend = t + i;
      const tFirst = tSend + ttft(call);
      return newRecord(i, i < o.warmup, tSend, o.maxTokens(i), { ...emptyOutcome(tSend), tFirst, tLast: tFirst + 100, tDone: tFirst + 100, outputEvents: 10, nOut: 10 });
    });
    t += windowMs;
    return Promise.resolve({ records, notSent: 0, stoppedBy: 'count', loopDelay: { p99Ms: 0, maxMs: 0 }, dispatchLagMs: [], plannedRps: null });
  };
  return { clock, calls, runCell };
}

const options = (clock: Clock) => ({
  load: { kind: 'concurrency', concurrency: 4, label: 'c4' } as unknown as LoadPlan,
  count: RULE.maxRequests + 8,
  warmup: 'auto' as const,
  maxDurationMs: 600_000,
  seedMaterial: 'seed',
  maxTokens: () => 16,
  send: () => Promise.reject(new Error('the fake runner sends nothing')),
  cancel: new AbortController().signal,
  rule: RULE,
  clock,
});

describe('auto warm-up on a fake clock', () => {
  it('stops at the time bound while the server is still getting faster, without waiting for it', async () => {
    // 50 s a window, and TTFT halving every window: never steady.
    const { clock, calls, runCell } = fakeCells(50_000, (call) => 8_000 / 2 ** call);
    const t0 = performance.now();
    const { run, warmup } = await runCellWarm(options(clock), runCell);
    expect(performance.now() - t0).toBeLessThan(1_000);
    // 0, 50 and 100 s in the bound has time left; at 150 s it has not.
    expect(warmup).toEqual({ requests: 3 * RULE.window, seconds: 150, stopped_by: 'time' });
    // Each window may run only as long as the bound has left.
    expect(calls.slice(0, 3).map((c) => c.maxDurationMs)).toEqual([120_000, 70_000, 20_000]);
    // Then the measured requests: those after the warm-up budget, with no warm-up of their own.
    expect(calls[3]).toEqual({ count: 8, warmup: 0, maxDurationMs: 600_000 });
    expect(run.records.filter((r) => r.warmup)).toHaveLength(3 * RULE.window);
  });

  it('stops when the server is steady, and records the seconds the clock says it took', async () => {
    // The server warms over the first two windows, then holds.
    const { clock, runCell } = fakeCells(7_500, (call) => (call < 2 ? 4_000 / 2 ** call : 1_000));
    const { warmup } = await runCellWarm(options(clock), runCell);
    expect(warmup?.stopped_by).toBe('steady');
    expect(warmup?.seconds).toBe((warmup!.requests / RULE.window) * 7.5);
  });
});
