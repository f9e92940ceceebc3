// A ramp cell's per-step figures and its saturation verdict (docs/workloads.md,
// "Ramps"). Each request belongs to the step its scheduled arrival fell in
// (src/shapes/ramp.ts); a step's latencies pool its requests over trials, and its
// achieved rate counts the completions that fell inside its window. The
// saturation verdict is the capacity search's: each step is a probed point
// whose SLOs are judged with their confidence intervals (./slo.ts judgeSlo,
// combine), and a growth criterion is one more such SLO whose bound is a
// multiple of the first step's figure. The first step that fails is where
// the server saturated. The per-step samples are kept, so shards merge
// exactly (mergeRamps) and the verdict is judged again on the whole.
import { checkCapacitySlo, type CapacitySlo } from '../config/capacity-rules.js';
import type { RampPlan, RampShape } from '../shapes/ramp.js';
import type { RequestRecord } from '../load/record.js';
import { rampStepOf, rampStepRate, rampStepWindow } from '../shapes/ramp.js';
import { computeCellMetrics } from '../metrics/cell.js';
import { summarize } from '../stats/distribution.js';
import { combine, holds, judgeSlo, parseCapacitySlos } from './slo.js';
import type { SloJudgement, StepOutcome, StepVerdict } from './types.js';

/** Per successful request of the step, pooled over trials (and shards). */
export interface RampStepSamples {
  ttft_ms: number[];
  queued_ttft_ms: number[];
  tpot_ms: number[];
  e2e_ms: number[];
  queued_e2e_ms: number[];
}

/** A latency's count and percentiles over a step (nearest rank; null: too few samples for it). */
export interface RampQuantiles {
  n: number;
  p50: number | null;
  p95: number | null;
  p99: number | null;
}

export interface RampStepResult {
  /** 0-based; the report says step index + 1. */
  index: number;
  /** The step's window, seconds from the ramp's start: [start_s, end_s). */
  start_s: number;
  end_s: number;
  /** The rate the ramp asks for over the step, req/s (a steps ramp: the step's rate; linear: its mean over the window). */
  rate: number;
  /** Requests the schedule put in this step, summed over trials; sent or not. */
  scheduled: number;
  /** Of those, sent (not cancelled), completed and failed. */
  attempted: number;
  completed: number;
  failed: number;
  error_rate: number;
  /** Completions (of any step's requests) whose t_done fell inside this step's window. */
  done_in_step: number;
  /** Achieved rate: done_in_step per second of the window, over every trial. */
  rps: number;
  ttft_ms: RampQuantiles | null;
  queued_ttft_ms: RampQuantiles | null;
  tpot_ms: RampQuantiles | null;
  /** The saturation criteria judged on this step; absent when none were asked for. */
  verdict?: StepVerdict;
  slos?: SloJudgement[];
  samples: RampStepSamples;
}

export interface RampSaturation {
  /** The criteria as judged: the SLO texts, and the growth as `metric <= F x step 1 (bound)`. */
  criteria: string[];
  /**
   * found: `step` is the first that failed (its interval lies beyond a
   * bound); undecided: no step failed, and `step` is the first whose point
   * estimate went beyond a bound its interval still holds; not-found: no
   * step went beyond.
   */
  status: 'found' | 'undecided' | 'not-found';
  /** 0-based step; null when not-found. */
  step: number | null;
  /** That step's rate (req/s). */
  rate: number | null;
  /** What broke and where, in words. */
  reason: string;
}

/** What a ramp cell records beside its headline metrics (CellResult.ramp). */
export interface RampResult {
  from: number;
  to: number;
  duration_s: number;
  shape: RampShape;
  steps: number;
  /** Trials pooled, times shards merged: the windows `rps` is over. */
  trials: number;
  /** The saturation criteria as configured; null: none. */
  criteria: { slo: string[]; growth: { factor: number; metric: string } | null } | null;
  per_step: RampStepResult[];
  saturation: RampSaturation | null;
}

/** One trial of a ramp cell: its records and the offsets (ms) its schedule gave each request index. */
interface RampTrial {
  records: readonly RequestRecord[];
  offsets: ArrayLike<number>;
  /** Whether request i is this process's to send (a shard sends its share of the one schedule); default: all. */
  owns?: (i: number) => boolean;
}

interface StepAcc {
  scheduled: number;
  attempted: number;
  completed: number;
  failed: number;
  doneInStep: number;
  samples: RampStepSamples;
}

const r3 = (x: number): number => Math.round(x * 1000) / 1000;
const r6 = (x: number): number => Math.round(x * 1e6) / 1e6;
const NO_SLOS = { ttftMs: null, tpotMs: null, e2eMs: null } as const;

const emptyAcc = (): StepAcc => ({ scheduled: 0, attempted: 0, completed: 0, failed: 0, doneInStep: 0, samples: { ttft_ms: [], queued_ttft_ms: [], tpot_ms: [], e2e_ms: [], queued_e2e_ms: [] } });

