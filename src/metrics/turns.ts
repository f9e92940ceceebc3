// Per-turn figures of a multi-turn cell (issue 20, item 3): request k of
// session s is turn k (src/load/sessions.ts numbers them s * turns + k).
// TTFT by turn shows whether the server reuses the history: with a prefix
// cache, turn 2 onwards prefill only the newest message. Pure: no I/O.
import type { RequestRecord } from '../load/record.js';
import { summarize, type Distribution } from '../stats/distribution.js';
import { mergeDistributions } from './merge.js';

export interface TurnMetrics {
  /** 1-based. */
  turn: number;
  /** Measured requests of this turn sent (warm-up and cancelled excluded). */
  attempted: number;
  completed: number;
  /** Mean prompt tokens of its completed requests (the server's count when it sent one: the whole history). */
  input_tokens_mean: number | null;
  /** t_first - t_send over its completed requests. */
  ttft_ms: Distribution | null;
  /** t_first - t_sched: from when the turn was due (its think time over). */
  queued_ttft_ms: Distribution | null;
}

const r3 = (x: number): number => Math.round(x * 1000) / 1000;

/** The figures of each turn, pooled over the given records (every trial of the cell). */
export function turnMetrics(records: readonly RequestRecord[], turns: number): TurnMetrics[] {
  const by = Array.from({ length: turns }, () => ({ attempted: 0, nIn: [] as number[], ttft: [] as number[], queued: [] as number[] }));
  for (const r of records) {
    if (r.warmup || r.cancelled) continue;
    const t = by[r.index % turns]!;
    t.attempted++;
    if (r.failure !== null) continue;
    if (r.nIn !== null && Number.isFinite(r.nIn)) t.nIn.push(r.nIn);
    if (r.tFirst !== null) {
      t.ttft.push(r3(r.tFirst - r.tSend));
      t.queued.push(r3(r.tFirst - r.tSched));
    }
  }
  return by.map((t, k) => ({
    turn: k + 1,
    attempted: t.attempted,
    completed: t.ttft.length,
    input_tokens_mean: t.nIn.length === 0 ? null : r3(t.nIn.reduce((a, b) => a + b, 0) / t.nIn.length),
    ttft_ms: summarize(t.ttft, 'ms'),
    queued_ttft_ms: summarize(t.queued, 'ms'),
  }));
}

/**
 * The turns of parts of one cell measured at the same time (shards, each
 * with its own sessions): counts add, the mean input tokens is weighted by
 * completed requests, the distributions pool their histograms.
 */
export function mergeTurns(parts: readonly (readonly TurnMetrics[])[]): TurnMetrics[] {
  const turns = Math.max(0, ...parts.map((p) => p.length));
  return Array.from({ length: turns }, (_, k): TurnMetrics => {
    const own = parts.map((p) => p[k]).filter((t): t is TurnMetrics => t !== undefined);
    const weighed = own.filter((t) => t.input_tokens_mean !== null && t.completed > 0);
    const n = weighed.reduce((a, t) => a + t.completed, 0);
    return {
      turn: k + 1,
      attempted: own.reduce((a, t) => a + t.attempted, 0),
      completed: own.reduce((a, t) => a + t.completed, 0),
      input_tokens_mean: n === 0 ? null : r3(weighed.reduce((a, t) => a + t.input_tokens_mean! * t.completed, 0) / n),
      ttft_ms: mergeDistributions(own.map((t) => t.ttft_ms)),
      queued_ttft_ms: mergeDistributions(own.map((t) => t.queued_ttft_ms)),
    };
  });
}
