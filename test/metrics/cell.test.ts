// Exact figures from hand-made records: the definitions in docs/metrics.md, checked without a clock.
import { describe, expect, it } from 'vitest';
import { emptyOutcome, newRecord, type RequestRecord } from '../../src/load/record.js';
import { computeCellMetrics } from '../../src/metrics/cell.js';
import { decodeHistogram, HIST_SCALE, minSamplesFor, summarize } from '../../src/stats/distribution.js';

const NO_SLOS = { ttftMs: null, tpotMs: null, e2eMs: null };

/** A successful request: sent at `send`, first output `ttft` later, `nOut` tokens one per event `gap` apart. */
function ok(index: number, o: { sched?: number; send: number; ttft: number; gap: number; nOut: number; nIn?: number; warmup?: boolean }): RequestRecord {
  const tFirst = o.send + o.ttft;
  const tLast = tFirst + o.gap * (o.nOut - 1);
  return newRecord(index, o.warmup ?? false, o.sched ?? o.send, o.nOut, {
    ...emptyOutcome(o.send),
    tFirst,
    gaps: Array.from({ length: o.nOut - 1 }, () => o.gap),
    tLast,
    tDone: tLast + 1,
    outputEvents: o.nOut,
    nOut: o.nOut,
    nIn: o.nIn ?? 100,
    tokenSource: 'server',
    status: 200,
  });
}

function failed(index: number, send: number, cls: 'timeout' | 'http-5xx', message: string): RequestRecord {
  return newRecord(index, false, send, 10, { ...emptyOutcome(send), tDone: send + 50, failure: cls, message });
}

describe('computeCellMetrics', () => {
  it('computes rates over the window from first send to last done', () => {
    // Two requests: [0, 0+10+9*5+1 = 56] and [100, 156]; window 156 ms.
    const recs = [ok(0, { send: 0, ttft: 10, gap: 5, nOut: 10 }), ok(1, { send: 100, ttft: 10, gap: 5, nOut: 10 })];
    const m = computeCellMetrics([recs], NO_SLOS, 0);
    expect(m.window_s).toBeCloseTo(0.156, 9);
    expect(m.rps).toBeCloseTo(2 / 0.156, 5);
    expect(m.output_tps).toBeCloseTo(20 / 0.156, 5);
    expect(m.input_tps).toBeCloseTo(200 / 0.156, 5);
    expect(m.total_tps).toBeCloseTo(220 / 0.156, 5);
    expect(m.ttft_ms!.mean).toBe(10);
    expect(m.tpot_ms!.mean).toBe(5);
    expect(m.e2e_ms!.mean).toBe(56);
    expect(m.itl_ms!.n).toBe(18);
    // user TPS: 10 tokens over t_done - t_first = 46 ms.
    expect(m.user_tps!.mean).toBeCloseTo(10 / 0.046, 2);
    expect(m.concurrency).toEqual({ achieved_mean: Math.round((112 / 156) * 1000) / 1000, achieved_max: 1 });
    expect(m.offered_rps).toBeCloseTo(1 / 0.1, 6);
  });

  it('excludes warm-up and failures from latency, but counts failures in the error rate', () => {
    const recs = [
      ok(0, { send: 0, ttft: 500, gap: 50, nOut: 3, warmup: true }),
      ok(1, { send: 10, ttft: 20, gap: 2, nOut: 4 }),
      failed(2, 20, 'timeout', 'request deadline passed'),
      failed(3, 30, 'http-5xx', 'HTTP 503: overloaded'),
      failed(4, 40, 'http-5xx', 'HTTP 503: overloaded'),
    ];
    const m = computeCellMetrics([recs], NO_SLOS, 2);
    expect(m.counts).toEqual({ attempted: 4, completed: 1, failed: 3, warmup: 1, not_sent: 2, cancelled: 0 });
    expect(m.error_rate).toBe(0.75);
    expect(m.ttft_ms!.max).toBe(20);
    expect(m.errors).toEqual({
      timeout: { count: 1, examples: ['request deadline passed'] },
      'http-5xx': { count: 2, examples: ['HTTP 503: overloaded'] },
    });
    // The window starts at the first measured send (10), not the warm-up's (0).
    expect(m.window_s).toBeCloseTo((40 + 50 - 10) / 1000, 9);
  });

  it('measures queued TTFT from the scheduled time and judges SLOs on it', () => {
    const recs = [ok(0, { sched: 0, send: 0, ttft: 10, gap: 1, nOut: 2 }), ok(1, { sched: 0, send: 90, ttft: 10, gap: 1, nOut: 2 })];
    const m = computeCellMetrics([recs], { ttftMs: 50, tpotMs: null, e2eMs: null }, 0);
    expect(m.ttft_ms!.max).toBe(10);
    expect(m.queued_ttft_ms!.max).toBe(100);
    expect(m.schedule_lag_ms!.max).toBe(90);
    expect(m.goodput_ratio).toBe(0.5);
    expect(m.goodput_rps).toBeCloseTo(1 / m.window_s, 5);
  });

  it('leaves TPOT out for single-token replies and reports null figures for an empty cell', () => {
    const m = computeCellMetrics([[ok(0, { send: 0, ttft: 5, gap: 1, nOut: 1 })]], NO_SLOS, 0);
    expect(m.tpot_ms).toBeNull();
    expect(m.samples.tpot_ms).toEqual([null]);
    const empty = computeCellMetrics([[]], NO_SLOS, 5);
    expect(empty).toMatchObject({ rps: 0, error_rate: 0, ttft_ms: null, window_s: 0, offered_rps: null });
  });

  it('excludes requests cancelled by an interruption from every figure', () => {
    const c = { ...ok(1, { send: 5, ttft: 1, gap: 1, nOut: 2 }), cancelled: true };
    const m = computeCellMetrics([[ok(0, { send: 0, ttft: 1, gap: 1, nOut: 2 }), c]], NO_SLOS, 0);
    expect(m.counts).toMatchObject({ attempted: 1, completed: 1, cancelled: 1 });
  });
});