/** The ramp's per-step figures from its trials' records, and its saturation verdict at `level` (the gate's confidence). */
export function rampResult(ramp: RampPlan, trials: readonly RampTrial[], level: number): RampResult {
  const accs = Array.from({ length: ramp.steps }, emptyAcc);
  for (const t of trials) {
    for (let i = 0; i < t.offsets.length; i++) if (t.owns?.(i) ?? true) accs[rampStepOf(ramp, t.offsets[i]!)]!.scheduled++;
    const first = t.records[0];
    // tSched is the cell's start plus the request's offset, so any record gives the start.
    const start = first === undefined ? 0 : first.tSched - t.offsets[first.index]!;
    const byStep: RequestRecord[][] = accs.map(() => []);
    for (const r of t.records) {
      if (r.cancelled) continue;
      byStep[rampStepOf(ramp, t.offsets[r.index]!)]!.push(r);
      if (r.failure === null) {
        const at = r.tDone - start;
        if (at >= 0 && at < ramp.durationMs) accs[rampStepOf(ramp, at)]!.doneInStep++;
      }
    }
    byStep.forEach((records, k) => {
      const acc = accs[k]!;
      // The cell's own definitions (metrics/cell.ts): TTFT, queued TTFT, TPOT from trusted token counts.
      const m = computeCellMetrics([records], NO_SLOS, 0);
      acc.attempted += m.counts.attempted;
      acc.completed += m.counts.completed;
      acc.failed += m.counts.failed;
      acc.samples.ttft_ms.push(...m.samples.ttft_ms);
      acc.samples.queued_ttft_ms.push(...m.samples.queued_ttft_ms);
      acc.samples.e2e_ms.push(...m.samples.e2e_ms);
      for (const x of m.samples.tpot_ms) if (x !== null) acc.samples.tpot_ms.push(x);
      for (const r of records) if (r.failure === null) acc.samples.queued_e2e_ms.push(r3(r.tDone - r.tSched));
    });
  }
  return summarise(ramp, accs, trials.length, level);
}

/** The ramp of a cell merged from shards (or parts) that ran at once: counts add, samples pool, the verdict is judged again. */
export function mergeRamps(parts: readonly RampResult[], level: number): RampResult {
  const first = parts[0]!;
  const ramp = planOfResult(first);
  const accs = first.per_step.map((_, k) => {
    const acc = emptyAcc();
    for (const p of parts) {
      const s = p.per_step[k]!;
      acc.scheduled += s.scheduled;
      acc.attempted += s.attempted;
      acc.completed += s.completed;
      acc.failed += s.failed;
      acc.doneInStep += s.done_in_step;
      for (const key of Object.keys(acc.samples) as (keyof RampStepSamples)[]) acc.samples[key].push(...s.samples[key]);
    }
    return acc;
  });
  // Shards ran side by side: the windows are the trials', not trials x shards.
  return summarise(ramp, accs, first.trials, level);
}

/** The plan a stored ramp was measured with. */
function planOfResult(r: RampResult): RampPlan {
  return { fromRps: r.from, toRps: r.to, durationMs: r.duration_s * 1000, shape: r.shape, steps: r.steps, saturation: r.criteria };
}

function quantiles(xs: readonly number[]): RampQuantiles | null {
  const d = summarize(xs, 'ms');
  return d === null ? null : { n: d.n, p50: d.p50, p95: d.p95, p99: d.p99 };
}

function summarise(ramp: RampPlan, accs: readonly StepAcc[], trials: number, level: number): RampResult {
  const perStep: RampStepResult[] = accs.map((a, k) => {
    const w = rampStepWindow(ramp, k);
    const seconds = ((w.endMs - w.startMs) / 1000) * Math.max(1, trials);
    return {
      index: k,
      start_s: r3(w.startMs / 1000),
      end_s: r3(w.endMs / 1000),
      rate: r6(rampStepRate(ramp, k)),
      scheduled: a.scheduled,
      attempted: a.attempted,
      completed: a.completed,
      failed: a.failed,
      error_rate: a.attempted > 0 ? r6(a.failed / a.attempted) : 0,
      done_in_step: a.doneInStep,
      rps: r6(a.doneInStep / seconds),
      ttft_ms: quantiles(a.samples.ttft_ms),
      queued_ttft_ms: quantiles(a.samples.queued_ttft_ms),
      tpot_ms: quantiles(a.samples.tpot_ms),
      samples: a.samples,
    };
  });
  const result: RampResult = {
    from: ramp.fromRps,
    to: ramp.toRps,
    duration_s: ramp.durationMs / 1000,
    shape: ramp.shape,
    steps: ramp.steps,
    trials,
    criteria: ramp.saturation === null ? null : { slo: [...ramp.saturation.slo], growth: ramp.saturation.growth === null ? null : { ...ramp.saturation.growth } },
    per_step: perStep,
    saturation: null,
  };
  if (ramp.saturation !== null) result.saturation = judgeRamp(ramp.saturation, perStep, level);
  return result;
}

