// Length distributions (issue 20, item 2) and trace replays (item 1) of a
// scenario: their config shapes, their normal forms and the checks JSON
// Schema states badly (which fields go with which `dist`, bounds in order,
// a shared prefix shorter than the shortest prompt). Drawing the lengths is
// src/workload/lengths.ts; reading a trace is src/workload/trace.ts.
import type { Issue, Segment } from './vocabulary.js';
import { isRecord } from '../util/record.js';

/** A token count drawn per request; `fixed` is normalised to its number. */
export type LengthDist =
  | { readonly dist: 'uniform'; readonly min: number; readonly max: number }
  | { readonly dist: 'normal' | 'lognormal'; readonly mean: number; readonly stddev: number; readonly min: number; readonly max: number }
  | { readonly dist: 'empirical'; readonly values: readonly number[]; readonly weights: readonly number[] };

/** input_tokens / output_tokens as the normal config holds them: a fixed count or a distribution. */
export type Length = number | LengthDist;

/** As written: `fixed` and the optional fields still possible. */
export interface RawLengthDist {
  dist: 'fixed' | 'uniform' | 'normal' | 'lognormal' | 'empirical';
  value?: number;
  min?: number;
  max?: number;
  mean?: number;
  stddev?: number;
  values?: number[];
  weights?: number[];
}
export type RawLength = number | RawLengthDist;

export type TraceFormat = 'mooncake' | 'azure';

export interface RawTrace {
  file: string;
  format: TraceFormat;
  block_tokens?: number;
  time_scale?: number;
  start_s?: number;
  duration_s?: number;
  max_requests?: number;
}

/** A scenario's trace replay, defaults filled in. */
export interface NormalTrace {
  /** As written (relative to the config file's folder). */
  readonly file: string;
  readonly format: TraceFormat;
  /** Tokens per hash id (Mooncake); the last block of a request may be partial. */
  readonly block_tokens: number;
  /** Multiplies the trace's time: 0.5 replays it in half the time (twice the rate). */
  readonly time_scale: number;
  /** Window on the trace's own clock (seconds since its first request), before time_scale. */
  readonly start_s: number;
  readonly duration_s: number | null;
  readonly max_requests: number | null;
}

const TRACE_DEFAULTS = { blockTokens: 512, timeScale: 1, startS: 0 } as const;

/** The fields each `dist` takes: required, then optional. */
const FIELDS: Record<RawLengthDist['dist'], { required: readonly string[]; optional: readonly string[] }> = {
  fixed: { required: ['value'], optional: [] },
  uniform: { required: ['min', 'max'], optional: [] },
  normal: { required: ['mean', 'stddev', 'max'], optional: ['min'] },
  lognormal: { required: ['mean', 'stddev', 'max'], optional: ['min'] },
  empirical: { required: ['values'], optional: ['weights'] },
};
const ALL_FIELDS = ['value', 'min', 'max', 'mean', 'stddev', 'values', 'weights'] as const;

/** Problems of one length written as a mapping (the schema checked each field's type and range). */
export function lengthIssues(value: unknown, at: Segment[]): Issue[] {
  if (!isRecord(value) || typeof value.dist !== 'string' || !(value.dist in FIELDS)) return [];
  const dist = value.dist as RawLengthDist['dist'];
  const { required, optional } = FIELDS[dist];
  const issues: Issue[] = [];
  for (const key of required) {
    if (value[key] === undefined) issues.push({ segs: [...at, key], reason: `is required with dist: ${dist}`, echo: false });
  }
  for (const key of ALL_FIELDS) {
    if (value[key] === undefined || required.includes(key) || optional.includes(key)) continue;
    const takers = Object.entries(FIELDS)
      .filter(([, f]) => f.required.includes(key) || f.optional.includes(key))
      .map(([d]) => d);
    issues.push({ segs: [...at, key], reason: `not allowed with dist: ${dist} (only with ${takers.join(' or ')})`, echo: false, atKey: true });
  }
  const min = typeof value.min === 'number' ? value.min : dist === 'normal' || dist === 'lognormal' ? 1 : null;
  const max = typeof value.max === 'number' ? value.max : null;
  if (min !== null && max !== null && min > max) issues.push({ segs: [...at, 'min'], reason: `must be <= max (${max})`, echo: true });
  if ((dist === 'normal' || dist === 'lognormal') && typeof value.mean === 'number' && max !== null && min !== null && (value.mean < min || value.mean > max)) {
    issues.push({ segs: [...at, 'mean'], reason: `must lie within min..max (${min}..${max})`, echo: true });
  }
  if (dist === 'lognormal' && value.stddev === 0) issues.push({ segs: [...at, 'stddev'], reason: 'must be > 0 for a lognormal (use a number for a fixed length)', echo: true });
  if (dist === 'empirical' && Array.isArray(value.values) && Array.isArray(value.weights) && value.weights.length !== value.values.length) {
    issues.push({ segs: [...at, 'weights'], reason: `must have one weight per value (${value.values.length})`, echo: false });
  }
  return issues;
}

/** The smallest length a written length can take, or null when it is not one (the schema reports that). */
export function lengthFloor(value: unknown): number | null {
  if (typeof value === 'number') return value;
  if (!isRecord(value)) return null;
  switch (value.dist) {
    case 'fixed':
      return typeof value.value === 'number' ? value.value : null;
    case 'uniform':
      return typeof value.min === 'number' ? value.min : null;
    case 'normal':
    case 'lognormal':
      return typeof value.min === 'number' ? value.min : 1;
    case 'empirical':
      return Array.isArray(value.values) && value.values.every((v) => typeof v === 'number') && value.values.length > 0 ? Math.min(...(value.values as number[])) : null;
    default:
      return null;
  }
}

/** A checked length with its defaults: `fixed` becomes its number, normal/lognormal get min 1, empirical equal weights. */
export function normaliseLength(l: RawLength): Length {
  if (typeof l === 'number') return l;
  switch (l.dist) {
    case 'fixed':
      return l.value!;
    case 'uniform':
      return { dist: 'uniform', min: l.min!, max: l.max! };
    case 'normal':
    case 'lognormal':
      return { dist: l.dist, mean: l.mean!, stddev: l.stddev!, min: l.min ?? 1, max: l.max! };
    case 'empirical':
      return { dist: 'empirical', values: [...l.values!], weights: l.weights === undefined ? l.values!.map(() => 1) : [...l.weights] };
  }
}

export function normaliseTrace(t: RawTrace): NormalTrace {
  return {
    file: t.file,
    format: t.format,
    block_tokens: t.block_tokens ?? TRACE_DEFAULTS.blockTokens,
    time_scale: t.time_scale ?? TRACE_DEFAULTS.timeScale,
    start_s: t.start_s ?? TRACE_DEFAULTS.startS,
    duration_s: t.duration_s ?? null,
    max_requests: t.max_requests ?? null,
  };
}
