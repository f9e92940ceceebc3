// Ramp loads (issue 20, item 4; docs/workloads.md, "Ramps"): an open loop
// whose rate moves from `from` to `to` req/s over `duration_s`, linearly or
// in `steps` equal steps, measured per step; optionally judged per step for
// where the server saturates, with the capacity search's SLOs
// (./capacity-rules.ts) or a growth of a latency over the first step's. The
// config shapes, the normal form, the label and the checks JSON Schema
// cannot make. The arrival times are src/load/ramp.ts; the per-step figures
// and the saturation verdict are src/capacity/ramp.ts.
import { metricDef } from '../metric-catalogue.js';
import { checkCapacitySlo } from './capacity-rules.js';
import { DEFAULTS } from './defaults.js';
import type { Issue, Segment } from './vocabulary.js';
import { isRecord } from '../util/record.js';

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

/** A ramp as the run uses it (config/plan.ts re-exports it): ms, req/s, camelCase. */
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

/** Distributions a ramp keeps per step (src/capacity/ramp.ts), so its SLOs and growth can name them. */
const RAMP_STEP_DISTS = ['ttft_ms', 'queued_ttft_ms', 'tpot_ms', 'e2e_ms', 'queued_e2e_ms'] as const;

/** A request is one record in memory until its cell ends; run.requests has the same bound. */
const MAX_RAMP_REQUESTS = 100_000;

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
export function rampLabel(r: NormalRamp): string {
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

/** Requests the ramp asks for on average: its mean rate times its duration. */
export function rampExpectedRequests(r: Pick<NormalRamp, 'from' | 'to' | 'duration_s' | 'shape' | 'steps'>): number {
  if (r.shape === 'linear' || r.steps === 1) return ((r.from + r.to) / 2) * r.duration_s;
  let sum = 0;
  for (let k = 0; k < r.steps; k++) sum += r.from + ((r.to - r.from) * k) / (r.steps - 1);
  return (sum / r.steps) * r.duration_s;
}

/**
 * What JSON Schema cannot say of a ramp that passed it (`at` is its
 * loads[i].ramp): too many or too few requests, a ramp longer than
 * run.max_duration_s, and saturation criteria a step cannot be judged on.
 */
export function rampIssues(ramp: unknown, at: Segment[], run: unknown): Issue[] {
  const issues: Issue[] = [];
  if (!isRecord(ramp)) return issues;
  const r = normaliseRamp(ramp as unknown as RawRamp);
  const expected = rampExpectedRequests(r);
  if (expected > MAX_RAMP_REQUESTS) {
    issues.push({
      segs: at,
      reason: `asks for about ${Math.round(expected)} requests (its mean rate x duration_s), more than the ${MAX_RAMP_REQUESTS} a cell may hold: shorten it or lower its rates`,
      echo: false,
    });
  } else if (expected < r.steps) {
    issues.push({
      segs: at,
      reason: `asks for about ${Math.round(expected * 100) / 100} requests (its mean rate x duration_s), fewer than one per step (${r.steps} steps): lengthen duration_s or raise its rates`,
      echo: false,
    });
  }
  const maxS = isRecord(run) && typeof run.max_duration_s === 'number' ? run.max_duration_s : DEFAULTS.maxDurationS;
  if (r.duration_s > maxS) {
    issues.push({
      segs: [...at, 'duration_s'],
      reason: `is longer than run.max_duration_s (${maxS} s), which stops every cell's trial: raise run.max_duration_s to at least ${r.duration_s}`,
      echo: true,
    });
  }
  if (r.shape === 'steps' && r.steps < 2) issues.push({ segs: [...at, 'steps'], reason: 'a steps ramp needs at least 2 steps (from and to)', echo: true });
  if (r.saturation !== null) {
    const satAt = [...at, 'saturation'];
    if (r.saturation.slo.length === 0 && r.saturation.growth === null) {
      issues.push({ segs: satAt, reason: 'give slo (e.g. ["queued_ttft_ms.p95 <= 1000"]), growth (e.g. { factor: 2 }) or both', echo: false });
    }
    r.saturation.slo.forEach((text, j) => {
      const reason = stepMetricProblem(text, false);
      if (reason !== null) issues.push({ segs: [...satAt, 'slo', j], reason, echo: true });
    });
    if (r.saturation.growth !== null) {
      const reason = stepMetricProblem(`${r.saturation.growth.metric} <= 1`, true);
      if (reason !== null) issues.push({ segs: [...satAt, 'growth', 'metric'], reason, echo: true });
    }
  }
  return issues;
}

/** Why a ramp step cannot be judged on this SLO text (the capacity search's rules, then the step's own figures), or null. */
function stepMetricProblem(text: string, growth: boolean): string | null {
  const keeps = (id: string): boolean => {
    const dist = metricDef(id)?.dist ?? null;
    return dist !== null && (RAMP_STEP_DISTS as readonly string[]).includes(dist.key);
  };
  if (growth) {
    const metric = text.replace(/ <= 1$/, '');
    return keeps(metric) ? null : `a ramp's growth is judged on a latency it keeps per step: ${RAMP_STEP_DISTS.join(', ')}, with a statistic (.p50, .p95, ...)`;
  }
  const { slo, reason } = checkCapacitySlo(text);
  if (slo === undefined) return reason.replace(/, got [^ ]+$/, '');
  if (!keeps(slo.def.id) && slo.def.id !== 'error_rate') return `a ramp judges each step on ${RAMP_STEP_DISTS.join(', ')} (with a statistic) or error_rate`;
  return null;
}
