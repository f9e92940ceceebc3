// Capacity SLOs: the `gate.slo` text form (`ttft_ms.p99 <= 2000`), parsed and
// checked against the metric catalogue by the config's rules
// (config/capacity-rules.ts), and judged on one probed load with a
// confidence interval (pass / fail / undecided).
import { checkCapacitySlo, NO_SLO_REASON, type CapacitySlo } from '../config/capacity-rules.js';
import type { SloOp } from '../config/plan.js';
import type { RateKey } from '../metric-catalogue.js';
import { meanInterval, minSamplesForQuantile, proportionInterval, quantileInterval, type Interval } from '../stats/intervals.js';
import { quantileSorted } from '../stats/quantile.js';
import type { SloJudgement, StepOutcome, StepVerdict } from './types.js';

const upper = (op: SloOp): boolean => op === '<=' || op === '<';

/**
 * The checked SLOs of a search. The config refuses bad ones with
 * file:line:col (config/capacity-check.ts); a caller that skipped it gets a
 * RangeError naming the SLO and what is wrong.
 */
export function parseCapacitySlos(texts: readonly string[]): CapacitySlo[] {
  if (texts.length === 0) throw new RangeError(`capacity SLO '': ${NO_SLO_REASON}`);
  return texts.map((text) => {
    const { slo, reason } = checkCapacitySlo(text);
    if (slo === undefined) throw new RangeError(`capacity SLO '${text}': ${reason}`);
    return slo;
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
