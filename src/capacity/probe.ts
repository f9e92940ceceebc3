// A probe for the capacity search that measures a real target: one step is
// a cell of the workload matrix at the given load (warm-up, then measured
// requests), reduced to per-request samples for the SLO intervals and to the
// cell's metrics for the result.
import type { RequestRecord } from '../load/record.js';
import type { LoadPlan, Plan, ScenarioPlan, SloPlan } from '../config/plan.js';
import { computeCellMetrics, type CellMetrics } from '../metrics/cell.js';
import { EXACT_GAPS, sampleGaps } from '../stats/gaps.js';
import { buildCellWorkload } from '../workload/index.js';
import { loadPlanOf } from '../shapes/index.js';
import { runLoadStep, type StepTarget } from './load-adapter.js';
import type { CapacitySlo } from '../config/capacity-rules.js';
import type { LoadPoint, Probe, StepOutcome } from './types.js';

interface RealProbeOptions {
  plan: Plan;
  scenario: ScenarioPlan;
  target: StepTarget;
  /** Per-request bounds that make a request "good" (goodput); see goodputSlos. */
  goodput: SloPlan;
  /** Warm-up requests before each step's measured ones. */
  warmup: number;
  /** Longest one step may run, ms (also cut by the search's budget). */
  maxStepMs: number;
  /** Rate steps: arrival process, as in a rate load of the matrix. */
  arrival?: { kind: 'poisson' | 'gamma'; burstiness: number };
  cancel: AbortSignal;
  /** Told of each step's metrics (progress, result writing). */
  onStep?: (load: LoadPoint, metrics: CellMetrics) => void;
}

/** The matrix's load for a point, labelled as the matrix's are (c=4, r=2.5/s): the same shapes make both. */
function loadPlanFor(p: LoadPoint, arrival: RealProbeOptions['arrival']): LoadPlan {
  return loadPlanOf(p.kind === 'concurrency' ? { concurrency: p.concurrency } : { rate: p.rate, arrival: arrival?.kind ?? 'poisson', burstiness: arrival?.burstiness ?? 1, max_concurrency: null });
}

/**
 * The per-request bounds that make a request count towards goodput: each
 * latency SLO's bound applied to every request (the smallest when several
 * bound the same quantity), e.g. ttft_ms.p99 <= 2000 -> TTFT <= 2000 ms.
 */
export function goodputSlos(slos: readonly CapacitySlo[]): SloPlan {
  const min = (keys: string[]): number | null => {
    const bs = slos.filter((s) => s.def.dist !== null && keys.includes(s.def.dist.key)).map((s) => s.bound);
    return bs.length > 0 ? Math.min(...bs) : null;
  };
  return { ttftMs: min(['ttft_ms', 'queued_ttft_ms']), tpotMs: min(['tpot_ms']), e2eMs: min(['e2e_ms', 'queued_e2e_ms']) };
}

/** Samples the cell metrics do not keep per request, with the definitions of docs/metrics.md. */
function extraSamples(records: readonly RequestRecord[]): Pick<StepOutcome['samples'], 'itl_ms' | 'queued_e2e_ms' | 'user_tps'> {
  const itl: number[] = [];
  const queuedE2e: number[] = [];
  const userTps: number[] = [];
  for (const r of records) {
    if (r.warmup || r.cancelled || r.failure !== null) continue;
    queuedE2e.push(r.tDone - r.tSched);
    if (r.tFirst === null) continue;
    // A folded request (more than EXACT_GAPS gaps) stands in with gaps at evenly spaced ranks of its own.
    for (const g of sampleGaps(r, EXACT_GAPS)) itl.push(g);
    const streaming = r.tDone - r.tFirst;
    if (streaming > 0 && (r.nOut ?? 0) > 0) userTps.push((r.nOut ?? 0) / (streaming / 1000));
  }
  return { itl_ms: itl, queued_e2e_ms: queuedE2e, user_tps: userTps };
}

export function createRealProbe(o: RealProbeOptions): Probe {
  let step = 0;
  return async (req) => {
    const load = loadPlanFor(req.load, o.arrival);
    // Each step (and each extension) sends prompts of its own, so a prompt
    // cache never makes a later step faster than an earlier one.
    const trial = step++;
    const items = await buildCellWorkload(o.plan, o.scenario, load, o.warmup + req.requests, trial);
    const run = await runLoadStep(o.target, load, items, o.warmup, Math.min(o.maxStepMs, req.maxDurationMs), `${o.plan.seed}|capacity|${o.scenario.name}|${trial}`, o.cancel);
    const m = computeCellMetrics([run.records], o.goodput, run.notSent);
    o.onStep?.(req.load, m);
    const { samples, ...detail } = m;
    return {
      samples: {
        ttft_ms: samples.ttft_ms,
        queued_ttft_ms: samples.queued_ttft_ms,
        e2e_ms: samples.e2e_ms,
        tpot_ms: samples.tpot_ms.filter((x): x is number => x !== null),
        ...extraSamples(run.records),
      },
      rates: { rps: m.rps, input_tps: m.input_tps, output_tps: m.output_tps, total_tps: m.total_tps, goodput_rps: m.goodput_rps },
      attempted: m.counts.attempted,
      failed: m.counts.failed,
      windowS: m.window_s,
      detail,
    };
  };
}