describe('pooling trials', () => {
  it('sums windows, so idle time between trials is not counted', () => {
    const t1 = [ok(0, { send: 0, ttft: 10, gap: 5, nOut: 10 })];
    const t2 = [ok(0, { send: 10_000, ttft: 10, gap: 5, nOut: 10 })];
    const m = computeCellMetrics([t1, t2], NO_SLOS, 0);
    expect(m.window_s).toBeCloseTo(0.112, 9);
    expect(m.rps).toBeCloseTo(2 / 0.112, 5);
    expect(m.counts.completed).toBe(2);
    expect(m.concurrency.achieved_max).toBe(1);
  });
});

describe('distributions', () => {
  it('needs 3 expected samples beyond a percentile to report it', () => {
    expect([50, 90, 95, 99].map(minSamplesFor)).toEqual([6, 30, 60, 300]);
    const d = summarize(
      Array.from({ length: 100 }, (_, i) => i + 1),
      'ms',
    )!;
    expect(d.p95).not.toBeNull();
    expect(d.p99).toBeNull();
    expect(d).toMatchObject({ n: 100, min: 1, max: 100, mean: 50.5 });
  });

  it('matches exact percentiles within the histogram precision and round-trips the encoding', () => {
    const values = Array.from({ length: 1000 }, (_, i) => 0.5 + i * 0.25);
    const d = summarize(values, 'ms')!;
    expect(d.p50!).toBeCloseTo(values[499]!, 0);
    expect(Math.abs(d.p99! - values[989]!) / values[989]!).toBeLessThan(0.001);
    const h = decodeHistogram(d.hist);
    expect(h.totalCount).toBe(1000);
    expect(Math.abs(h.getValueAtPercentile(99) / HIST_SCALE - d.p99!)).toBeLessThan(0.01);
  });
});
