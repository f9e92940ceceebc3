// Calibration's advice as config: per-scenario tolerance changes for gated
// metrics, and the `gate:` YAML block that applies them.
import { stringify } from 'yaml';
import type { GatePlan } from '../config/plan.js';
import { metricDef } from '../metric-catalogue.js';
import type { CellCalibration, ToleranceChange } from './calibration-doc.js';
import { defaultTolerance, mergedOverride, scenarioOverrides } from './policy.js';

/** The tolerance the plan applies to a metric in `scenario` (null: gate.metrics alone). */
function currentTolerance(gate: GatePlan, scenario: string | null, id: string): number {
  return mergedOverride(gate, scenario, id).tolerance ?? defaultTolerance(metricDef(id)!);
}

/**
 * Tolerance changes for gated metrics, per scenario (the loosest cell of the
 * scenario decides, since a tolerance applies to all its loads), hoisted to
 * gate.metrics when every scenario without its own override agrees.
 */
export function toleranceChanges(cells: readonly CellCalibration[], gate: GatePlan): ToleranceChange[] {
  const byMetric = new Map<string, Map<string, number>>();
  for (const c of cells) {
    for (const m of c.metrics) {
      if (!m.gated || m.tolerance.recommended === null) continue;
      let per = byMetric.get(m.metric);
      if (per === undefined) byMetric.set(m.metric, (per = new Map()));
      per.set(c.scenario, Math.max(per.get(c.scenario) ?? 0, m.tolerance.recommended));
    }
  }
  const changes: ToleranceChange[] = [];
  for (const [id, per] of byMetric) {
    const own = [...per].filter(([s]) => scenarioOverrides(gate, s, id, 'tolerance'));
    const shared = [...per].filter(([s]) => !scenarioOverrides(gate, s, id, 'tolerance'));
    const values = new Set(shared.map(([, v]) => v));
    if (values.size === 1) {
      const to = [...values][0]!;
      const from = currentTolerance(gate, null, id);
      if (to !== from) changes.push({ scenario: null, metric: id, from, to });
    } else {
      own.push(...shared);
    }
    for (const [s, to] of own) {
      const from = currentTolerance(gate, s, id);
      if (to !== from) changes.push({ scenario: s, metric: id, from, to });
    }
  }
  return changes.sort((x, y) => (x.scenario ?? '').localeCompare(y.scenario ?? '') || x.metric.localeCompare(y.metric));
}

/** The changes as a `gate:` YAML block; null when there are none. */
export function gateYaml(changes: readonly ToleranceChange[], trialsCurrent: number): string | null {
  if (changes.length === 0) return null;
  const metrics: Record<string, { tolerance: number }> = {};
  const scenarios: Record<string, { metrics: Record<string, { tolerance: number }> }> = {};
  for (const ch of changes) {
    if (ch.scenario === null) metrics[ch.metric] = { tolerance: ch.to };
    else (scenarios[ch.scenario] ??= { metrics: {} }).metrics[ch.metric] = { tolerance: ch.to };
  }
  const gate: Record<string, unknown> = {};
  if (Object.keys(metrics).length > 0) gate.metrics = metrics;
  if (Object.keys(scenarios).length > 0) gate.scenarios = scenarios;
  const head = `# llm-perf-gate calibrate: tolerances the measured noise supports at run.trials: ${trialsCurrent}.\n# Merge into the gate: section of llm-perf.yml.\n`;
  return head + stringify({ gate });
}
