// Combines the metrics of parts of one cell measured concurrently (shards on
// machines, or worker threads) into the metrics of the whole, from what a
// result stores: per-request samples are concatenated and their
// distributions recomputed exactly; the other distributions are merged from
// their HdrHistograms (the percentiles then are those of the pooled
// histogram, exact to its 0.1% resolution) with n, mean, stddev, min and max
// pooled exactly; counts add; rates are totals over the common window.
import type { CellMetrics, CellSamples, ErrorSummary } from './cell.js';
import { decodeHistogram, HIST_SCALE, minSamplesFor, newHistogram, summarize, type Distribution } from '../stats/distribution.js';
import * as hdr from 'hdr-histogram-js';

const MAX_ERROR_EXAMPLES = 3;
const r3 = (x: number): number => Math.round(x * 1000) / 1000;
const r6 = (x: number): number => Math.round(x * 1e6) / 1e6;
const sum = (xs: readonly number[]): number => xs.reduce((a, b) => a + b, 0);

export interface MetricsPart {
  metrics: Omit<CellMetrics, 'samples'>;
  /** This part's samples (for a trial: its slice of the cell's). */
  samples: CellSamples;
}

/** Pools distributions of disjoint request sets; null when every part is null. */
export function mergeDistributions(ds: readonly (Distribution | null)[]): Distribution | null {
  const parts = ds.filter((d): d is Distribution => d !== null);
  if (parts.length === 0) return null;
  if (parts.length === 1) return parts[0]!;
  const h = newHistogram();
  for (const d of parts) {
    const part = decodeHistogram(d.hist);
    h.add(part);
    part.destroy();
  }
  const n = sum(parts.map((d) => d.n));
  const mean = sum(parts.map((d) => d.n * d.mean)) / n;
  // Pooled variance: within-part sums of squares plus the spread of the part means.
  const ss = sum(parts.map((d) => (d.n - 1) * d.stddev * d.stddev + d.n * (d.mean - mean) * (d.mean - mean)));
  const pct = (p: number): number | null => (n >= minSamplesFor(p) ? r3(h.getValueAtPercentile(p) / HIST_SCALE) : null);
  const out: Distribution = {
    unit: parts[0]!.unit,
    n,
    mean: r3(mean),
    stddev: r3(n > 1 ? Math.sqrt(ss / (n - 1)) : 0),
    min: Math.min(...parts.map((d) => d.min)),
    p50: pct(50),
    p90: pct(90),
    p95: pct(95),
    p99: pct(99),
    max: Math.max(...parts.map((d) => d.max)),
    hist: hdr.encodeIntoCompressedBase64(h),
  };
  h.destroy();
  return out;
}

function mergeErrors(parts: readonly MetricsPart[]): CellMetrics['errors'] {
  const out: Record<string, ErrorSummary> = {};
  for (const p of parts) {
    for (const [cls, e] of Object.entries(p.metrics.errors) as [string, ErrorSummary][]) {
      const m = (out[cls] ??= { count: 0, examples: [] });
      m.count += e.count;
      for (const x of e.examples) if (m.examples.length < MAX_ERROR_EXAMPLES && !m.examples.includes(x)) m.examples.push(x);
    }
  }
  return out as CellMetrics['errors'];
}

function concatSamples(parts: readonly MetricsPart[]): CellSamples {
  const out: CellSamples = { ttft_ms: [], queued_ttft_ms: [], e2e_ms: [], tpot_ms: [], n_in: [], n_out: [] };
  for (const p of parts) for (const k of Object.keys(out) as (keyof CellSamples)[]) (out[k] as (number | null)[]).push(...p.samples[k]);
  return out;
}

/** A part's mean weighted by its completed requests, summed (null means are skipped). */
function weighted(parts: readonly MetricsPart[], pick: (m: MetricsPart['metrics']) => number | null): { total: number; n: number } {
  let total = 0;
  let n = 0;
  for (const p of parts) {
    const v = pick(p.metrics);
    if (v === null) continue;
    total += v * p.metrics.counts.completed;
    n += p.metrics.counts.completed;
  }
  return { total, n };
}

/**
 * The metrics of the union of `parts`, which ran at the same time over
 * `windowS` seconds (for one run: the longest part's window; for pooled
 * trials: the sum of the trials' windows).
 */
