// Absolute bounds on the candidate alone (k6-style thresholds): they fail the
// gate whatever the baseline says, and work when there is no baseline at all.
import type { SloCheck } from '../config/plan.js';
import { metricDef } from '../metric-catalogue.js';
import { minSamplesFor } from '../stats/distribution.js';
import type { CellResult } from '../result/types.js';
import { distValue, pooledValue } from './extract.js';
import { percentileOf } from './policy.js';
import type { SloOutcome } from './verdict.js';

const holds = (v: number, c: SloCheck): boolean => (c.op === '<=' ? v <= c.bound : c.op === '<' ? v < c.bound : c.op === '>=' ? v >= c.bound : v > c.bound);

export function checkSlos(cells: readonly CellResult[], checks: readonly SloCheck[]): SloOutcome[] {
  const out: SloOutcome[] = [];
  for (const check of checks) {
    const def = metricDef(check.metric);
    if (def === undefined) continue; // Rejected when the config was loaded.
    for (const cell of cells) {
      if (check.scenario !== null && cell.scenario.name !== check.scenario) continue;
      if (check.load !== null && cell.load.label !== check.load) continue;
      let value = pooledValue(cell, def);
      let note: string | null = null;
      if (def.dist !== null && value === null) {
        const d = cell.metrics[def.dist.key];
        // Too few samples for the percentile: its histogram estimate sits near
        // the maximum, so judging by it errs on the strict side.
        value = distValue(d, def.dist.stat);
        if (d !== null && value !== null) note = `${d.n} samples, below the ${minSamplesFor(percentileOf(def.dist.stat) ?? 0)} this percentile needs: judged on the histogram's estimate`;
      }
      if (value === null) {
        out.push({ check: check.text, cell: cell.id, value: null, ok: false, note: 'no data for this metric' });
        continue;
      }
      out.push({ check: check.text, cell: cell.id, value: Math.round(value * 1000) / 1000, ok: holds(value, check), note });
    }
  }
  return out;
}
