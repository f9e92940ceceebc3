// The checks of the `capacity:` list that JSON Schema cannot make. The rules
// the search itself holds its SLOs and options to (./capacity-rules.ts)
// return problems that are appended here, so a config is refused for exactly
// what the search would refuse, with the file's line and column.
import { capacityCellId, type RawCapacity } from './capacity.js';
import { checkCapacitySlo, searchOptionProblems, type OptionProblem } from './capacity-rules.js';
import { isRecord } from '../util/record.js';
import type { Issue, Segment } from './vocabulary.js';

/** searchOptionProblems names fields in the search's camelCase; the config's are snake_case. */
const FIELD_SEGS: Record<OptionProblem['field'], Segment[]> = {
  range: ['range'],
  resolution: ['resolution'],
  'budget.maxSteps': ['budget', 'max_steps'],
  'budget.maxDurationMs': ['budget', 'max_duration_s'],
  level: [],
};

/**
 * Problems of the capacity entries that passed the schema: unknown scenario,
 * SLOs the search cannot judge, bad ranges or sweeps, duplicate cells.
 * `skip` holds indices the schema already found wrong.
 */
export function capacityIssues(raw: unknown, scenarioNames: ReadonlySet<string>, skip: ReadonlySet<number>): Issue[] {
  const issues: Issue[] = [];
  if (!isRecord(raw) || !Array.isArray(raw.capacity)) return issues;
  const ids = new Map<string, number>();
  raw.capacity.forEach((item: unknown, i) => {
    if (skip.has(i) || !isRecord(item)) return;
    const c = item as unknown as RawCapacity;
    const at = (...s: Segment[]): Segment[] => ['capacity', i, ...s];
    if (!scenarioNames.has(c.scenario)) issues.push({ segs: at('scenario'), reason: `no such scenario (allowed: ${[...scenarioNames].join(', ')})`, echo: true });
    c.slo.forEach((text, j) => {
      const { reason } = checkCapacitySlo(text);
      // The issue echoes the SLO's text; a reason's own `, got <bound>` would repeat it.
      if (reason !== undefined) issues.push({ segs: at('slo', j), reason: reason.replace(/, got [^ ]+$/, ''), echo: true });
    });
    if (c.sweep !== undefined) {
      for (const key of ['range', 'resolution', 'saturation_concurrency'] as const) {
        if (c[key] !== undefined) issues.push({ segs: at(key), reason: 'is for a search; a sweep measures the listed loads', echo: false, atKey: true });
      }
      c.sweep.forEach((x, j) => {
        if (c.mode === 'concurrency' && !Number.isInteger(x)) issues.push({ segs: at('sweep', j), reason: 'a concurrency must be an integer', echo: true });
      });
    } else if (c.range === undefined) {
      issues.push({ segs: at('range'), reason: 'is required for a search (or give sweep: [loads])', echo: false });
    } else {
      const budget = { maxSteps: c.budget?.max_steps, maxDurationMs: c.budget?.max_duration_s === undefined ? undefined : c.budget.max_duration_s * 1000 };
      for (const p of searchOptionProblems({ mode: c.mode, range: c.range, resolution: c.resolution, budget })) {
        issues.push({ segs: at(...FIELD_SEGS[p.field]), reason: p.reason, echo: true });
      }
    }
    if (c.requests_per_step !== undefined && c.max_requests_per_step !== undefined && c.max_requests_per_step < c.requests_per_step) {
      issues.push({ segs: at('max_requests_per_step'), reason: `must be >= requests_per_step (${c.requests_per_step})`, echo: true });
    }
    const id = capacityCellId({ scenario: c.scenario, mode: c.mode, sweep: c.sweep ?? null });
    const first = ids.get(id);
    if (first !== undefined) issues.push({ segs: at(), reason: `repeats capacity[${first}] (same scenario, mode and kind: cell ${id})`, echo: false });
    else ids.set(id, i);
  });
  return issues;
}

/** Indices of capacity entries with a schema issue: their values are not checked further. */
export function capacityIndicesOf(issues: readonly Issue[]): Set<number> {
  return new Set(issues.filter((i) => i.segs[0] === 'capacity' && typeof i.segs[1] === 'number').map((i) => i.segs[1] as number));
}
