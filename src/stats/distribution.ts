// A distribution summary plus the HdrHistogram it came from, so later stages
// (trials, bootstrap, re-percentiling) can merge and resample without the raw data.
import * as hdr from 'hdr-histogram-js';

/** Values are recorded as integers in thousandths of the metric's unit (µs for ms, milli-tokens for tok/s). */
export const HIST_SCALE = 1000;
/** 3 significant digits: 0.1% value resolution, which is far below run-to-run noise. */
const SIGNIFICANT_DIGITS = 3;

/**
 * A percentile is only reported with enough samples above it to mean
 * something: at least 3 expected samples in the tail, so p99 needs 300
 * requests, p95 60, p90 30, p50 6 (see docs/metrics.md).
 */
export function minSamplesFor(p: number): number {
  return Math.ceil(3 / (1 - p / 100) - 1e-9);
}

export interface Distribution {
  unit: 'ms' | 'tok/s';
  n: number;
  mean: number;
  stddev: number;
  min: number;
  p50: number | null;
  p90: number | null;
  p95: number | null;
  p99: number | null;
  max: number;
  /** HdrHistogram V2 compressed, base64; recorded values are metric * HIST_SCALE. */
  hist: string;
}

export function newHistogram(): hdr.Histogram {
  // 32-bit counters record 5x faster than 'packed' ones; a histogram lives only
  // while a summary is computed, so the larger array costs nothing lasting.
  return hdr.build({ bitBucketSize: 32, numberOfSignificantValueDigits: SIGNIFICANT_DIGITS, autoResize: true });
}

export function recordScaled(h: hdr.Histogram, value: number): void {
  // Negative values cannot occur for durations from a monotonic clock; clamp
  // defensively so one bad stamp cannot throw inside the hot path.
  h.recordValue(Math.max(0, Math.round(value * HIST_SCALE)));
}

const round3 = (x: number): number => Math.round(x * 1000) / 1000;

/**
 * Summarise exact values: n, mean, stddev, min and max are exact; percentiles
 * come from the histogram (within 0.1%). Returns null for no samples.
 */
export function summarize(values: readonly number[], unit: Distribution['unit']): Distribution | null {
  const n = values.length;
  if (n === 0) return null;
  const h = newHistogram();
  let sum = 0;
  let min = Infinity;
  let max = -Infinity;
  for (const v of values) {
    recordScaled(h, v);
    sum += v;
    if (v < min) min = v;
    if (v > max) max = v;
  }
  const mean = sum / n;
  let sq = 0;
  for (const v of values) sq += (v - mean) * (v - mean);
  const d = summarizeHistogram(h, unit, n, mean, n > 1 ? Math.sqrt(sq / (n - 1)) : 0, min, max);
  h.destroy();
  return d;
}

/** The summary of n values recorded in h, given their exact moments and extremes (n > 0). */
export function summarizeHistogram(h: hdr.Histogram, unit: Distribution['unit'], n: number, mean: number, stddev: number, min: number, max: number): Distribution {
  const pct = (p: number): number | null => (n >= minSamplesFor(p) ? round3(h.getValueAtPercentile(p) / HIST_SCALE) : null);
  return {
    unit,
    n,
    mean: round3(mean),
    stddev: round3(stddev),
    min: round3(min),
    p50: pct(50),
    p90: pct(90),
    p95: pct(95),
    p99: pct(99),
    max: round3(max),
    hist: hdr.encodeIntoCompressedBase64(h),
  };
}

/** Decode a stored histogram (values in thousandths of the unit). */
export function decodeHistogram(encoded: string): hdr.Histogram {
  return hdr.decodeFromCompressedBase64(encoded, 'packed');
}
