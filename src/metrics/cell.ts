// Records of one cell -> the metrics defined in docs/metrics.md. Pure: no I/O, no clock.
import type { FailureClass, RequestRecord } from '../load/record.js';
import type { SloPlan } from '../config/plan.js';
import { summarize, type Distribution } from '../stats/distribution.js';
import { summarizeGaps, type RequestGaps } from '../stats/gaps.js';

const MAX_ERROR_EXAMPLES = 3;

export interface ErrorSummary {
  count: number;
  examples: string[];
}

export interface CellSamples {
  /** Per successful measured request, in request order; kept for resampling by the gate. */
  ttft_ms: number[];
  queued_ttft_ms: number[];
  e2e_ms: number[];
  tpot_ms: (number | null)[];
  n_in: number[];
  n_out: number[];
}

export interface CellMetrics {
  counts: {
    /** Measured requests sent (warm-up excluded). */
    attempted: number;
    completed: number;
    failed: number;
    warmup: number;
    /** Scheduled but never sent: the cell hit its time limit or was interrupted first. */
    not_sent: number;
    /** In flight when the run was interrupted: aborted and excluded from every figure. */
    cancelled: number;
  };
  /** First t_send to last t_done of the measured requests, seconds. */
  window_s: number;
  rps: number;
  input_tps: number;
  output_tps: number;
  total_tps: number;
  error_rate: number;
  /** Requests meeting every SLO per second of the window; null when no SLO is set. */
  goodput_rps: number | null;
  /** Good requests / attempted; null when no SLO is set. */
  goodput_ratio: number | null;
  /**
   * Cost and energy (metrics/efficiency.ts, docs/metrics.md): set by the run
   * stage, not computeCellMetrics. Cost with `cost:` in the config, energy
   * with GPU power readings; null when not computable (no token, too few
   * readings); absent without their inputs and in older results.
   */
  cost_per_mtok_output_usd?: number | null;
  cost_per_mtok_total_usd?: number | null;
  energy_per_output_token_j?: number | null;
  ttft_ms: Distribution | null;
  queued_ttft_ms: Distribution | null;
  tpot_ms: Distribution | null;
  /** Gaps between output events (chunks, not tokens), pooled over requests. */
  itl_ms: Distribution | null;
  e2e_ms: Distribution | null;
  queued_e2e_ms: Distribution | null;
  user_tps: Distribution | null;
  /** t_send - t_sched over measured requests: a large lag means the client was the bottleneck. */
  schedule_lag_ms: Distribution | null;
  concurrency: {
    /** Mean requests in flight over the window (Little's law: sum of e2e / window). */
    achieved_mean: number;
    achieved_max: number;
  };
  /** Measured sends per second between the first and the last send. */
  offered_rps: number | null;
  tokens: {
    input_mean: number | null;
    output_mean: number | null;
    output_requested_mean: number | null;
    /** Share of completed requests whose N_out equals max_tokens (1.0 when the server honoured the fixed length). */
    output_honoured: number | null;
    tokens_per_chunk_mean: number | null;
    sources: { server: number; client: number };
    /**
     * Completed requests whose server `usage` counts were beyond what the
     * request could have produced and were replaced by the client's (counted
     * under sources.client); absent when there were none.
     */
    server_counts_refused?: number;
  };
  errors: Partial<Record<FailureClass, ErrorSummary>>;
  samples: CellSamples;
}

/** A prompt no model reads: no context window is near 100 million tokens. */
const MAX_PROMPT_TOKENS = 1e8;

/**
 * A request's token counts, the server's `usage` only where it could be true
 * (issue 19, item 1). The server is untrusted: `completion_tokens: 1e15` put
 * 1e15 in the samples and rates, and the result reader refused the run's own
 * result. A completion count above both the request's max_tokens (every
 * engine stops there) and the output events the client received (each
 * carried at least one token), or not a whole number, is replaced by the
 * client's count of output events, capped at max_tokens; a prompt count
 * beyond MAX_PROMPT_TOKENS counts as 0, the client keeping no prompt count
 * per request. `refused` says either happened.
 */
