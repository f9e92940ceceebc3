// The `capacity:` list of the workload config (one SLO-bounded capacity
// search, or a plain sweep, per entry) and `gate.capacity`: raw shape,
// normal form, defaults and the cell id. The checks JSON Schema cannot make
// are in ./capacity-check.ts.
import type { CapacityMode } from './vocabulary.js';

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
