import { performance } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import type { LoadPlan } from '../../src/config/plan.js';
import { emptyOutcome } from '../../src/load/record.js';
import { BodiesAhead, PREPARE_AHEAD_BYTES, PREPARE_AHEAD_MS, runCell } from '../../src/load/run-cell.js';
import { drawnArrivals, TRACE_LOAD } from '../../src/shapes/index.js';

const TRACE: LoadPlan = TRACE_LOAD;
const AT = [0, 0, 15, 40, 41, 80];

function cell(over: Partial<Parameters<typeof runCell>[0]> = {}): Parameters<typeof runCell>[0] {
  return {
    load: TRACE,
    count: AT.length,
    warmup: 0,
    maxDurationMs: 10_000,
    seedMaterial: 'x',
    maxTokens: () => 1,
    send: () => Promise.resolve(emptyOutcome(performance.now())),
    cancel: new AbortController().signal,
    arrivalAt: (i) => AT[i]!,
    ...over,
  };
}

describe('a trace load', () => {
  it('schedules each request at its own time after the cell start, and records how late it left', async () => {
    const run = await runCell(cell());
    const t0 = run.records[0]!.tSched;
    expect(run.records.map((r) => r.tSched - t0)).toEqual(AT.map((a) => expect.closeTo(a, 6)));
    expect(run.dispatchLagMs).toHaveLength(AT.length);
    expect(run.plannedRps).toBeCloseTo(5 / 0.08, 6);
    // The sends themselves: never before their time.
    run.records.forEach((r) => expect(r.tSend).toBeGreaterThanOrEqual(r.tSched));
  });

  it('needs the times, and is never drawn', async () => {
    await expect(runCell(cell({ arrivalAt: undefined }))).rejects.toThrow("load 'trace': its shape draws no arrival times, so each request's time must be given (arrivalAt)");
    expect(drawnArrivals(TRACE, 'x')).toBeNull();
  });
});

describe("a trace's bodies, built ahead of their times", () => {
  it('builds the first burst before the clock starts and each later request before it is due', async () => {
    const at = [0, 0, 0, 60, 60, 60, 60, 150];
    const built = new Map<number, number>();
    const sentAt = new Map<number, number>();
    const run = await runCell(
      cell({
        count: at.length,
        arrivalAt: (i) => at[i]!,
        prepare: (i) => {
          // Each body once: a second build would be the send's own work again.
          expect(built.has(i)).toBe(false);
          built.set(i, performance.now());
          return 1000;
        },
        send: (i) => {
          sentAt.set(i, performance.now());
          return Promise.resolve(emptyOutcome(performance.now()));
        },
      }),
    );
    const t0 = run.records[0]!.tSched;
    expect([...built.keys()].sort((a, b) => a - b)).toEqual(at.map((_, i) => i));
    for (let i = 0; i < at.length; i++) {
      // Built before its due time (the first burst before the clock began), and before its send.
      expect(built.get(i)!).toBeLessThanOrEqual(t0 + at[i]!);
      expect(built.get(i)!).toBeLessThan(sentAt.get(i)!);
    }
  });

  it('sends a burst due at one instant back to back: nothing else runs between its sends', async () => {
    const at = Array.from({ length: 16 }, () => 20);
    const order: string[] = [];
    await runCell(
      cell({
        count: at.length,
        arrivalAt: (i) => at[i]!,
        send: (i) => {
          order.push(`send ${i}`);
          // Were the pacer to yield between the burst's sends, this would run before the next of them.
          if (i === 0) setImmediate(() => order.push('yielded'));
          // Each send costs 1.5 ms, more than the pacer lets a backlog run without yielding.
          const until = performance.now() + 1.5;
          while (performance.now() < until);
          return Promise.resolve(emptyOutcome(performance.now()));
        },
      }),
    );
    await new Promise((r) => setImmediate(r));
    expect(order.indexOf('yielded')).toBe(at.length);
  });

  it('holds no more than PREPARE_AHEAD_BYTES of built bodies, and builds nothing beyond PREPARE_AHEAD_MS', () => {
    const own = Array.from({ length: 100 }, (_, i) => i);
    // Ten requests every second; bodies of 10 MiB.
    const offset = (i: number): number => Math.floor(i / 10) * 1000;
    const built: number[] = [];
    const ahead = new BodiesAhead(own, offset, (i) => {
      built.push(i);
      return 10 * 1024 * 1024;
    });
    ahead.fill(0, Infinity);
    // 64 MiB holds 7 bodies of 10 MiB (the 7th crosses the line), though 30 fall within 2 s.
    expect(PREPARE_AHEAD_MS).toBe(2000);
    expect(built).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(ahead.pendingBytes).toBe(7 * 10 * 1024 * 1024);
    for (const i of [0, 1, 2]) ahead.sent(i);
    ahead.fill(3, Infinity);
    expect(built).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(ahead.pendingBytes).toBeLessThan(PREPARE_AHEAD_BYTES + 10 * 1024 * 1024);
    // With little bytes, the horizon bounds it: from request 40 (at 4 s), nothing past 6 s.
    const small: number[] = [];
    const a2 = new BodiesAhead(own, offset, (i) => (small.push(i), 10));
    a2.fill(40, Infinity);
    expect(small).toEqual(Array.from({ length: 30 }, (_, k) => 40 + k));
    // A send due now builds only itself: nothing in the slack.
    const now: number[] = [];
    const a3 = new BodiesAhead(own, offset, (i) => (now.push(i), 10));
    a3.fill(5, performance.now());
    expect(now).toEqual([5]);
  });
});
