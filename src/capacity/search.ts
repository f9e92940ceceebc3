// The capacity search: the highest load at which every SLO still holds.
// Pure orchestration over an injected probe and clock, so it is testable
// without a server and without waiting. Rate mode first measures the
// saturation throughput (a closed-loop step at high concurrency) and starts
// just under it; concurrency mode, or rate mode without that probe, ramps up
// from the bottom of the range. Each direction change halves the bracket
// (bisection) until it is within the resolution, or the budget ends.
import { performance } from 'node:perf_hooks';
import { searchOptionProblems, type CapacitySlo } from '../config/capacity-rules.js';
import type { CapacityMode } from '../config/vocabulary.js';
import { estimateFromCurve, inUnit, pickOutputTps, pickRps } from './estimate.js';
import { minRequestsFor, parseCapacitySlos } from './slo.js';
import { measureLoad, type StepBudget, type StepOptions } from './step.js';
import { loadValue, type Estimate, type CapacityResult, type CapacityStatus, type LoadPoint, type ProbedPoint, type Probe } from './types.js';

interface SearchOptions {
  probe: Probe;
  /** `gate.slo` text form, e.g. ['ttft_ms.p99 <= 2000', 'error_rate <= 0.01']. */
  slos: readonly string[];
  mode: CapacityMode;
  /** Loads searched (req/s, or concurrency); the answer is reported within it. */
  range: { min: number; max: number };
  /** Stop when (firstFail - lastPass) / lastPass <= resolution (concurrency: also when they are adjacent). Default 0.05. */
  resolution?: number;
  /** Two-sided confidence of each step's intervals. Default 0.95 (the gate's). */
  level?: number;
  budget?: { maxSteps?: number; maxDurationMs?: number };
  /** Measured requests of a first run at a load; default: twice the fewest the SLOs need, at least 50. */
  requestsPerStep?: number;
  /** Most requests at one load when undecided; default 4 x requestsPerStep. */
  maxRequestsPerStep?: number;
  /** Rate mode: concurrency of the saturation probe; null skips it. Default 64. */
  saturationConcurrency?: number | null;
  /** Injected clock (ms, monotonic), as tinybench does; default performance.now. */
  now?: () => number;
  /** Told of every point as it is measured (progress). */
  onPoint?: (p: ProbedPoint) => void;
}

/**
 * Refuses options out of bounds before the probe is called: a RangeError
 * naming the first bad field. The config reports them all, with
 * file:line:col (config/capacity-check.ts); this guards callers that skipped it.
 */
function refuseBadOptions(o: Omit<SearchOptions, 'probe'>): void {
  const [p] = searchOptionProblems(o);
  if (p !== undefined) throw new RangeError(`capacity.${p.field}: ${p.reason}, got ${JSON.stringify(p.value)}`);
}

/** Fewest requests per step that let every SLO be decided at this level. */
export function stepRequestsFor(slos: readonly CapacitySlo[], level: number): number {
  return Math.max(50, 2 * Math.max(...slos.map((s) => minRequestsFor(s, level))));
}

const r3 = (x: number): number => Math.round(x * 1000) / 1000;

export async function searchCapacity(o: SearchOptions): Promise<CapacityResult> {
  refuseBadOptions(o);
  const slos = parseCapacitySlos(o.slos);
  const level = o.level ?? 0.95;
  const resolution = o.resolution ?? 0.05;
  const now = o.now ?? (() => performance.now());
  const t0 = now();
  const maxSteps = o.budget?.maxSteps ?? 40;
  const maxMs = o.budget?.maxDurationMs ?? Infinity;
  let steps = 0;
  const budget: StepBudget = {
    left: () => steps < maxSteps && now() - t0 < maxMs,
    msLeft: () => Math.max(0, maxMs - (now() - t0)),
    spend: () => void steps++,
  };
  const requests = o.requestsPerStep ?? stepRequestsFor(slos, level);
  const step: StepOptions = { probe: o.probe, slos, level, requests, maxRequests: o.maxRequestsPerStep ?? 4 * requests, budget };
  const points: ProbedPoint[] = [];
  const at = (x: number): LoadPoint => (o.mode === 'rate' ? { kind: 'rate', rate: r3(x) } : { kind: 'concurrency', concurrency: Math.round(x) });
  const measure = async (load: LoadPoint, role: ProbedPoint['role']): Promise<ProbedPoint | null> => {
    const p = await measureLoad(step, load, role);
    if (p !== null) {
      points.push(p);
      o.onPoint?.(p);
    }
    return p;
  };

  const { min, max } = o.range;
  let pass: ProbedPoint | null = null;
  let fail: ProbedPoint | null = null;
  let outOfBudget = false;
  let guess = min;
  let growth = 2;
  if (o.mode === 'rate' && o.saturationConcurrency !== null) {
    const sat = await measure({ kind: 'concurrency', concurrency: o.saturationConcurrency ?? 64 }, 'saturation');
    if (sat === null) outOfBudget = true;
    // An open loop at the saturation rate queues without bound; 80% of it is
    // a load that usually meets a loose SLO and is close to a tight one's edge.
    else if (sat.rps > 0) {
      guess = Math.min(max, Math.max(min, 0.8 * sat.rps));
      growth = 1.25;
    }
  }

  // Bracket: walk up while passing, down while failing, until both are known
  // or the walk leaves the range.
  let x = guess;
  while (!outOfBudget) {
    const p = await measure(at(x), 'search');
    if (p === null) {
      outOfBudget = true;
      break;
    }
    if (p.leaning === 'pass') {
      pass = p;
      if (fail !== null || x >= max) break;
      x = Math.min(max, x * growth);
    } else {
      fail = p;
      if (pass !== null || x <= min) break;
      x = Math.max(min, x / 2);
    }
    if (o.mode === 'concurrency' && Math.round(x) === loadValue((fail ?? pass)!.load)) break;
  }

  // Bisect.
  const narrow = (): boolean => {
    if (pass === null || fail === null) return true;
    const lo = loadValue(pass.load);
    const hi = loadValue(fail.load);
    return o.mode === 'concurrency' ? hi - lo <= Math.max(1, resolution * lo) : (hi - lo) / lo <= resolution;
  };
  while (!outOfBudget && !narrow()) {
    const lo = loadValue(pass!.load);
    const hi = loadValue(fail!.load);
    const p = await measure(at(o.mode === 'concurrency' ? Math.floor((lo + hi) / 2) : (lo + hi) / 2), 'search');
    if (p === null) outOfBudget = true;
    else if (p.leaning === 'pass') pass = p;
    else fail = p;
  }

  return summarise(o.mode, slos, level, resolution, { pass, fail, points, steps, elapsedMs: now() - t0, outOfBudget, min, max });
}