function trustedCounts(r: RequestRecord): { nIn: number; nOut: number; refused: boolean } {
  const nIn = r.nIn ?? 0;
  const nOut = r.nOut ?? 0;
  if (r.tokenSource !== 'server') return { nIn, nOut, refused: false };
  const outOk = Number.isSafeInteger(nOut) && nOut >= 0 && nOut <= Math.max(r.maxTokens, r.outputEvents);
  const inOk = Number.isSafeInteger(nIn) && nIn >= 0 && nIn <= MAX_PROMPT_TOKENS;
  if (outOk && inOk) return { nIn, nOut, refused: false };
  return { nIn: inOk ? nIn : 0, nOut: outOk ? nOut : Math.min(r.outputEvents, r.maxTokens), refused: true };
}

const r3 = (x: number): number => Math.round(x * 1000) / 1000;
const r6 = (x: number): number => Math.round(x * 1e6) / 1e6;

function isGood(r: RequestRecord, slos: SloPlan, queuedTtft: number, queuedE2e: number, tpot: number | null): boolean {
  if (slos.ttftMs !== null && queuedTtft > slos.ttftMs) return false;
  if (slos.e2eMs !== null && queuedE2e > slos.e2eMs) return false;
  if (slos.tpotMs !== null && tpot !== null && tpot > slos.tpotMs) return false;
  return r.failure === null;
}

function hasSlos(slos: SloPlan): boolean {
  return slos.ttftMs !== null || slos.tpotMs !== null || slos.e2eMs !== null;
}

/** First t_send to last t_done of the measured requests of one run of a cell, ms. */
function windowOf(measured: readonly RequestRecord[]): number {
  let start = Infinity;
  let end = -Infinity;
  for (const r of measured) {
    if (r.tSend < start) start = r.tSend;
    if (r.tDone > end) end = r.tDone;
  }
  return measured.length > 0 ? end - start : 0;
}

/**
 * Each group is the records of one run of the cell (one trial), warm-up
 * included; several groups pool trials: rates are totals over the summed
 * windows, distributions pool every request. `notSent` counts scheduled
 * requests that never went out.
 */
