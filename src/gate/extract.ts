// Reads one metric's data out of a result cell: the pooled figure shown in
// reports, and the per-trial data the statistics resample.
import type { DistStat, EfficiencyKey, MetricDef, RateKey } from '../metric-catalogue.js';
import type { CellSamples } from '../metrics/cell.js';
import { decodeHistogram, HIST_SCALE, type Distribution } from '../stats/distribution.js';
import type { CellResult } from '../result/types.js';
import { percentileOf } from './policy.js';
import { histogramValues } from '../stats/index.js';

const SAMPLED = new Set<keyof CellSamples>(['ttft_ms', 'queued_ttft_ms', 'e2e_ms', 'tpot_ms']);

/** The statistic of a stored distribution; from its histogram when the summary withheld it (too few samples). */
export function distValue(d: Distribution | null, stat: DistStat): number | null {
  if (d === null) return null;
  const v = d[stat];
  if (v !== null) return v;
  const h = decodeHistogram(d.hist);
  // The mean is always stated; only percentiles are withheld.
  return h.getValueAtPercentile(percentileOf(stat) ?? NaN) / HIST_SCALE;
}

/** The pooled figure of the cell (what a report shows); null when there is no data. */
export function pooledValue(cell: CellResult, def: MetricDef): number | null {
  if (def.dist !== null) {
    const d = cell.metrics[def.dist.key];
    return d === null ? null : d[def.dist.stat];
  }
  if (def.id === 'error_rate') return cell.metrics.error_rate;
  // Efficiency figures are absent from results without a price or GPU readings.
  return cell.metrics[def.id as RateKey | EfficiencyKey] ?? null;
}

/** Per-trial figures of a rate metric (one number per trial). */
export function trialValues(cell: CellResult, def: MetricDef): number[] {
  return cell.trials.map((t) => (def.id === 'error_rate' ? t.metrics.error_rate : (t.metrics[def.id as RateKey | EfficiencyKey] ?? NaN))).filter(Number.isFinite);
}

/**
 * Values taken from a histogram per trial for resampling. ITL pools every
 * chunk (tens of thousands a trial) and chunks of one request are not
 * independent anyway: a couple of thousand quantile-spaced values carry the
 * shape, and keep a comparison of a full matrix to seconds.
 */
const HIST_VALUES_PER_TRIAL = 2000;

// Each distribution serves five statistics (mean, p50..p99): extract it once per cell.
const cache = new WeakMap<CellResult, Map<string, number[][]>>();

/** Per-request values of a distribution, one array per trial (from exact samples where kept, else the histogram). */
export function trialSamples(cell: CellResult, def: MetricDef): number[][] {
  const key = def.dist!.key;
  let byKey = cache.get(cell);
  if (byKey === undefined) cache.set(cell, (byKey = new Map()));
  const hit = byKey.get(key);
  if (hit !== undefined) return hit;
  let out: number[][];
  if (SAMPLED.has(key as keyof CellSamples)) {
    const all = cell.metrics.samples[key as keyof CellSamples] as (number | null)[];
    out = cell.trials.map((t) => all.slice(t.samples.from, t.samples.to).filter((v): v is number => v !== null));
  } else {
    out = cell.trials.map((t) => {
      const d = t.metrics[key];
      return d === null ? [] : Array.from(histogramValues(d.hist, HIST_VALUES_PER_TRIAL));
    });
  }
  byKey.set(key, out);
  return out;
}

/** Per-trial statistic of a distribution (for the paired design), from each trial's summary. */
export function trialStats(cell: CellResult, def: MetricDef): number[] {
  const { key, stat } = def.dist!;
  return cell.trials.map((t) => distValue(t.metrics[key], stat) ?? NaN);
}
