// The inter-event gaps of one request, bounded in events. A request keeps its
// gaps exactly while they are few (EXACT_GAPS), which is every request of an
// ordinary workload, so ITL figures stay exactly what summarising the raw gaps
// gives. Past that they are folded, a batch at a time, into a histogram at the
// resolution the cell's ITL histogram has anyway (HdrHistogram, 3 significant
// digits), plus exact count, min, max and shifted moments; when the request
// ends the histogram is reduced to its non-empty buckets. So a stream of
// millions of one-character events holds O(1) after it ends, not 8 bytes per
// event until the cell ends (issue 19, item 4), and ITL percentiles and the
// encoded histogram are those of the raw gaps; mean and stddev differ from a
// sum over the raw gaps only by floating-point summation order.
import type * as hdr from 'hdr-histogram-js';
import { HIST_SCALE, newHistogram, recordScaled, summarize, summarizeHistogram, type Distribution } from './distribution.js';

/** Gaps kept exactly per request; a request with more has them folded. */
export const EXACT_GAPS = 512;

/** A request's gaps once more than EXACT_GAPS: enough to pool them with others' exactly as histograms pool. */
export interface FoldedGaps {
  n: number;
  min: number;
  max: number;
  /** Sum and sum of squares of (gap - shift), shift being the first gap: the moments without cancellation. */
  shift: number;
  sum: number;
  sumSq: number;
  /** Non-empty buckets as pairs: a value in the bucket (scaled by HIST_SCALE), its count. */
  buckets: Float64Array;
}

/**
 * Benchmarks only (bench/client): also keep every gap, to rebuild each chunk's
 * arrival and measure timing error, while still paying for the fold.
 */
let keepAll = false;
export function keepEveryGap(on: boolean): void {
  keepAll = on;
}

interface JsHist extends hdr.Histogram {
  countsArrayLength: number;
  getCountAtIndex(i: number): number;
  valueFromIndex(i: number): number;
}

/**
 * Records one request's gaps on the client's hot path: a store into a typed
 * array per event, and a batch fold into the histogram every EXACT_GAPS.
 */
export class GapRecorder {
  private buf = new Float64Array(16);
  private len = 0;
  private h: JsHist | null = null;
  private n = 0;
  private min = Infinity;
  private max = -Infinity;
  private shift = 0;
  private sum = 0;
  private sumSq = 0;
  private kept: number[] | null = null;

  push(gap: number): void {
    if (this.len === this.buf.length) this.grow();
    this.buf[this.len++] = gap;
  }

  private grow(): void {
    if (this.buf.length < EXACT_GAPS) {
      const b = new Float64Array(Math.min(this.buf.length * 4, EXACT_GAPS));
      b.set(this.buf);
      this.buf = b;
    } else this.fold();
  }

  private fold(): void {
    if (this.h === null) {
      this.h = newHistogram() as JsHist;
      this.shift = this.buf[0]!;
    }
    const h = this.h;
    const buf = this.buf;
    if (keepAll) {
      this.kept ??= [];
      for (let i = 0; i < this.len; i++) this.kept.push(buf[i]!);
    }
    for (let i = 0; i < this.len; i++) {
      const g = buf[i]!;
      recordScaled(h, g);
      const d = g - this.shift;
      this.sum += d;
      this.sumSq += d * d;
      if (g < this.min) this.min = g;
      if (g > this.max) this.max = g;
    }
    this.n += this.len;
    this.len = 0;
  }

  /** The gaps when at most EXACT_GAPS (else []), and the fold otherwise. Call once, at the end. */
  finish(): { exact: number[]; folded: FoldedGaps | null } {
    if (this.h === null) return { exact: Array.from(this.buf.subarray(0, this.len)), folded: null };
    this.fold();
    const h = this.h;
    if (this.kept !== null) {
      h.destroy();
      this.h = null;
      return { exact: this.kept, folded: null };
    }
    const pairs: number[] = [];
    for (let i = 0; i < h.countsArrayLength; i++) {
      const c = h.getCountAtIndex(i);
      if (c > 0) pairs.push(h.valueFromIndex(i), c);
    }
    h.destroy();
    this.h = null;
    this.buf = new Float64Array(0);
    return { exact: [], folded: { n: this.n, min: this.min, max: this.max, shift: this.shift, sum: this.sum, sumSq: this.sumSq, buckets: Float64Array.from(pairs) } };
  }
}

/** What pooling needs of a request's gaps (the record's fields). */
export interface RequestGaps {
  readonly gaps: readonly number[];
  readonly gapsFolded?: FoldedGaps | null;
}

/**
 * ITL over requests: exactly summarize() of their raw gaps when none was
 * folded; otherwise the same histogram (hence the same percentiles), with
 * the moments pooled from the parts.
 */
export function summarizeGaps(requests: readonly RequestGaps[]): Distribution | null {
  const folded = requests.filter((r) => r.gapsFolded);
  if (folded.length === 0) {
    const all: number[] = [];
    for (const r of requests) for (const g of r.gaps) all.push(g);
    return summarize(all, 'ms');
  }
  const h = newHistogram();
  let n = 0;
  let sum = 0;
  let min = Infinity;
  let max = -Infinity;
  for (const r of requests) {
    for (const g of r.gaps) {
      recordScaled(h, g);
      n++;
      sum += g;
      if (g < min) min = g;
      if (g > max) max = g;
    }
    const f = r.gapsFolded;
    if (!f) continue;
    for (let i = 0; i < f.buckets.length; i += 2) h.recordValueWithCount(f.buckets[i]!, f.buckets[i + 1]!);
    n += f.n;
    sum += f.n * f.shift + f.sum;
    if (f.min < min) min = f.min;
    if (f.max > max) max = f.max;
  }
  const mean = sum / n;
  // Pooled sum of squared deviations (Chan et al.): each part's own plus its mean's offset.
  let m2 = 0;
  for (const r of requests) {
    for (const g of r.gaps) m2 += (g - mean) * (g - mean);
    const f = r.gapsFolded;
    if (!f) continue;
    const partMean = f.shift + f.sum / f.n;
    m2 += Math.max(0, f.sumSq - (f.sum * f.sum) / f.n) + f.n * (partMean - mean) * (partMean - mean);
  }
  const d = summarizeHistogram(h, 'ms', n, mean, n > 1 ? Math.sqrt(m2 / (n - 1)) : 0, min, max);
  h.destroy();
  return d;
}

/**
 * At most `max` gaps standing for a request's: all of them when exact, else
 * values at evenly spaced ranks of its histogram (for consumers that need
 * per-request samples, such as capacity's quantile intervals).
 */
export function sampleGaps(r: RequestGaps, max: number): number[] {
  const f = r.gapsFolded;
  if (!f) return r.gaps.slice(0, max);
  const out: number[] = [];
  const k = Math.min(max, f.n);
  let i = 0;
  let below = f.buckets[1]!;
  for (let j = 0; j < k; j++) {
    const rank = Math.floor(((j + 0.5) * f.n) / k);
    while (rank >= below && i + 2 < f.buckets.length) {
      i += 2;
      below += f.buckets[i + 1]!;
    }
    out.push(f.buckets[i]! / HIST_SCALE);
  }
  return out;
}
