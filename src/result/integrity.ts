// Checks the schema cannot express: a result's figures are within what a
// measurement can produce, every histogram decodes to what its summary says,
// and the pooled distributions agree with the per-request samples the gate
// resamples. A file that fails any of them was not written by this tool as it
// stands (corrupt, or crafted by a fork) and is refused, naming the field.
import type { Distribution } from '../stats/distribution.js';
import { HIST_SCALE } from '../stats/distribution.js';
import type { CellResult } from './types.js';
import { checkHistogram } from './histogram-check.js';

/**
 * No figure of a real run comes near 1e12 (ms, tokens, requests, seconds);
 * values beyond it only overflow arithmetic into Infinity in reports.
 */
export const MAX_FIGURE = 1e12;

type Problem = string;

function isDistribution(x: unknown): x is Distribution {
  return typeof x === 'object' && x !== null && typeof (x as { hist?: unknown }).hist === 'string';
}

/**
 * The reader's rule for every figure of a cell: finite and within ±MAX_FIGURE.
 * The writer bounds telemetry with the same test (telemetry-bounds.ts), so
 * what a run writes, this reader accepts (issue 19, item 1).
 */
export function isFigure(value: number): boolean {
  return Math.abs(value) <= MAX_FIGURE;
}

/** Every number under `value` is finite and within ±MAX_FIGURE; reports the first offender. */
function firstOutOfBounds(value: unknown, path: string): Problem | null {
  if (typeof value === 'number') return isFigure(value) ? null : `${path}: ${value} is beyond ±${MAX_FIGURE}`;
  if (typeof value !== 'object' || value === null) return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const p = firstOutOfBounds(value[i], `${path}/${i}`);
      if (p !== null) return p;
    }
    return null;
  }
  for (const [k, v] of Object.entries(value)) {
    const p = firstOutOfBounds(v, `${path}/${k}`);
    if (p !== null) return p;
  }
  return null;
}

function checkDistribution(d: Distribution, path: string): Problem | null {
  let facts;
  try {
    facts = checkHistogram(d.hist);
  } catch (err) {
    return `${path}/hist: ${(err as Error).message}`;
  }
  if (facts.totalCount !== d.n) return `${path}/hist: holds ${facts.totalCount} values but n is ${d.n}`;
  if (!(d.min <= d.mean && d.mean <= d.max)) return `${path}: mean ${d.mean} is outside min ${d.min} .. max ${d.max}`;
  const max = Math.round(d.max * HIST_SCALE);
  const [lo, hi] = facts.maxBucket!;
  if (max < lo || max > hi) return `${path}/hist: its highest value (${lo / HIST_SCALE} .. ${hi / HIST_SCALE}) is not max ${d.max}`;
  return null;
}

/** Every distribution of a metrics object (a cell's or a trial's). */
function checkMetrics(metrics: object, path: string): Problem | null {
  for (const [key, d] of Object.entries(metrics)) {
    if (!isDistribution(d)) continue;
    const p = checkDistribution(d, `${path}/${key}`);
    if (p !== null) return p;
  }
  return null;
}

/** The pooled distributions the gate resamples must count exactly the stored per-request samples. */
function checkSamples(cell: CellResult, path: string): Problem | null {
  const m = cell.metrics;
  const s = m.samples;
  const pairs: Array<[string, Distribution | null, number]> = [
    ['ttft_ms', m.ttft_ms, s.ttft_ms.length],
    ['queued_ttft_ms', m.queued_ttft_ms, s.queued_ttft_ms.length],
    ['e2e_ms', m.e2e_ms, s.e2e_ms.length],
    ['tpot_ms', m.tpot_ms, s.tpot_ms.filter((x) => x !== null).length],
  ];
  for (const [key, d, count] of pairs) {
    const n = d === null ? 0 : d.n;
    if (n !== count) return `${path}/metrics/${key}: n is ${n} but samples/${key} holds ${count} values`;
  }
  for (const [i, t] of cell.trials.entries()) {
    const { from, to } = t.samples;
    if (!(from <= to && to <= s.e2e_ms.length)) return `${path}/trials/${i}/samples: ${from}..${to} is not within the cell's ${s.e2e_ms.length} samples`;
  }
  return null;
}

const POOLED_RATES = ['rps', 'input_tps', 'output_tps', 'total_tps', 'error_rate'] as const;
const POOLED_COUNTS = ['attempted', 'completed', 'failed'] as const;

/**
 * The pooled figures a report shows and the per-trial figures the gate tests
 * must describe the same requests: pooled counts are the trials' sums, and a
 * pooled rate (totals over the summed windows) is a weighted mean of the
 * trials' rates, so it lies between their least and greatest. Otherwise one
 * row of a report would show a candidate from one set of data and a change
 * from another.
 */
function checkPooled(cell: CellResult, path: string): Problem | null {
  if (cell.trials.length === 0) return null;
  for (const key of POOLED_COUNTS) {
    const sum = cell.trials.reduce((a, t) => a + t.metrics.counts[key], 0);
    if (sum !== cell.metrics.counts[key]) return `${path}/metrics/counts/${key}: ${cell.metrics.counts[key]} is not the trials' sum ${sum}`;
  }
  for (const key of POOLED_RATES) {
    const values = cell.trials.map((t) => t.metrics[key]);
    const lo = Math.min(...values);
    const hi = Math.max(...values);
    // Figures are stored rounded to 3-6 decimals.
    const slack = 1e-3 + 1e-6 * Math.abs(hi);
    const v = cell.metrics[key];
    if (v < lo - slack || v > hi + slack) return `${path}/metrics/${key}: ${v} is outside its trials' ${lo} .. ${hi}`;
  }
  return null;
}

/** A lateness histogram (merge pools them) must decode within bounds and count the requests its summary says. */
function checkLateness(cell: CellResult, path: string): Problem | null {
  const l = cell.lateness_ms;
  if (l?.hist === undefined) return null;
  let facts: ReturnType<typeof checkHistogram>;
  try {
    facts = checkHistogram(l.hist);
  } catch (err) {
    return `${path}/lateness_ms/hist: ${(err as Error).message}`;
  }
  return facts.totalCount === l.count ? null : `${path}/lateness_ms/hist: holds ${facts.totalCount} values but count is ${l.count}`;
}

/** Problems with the cells of a schema-valid result, as `/json/pointer: message`; stops at the first. */
export function checkCells(cells: readonly CellResult[]): Problem[] {
  for (const [i, cell] of cells.entries()) {
    const path = `/cells/${i}`;
    const p =
      firstOutOfBounds(cell, path) ??
      checkMetrics(cell.metrics, `${path}/metrics`) ??
      checkSamples(cell, path) ??
      checkPooled(cell, path) ??
      checkLateness(cell, path) ??
      cell.trials.reduce<Problem | null>((acc, t, j) => acc ?? checkMetrics(t.metrics, `${path}/trials/${j}/metrics`), null);
    if (p !== null) return [p];
  }
  return [];
}