export function computeCellMetrics(groups: readonly (readonly RequestRecord[])[], slos: SloPlan, notSent: number): CellMetrics {
  const measuredGroups = groups.map((g) => g.filter((r) => !r.warmup && !r.cancelled));
  const measured = measuredGroups.flat();
  const records = groups.flat();
  const ok = measured.filter((r) => r.failure === null);
  const failed = measured.length - ok.length;

  const windowMs = measuredGroups.reduce((sum, g) => sum + windowOf(g), 0);
  const windowS = windowMs / 1000;
  const perS = (x: number): number => (windowS > 0 ? r6(x / windowS) : 0);

  const samples: CellSamples = { ttft_ms: [], queued_ttft_ms: [], e2e_ms: [], tpot_ms: [], n_in: [], n_out: [] };
  const tpots: number[] = [];
  const itl: RequestGaps[] = [];
  const queuedE2e: number[] = [];
  const userTps: number[] = [];
  let sumIn = 0;
  let sumOut = 0;
  let sumRequested = 0;
  let honoured = 0;
  let events = 0;
  let good = 0;
  const sources = { server: 0, client: 0 };
  let refused = 0;
  const slosSet = hasSlos(slos);

  for (const r of ok) {
    const { nIn, nOut, refused: untrusted } = trustedCounts(r);
    sumIn += nIn;
    sumOut += nOut;
    sumRequested += r.maxTokens;
    if (nOut === r.maxTokens) honoured++;
    events += r.outputEvents;
    if (untrusted) {
      refused++;
      sources.client++;
    } else if (r.tokenSource) sources[r.tokenSource]++;
    samples.n_in.push(nIn);
    samples.n_out.push(nOut);
    const e2e = r.tDone - r.tSend;
    const qe2e = r.tDone - r.tSched;
    samples.e2e_ms.push(r3(e2e));
    queuedE2e.push(qe2e);
    let tpot: number | null = null;
    let qttft = qe2e;
    if (r.tFirst !== null && r.tLast !== null) {
      samples.ttft_ms.push(r3(r.tFirst - r.tSend));
      qttft = r.tFirst - r.tSched;
      samples.queued_ttft_ms.push(r3(qttft));
      if (nOut >= 2) {
        tpot = (r.tLast - r.tFirst) / (nOut - 1);
        tpots.push(tpot);
      }
      const streaming = r.tDone - r.tFirst;
      if (streaming > 0 && nOut > 0) userTps.push(nOut / (streaming / 1000));
      itl.push(r);
    }
    samples.tpot_ms.push(tpot === null ? null : r3(tpot));
    if (slosSet && isGood(r, slos, qttft, qe2e, tpot)) good++;
  }

  const errors: Partial<Record<FailureClass, ErrorSummary>> = {};
  for (const r of measured) {
    if (r.failure === null) continue;
    const e = (errors[r.failure] ??= { count: 0, examples: [] });
    e.count++;
    const msg = r.message ?? r.failure;
    if (e.examples.length < MAX_ERROR_EXAMPLES && !e.examples.includes(msg)) e.examples.push(msg);
  }

  // Achieved concurrency: exact maximum by sweeping send/done events, per trial.
  let busy = 0;
  let maxConc = 0;
  let sendIntervals = 0;
  let sendSpanMs = 0;
  for (const g of measuredGroups) {
    const edges: [number, number][] = [];
    for (const r of g) {
      edges.push([r.tSend, 1], [r.tDone, -1]);
      busy += r.tDone - r.tSend;
    }
    edges.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    let cur = 0;
    for (const [, d] of edges) {
      cur += d;
      if (cur > maxConc) maxConc = cur;
    }
    if (g.length > 1) {
      const sends = g.map((r) => r.tSend).sort((a, b) => a - b);
      sendIntervals += sends.length - 1;
      sendSpanMs += sends[sends.length - 1]! - sends[0]!;
    }
  }

  const n = ok.length;
  return {
    counts: {
      attempted: measured.length,
      completed: n,
      failed,
      warmup: records.filter((r) => r.warmup).length,
      not_sent: notSent,
      cancelled: records.filter((r) => r.cancelled).length,
    },
    window_s: r6(windowS),
    rps: perS(n),
    input_tps: perS(sumIn),
    output_tps: perS(sumOut),
    total_tps: perS(sumIn + sumOut),
    error_rate: measured.length > 0 ? r6(failed / measured.length) : 0,
    goodput_rps: slosSet ? perS(good) : null,
    goodput_ratio: slosSet ? (measured.length > 0 ? r6(good / measured.length) : 0) : null,
    ttft_ms: summarize(samples.ttft_ms, 'ms'),
    queued_ttft_ms: summarize(samples.queued_ttft_ms, 'ms'),
    tpot_ms: summarize(tpots, 'ms'),
    itl_ms: summarizeGaps(itl),
    e2e_ms: summarize(samples.e2e_ms, 'ms'),
    queued_e2e_ms: summarize(queuedE2e, 'ms'),
    user_tps: summarize(userTps, 'tok/s'),
    schedule_lag_ms: summarize(
      measured.map((r) => r.tSend - r.tSched),
      'ms',
    ),
    concurrency: { achieved_mean: windowMs > 0 ? r3(busy / windowMs) : 0, achieved_max: maxConc },
    offered_rps: sendSpanMs > 0 ? r6(sendIntervals / (sendSpanMs / 1000)) : null,
    tokens: {
      input_mean: n > 0 ? r3(sumIn / n) : null,
      output_mean: n > 0 ? r3(sumOut / n) : null,
      output_requested_mean: n > 0 ? r3(sumRequested / n) : null,
      output_honoured: n > 0 ? r6(honoured / n) : null,
      tokens_per_chunk_mean: events > 0 ? r3(sumOut / events) : null,
      sources,
      ...(refused > 0 ? { server_counts_refused: refused } : {}),
    },
    errors,
    samples,
  };
}
