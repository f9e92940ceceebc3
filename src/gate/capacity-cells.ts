// The gate's capacity comparisons: each candidate capacity search against
// the baseline's cell of the same id, on capacity_rps and
// capacity_output_tps (src/capacity/compare.ts). The verdict is read off the
// intervals, with no p-value, so these stay out of Holm's family; they count
// in the summary like any gated metric.
import { compareCapacity, type CapacityComparison } from '../capacity/compare.js';
import { CAPACITY_DEFAULTS } from '../config/capacity.js';
import type { GatePlan } from '../config/plan.js';
import type { CapacityCell, ResultDoc } from '../result/types.js';
import type { CapacityCellVerdict, CapacityMetricVerdict, VerdictDoc } from './verdict.js';

const OUTCOME: Record<CapacityComparison['verdict'], CapacityMetricVerdict['outcome']> = {
  fail: 'regressed',
  warn: 'warn',
  inconclusive: 'inconclusive',
  pass: 'unchanged',
  invalid: 'invalid',
};

const slim = (c: CapacityCell): CapacityCell => ({ ...c, points: c.points.map(({ detail: _detail, ...p }) => p) });

/** Why two capacity cells of one id do not measure the same thing (empty: comparable). */
function mismatches(b: CapacityCell, c: CapacityCell): string[] {
  const out: string[] = [];
  if (b.scenario.name !== c.scenario.name) out.push(`scenario differs (baseline ${b.scenario.name}, candidate ${c.scenario.name})`);
  if (b.mode !== c.mode) out.push(`mode differs (baseline ${b.mode}, candidate ${c.mode})`);
  if (JSON.stringify(b.slo) !== JSON.stringify(c.slo)) out.push(`SLOs differ (baseline ${b.slo.join(', ')}; candidate ${c.slo.join(', ')})`);
  if (b.workload_hash !== c.workload_hash) out.push('workload hash differs: the sides sent different prompts');
  if (b.search === null || c.search === null) out.push(`no capacity summary on the ${b.search === null ? 'baseline' : 'candidate'} side (status ${(b.search === null ? b : c).status})`);
  return out;
}

export function judgeCapacityCells(base: ResultDoc, cand: ResultDoc, gate: GatePlan): { cells: CapacityCellVerdict[]; warnings: string[] } {
  const opts = { tolerance: gate.capacity?.tolerance ?? CAPACITY_DEFAULTS.tolerance, noise: gate.capacity?.noise ?? CAPACITY_DEFAULTS.noise };
  const warnings: string[] = [];
  const cells: CapacityCellVerdict[] = [];
  const baseById = new Map((base.capacity ?? []).map((c) => [c.id, c]));
  const candIds = new Set((cand.capacity ?? []).map((c) => c.id));
  for (const b of base.capacity ?? []) if (!candIds.has(b.id)) warnings.push(`capacity cell ${b.id} is only in the baseline: not compared`);
  for (const c of cand.capacity ?? []) {
    const b = baseById.get(c.id) ?? null;
    if (c.sweep !== null) {
      warnings.push(`capacity cell ${c.id} is a sweep: shown, not gated`);
      cells.push({ id: c.id, valid: true, invalid_reasons: [], metrics: [], candidate: slim(c), baseline: b === null ? null : slim(b) });
      continue;
    }
    if (b === null) {
      warnings.push(`capacity cell ${c.id} is only in the candidate: not compared`);
      cells.push({ id: c.id, valid: true, invalid_reasons: [], metrics: [], candidate: slim(c), baseline: null });
      continue;
    }
    const invalid = mismatches(b, c);
    const metrics: CapacityMetricVerdict[] = [];
    if (invalid.length === 0) {
      for (const metric of ['capacity_rps', 'capacity_output_tps'] as const) {
        const cmp = compareCapacity(metric, b.search![metric], c.search![metric], opts);
        metrics.push({ ...cmp, outcome: OUTCOME[cmp.verdict] });
        if (cmp.verdict === 'invalid') invalid.push(`${metric}: ${cmp.reason}`);
      }
    }
    cells.push({ id: c.id, valid: invalid.length === 0, invalid_reasons: invalid, metrics, candidate: slim(c), baseline: slim(b) });
  }
  return { cells, warnings };
}

/** Adds the capacity verdicts to the summary's counts; returns the reasons lines they give. */
export function tallyCapacity(summary: VerdictDoc['summary'], cells: readonly CapacityCellVerdict[]): string[] {
  const reasons: string[] = [];
  for (const cell of cells) {
    if (!cell.valid) {
      summary.invalid_cells++;
      for (const r of cell.invalid_reasons) reasons.push(`${cell.id}: ${r}`);
      continue;
    }
    for (const m of cell.metrics) {
      if (m.outcome === 'invalid') continue;
      summary[m.outcome]++;
      if (m.outcome === 'regressed') reasons.push(`${cell.id}: ${m.metric} regressed (${m.reason})`);
    }
  }
  return reasons;
}