export function mergeMetrics(parts: readonly MetricsPart[], windowS: number): CellMetrics {
  const samples = concatSamples(parts);
  const c = (k: keyof CellMetrics['counts']): number => sum(parts.map((p) => p.metrics.counts[k]));
  const counts = { attempted: c('attempted'), completed: c('completed'), failed: c('failed'), warmup: c('warmup'), not_sent: c('not_sent'), cancelled: c('cancelled') };
  const perS = (x: number): number => (windowS > 0 ? r6(x / windowS) : 0);
  const sumIn = sum(samples.n_in);
  const sumOut = sum(samples.n_out);
  const n = counts.completed;
  const slosSet = parts.some((p) => p.metrics.goodput_ratio !== null);
  const good = sum(parts.map((p) => Math.round((p.metrics.goodput_ratio ?? 0) * p.metrics.counts.attempted)));
  const busyMs = sum(parts.map((p) => p.metrics.concurrency.achieved_mean * p.metrics.window_s * 1000));
  const offered = parts.map((p) => p.metrics.offered_rps).filter((x): x is number => x !== null);
  const requested = weighted(parts, (m) => m.tokens.output_requested_mean);
  const honoured = weighted(parts, (m) => m.tokens.output_honoured);
  // Output events per part from its output tokens and tokens per event.
  const events = sum(parts.map((p) => (p.metrics.tokens.tokens_per_chunk_mean ? sum(p.samples.n_out) / p.metrics.tokens.tokens_per_chunk_mean : 0)));
  const d = (pick: (m: MetricsPart['metrics']) => Distribution | null): Distribution | null => mergeDistributions(parts.map((p) => pick(p.metrics)));
  return {
    counts,
    window_s: r6(windowS),
    rps: perS(n),
    input_tps: perS(sumIn),
    output_tps: perS(sumOut),
    total_tps: perS(sumIn + sumOut),
    error_rate: counts.attempted > 0 ? r6(counts.failed / counts.attempted) : 0,
    goodput_rps: slosSet ? perS(good) : null,
    goodput_ratio: slosSet ? (counts.attempted > 0 ? r6(good / counts.attempted) : 0) : null,
    // Exact: these are recomputed from the concatenated per-request samples, as a single run computes them.
    ttft_ms: summarize(samples.ttft_ms, 'ms'),
    queued_ttft_ms: summarize(samples.queued_ttft_ms, 'ms'),
    e2e_ms: summarize(samples.e2e_ms, 'ms'),
    tpot_ms: d((m) => m.tpot_ms),
    itl_ms: d((m) => m.itl_ms),
    queued_e2e_ms: d((m) => m.queued_e2e_ms),
    user_tps: d((m) => m.user_tps),
    schedule_lag_ms: d((m) => m.schedule_lag_ms),
    // Little's law over the common window; the maximum in flight is bounded by the
    // parts' maxima summed (they are not known to have peaked at the same instant).
    concurrency: { achieved_mean: windowS > 0 ? r3(busyMs / (windowS * 1000)) : 0, achieved_max: sum(parts.map((p) => p.metrics.concurrency.achieved_max)) },
    offered_rps: offered.length > 0 ? r6(sum(offered)) : null,
    tokens: {
      input_mean: n > 0 ? r3(sumIn / n) : null,
      output_mean: n > 0 ? r3(sumOut / n) : null,
      output_requested_mean: requested.n > 0 ? r3(requested.total / requested.n) : null,
      output_honoured: honoured.n > 0 ? r6(honoured.total / honoured.n) : null,
      tokens_per_chunk_mean: events > 0 ? r3(sumOut / events) : null,
      sources: { server: sum(parts.map((p) => p.metrics.tokens.sources.server)), client: sum(parts.map((p) => p.metrics.tokens.sources.client)) },
      // Absent on a part that had none; present on the merge when any part had some.
      ...(parts.some((p) => p.metrics.tokens.server_counts_refused !== undefined) ? { server_counts_refused: sum(parts.map((p) => p.metrics.tokens.server_counts_refused ?? 0)) } : {}),
    },
    errors: mergeErrors(parts),
    samples,
  };
}
