import { createRequire as __llmPerfGateRequire } from 'node:module'; const require = __llmPerfGateRequire(import.meta.url);
import {
  HIST_SCALE,
  newHistogram,
  recordScaled,
  summarize,
  summarizeHistogram
} from "./chunk-SCGBAURB.js";

// src/stats/gaps.ts
var EXACT_GAPS = 512;
var keepAll = false;
var GapRecorder = class {
  buf = new Float64Array(16);
  len = 0;
  h = null;
  n = 0;
  min = Infinity;
  max = -Infinity;
  shift = 0;
  sum = 0;
  sumSq = 0;
  kept = null;
  push(gap) {
    if (this.len === this.buf.length) this.grow();
    this.buf[this.len++] = gap;
  }
  grow() {
    if (this.buf.length < EXACT_GAPS) {
      const b = new Float64Array(Math.min(this.buf.length * 4, EXACT_GAPS));
      b.set(this.buf);
      this.buf = b;
    } else this.fold();
  }
  fold() {
    if (this.h === null) {
      this.h = newHistogram();
      this.shift = this.buf[0];
    }
    const h = this.h;
    const buf = this.buf;
    if (keepAll) {
      this.kept ??= [];
      for (let i = 0; i < this.len; i++) this.kept.push(buf[i]);
    }
    for (let i = 0; i < this.len; i++) {
      const g = buf[i];
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
  finish() {
    if (this.h === null) return { exact: Array.from(this.buf.subarray(0, this.len)), folded: null };
    this.fold();
    const h = this.h;
    if (this.kept !== null) {
      h.destroy();
      this.h = null;
      return { exact: this.kept, folded: null };
    }
    const pairs = [];
    for (let i = 0; i < h.countsArrayLength; i++) {
      const c = h.getCountAtIndex(i);
      if (c > 0) pairs.push(h.valueFromIndex(i), c);
    }
    h.destroy();
    this.h = null;
    this.buf = new Float64Array(0);
    return { exact: [], folded: { n: this.n, min: this.min, max: this.max, shift: this.shift, sum: this.sum, sumSq: this.sumSq, buckets: Float64Array.from(pairs) } };
  }
};
function summarizeGaps(requests) {
  const folded = requests.filter((r) => r.gapsFolded);
  if (folded.length === 0) {
    const all = [];
    for (const r of requests) for (const g of r.gaps) all.push(g);
    return summarize(all, "ms");
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
    for (let i = 0; i < f.buckets.length; i += 2) h.recordValueWithCount(f.buckets[i], f.buckets[i + 1]);
    n += f.n;
    sum += f.n * f.shift + f.sum;
    if (f.min < min) min = f.min;
    if (f.max > max) max = f.max;
  }
  const mean = sum / n;
  let m2 = 0;
  for (const r of requests) {
    for (const g of r.gaps) m2 += (g - mean) * (g - mean);
    const f = r.gapsFolded;
    if (!f) continue;
    const partMean = f.shift + f.sum / f.n;
    m2 += Math.max(0, f.sumSq - f.sum * f.sum / f.n) + f.n * (partMean - mean) * (partMean - mean);
  }
  const d = summarizeHistogram(h, "ms", n, mean, n > 1 ? Math.sqrt(m2 / (n - 1)) : 0, min, max);
  h.destroy();
  return d;
}
function sampleGaps(r, max) {
  const f = r.gapsFolded;
  if (!f) return r.gaps.slice(0, max);
  const out = [];
  const k = Math.min(max, f.n);
  let i = 0;
  let below = f.buckets[1];
  for (let j = 0; j < k; j++) {
    const rank = Math.floor((j + 0.5) * f.n / k);
    while (rank >= below && i + 2 < f.buckets.length) {
      i += 2;
      below += f.buckets[i + 1];
    }
    out.push(f.buckets[i] / HIST_SCALE);
  }
  return out;
}

export {
  EXACT_GAPS,
  GapRecorder,
  summarizeGaps,
  sampleGaps
};
