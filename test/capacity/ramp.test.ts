// A ramp cell's per-step figures and saturation verdict from synthetic
// records (src/capacity/ramp.ts): which step each request and completion
// belongs to, the verdict the capacity search's SLO judging gives each step,
// the first failing step named with why, and shards merging to the whole.
import { describe, expect, it } from 'vitest';
import { mergeRamps, rampResult } from '../../src/capacity/ramp.js';
import type { RampPlan } from '../../src/config/plan.js';
import { emptyOutcome, newRecord, type RequestRecord } from '../../src/load/record.js';

const START = 1000;
/** 4 steps of 10 s: 1, 2, 3 and 4 req/s. */
const RAMP: RampPlan = { fromRps: 1, toRps: 4, durationMs: 40_000, shape: 'steps', steps: 4, saturation: { slo: ['queued_ttft_ms.p50 <= 500'], growth: { factor: 3, metric: 'queued_ttft_ms.p50' } } };

/** Evenly spaced arrivals at each step's rate; queued TTFT `wait(k)` ms in step k, answers 4 tokens 10 ms apart. */
function schedule(wait: (k: number) => number): { offsets: number[]; records: RequestRecord[] } {
  const offsets: number[] = [];
  for (let k = 0; k < 4; k++) for (let i = 0; i < 10 * (k + 1); i++) offsets.push(k * 10_000 + (i * 1000) / (k + 1));
  const records = offsets.map((off, index) => {
    const k = Math.floor(off / 10_000);
    const tSched = START + off;
    const tFirst = tSched + wait(k) + (index % 5);
    return newRecord(index, false, tSched, 4, {
      ...emptyOutcome(tSched),
      tFirst,
      tLast: tFirst + 30,
      tDone: tFirst + 31,
      outputEvents: 4,
      nOut: 4,
      nIn: 8,
      tokenSource: 'server',
      finishReason: 'length',
    });
  });
  return { offsets, records };
}

describe('a ramp cell by step', () => {
  it('puts each request in the step of its arrival and each completion in the step it fell in', () => {
    const { offsets, records } = schedule(() => 20);
    const r = rampResult(RAMP, [{ records, offsets }], 0.9);
    expect(r.per_step.map((s) => [s.rate, s.scheduled, s.completed, s.done_in_step])).toEqual([
      [1, 10, 10, 10],
      [2, 20, 20, 20],
      [3, 30, 30, 30],
      [4, 40, 40, 40],
    ]);
    expect(r.per_step.map((s) => s.rps)).toEqual([1, 2, 3, 4]);
    expect(r.per_step[0]!.queued_ttft_ms).toEqual({ n: 10, p50: expect.closeTo(22, 1), p95: null, p99: null });
    expect(r.per_step[3]!.tpot_ms!.p50).toBeCloseTo(10, 1);
    expect(r.saturation).toMatchObject({ status: 'not-found', step: null });
    expect(r.per_step.every((s) => s.verdict === 'pass')).toBe(true);
  });

  it('names the first step whose latency is shown beyond the SLO or the growth, and why', () => {
    // The third step waits 2 s for its first token: beyond both 500 ms and 3x the first step's.
    const { offsets, records } = schedule((k) => (k < 2 ? 20 : 2000 * (k - 1)));
    const r = rampResult(RAMP, [{ records, offsets }], 0.9);
    expect(r.per_step.map((s) => s.verdict)).toEqual(['pass', 'pass', 'fail', 'fail']);
    expect(r.saturation).toEqual({
      criteria: ['queued_ttft_ms.p50 <= 500', 'queued_ttft_ms.p50 <= 3x step 1 (66)'],
      status: 'found',
      step: 2,
      rate: 3,
      reason: expect.stringMatching(/^saturated from step 3 \(3 req\/s\): queued_ttft_ms\.p50 <= 500: 2002 \[\d+, \d+\]; queued_ttft_ms\.p50 <= 3x step 1 \(66\): 2002 /),
    });
    // Completions late enough to fall in the next step count there: the third step achieves less than it was offered.
    expect(r.per_step[2]!.done_in_step).toBeLessThan(30);
  });

  it("counts a shard's own requests only, and two shards merge into the whole", () => {
    const { offsets, records } = schedule((k) => (k < 2 ? 20 : 2000 * (k - 1)));
    const whole = rampResult(RAMP, [{ records, offsets }], 0.9);
    const parts = [0, 1].map((s) => rampResult(RAMP, [{ records: records.filter((r) => r.index % 2 === s), offsets, owns: (i) => i % 2 === s }], 0.9));
    expect(parts[0]!.per_step.map((s) => s.scheduled)).toEqual([5, 10, 15, 20]);
    const merged = mergeRamps(parts, 0.9);
    const strip = (x: typeof whole): unknown => x.per_step.map(({ samples: _s, ...rest }) => rest);
    expect(strip(merged)).toEqual(strip(whole));
    expect(merged.saturation).toEqual(whole.saturation);
  });

  it('says when no step can be judged against the first one', () => {
    const { offsets, records } = schedule(() => 20);
    const failedFirst = records.map((r) => (r.index < 10 ? { ...r, failure: 'http-5xx' as const, tFirst: null, tLast: null } : r));
    const r = rampResult({ ...RAMP, saturation: { slo: [], growth: { factor: 2, metric: 'ttft_ms.p50' } } }, [{ records: failedFirst, offsets }], 0.9);
    expect(r.per_step[0]).toMatchObject({ failed: 10, error_rate: 1, ttft_ms: null });
    expect(r.saturation!.status).toBe('not-found');
    expect(r.saturation!.reason).toContain('step 1 has no ttft_ms.p50 to grow from');
  });
});