interface Ending {
  pass: ProbedPoint | null;
  fail: ProbedPoint | null;
  points: ProbedPoint[];
  steps: number;
  elapsedMs: number;
  outOfBudget: boolean;
  min: number;
  max: number;
}

/** An interval end for a message: open ends read as such, not as 'Infinity'. */
const end = (x: number | null): string => (x === null || !Number.isFinite(x) ? '∞' : String(r3(x)));

function describe(p: ProbedPoint): string {
  const bad = p.slos.filter((j) => j.verdict !== 'pass').map((j) => `${j.slo}: ${j.value === null ? 'no data' : `${r3(j.value)} (interval ${end(j.lo)}-${end(j.hi)})`}`);
  return `${p.verdict} at ${loadValue(p.load)}${bad.length > 0 ? ` (${bad.join('; ')})` : ''}`;
}

function summarise(mode: CapacityMode, slos: readonly CapacitySlo[], level: number, resolution: number, e: Ending): CapacityResult {
  const { pass, fail } = e;
  let status: CapacityStatus;
  let reason: string;
  if (pass === null && fail !== null && loadValue(fail.load) <= e.min) {
    status = 'below-range';
    reason = `even the lowest load misses the SLO: ${describe(fail)}`;
  } else if (pass !== null && fail === null && loadValue(pass.load) >= e.max) {
    status = 'above-range';
    reason = `the highest load of the range still meets every SLO (${loadValue(pass.load)}): capacity is at least that`;
  } else if (e.outOfBudget || pass === null || fail === null) {
    status = 'budget';
    reason = `the budget ran out after ${e.steps} runs with the bracket [${pass === null ? 'none' : loadValue(pass.load)}, ${fail === null ? 'none' : loadValue(fail.load)}]`;
  } else {
    status = 'found';
    const passWord = pass.verdict === 'pass' ? 'passes' : 'leans to pass (undecided)';
    reason = `bracket within ${Math.round(resolution * 100)}%: ${passWord} at ${loadValue(pass.load)}, ${describe(fail)}`;
  }
  const curve = e.points.filter((p) => p.role === 'search');
  let capacity: Estimate = { value: 0, lo: 0, hi: 0 };
  let capacityRps = capacity;
  let capacityTps = capacity;
  let binding: string | null = null;
  if (curve.length > 0) {
    const est = estimateFromCurve(curve, slos);
    binding = est.binding;
    // Below the lowest probed load nothing is known: a curve that starts
    // beyond the bound puts the capacity at 0, under that load.
    const zero = pass === null;
    const load = zero ? { value: 0, lo: 0, hi: est.load.value } : est.load;
    capacity = { value: r3(load.value), lo: r3(load.lo), hi: Number.isFinite(load.hi) ? r3(load.hi) : null };
    if (mode === 'rate' && !zero) {
      // Open loop: a load that meets the SLO is served in steady state, so
      // the sustained request rate is the offered one. The completed rate of
      // a finite step also holds the queue's drain and flattens past
      // saturation, which would collapse the interval (it stays in
      // atCapacity and in each point). Tokens per request scale it to tok/s.
      const perRequest = pass!.rps > 0 ? pass!.output_tps / pass!.rps : 0;
      const scale = (e: Estimate): Estimate => ({ value: r3(e.value * perRequest), lo: r3(e.lo * perRequest), hi: e.hi === null ? null : r3(e.hi * perRequest) });
      capacityRps = capacity;
      capacityTps = scale(capacity);
    } else {
      capacityRps = zero ? { value: 0, lo: 0, hi: inUnit(curve, est.load, pickRps).value } : inUnit(curve, load, pickRps);
      capacityTps = zero ? { value: 0, lo: 0, hi: inUnit(curve, est.load, pickOutputTps).value } : inUnit(curve, load, pickOutputTps);
    }
  }
  return {
    mode,
    slos: slos.map((s) => s.text),
    level,
    resolution,
    status,
    reason,
    bracket: {
      lastPass: pass === null ? null : loadValue(pass.load),
      firstFail: fail === null ? null : loadValue(fail.load),
      undecided: [pass, fail].filter((p) => p?.verdict === 'undecided').map((p) => loadValue(p!.load)),
    },
    capacity,
    capacity_rps: capacityRps,
    capacity_output_tps: capacityTps,
    binding,
    atCapacity: pass === null ? null : { rps: pass.rps, output_tps: pass.output_tps, goodput_rps: pass.goodput_rps, error_rate: pass.error_rate },
    points: e.points,
    steps: e.steps,
    elapsedMs: Math.round(e.elapsedMs),
  };
}
