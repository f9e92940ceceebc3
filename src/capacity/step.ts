// One load, measured until its SLOs are decided: a first run of `requests`,
// then, while undecided, further runs at the same load whose samples pool
// with the first, up to a bound. Shared by the search and the sweep.
import type { CapacitySlo } from '../config/capacity-rules.js';
import { combine, holds, judgeSlo } from './slo.js';
import type { LoadPoint, ProbedPoint, Probe, StepOutcome } from './types.js';

export interface StepBudget {
  /** False once the search may start no further run. */
  left(): boolean;
  msLeft(): number;
  /** Counts one probe run. */
  spend(): void;
}

export interface StepOptions {
  probe: Probe;
  slos: readonly CapacitySlo[];
  level: number;
  requests: number;
  /** Most measured requests at one load, extensions included. */
  maxRequests: number;
  budget: StepBudget;
}

function pool(a: StepOutcome, b: StepOutcome): StepOutcome {
  const samples: StepOutcome['samples'] = { ...a.samples };
  for (const [k, v] of Object.entries(b.samples) as [keyof StepOutcome['samples'], readonly number[]][]) {
    samples[k] = [...(samples[k] ?? []), ...v];
  }
  const windowS = a.windowS + b.windowS;
  // Rates pool as totals over the summed windows (as trials do in metrics/cell.ts).
  const rates: StepOutcome['rates'] = {};
  for (const k of new Set([...Object.keys(a.rates), ...Object.keys(b.rates)]) as Set<keyof StepOutcome['rates']>) {
    const x = a.rates[k];
    const y = b.rates[k];
    rates[k] = x == null || y == null || windowS <= 0 ? (x ?? y ?? null) : (x * a.windowS + y * b.windowS) / windowS;
  }
  return { samples, rates, attempted: a.attempted + b.attempted, failed: a.failed + b.failed, windowS };
}

/** Measures one load; null when the budget allowed not even a first run, or that run sent no request. */
export async function measureLoad(o: StepOptions, load: LoadPoint, role: ProbedPoint['role']): Promise<ProbedPoint | null> {
  let pooled: StepOutcome | null = null;
  const details: unknown[] = [];
  let runs = 0;
  let next = o.requests;
  for (;;) {
    if (!o.budget.left()) break;
    o.budget.spend();
    const out = await o.probe({ load, requests: next, maxDurationMs: o.budget.msLeft(), extension: runs });
    // A run that sent nothing (the interrupt or the time limit came during
    // its warm-up) measured nothing: judged, its empty samples would lean
    // to 'fail' and put a false first-fail into the bracket. It ends the step.
    if (out.attempted === 0) break;
    runs++;
    if (out.detail !== undefined) details.push(out.detail);
    pooled = pooled === null ? out : pool(pooled, out);
    const verdict = combine(o.slos.map((s) => judgeSlo(s, pooled!, o.level)));
    // Doubling the pooled count each time narrows an interval by ~1/sqrt(2) per run.
    next = Math.min(pooled.attempted, o.maxRequests - pooled.attempted);
    if (verdict !== 'undecided' || next <= 0) break;
  }
  if (pooled === null) return null;
  const judged = o.slos.map((s) => judgeSlo(s, pooled, o.level));
  const verdict = combine(judged);
  const pointsMeet = judged.every((j, i) => j.value !== null && holds(j.value, o.slos[i]!.op, o.slos[i]!.bound));
  return {
    role,
    load,
    requests: pooled.attempted,
    runs,
    verdict,
    leaning: verdict === 'undecided' ? (pointsMeet ? 'pass' : 'fail') : verdict,
    slos: judged,
    rps: pooled.rates.rps ?? 0,
    output_tps: pooled.rates.output_tps ?? 0,
    goodput_rps: pooled.rates.goodput_rps ?? null,
    error_rate: pooled.attempted > 0 ? pooled.failed / pooled.attempted : 0,
    ...(details.length > 0 ? { detail: details } : {}),
  };
}
