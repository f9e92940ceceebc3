// A plain sweep: every listed load measured once (extended while undecided,
// as in the search), for teams that want the whole curve. The knee of the
// latency-vs-load curve is marked by Kneedle (Satopaa et al., 2011).
import { performance } from 'node:perf_hooks';
import { parseCapacitySlos } from './slo.js';
import { stepRequestsFor } from './search.js';
import { measureLoad, type StepBudget } from './step.js';
import type { CapacityMode } from '../config/vocabulary.js';
import { loadValue, type LoadPoint, type ProbedPoint, type Probe } from './types.js';

interface SweepOptions {
  probe: Probe;
  slos: readonly string[];
  mode: CapacityMode;
  loads: readonly number[];
  level?: number;
  requestsPerStep?: number;
  maxRequestsPerStep?: number;
  budget?: { maxDurationMs?: number };
  now?: () => number;
  onPoint?: (p: ProbedPoint) => void;
}

export interface Knee {
  load: number;
  /** Index into points. */
  index: number;
  /** The statistic whose curve bends: the first SLO's. */
  slo: string;
}

export interface SweepResult {
  mode: CapacityMode;
  slos: string[];
  points: ProbedPoint[];
  knee: Knee | null;
  /** Loads not measured because the budget ran out. */
  skipped: number[];
}

/**
 * Kneedle for a rising, bending-up curve (latency vs load): scale both axes
 * to [0, 1]; the knee is the point farthest below the chord from the first
 * to the last point, i.e. the largest x' - y'. Null with fewer than 3 points
 * or when no point lies below the chord (no bend).
 */
export function kneedle(xs: readonly number[], ys: readonly number[]): number | null {
  const n = xs.length;
  if (n < 3) return null;
  const [x0, x1] = [xs[0]!, xs[n - 1]!];
  const yMin = Math.min(...ys);
  const yMax = Math.max(...ys);
  if (!(x1 > x0) || !(yMax > yMin) || !ys.every(Number.isFinite)) return null;
  let best = -1;
  let bestD = 0;
  for (let i = 1; i < n - 1; i++) {
    const d = (xs[i]! - x0) / (x1 - x0) - (ys[i]! - yMin) / (yMax - yMin);
    if (d > bestD) {
      bestD = d;
      best = i;
    }
  }
  return best === -1 ? null : best;
}

export async function sweepLoads(o: SweepOptions): Promise<SweepResult> {
  if (o.loads.length === 0) throw new RangeError('capacity sweep: loads must list at least one load');
  for (const x of o.loads) {
    if (!(x > 0) || (o.mode === 'concurrency' && !Number.isInteger(x))) throw new RangeError(`capacity sweep: each load must be ${o.mode === 'concurrency' ? 'an integer >= 1' : '> 0'}, got ${x}`);
  }
  const slos = parseCapacitySlos(o.slos);
  const level = o.level ?? 0.95;
  const now = o.now ?? (() => performance.now());
  const t0 = now();
  const maxMs = o.budget?.maxDurationMs ?? Infinity;
  const budget: StepBudget = { left: () => now() - t0 < maxMs, msLeft: () => Math.max(0, maxMs - (now() - t0)), spend: () => {} };
  const requests = o.requestsPerStep ?? stepRequestsFor(slos, level);
  const step = { probe: o.probe, slos, level, requests, maxRequests: o.maxRequestsPerStep ?? 4 * requests, budget };
  const points: ProbedPoint[] = [];
  const skipped: number[] = [];
  for (const x of [...o.loads].sort((a, b) => a - b)) {
    const load: LoadPoint = o.mode === 'rate' ? { kind: 'rate', rate: x } : { kind: 'concurrency', concurrency: x };
    const p = await measureLoad(step, load, 'sweep');
    if (p === null) skipped.push(x);
    else {
      points.push(p);
      o.onPoint?.(p);
    }
  }
  const first = slos[0]!.text;
  const ys = points.map((p) => p.slos.find((j) => j.slo === first)?.value ?? NaN);
  const k = kneedle(
    points.map((p) => loadValue(p.load)),
    ys,
  );
  return { mode: o.mode, slos: slos.map((s) => s.text), points, knee: k === null ? null : { load: loadValue(points[k]!.load), index: k, slo: first }, skipped };
}
