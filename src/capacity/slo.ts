// Capacity SLOs: the `gate.slo` text form (`ttft_ms.p99 <= 2000`), parsed by
// the config's own parser, checked against the metric catalogue, and judged
// on one probed load with a confidence interval (pass / fail / undecided).
import { parseSloText } from '../config/slo-text.js';
import type { SloOp } from '../config/plan.js';
import { quantileSorted } from '../stats/quantile.js';
import { metricDef, type MetricDef, type RateKey } from '../metric-catalogue.js';
import { meanInterval, minSamplesForQuantile, proportionInterval, quantileInterval, type Interval } from '../stats/intervals.js';
import type { StepOutcome } from './types.js';

export class CapacitySloError extends Error {
  constructor(
    readonly slo: string,
    reason: string,
  ) {
    super(`capacity SLO '${slo}': ${reason}`);
    this.name = 'CapacitySloError';
  }
}

export interface CapacitySlo {
  readonly text: string;
  readonly metric: string;
  readonly op: SloOp;
  readonly bound: number;
  readonly def: MetricDef;
}

export type StepVerdict = 'pass' | 'fail' | 'undecided';

export interface SloJudgement {
  slo: string;
  /** Point estimate at this load (null: no data). */
  value: number | null;
  /** Confidence interval of the value; rate metrics are judged on the point (lo = hi = value). */
  lo: number | null;
  hi: number | null;
  verdict: StepVerdict;
}

const upper = (op: SloOp): boolean => op === '<=' || op === '<';

/** Parses and checks each SLO; throws CapacitySloError naming the SLO and what is wrong. */
export function parseCapacitySlos(texts: readonly string[]): CapacitySlo[] {
  if (texts.length === 0) throw new CapacitySloError('', 'a capacity search needs at least one SLO, e.g. ttft_ms.p99 <= 2000');
  return texts.map((text) => {
    const p = parseSloText(text);
    if (p === null) throw new CapacitySloError(text, 'expected METRIC OP NUMBER, e.g. ttft_ms.p99 <= 2000 (OP: <=, <, >=, >; percentiles: mean, p50, p90, p95, p99)');
    const def = metricDef(p.metric);
    if (def === undefined) {
      const key = p.metric.split('.')[0]!;
      const hint = metricDef(`${key}.p50`) !== undefined ? ` (${key} needs a statistic: .mean, .p50, .p90, .p95 or .p99)` : '';
      throw new CapacitySloError(text, `unknown metric '${p.metric}'${hint}; docs/gate.md lists the metric ids`);
    }
    // The search assumes more load makes the metric worse: a bound on the
    // good side (latency >= x, throughput <= x) would be met by overloading.
    if (upper(p.op) !== (def.direction === 'lower')) {
      throw new CapacitySloError(text, `${def.id} is better ${def.direction}, so a capacity SLO bounds it with ${def.direction === 'lower' ? '<= or <' : '>= or >'}`);
    }
    if (def.id === 'error_rate' && !(p.bound >= 0 && p.bound < 1)) {
      throw new CapacitySloError(text, `error_rate is a share of requests: the bound must be in [0, 1) (1% is 0.01), got ${p.bound}`);
    }
    if (p.bound < 0 || (p.bound === 0 && (p.op === '<' || (def.id !== 'error_rate' && p.op === '<=')))) {
      throw new CapacitySloError(text, `no load can meet it: ${def.id} is never below 0`);
    }
    return { text: text.trim(), metric: def.id, op: p.op, bound: p.bound, def };
  });
}

/** Fewest requests per step for this SLO to be decidable at `level` (a percentile needs its tail sampled). */
export function minRequestsFor(slo: CapacitySlo, level: number): number {
  const d = slo.def.dist;
  if (d !== null) return d.stat === 'mean' ? 30 : minSamplesForQuantile(Number(d.stat.slice(1)) / 100, level);
  if (slo.def.id === 'error_rate' && slo.bound > 0) {
    // Zero failures must put the Clopper-Pearson upper end under the bound: (tail)^(1/n) >= 1 - bound.
    return Math.ceil(Math.log((1 - level) / 2) / Math.log(1 - slo.bound) - 1e-9);
  }
  return 30;
}

function interval(slo: CapacitySlo, step: StepOutcome, level: number): { value: number | null; ci: Interval | null } {
  const d = slo.def.dist;
  if (d !== null) {
    const raw = step.samples[d.key];
    if (raw === undefined || raw.length === 0) return { value: null, ci: null };
    if (d.stat === 'mean') {
      const mean = raw.reduce((a, b) => a + b, 0) / raw.length;
      return { value: mean, ci: meanInterval(raw, level) };
    }
    const q = Number(d.stat.slice(1)) / 100;
    return { value: quantileSorted(Float64Array.from(raw).sort(), q), ci: quantileInterval(raw, q, level) };
  }
  if (slo.def.id === 'error_rate') {
    if (step.attempted === 0) return { value: null, ci: null };
    return { value: step.failed / step.attempted, ci: proportionInterval(step.failed, step.attempted, level) };
  }
  const v = step.rates[slo.def.id as RateKey];
  return v === null || v === undefined ? { value: null, ci: null } : { value: v, ci: { lo: v, hi: v } };
}

export const holds = (v: number, op: SloOp, b: number): boolean => (op === '<=' ? v <= b : op === '<' ? v < b : op === '>=' ? v >= b : v > b);

/** Pass when the whole interval meets the bound, fail when none of it does, else undecided. */
export function judgeSlo(slo: CapacitySlo, step: StepOutcome, level: number): SloJudgement {
  const { value, ci } = interval(slo, step, level);
  if (value === null || ci === null) return { slo: slo.text, value: null, lo: null, hi: null, verdict: 'undecided' };
  let verdict: StepVerdict;
  if (slo.def.id === 'error_rate' && slo.bound === 0) verdict = step.failed === 0 ? 'pass' : 'fail';
  else {
    const [good, bad] = upper(slo.op) ? [ci.hi, ci.lo] : [ci.lo, ci.hi];
    verdict = holds(good, slo.op, slo.bound) ? 'pass' : !holds(bad, slo.op, slo.bound) ? 'fail' : 'undecided';
  }
  return { slo: slo.text, value, lo: ci.lo, hi: ci.hi, verdict };
}

/** One failing SLO fails the step; otherwise one undecided leaves it undecided. */
export function combine(js: readonly SloJudgement[]): StepVerdict {
  if (js.some((j) => j.verdict === 'fail')) return 'fail';
  return js.some((j) => j.verdict === 'undecided') ? 'undecided' : 'pass';
}