function outcomeOf(s: RampStepResult): StepOutcome {
  return { samples: s.samples, rates: {}, attempted: s.attempted, failed: s.failed, windowS: s.end_s - s.start_s };
}

const fmt = (x: number): string => String(r3(x));
const finite = (x: number | null): number | null => (x !== null && Number.isFinite(x) ? x : null);

/**
 * Judges every step on the criteria (fills each step's verdict and
 * judgements) and names the first that failed. The growth criterion is an
 * SLO on the same metric, bounded by `factor` times the first step's point
 * estimate.
 */
function judgeRamp(sat: NonNullable<RampPlan['saturation']>, steps: RampStepResult[], level: number): RampSaturation {
  const slos: CapacitySlo[] = sat.slo.length > 0 ? parseCapacitySlos(sat.slo) : [];
  const criteria = slos.map((s) => s.text);
  let growthNote: string | null = null;
  if (sat.growth !== null) {
    const probe = checkCapacitySlo(`${sat.growth.metric} <= 1`).slo;
    if (probe === undefined) throw new RangeError(`ramp growth metric '${sat.growth.metric}' cannot be judged`);
    const base = steps[0] === undefined ? null : judgeSlo(probe, outcomeOf(steps[0]), level).value;
    if (base === null || base <= 0) {
      growthNote = `${sat.growth.metric} ${sat.growth.factor}x step 1: step 1 has no ${sat.growth.metric} to grow from (too few successful requests)`;
      criteria.push(`${sat.growth.metric} <= ${sat.growth.factor}x step 1`);
    } else {
      const bound = sat.growth.factor * base;
      const text = `${sat.growth.metric} <= ${sat.growth.factor}x step 1 (${fmt(bound)})`;
      slos.push({ ...probe, text, bound });
      criteria.push(text);
    }
  }
  for (const step of steps) {
    // An interval without enough samples to close is unbounded: stored as null, as JSON writes it.
    const js = slos.map((s) => judgeSlo(s, outcomeOf(step), level)).map((j) => ({ ...j, lo: finite(j.lo), hi: finite(j.hi) }));
    step.slos = js;
    step.verdict = combine(js);
  }
  const at = (s: RampStepResult): string => `step ${s.index + 1} (${fmt(s.rate)} req/s)`;
  // Beyond a bound: the point estimate is (a failed SLO's always is; an undecided one's may be, its interval still holding the bound).
  const beyond = (s: RampStepResult): SloJudgement[] => s.slos!.filter((j, i) => j.verdict !== 'pass' && j.value !== null && !holds(j.value, slos[i]!.op, slos[i]!.bound));
  const why = (s: RampStepResult): string =>
    beyond(s)
      .map((j) => `${j.slo}: ${describe(j)}${j.verdict === 'fail' ? '' : ' (undecided)'}`)
      .join('; ');
  const failed = steps.find((s) => s.verdict === 'fail');
  const leaning = steps.find((s) => beyond(s).length > 0);
  if (failed !== undefined) {
    // A step before it whose point estimate was already beyond, its interval still holding the bound, is named beside it.
    const earlier = leaning !== undefined && leaning.index < failed.index ? `; first beyond a bound at ${at(leaning)}, not shown there at ${Math.round(level * 100)}% confidence` : '';
    return { criteria, status: 'found', step: failed.index, rate: failed.rate, reason: `saturated from ${at(failed)}: ${why(failed)}${earlier}` };
  }
  if (leaning !== undefined) {
    // The queue a saturated server builds makes its latencies trend within a step: few effectively independent samples, a wide interval.
    return {
      criteria,
      status: 'undecided',
      step: leaning.index,
      rate: leaning.rate,
      reason: `likely saturated from ${at(leaning)}, beyond the bound but not shown at ${Math.round(level * 100)}% confidence at any step: ${why(leaning)}`,
    };
  }
  const last = steps[steps.length - 1];
  const undecided = steps.filter((s) => s.verdict === 'undecided').length;
  const tail = undecided > 0 ? ` (${undecided} step${undecided === 1 ? '' : 's'} undecided: too few samples to judge)` : '';
  const note = growthNote === null ? '' : `; ${growthNote}`;
  return { criteria, status: 'not-found', step: null, rate: null, reason: `no step went beyond the bounds up to ${last === undefined ? 'the end' : at(last)}${tail}${note}` };
}

function describe(j: SloJudgement): string {
  if (j.value === null) return 'no data';
  if (j.lo === null && j.hi === null) return `${fmt(j.value)} (too few independent samples for an interval)`;
  if (j.lo === null || j.hi === null) return `${fmt(j.value)} [${j.lo === null ? '-inf' : fmt(j.lo)}, ${j.hi === null ? 'inf' : fmt(j.hi)}]`;
  return j.lo !== j.value || j.hi !== j.value ? `${fmt(j.value)} [${fmt(j.lo)}, ${fmt(j.hi)}]` : fmt(j.value);
}
