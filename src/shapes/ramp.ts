// Ramp loads (docs/workloads.md, "Ramps"): an open loop whose rate moves
// from `from` to `to` req/s over `duration_s`, linearly or in `steps` equal
// steps, measured per step. The arrivals are the fixed-rate loads' Poisson
// process, time-warped: unit-rate Poisson times u_0 = 0 < u_1 < ... (gaps
// Exp(1), drawn from the seed) are mapped through the inverse of the ramp's
// cumulative rate Lambda(t) = integral of rate over [0, t], which gives an
// inhomogeneous Poisson process with exactly the ramp's rate. The requests
// are those with u_i < Lambda(duration): a count drawn from the seed, known
// before the cell starts, the same in every shard. The checks JSON Schema
// cannot make are src/config/ramp.ts (its saturation criteria use the
// capacity search's rules); the per-step figures and the saturation verdict
// are src/capacity/ramp.ts.
import { exponential, type Rng } from '../util/rng.js';
import type { Shape, WrittenShape } from './shape.js';

export type RampShape = 'linear' | 'steps';

export interface RawRamp {
  from: number;
  to: number;
  duration_s: number;
  shape?: RampShape;
  steps?: number;
  saturation?: { slo?: string[]; growth?: { factor: number; metric?: string } };
}

export interface NormalRamp {
  readonly from: number;
  readonly to: number;
  readonly duration_s: number;
  readonly shape: RampShape;
  readonly steps: number;
  /** Null: no saturation verdict asked for. */
  readonly saturation: { readonly slo: readonly string[]; readonly growth: { readonly factor: number; readonly metric: string } | null } | null;
}

/** A ramp as the run uses it: ms, req/s, camelCase. */
export interface RampPlan {
  readonly fromRps: number;
  readonly toRps: number;
  readonly durationMs: number;
  readonly shape: RampShape;
  /** Steps of a `steps` ramp; measurement windows of a linear one. */
  readonly steps: number;
  /** SLO texts (the capacity form) and a growth over the first step; null: no saturation verdict asked for. */
  readonly saturation: { readonly slo: readonly string[]; readonly growth: { readonly factor: number; readonly metric: string } | null } | null;
}

const RAMP_DEFAULTS = { shape: 'linear', steps: 5, growthMetric: 'queued_ttft_ms.p95' } as const;

export function normaliseRamp(r: RawRamp): NormalRamp {
  const sat = r.saturation;
  return {
    from: r.from,
    to: r.to,
    duration_s: r.duration_s,
    shape: r.shape ?? RAMP_DEFAULTS.shape,
    steps: r.steps ?? RAMP_DEFAULTS.steps,
    saturation:
      sat === undefined
        ? null
        : {
            slo: (sat.slo ?? []).map((s) => s.trim()),
            growth: sat.growth === undefined ? null : { factor: sat.growth.factor, metric: sat.growth.metric?.trim() ?? RAMP_DEFAULTS.growthMetric },
          },
  };
}

/** `ramp=2..20/s,30s,linear=5` / `ramp=2..20/s,30s,steps=5`: the ramp's cell id part and gate.slo[].load name. */
function rampLabel(r: NormalRamp): string {
  return `ramp=${r.from}..${r.to}/s,${r.duration_s}s,${r.shape}=${r.steps}`;
}

/** The ramp as the run uses it. `label` is the load's. */
export function rampPlanOf(r: NormalRamp): RampPlan {
  return {
    fromRps: r.from,
    toRps: r.to,
    durationMs: r.duration_s * 1000,
    shape: r.shape,
    steps: r.steps,
    saturation: r.saturation === null ? null : { slo: [...r.saturation.slo], growth: r.saturation.growth === null ? null : { ...r.saturation.growth } },
  };
}

/** The ramp's rate (req/s) at `t` ms after its start; the last step's (or `to`) at and after the end. */
export function rampRateAt(r: RampPlan, tMs: number): number {
  const t = Math.min(Math.max(tMs, 0), r.durationMs);
  if (r.shape === 'linear') return r.fromRps + ((r.toRps - r.fromRps) * t) / r.durationMs;
  return stepRate(r, Math.min(r.steps - 1, Math.floor((t / r.durationMs) * r.steps)));
}

/** Rate of step k (0-based) of a `steps` ramp: `from` for the first, `to` for the last, evenly between. */
function stepRate(r: RampPlan, k: number): number {
  return r.steps === 1 ? r.fromRps : r.fromRps + ((r.toRps - r.fromRps) * k) / (r.steps - 1);
}

/** Expected requests in [0, t ms): Lambda(t). */
export function rampExpected(r: RampPlan, tMs: number): number {
  const t = Math.min(Math.max(tMs, 0), r.durationMs) / 1000;
  const d = r.durationMs / 1000;
  if (r.shape === 'linear') return r.fromRps * t + ((r.toRps - r.fromRps) * t * t) / (2 * d);
  const len = d / r.steps;
  const k = Math.min(r.steps - 1, Math.floor(t / len));
  let sum = 0;
  for (let j = 0; j < k; j++) sum += stepRate(r, j) * len;
  return sum + stepRate(r, k) * (t - k * len);
}

