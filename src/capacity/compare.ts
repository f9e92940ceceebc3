// Baseline vs candidate capacity. A capacity is known only to within its
// interval (at best the search's bracket), so a drop counts as a regression
// only when the whole interval of the ratio lies beyond the tolerance; and
// when the intervals are wider than the tolerance the comparison says it
// cannot tell, with the smallest drop these intervals could have shown.
import type { Estimate } from './types.js';

export type CapacityVerdict = 'pass' | 'warn' | 'fail' | 'inconclusive' | 'invalid';

export interface CapacityComparison {
  metric: 'capacity_rps' | 'capacity_output_tps';
  baseline: Estimate;
  candidate: Estimate;
  /** candidate / baseline, point and interval. */
  ratio: number | null;
  ratioLo: number | null;
  ratioHi: number | null;
  tolerance: number;
  /** Smallest relative drop these two intervals can call, given the point ratio. */
  minDetectableDrop: number | null;
  verdict: CapacityVerdict;
  reason: string;
}

interface CompareCapacityOptions {
  /** Relative drop that counts as a regression (0.1 = 10%). */
  tolerance: number;
  /**
   * Relative job-to-job noise to add to both intervals (0.05 = ±5%). The
   * search's intervals hold sampling noise within one run only; between two
   * jobs the server and runner differ too (docs: gating, point 7).
   */
  noise?: number;
}

const r4 = (x: number): number => Math.round(x * 1e4) / 1e4;

export function compareCapacity(metric: CapacityComparison['metric'], baseline: Estimate, candidate: Estimate, o: CompareCapacityOptions): CapacityComparison {
  const tol = o.tolerance;
  const noise = o.noise ?? 0;
  if (!(tol > 0 && tol < 1)) throw new RangeError(`compareCapacity: tolerance must be in (0, 1), got ${tol}`);
  if (!(noise >= 0 && noise < 1)) throw new RangeError(`compareCapacity: noise must be in [0, 1), got ${noise}`);
  const base = { metric, baseline, candidate, tolerance: tol };
  if (baseline.value <= 0 || baseline.lo <= 0) {
    return { ...base, ratio: null, ratioLo: null, ratioHi: null, minDetectableDrop: null, verdict: 'invalid', reason: 'the baseline has no capacity under these SLOs: nothing to compare with' };
  }
  const bLo = baseline.lo * (1 - noise);
  const bHi = baseline.hi === null ? null : baseline.hi * (1 + noise);
  const cLo = candidate.lo * (1 - noise);
  const cHi = candidate.hi === null ? null : candidate.hi * (1 + noise);
  const ratio = candidate.value / baseline.value;
  // Worst case for the candidate: its low end over the baseline's high end; best case the reverse.
  const ratioLo = bHi === null ? 0 : cLo / bHi;
  const ratioHi = cHi === null ? Infinity : cHi / bLo;
  const limit = 1 - tol;
  // The interval of the ratio spans ratioHi / ratioLo; a drop smaller than
  // that relative width cannot be told from no drop at all.
  const width = ratioLo > 0 && Number.isFinite(ratioHi) ? 1 - ratioLo / ratioHi : 1;
  const common = { ...base, ratio: r4(ratio), ratioLo: r4(ratioLo), ratioHi: Number.isFinite(ratioHi) ? r4(ratioHi) : null, minDetectableDrop: r4(width) };
  const pct = (x: number): string => `${(x * 100).toFixed(1)}%`;
  if (ratioHi < limit) {
    return { ...common, verdict: 'fail', reason: `capacity fell to ${pct(ratio)} of the baseline (at best ${pct(ratioHi)}), beyond the ${pct(tol)} tolerance` };
  }
  if (ratio < limit) {
    return { ...common, verdict: 'warn', reason: `capacity fell to ${pct(ratio)} of the baseline, but the intervals reach ${pct(ratioHi)}: not shown beyond the ${pct(tol)} tolerance` };
  }
  if (ratioLo < limit && width > tol) {
    return { ...common, verdict: 'inconclusive', reason: `the capacity intervals are too wide to call a ${pct(tol)} drop: they can only show drops over ${pct(width)} (narrow the search resolution)` };
  }
  return { ...common, verdict: 'pass', reason: `capacity at ${pct(ratio)} of the baseline (interval ${pct(ratioLo)}-${Number.isFinite(ratioHi) ? pct(ratioHi) : 'open'})` };
}
