// What a capacity search's SLOs and options must be, as problems returned
// (the field and the reason), not thrown: config/capacity-check.ts appends them to
// a config's issues with the file's line and column, like every other config
// check, and the search (capacity/search.ts, capacity/slo.ts) refuses a
// caller that skipped the config in the same words. Config is below the
// capacity search (CONTRIBUTING.md, "Layout of src/"), so the rules live here.
import { metricDef, type MetricDef } from '../metric-catalogue.js';
import { parseSloText } from './slo-text.js';
import type { CapacityMode, SloOp } from './vocabulary.js';

/** A capacity SLO that passed the checks: its metric from the catalogue, its operator and bound. */
export interface CapacitySlo {
  readonly text: string;
  readonly metric: string;
  readonly op: SloOp;
  readonly bound: number;
  readonly def: MetricDef;
}

/** The SLO, or why a capacity search cannot judge it. */
type SloCheck = { readonly slo: CapacitySlo; readonly reason?: undefined } | { readonly slo?: undefined; readonly reason: string };

export const NO_SLO_REASON = 'a capacity search needs at least one SLO, e.g. ttft_ms.p99 <= 2000';

const upper = (op: SloOp): boolean => op === '<=' || op === '<';

/** Parses one SLO (`ttft_ms.p99 <= 2000`) and checks it against the metric catalogue. */
export function checkCapacitySlo(text: string): SloCheck {
  const p = parseSloText(text);
  if (p === null) return { reason: 'expected METRIC OP NUMBER, e.g. ttft_ms.p99 <= 2000 (OP: <=, <, >=, >; percentiles: mean, p50, p90, p95, p99)' };
  const def = metricDef(p.metric);
  if (def === undefined) {
    const key = p.metric.split('.')[0]!;
    const hint = metricDef(`${key}.p50`) !== undefined ? ` (${key} needs a statistic: .mean, .p50, .p90, .p95 or .p99)` : '';
    return { reason: `unknown metric '${p.metric}'${hint}; docs/gate.md lists the metric ids` };
  }
  // The search assumes more load makes the metric worse: a bound on the
  // good side (latency >= x, throughput <= x) would be met by overloading.
  if (upper(p.op) !== (def.direction === 'lower')) {
    return { reason: `${def.id} is better ${def.direction}, so a capacity SLO bounds it with ${def.direction === 'lower' ? '<= or <' : '>= or >'}` };
  }
  if (def.id === 'error_rate' && !(p.bound >= 0 && p.bound < 1)) {
    return { reason: `error_rate is a share of requests: the bound must be in [0, 1) (1% is 0.01), got ${p.bound}` };
  }
  if (p.bound < 0 || (p.bound === 0 && (p.op === '<' || (def.id !== 'error_rate' && p.op === '<=')))) {
    return { reason: `no load can meet it: ${def.id} is never below 0` };
  }
  return { slo: { text: text.trim(), metric: def.id, op: p.op, bound: p.bound, def } };
}

/** The options of a search that have bounds, in the search's own units and names (camelCase). */
interface SearchBounds {
  mode: CapacityMode;
  range: { min: number; max: number };
  resolution?: number | undefined;
  level?: number | undefined;
  budget?: { maxSteps?: number | undefined; maxDurationMs?: number | undefined } | undefined;
}

/** One option out of bounds: the search's field name (`budget.maxSteps`), the rule, the value given. */
export interface OptionProblem {
  readonly field: 'range' | 'resolution' | 'level' | 'budget.maxSteps' | 'budget.maxDurationMs';
  readonly reason: string;
  readonly value: unknown;
}

/** Every option out of bounds, one problem per field, in the order range, resolution, level, budget. */
export function searchOptionProblems(o: SearchBounds): OptionProblem[] {
  const problems: OptionProblem[] = [];
  const { min, max } = o.range;
  if (!(min > 0) || !(max >= min) || !Number.isFinite(max)) problems.push({ field: 'range', reason: 'needs 0 < min <= max, finite', value: o.range });
  else if (o.mode === 'concurrency' && (!Number.isInteger(min) || !Number.isInteger(max))) problems.push({ field: 'range', reason: 'concurrency bounds must be integers', value: o.range });
  const res = o.resolution ?? 0.05;
  if (!(res > 0 && res < 1)) problems.push({ field: 'resolution', reason: 'must be a fraction in (0, 1), e.g. 0.05 for 5%', value: res });
  const level = o.level ?? 0.95;
  if (!(level > 0.5 && level < 1)) problems.push({ field: 'level', reason: 'must be in (0.5, 1)', value: level });
  const b = o.budget ?? {};
  if (b.maxSteps !== undefined && !(Number.isInteger(b.maxSteps) && b.maxSteps >= 1)) problems.push({ field: 'budget.maxSteps', reason: 'must be an integer >= 1', value: b.maxSteps });
  if (b.maxDurationMs !== undefined && !(b.maxDurationMs > 0)) problems.push({ field: 'budget.maxDurationMs', reason: 'must be > 0', value: b.maxDurationMs });
  return problems;
}