/** The ramp's mean rate, req/s: Lambda(duration) / duration. */
export function rampMeanRate(r: RampPlan): number {
  return rampExpected(r, r.durationMs) / (r.durationMs / 1000);
}

/** The t (ms) at which Lambda(t) = u, for 0 <= u <= Lambda(duration). */
function inverse(r: RampPlan, u: number): number {
  const d = r.durationMs / 1000;
  if (r.shape === 'linear') {
    // Solve from*t + s*t^2/2 = u, s = (to - from)/d; written so that s = 0 and s < 0 stay exact.
    const s = (r.toRps - r.fromRps) / d;
    return ((2 * u) / (r.fromRps + Math.sqrt(r.fromRps * r.fromRps + 2 * s * u))) * 1000;
  }
  const len = d / r.steps;
  let left = u;
  for (let k = 0; k < r.steps; k++) {
    const inStep = stepRate(r, k) * len;
    if (left < inStep || k === r.steps - 1) return (k * len + left / stepRate(r, k)) * 1000;
    left -= inStep;
  }
  return r.durationMs;
}

/**
 * Successive arrival offsets (ms from the cell start) of the ramp, drawn one
 * at a time as every shape's arrivals are (index.ts drawnArrivals). Past the ramp's end the
 * draws go on at its last rate; a ramp cell never asks for them (its count
 * is rampOffsets().length).
 */
function rampArrivals(r: RampPlan, rng: Rng): () => number {
  const total = rampExpected(r, r.durationMs);
  const lastRate = rampRateAt(r, r.durationMs);
  let u = 0;
  return () => {
    const out = u < total ? inverse(r, u) : r.durationMs + ((u - total) / lastRate) * 1000;
    u += exponential(rng, 1);
    return out;
  };
}

/** Step k's window, ms from the ramp's start: [start, end). */
export function rampStepWindow(r: RampPlan, k: number): { startMs: number; endMs: number } {
  return { startMs: (r.durationMs * k) / r.steps, endMs: (r.durationMs * (k + 1)) / r.steps };
}

/** The step an offset (ms) falls in. */
export function rampStepOf(r: RampPlan, offsetMs: number): number {
  return Math.min(r.steps - 1, Math.max(0, Math.floor((offsetMs / r.durationMs) * r.steps)));
}

/** The mean rate the ramp asks for in step k, req/s (a `steps` ramp: the step's own rate). */
export function rampStepRate(r: RampPlan, k: number): number {
  const { startMs, endMs } = rampStepWindow(r, k);
  return (rampExpected(r, endMs) - rampExpected(r, startMs)) / ((endMs - startMs) / 1000);
}

/** Every arrival offset (ms) inside the ramp for the rng a cell's schedule draws from: its length is the cell's request count. */
export function rampOffsets(r: RampPlan, rng: Rng): Float64Array {
  const next = rampArrivals(r, rng);
  const out: number[] = [];
  for (;;) {
    const t = next();
    if (t >= r.durationMs) break;
    out.push(t);
  }
  return Float64Array.from(out);
}

export interface RawRampFields {
  /** An open loop whose rate moves over the cell. */
  ramp?: RawRamp;
}

export interface NormalRampLoad {
  readonly ramp: NormalRamp;
}

/** Open loop whose rate moves over the cell; `rate` is its mean. */
export interface RampLoad {
  readonly shape: 'ramp';
  readonly label: string;
  readonly rate: number;
  readonly ramp: RampPlan;
}

export const rampShape: Shape<RampLoad> & WrittenShape<RampLoad, NormalRampLoad, RawRampFields> = {
  name: 'ramp',
  loop: 'open',
  key: 'ramp',
  is: (raw) => raw.ramp !== undefined,
  normalise: (raw) => ({ ramp: normaliseRamp(raw.ramp!) }),
  isNormal: (n): n is NormalRampLoad => 'ramp' in n,
  label: (n) => rampLabel(n.ramp),
  plan: (n, label) => {
    const ramp = rampPlanOf(n.ramp);
    return { shape: 'ramp', label, rate: Math.round(rampMeanRate(ramp) * 1e6) / 1e6, ramp };
  },
  // A ramp has no cap on requests in flight: a saturating server shows as queueing, which is what a ramp looks for.
  inFlight: () => null,
  withInFlight: (l) => l,
  arrivals: (l, rng) => rampArrivals(l.ramp, rng),
  resultLoad: (l) => ({ kind: 'rate', label: l.label, rate: l.rate, arrival: 'ramp', burstiness: 1, max_concurrency: null }),
};
