// Capacity with its uncertainty, read off the probed curve. For each SLO the
// probed points, in load order, give three curves: the statistic's point
// estimate, and the pessimistic and optimistic ends of its interval. Taken
// as linear between probed loads, the point curve crosses the bound at the
// capacity estimate; the pessimistic curve crosses it first (low end of the
// interval: below it every load is shown to pass); the optimistic curve
// last (high end: above it every load is shown to fail). The capacity is
// the smallest over the SLOs, so is each end. Undecided points need no
// special case: their interval holds the bound and widens the result there.
import type { CapacitySlo } from '../config/capacity-rules.js';
import { loadValue, type Estimate, type ProbedPoint, type SloJudgement } from './types.js';

const r3 = (x: number): number => Math.round(x * 1000) / 1000;

/** Badness relative to the bound, > 0 beyond it: the same test for upper and lower bounds. */
function over(slo: CapacitySlo, y: number): number {
  return slo.op === '<=' || slo.op === '<' ? y - slo.bound : slo.bound - y;
}

/**
 * Load where the piecewise-linear curve through (x_i, y_i) first (or last)
 * goes beyond the bound; Infinity when it never does; the first load when it
 * starts beyond it (nothing below is known).
 */
function crossing(xs: readonly number[], ys: readonly number[], slo: CapacitySlo, last: boolean): number {
  let at = -1;
  for (let i = 0; i < xs.length; i++) {
    const beyond = over(slo, ys[i]!) > 0;
    const prevBeyond = i > 0 && over(slo, ys[i - 1]!) > 0;
    if (beyond && (i === 0 || !prevBeyond)) {
      at = i;
      if (!last) break;
    }
  }
  if (at === -1) return Infinity;
  if (at === 0) return xs[0]!;
  const a = over(slo, ys[at - 1]!);
  const b = over(slo, ys[at]!);
  if (!Number.isFinite(b) || !Number.isFinite(a)) return xs[at - 1]!;
  return xs[at - 1]! + ((0 - a) / (b - a)) * (xs[at]! - xs[at - 1]!);
}

/** Value of `pick` at load x, linear between probed loads. */
function along(points: readonly ProbedPoint[], x: number, pick: (p: ProbedPoint) => number): number {
  const xs = points.map((p) => loadValue(p.load));
  if (x <= xs[0]!) return pick(points[0]!) * (xs[0]! > 0 ? x / xs[0]! : 1);
  for (let i = 1; i < xs.length; i++) {
    if (x <= xs[i]!) return pick(points[i - 1]!) + ((x - xs[i - 1]!) / (xs[i]! - xs[i - 1]!)) * (pick(points[i]!) - pick(points[i - 1]!));
  }
  return pick(points[points.length - 1]!);
}

interface CurveEstimate {
  /** Capacity in load units; hi Infinity when no probed load was shown to fail. */
  load: { value: number; lo: number; hi: number };
  binding: string | null;
}

/** Reads the capacity off the curve of probed points (any order; the saturation probe is left out by the caller). */
export function estimateFromCurve(points: readonly ProbedPoint[], slos: readonly CapacitySlo[]): CurveEstimate {
  const sorted = [...points].sort((a, b) => loadValue(a.load) - loadValue(b.load));
  const xs = sorted.map((p) => loadValue(p.load));
  let best: CurveEstimate | null = null;
  for (const slo of slos) {
    const js = sorted.map((p) => p.slos.find((j) => j.slo === slo.text));
    const upper = slo.op === '<=' || slo.op === '<';
    // Missing data counts as beyond the bound: nothing there is shown to pass.
    const pick = (f: (j: SloJudgement) => number | null): number[] => js.map((j) => (j === undefined ? Infinity : (f(j) ?? (upper ? Infinity : -Infinity))));
    // Never beyond the bound: the capacity is at least the top probed load, open above.
    const value = Math.min(
      crossing(
        xs,
        pick((j) => j.value),
        slo,
        false,
      ),
      xs[xs.length - 1]!,
    );
    const lo = Math.min(
      value,
      crossing(
        xs,
        pick((j) => (upper ? j.hi : j.lo)),
        slo,
        false,
      ),
    );
    const hi = Math.max(
      value,
      crossing(
        xs,
        pick((j) => (upper ? j.lo : j.hi)),
        slo,
        true,
      ),
    );
    if (best === null || value < best.load.value) best = { load: { value, lo, hi }, binding: slo.text };
    else if (lo < best.load.lo || hi < best.load.hi) best = { load: { value: best.load.value, lo: Math.min(lo, best.load.lo), hi: Math.min(hi, best.load.hi) }, binding: best.binding };
  }
  return best ?? { load: { value: 0, lo: 0, hi: Infinity }, binding: null };
}

/** The same capacity in another unit (completed req/s, output tok/s), read along the curve. */
export function inUnit(points: readonly ProbedPoint[], est: CurveEstimate['load'], pick: (p: ProbedPoint) => number): Estimate {
  const sorted = [...points].sort((a, b) => loadValue(a.load) - loadValue(b.load));
  const at = (x: number): number => r3(along(sorted, x, pick));
  const value = at(est.value);
  // Throughput need not rise with load (past saturation it may fall), so the
  // ends are the extremes over the load interval's ends and the estimate.
  const ends = Number.isFinite(est.hi) ? [at(est.lo), value, at(est.hi)] : [at(est.lo), value];
  return { value, lo: Math.min(...ends), hi: Number.isFinite(est.hi) ? Math.max(...ends) : null };
}

export const pickRps = (p: ProbedPoint): number => p.rps;
export const pickOutputTps = (p: ProbedPoint): number => p.output_tps;
