import { performance } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import type { LoadPlan } from '../../src/config/plan.js';
import { emptyOutcome } from '../../src/load/record.js';
import { runCell } from '../../src/load/run-cell.js';
import { arrivals } from '../../src/load/schedule.js';

const TRACE: Extract<LoadPlan, { kind: 'rate' }> = { kind: 'rate', label: 'trace', rate: 50, arrival: 'trace', burstiness: 1, maxConcurrency: null };
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
    await expect(runCell(cell({ arrivalAt: undefined }))).rejects.toThrow("load 'trace': a trace replay needs each request's time (arrivalAt)");
    expect(() => arrivals(TRACE, 'x')).toThrow("load 'trace': a trace's arrival times come from the trace, not from a draw");
  });
});
