// Multiplicity and alpha, applied once for every caller (compare, A/B,
// calibrate): with 3 gated metrics x 8 cells, 24 tests at 0.05 would fail
// most pull requests by chance alone, so a regression only fails the gate
// when its p-value, after Holm's correction over every gated test of the
// comparison, is below alpha.
import type { GatePlan } from '../config/plan.js';
import { holm } from './stats.js';
import type { CellVerdict, MetricVerdict, VerdictDoc } from './verdict.js';

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

/**
 * The cells with every gated test of the valid cells adjusted as one family:
 * p_adj set, and a provisional `regressed` downgraded to `warn` when the
 * adjusted p is not below alpha. Returns new objects; the input is unchanged.
 */
export function adjustCells(cells: readonly CellVerdict[], gate: GatePlan): CellVerdict[] {
  const tested = (c: CellVerdict, m: MetricVerdict): boolean => c.valid && m.gated && m.p !== null;
  const family = cells.flatMap((c) => c.metrics.filter((m) => tested(c, m)));
  const outcomes = holmAtAlpha(family.map((m) => m.p!), gate.alpha);
  const adjusted = new Map(family.map((m, i) => [m, outcomes[i]!]));
  return cells.map((c) => ({
    ...c,
    metrics: c.metrics.map((m) => {
      const a = adjusted.get(m);
      if (a === undefined) return m;
      if (m.verdict === 'regressed' && !a.significant) {
        return { ...m, p_adj: a.pAdj, verdict: 'warn', reason: `${m.reason}, but p = ${a.pAdj.toPrecision(2)} after Holm's correction is not below ${gate.alpha}` };
      }
      return { ...m, p_adj: a.pAdj };
    }),
  }));
}

/** The settings a verdict document states it was decided with. */
export function verdictSettings(gate: GatePlan): VerdictDoc['settings'] {
  return { confidence: gate.confidence, alpha: gate.alpha, bootstrap_iterations: gate.bootstrapIterations };
}
