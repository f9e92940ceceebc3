// Multiplicity and alpha, applied once for every caller (compare, A/B,
// calibrate, the history design): with 3 gated metrics x 8 cells, 24 tests
// at 0.05 would fail most pull requests by chance alone, so a regression only
// fails the gate when its p-value, after Holm's correction over every gated
// test of the comparison, is below alpha; and a warning only stands when its
// p against no change, after Holm over the same family, is below WARN_ALPHA
// (issue 10, item 6: per metric at 5% each, three gated metrics warned on up
// to ~15% of A/A comparisons).
import type { GatePlan } from '../config/plan.js';
import { WARN_ALPHA } from './outcome.js';
import { holm } from './stats.js';
import type { CellVerdict, MetricOutcome, MetricVerdict, VerdictDoc } from './verdict.js';

export interface Adjusted {
  /** Holm-adjusted p as computed. */
  readonly raw: number;
  /** Holm-adjusted p, rounded to 6 decimals as the verdict document states it. */
  readonly pAdj: number;
  /** The adjusted p is not at or above alpha: a regression here fails the gate. */
  readonly significant: boolean;
}

/** Holm's correction over `ps` (one family), each judged against alpha. */
export function holmAtAlpha(ps: readonly number[], alpha: number): Adjusted[] {
  return holm(ps).map((p) => {
    const pAdj = Math.round(p * 1e6) / 1e6;
    // Written as "not >=" so that a p the tests could not compute (NaN) leaves a regression standing, as the gate always has.
    return { raw: p, pAdj, significant: !(pAdj >= alpha) };
  });
}

/** One gated test of a comparison: its provisional verdict, p against the threshold and against no change (null: unknown). */
export interface GatedTest {
  verdict: MetricOutcome;
  p: number | null;
  pNoChange: number | null;
}

export interface Settled {
  verdict: MetricOutcome;
  /** Holm-adjusted p against the threshold (null when p was unknown). */
  pAdj: number | null;
  /** Holm-adjusted p against no change (null when unknown). */
  pNoChangeAdj: number | null;
  /** Why the verdict moved: a regression Holm did not confirm, or a warning within noise; null when it stands. */
  moved: 'not-significant' | 'within-noise' | null;
}

/** Holm over the known entries of `ps` as one family; unknown ones stay null. */
function holmKnown(ps: readonly (number | null)[], alpha: number): (Adjusted | null)[] {
  const known = ps.flatMap((p, i) => (p === null ? [] : [i]));
  const adj = holmAtAlpha(known.map((i) => ps[i]!), alpha);
  const out: (Adjusted | null)[] = ps.map(() => null);
  known.forEach((i, k) => (out[i] = adj[k]!));
  return out;
}

/**
 * Both of a comparison's decisions with Holm over its gated tests, so that
 * both hold per comparison and not per metric: a provisional `regressed`
 * whose adjusted p is not below `alpha` (or unknown) becomes `warn`, and a
 * `warn` whose adjusted p against no change is not below `warnAlpha` becomes
 * `unchanged` (within noise). A warning with p against no change unknown
 * stands, as before the rule.
 */
export function settleTests(tests: readonly GatedTest[], alpha: number, warnAlpha: number = WARN_ALPHA): Settled[] {
  const pAdj = holmKnown(tests.map((t) => t.p), alpha);
  const p0Adj = holmKnown(tests.map((t) => t.pNoChange), warnAlpha);
  return tests.map((t, i) => {
    let verdict = t.verdict;
    let moved: Settled['moved'] = null;
    const a = pAdj[i]!;
    const a0 = p0Adj[i]!;
    if (verdict === 'regressed' && (a === null || !a.significant)) {
      verdict = 'warn';
      moved = 'not-significant';
    }
    if (verdict === 'warn' && a0 !== null && !a0.significant) {
      verdict = 'unchanged';
      moved = 'within-noise';
    }
    return { verdict, pAdj: a?.pAdj ?? null, pNoChangeAdj: a0?.pAdj ?? null, moved };
  });
}

/** A metric verdict with its settled outcome: p_adj set, verdict and reason updated when Holm moved it. */
export function applySettled(m: MetricVerdict, s: Settled, alpha: number, warnAlpha: number = WARN_ALPHA): MetricVerdict {
  const out = { ...m, p_adj: s.pAdj, verdict: s.verdict };
  if (s.moved === 'not-significant') {
    out.reason = s.pAdj === null ? `${m.reason}, but no p-value backs it` : `${m.reason}, but p = ${s.pAdj.toPrecision(2)} after Holm's correction is not below ${alpha}`;
  } else if (s.moved === 'within-noise') {
    out.reason = `within noise: ${m.reason}, but p = ${s.pNoChangeAdj!.toPrecision(2)} under no change after Holm's correction is not below ${warnAlpha}`;
  }
  return out;
}

/**
 * The cells with every gated test of the valid cells settled as one family
 * (settleTests). Returns new objects; the input is unchanged.
 */
export function adjustCells(cells: readonly CellVerdict[], gate: GatePlan): CellVerdict[] {
  const tested = (c: CellVerdict, m: MetricVerdict): boolean => c.valid && m.gated && (m.p !== null || m.p_no_change != null);
  const family = cells.flatMap((c) => c.metrics.filter((m) => tested(c, m)));
  const settled = settleTests(
    family.map((m) => ({ verdict: m.verdict, p: m.p, pNoChange: m.p_no_change ?? null })),
    gate.alpha,
  );
  const byMetric = new Map(family.map((m, i) => [m, settled[i]!]));
  return cells.map((c) => ({
    ...c,
    metrics: c.metrics.map((m) => {
      const s = byMetric.get(m);
      return s === undefined ? m : applySettled(m, s, gate.alpha);
    }),
  }));
}

/** The settings a verdict document states it was decided with. */
export function verdictSettings(gate: GatePlan): VerdictDoc['settings'] {
  return { confidence: gate.confidence, alpha: gate.alpha, bootstrap_iterations: gate.bootstrapIterations };
}
