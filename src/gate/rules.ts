// The rule a metric is judged by in one cell: the catalogue's default,
// overridden by gate.metrics, overridden by gate.scenarios.<name>.metrics.
import type { GatePlan, MetricRuleOverride } from '../config/plan.js';
import { CATALOGUE, type MetricDef } from '../metrics/catalogue.js';

export interface MetricRule {
  def: MetricDef;
  gated: boolean;
  tolerance: number;
  floor: number;
  level: 'fail' | 'warn';
}

export function ruleFor(def: MetricDef, gate: GatePlan, scenario: string, loadKind: 'concurrency' | 'rate'): MetricRule {
  const byDefault = def.gate === 'always' || def.gate === loadKind;
  const merged: MetricRuleOverride = { ...gate.metrics[def.id], ...gate.scenarios[scenario]?.[def.id] };
  return {
    def,
    gated: merged.gate ?? byDefault,
    tolerance: merged.tolerance ?? def.tolerance,
    floor: merged.floor ?? def.floor,
    level: merged.level ?? 'fail',
  };
}

export function rulesFor(gate: GatePlan, scenario: string, loadKind: 'concurrency' | 'rate'): MetricRule[] {
  return CATALOGUE.map((def) => ruleFor(def, gate, scenario, loadKind));
}
