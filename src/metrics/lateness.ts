// How late an open loop's requests left after their scheduled times: the
// summary a cell carries (`lateness_ms`), and the pooling of the summaries of
// parts of one cell measured at once (shards). p50 and p99 are nearest-rank
// figures over every request, which cannot be averaged across parts: each
// summary carries the HdrHistogram of its lags, and the parts' histograms are
// added (the pooled percentiles are then exact to the histogram's 0.1%
// resolution; count and max are exact). Pure.
import * as hdr from 'hdr-histogram-js';
import { decodeHistogram, HIST_SCALE, newHistogram, recordScaled } from '../stats/distribution.js';

export interface LatenessSummary {
  count: number;
  p50: number;
  p99: number;
  max: number;
  /** The lags' HdrHistogram (thousandths of a ms, compressed base64); absent in results written before it. */
  hist?: string;
}

const ms = (x: number): number => Math.round(Math.max(0, x) * 1000) / 1000;

/** Nearest-rank p50 and p99 and the max of the lags, with their histogram; 0s when none was sent. */
export function summariseLateness(lags: readonly number[]): LatenessSummary {
  if (lags.length === 0) return { count: 0, p50: 0, p99: 0, max: 0 };
  const sorted = [...lags].sort((a, b) => a - b);
  const rank = (q: number): number => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
  const h = newHistogram();
  for (const v of sorted) recordScaled(h, Math.max(0, v));
  const hist = hdr.encodeIntoCompressedBase64(h);
  h.destroy();
  return { count: sorted.length, p50: ms(rank(0.5)), p99: ms(rank(0.99)), max: ms(sorted[sorted.length - 1]!), hist };
}

/**
 * The lateness of the parts pooled; null when a part has no histogram
 * (written before they were kept), since its percentiles cannot be combined.
 * A part with no request adds nothing.
 */
export function mergeLateness(parts: readonly LatenessSummary[]): LatenessSummary | null {
  const sent = parts.filter((p) => p.count > 0);
  if (sent.length === 0) return { count: 0, p50: 0, p99: 0, max: 0 };
  if (sent.length === 1) return sent[0]!;
  if (sent.some((p) => p.hist === undefined)) return null;
  const h = newHistogram();
  for (const p of sent) {
    const part = decodeHistogram(p.hist!);
    h.add(part);
    part.destroy();
  }
  const count = sent.reduce((a, p) => a + p.count, 0);
  const out: LatenessSummary = {
    count,
    p50: ms(h.getValueAtPercentile(50) / HIST_SCALE),
    p99: ms(h.getValueAtPercentile(99) / HIST_SCALE),
    // The exact max is known: the parts'.
    max: Math.max(...sent.map((p) => p.max)),
    hist: hdr.encodeIntoCompressedBase64(h),
  };
  h.destroy();
  return out;
}
