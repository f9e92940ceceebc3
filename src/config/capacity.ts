// The `capacity:` list of the workload config (one SLO-bounded capacity
// search, or a plain sweep, per entry) and `gate.capacity`: raw shape,
// normal form, and the checks JSON Schema cannot make. The rules the search
// itself holds its SLOs and options to (./capacity-rules.ts) return problems
// that are appended here, so a config is refused for exactly what the search
// would refuse, with the file's line and column.
import { checkCapacitySlo, searchOptionProblems, type CapacityMode, type OptionProblem } from './capacity-rules.js';
import { isRecord, type Issue } from './issues.js';
import type { Segment } from './yaml.js';

export interface RawCapacity {
  scenario: string;
  mode: CapacityMode;
  slo: string[];
  range?: { min: number; max: number };
  resolution?: number;
  budget?: { max_steps?: number; max_duration_s?: number };
  requests_per_step?: number;
  max_requests_per_step?: number;
  saturation_concurrency?: number | null;
  warmup?: number;
  sweep?: number[];
}

export interface RawGateCapacity {
  tolerance?: number;
  noise?: number;
}

export interface NormalCapacity {
  readonly scenario: string;
  readonly mode: CapacityMode;
  readonly slo: readonly string[];
  /** Null for a sweep. */
  readonly range: { readonly min: number; readonly max: number } | null;
  readonly resolution: number;
  readonly budget: { readonly max_steps: number; readonly max_duration_s: number };
  /** Null: twice the fewest the SLOs need (at least 50). */
  readonly requests_per_step: number | null;
  /** Null: 4 x requests_per_step. */
  readonly max_requests_per_step: number | null;
  /** Rate mode's saturation probe; null starts from range.min. */
  readonly saturation_concurrency: number | null;
  /** Null: run.warmup. */
  readonly warmup: number | null;
  /** Loads measured instead of a search; null for a search. */
  readonly sweep: readonly number[] | null;
}

export interface NormalGateCapacity {
  readonly tolerance: number;
  readonly noise: number;
}

export const CAPACITY_DEFAULTS = {
  resolution: 0.05,
  maxSteps: 40,
  maxDurationS: 1800,
  saturationConcurrency: 64,
  tolerance: 0.1,
  noise: 0.05,
} as const;

export function normaliseCapacity(c: RawCapacity): NormalCapacity {
  return {
    scenario: c.scenario,
    mode: c.mode,
    slo: c.slo.map((s) => s.trim()),
    range: c.range === undefined ? null : { min: c.range.min, max: c.range.max },
    resolution: c.resolution ?? CAPACITY_DEFAULTS.resolution,
    budget: { max_steps: c.budget?.max_steps ?? CAPACITY_DEFAULTS.maxSteps, max_duration_s: c.budget?.max_duration_s ?? CAPACITY_DEFAULTS.maxDurationS },
    requests_per_step: c.requests_per_step ?? null,
    max_requests_per_step: c.max_requests_per_step ?? null,
    saturation_concurrency: c.saturation_concurrency === undefined ? CAPACITY_DEFAULTS.saturationConcurrency : c.saturation_concurrency,
    warmup: c.warmup ?? null,
    sweep: c.sweep === undefined ? null : [...c.sweep],
  };
}

export function normaliseGateCapacity(g: RawGateCapacity | undefined): NormalGateCapacity {
  return { tolerance: g?.tolerance ?? CAPACITY_DEFAULTS.tolerance, noise: g?.noise ?? CAPACITY_DEFAULTS.noise };
}

/** `chat@capacity:rate`, `chat@sweep:concurrency`: names the cell in the result and the report. */
export function capacityCellId(c: Pick<NormalCapacity, 'scenario' | 'mode' | 'sweep'>): string {
  return `${c.scenario}@${c.sweep === null ? 'capacity' : 'sweep'}:${c.mode}`;
}

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
