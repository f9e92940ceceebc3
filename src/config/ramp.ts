// The checks JSON Schema cannot make of a ramp load (src/shapes/ramp.ts):
// too many or too few requests, a ramp longer than run.max_duration_s, and
// saturation criteria a step cannot be judged on (the capacity search's
// SLOs, ./capacity-rules.ts, or a growth of a latency over the first
// step's). They live here, not with the shape, because they use the
// config's capacity rules.
import { metricDef } from '../metric-catalogue.js';
import { normaliseRamp, rampExpected, rampPlanOf, type RawRamp } from '../shapes/ramp.js';
import { checkCapacitySlo } from './capacity-rules.js';
import { DEFAULTS } from './defaults.js';
import type { Issue, Segment } from './vocabulary.js';
import { isRecord } from '../util/record.js';

/** Distributions a ramp keeps per step (src/capacity/ramp.ts), so its SLOs and growth can name them. */
const RAMP_STEP_DISTS = ['ttft_ms', 'queued_ttft_ms', 'tpot_ms', 'e2e_ms', 'queued_e2e_ms'] as const;

/** A request is one record in memory until its cell ends; run.requests has the same bound. */
const MAX_RAMP_REQUESTS = 100_000;

/**
 * What JSON Schema cannot say of a ramp that passed it (`at` is its
 * loads[i].ramp): too many or too few requests, a ramp longer than
 * run.max_duration_s, and saturation criteria a step cannot be judged on.
 */
export function rampIssues(ramp: unknown, at: Segment[], run: unknown): Issue[] {
  const issues: Issue[] = [];
  if (!isRecord(ramp)) return issues;
  const r = normaliseRamp(ramp as unknown as RawRamp);
  const expected = rampExpected(rampPlanOf(r), r.duration_s * 1000);
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
