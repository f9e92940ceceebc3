// Multiplicity and alpha, applied once for every caller (compare, A/B,
// calibrate, the history design): with 8 cells, 8 tests at 0.05 would fail
// many pull requests by chance alone, so a regression only fails the gate
// when its p-value, after Holm's correction over the cells (the gated metrics
// of one cell counted once, holmByGroup), is below alpha; and a warning from
// the estimate alone only stands when its p against no change, adjusted the
// same way, is below WARN_ALPHA (issue 10, item 6).
import type { GatePlan } from '../config/plan.js';
import { WARN_ALPHA } from './outcome.js';
import type { CellVerdict, MetricOutcome, MetricVerdict, VerdictDoc } from './verdict.js';

export interface Adjusted {
  /** Holm-adjusted p as computed. */
  readonly raw: number;
  /** Holm-adjusted p, rounded to 6 decimals as the verdict document states it. */
  readonly pAdj: number;
  /** The adjusted p is not at or above alpha: a regression here fails the gate. */
  readonly significant: boolean;
}

/** One gated test of a comparison: its provisional verdict, p against the threshold and against no change (null: unknown). */
interface GatedTest {
  verdict: MetricOutcome;
  p: number | null;
  pNoChange: number | null;
  /**
   * Tests of one group (the gated metrics of one cell) count once in the
   * family; absent: a group of its own.
   */
  group?: string;
  /** The whole interval lies beyond the threshold: such a warning is never demoted (issue 23, item 1). */
  beyond?: boolean;
}

interface Settled {
  verdict: MetricOutcome;
  /** Adjusted p against the threshold (null when p was unknown). */
  pAdj: number | null;
  /** Adjusted p against no change (null when unknown). */
  pNoChangeAdj: number | null;
  /** Why the verdict moved: a regression the adjustment did not confirm, or a warning not shown to differ from no change; null when it stands. */
  moved: 'not-significant' | 'not-shown' | null;
}

/**
 * Holm's step-down over groups, each group counted once (issue 23, item 2).
 * The gated metrics of one cell (throughput, TTFT, TPOT, error rate) are
 * measures of one server's behaviour on one workload and move together, so
 * Holm over every metric paid a factor of 3-4 for tests that are nearly one:
 * with 3 trials a side (Welch, ~2-4 degrees of freedom) a +250% TTFT p95
 * could not reach 0.05 / 3, and with 6 pairs the smallest reachable p was
 * spent. Here a group's smallest p takes Holm's multiplier among the groups,
 * and every test of the group is adjusted with that multiplier; the A/A
 * studies in docs/gate.md measure the resulting false-failure rate at the
 * default settings. Unknown ps stay null.
 */
function holmByGroup(tests: readonly GatedTest[], which: 'p' | 'pNoChange', grouped: boolean): (number | null)[] {
  const groups = new Map<string, number[]>();
  tests.forEach((t, i) => {
    if (t[which] === null) return;
    const g = grouped ? (t.group ?? `#${i}`) : `#${i}`;
    groups.set(g, [...(groups.get(g) ?? []), i]);
  });
  const order = [...groups.values()].map((idx) => ({ idx, min: Math.min(...idx.map((i) => tests[i]![which]!)) })).sort((a, b) => a.min - b.min);
  const out: (number | null)[] = tests.map(() => null);
  let floor = 0;
  order.forEach((g, k) => {
    const mult = order.length - k;
    // Holm's running maximum: a group never gets a smaller adjusted p than one ranked before it.
    floor = Math.max(floor, Math.min(1, g.min * mult));
    for (const i of g.idx) out[i] = Math.max(floor, Math.min(1, tests[i]![which]! * mult));
  });
  return out;
}

/**
 * Holm over groups (holmByGroup) for callers with plain p-values: `groups[i]`
 * names the group of `ps[i]`. Returns the adjusted p of each, with whether it
 * is below alpha as the verdict document rounds it.
 */
export function holmByGroupAtAlpha(ps: readonly number[], groups: readonly string[], alpha: number): Adjusted[] {
  const adj = holmByGroup(
    ps.map((p, i) => ({ verdict: 'regressed' as const, p, pNoChange: null, group: groups[i] })),
    'p',
    true,
  );
  return adj.map((p) => {
    const raw = p!;
    const pAdj = Math.round(raw * 1e6) / 1e6;
    return { raw, pAdj, significant: !(pAdj >= alpha) };
  });
}

/** An adjusted p as the verdict document states it, and whether it is below alpha (NaN, a p the tests could not compute, leaves a regression standing, as the gate always has). */
function atAlpha(p: number | null, alpha: number): { pAdj: number; significant: boolean } | null {
  if (p === null) return null;
  const pAdj = Math.round(p * 1e6) / 1e6;
  return { pAdj, significant: !(pAdj >= alpha) };
}

/**
 * Both of a comparison's decisions with the group-wise Holm adjustment over
 * its gated tests: a provisional `regressed` whose adjusted p is not below
 * `alpha` (or unknown) becomes `warn`; a `warn` from the estimate alone (its
 * interval is not wholly beyond the threshold) whose adjusted p against no
 * change is not below `warnAlpha` becomes `inconclusive`. Nothing becomes
 * `unchanged` here: that word is for intervals within the threshold.
 */
export function settleTests(tests: readonly GatedTest[], alpha: number, warnAlpha: number = WARN_ALPHA): Settled[] {
  const pAdj = holmByGroup(tests, 'p', true);
  // A warning from the estimate alone is weaker evidence than an interval
  // beyond the threshold: it keeps Holm over every gated test, so that A/A
  // comparisons warn at most ~5% of the time (issue 10, item 6; the cell
  // grouping raised that to 7% of 200 in the one-run study).
  const p0Adj = holmByGroup(tests, 'pNoChange', false);
  return tests.map((t, i) => {
    let verdict = t.verdict;
    let moved: Settled['moved'] = null;
    const a = atAlpha(pAdj[i]!, alpha);
    const a0 = atAlpha(p0Adj[i]!, warnAlpha);
    const beyond = t.beyond ?? verdict === 'regressed';
    if (verdict === 'regressed' && (a === null || !a.significant)) {
      verdict = 'warn';
      moved = 'not-significant';
    }
    if (verdict === 'warn' && !beyond && a0 !== null && !a0.significant) {
      verdict = 'inconclusive';
      moved = 'not-shown';
    }
    return { verdict, pAdj: a?.pAdj ?? null, pNoChangeAdj: a0?.pAdj ?? null, moved };
  });
}

/** A metric verdict with its settled outcome: p_adj set, verdict and reason updated when the adjustment moved it. */
function applySettled(m: MetricVerdict, s: Settled, alpha: number, warnAlpha: number = WARN_ALPHA): MetricVerdict {
  const out = { ...m, p_adj: s.pAdj, verdict: s.verdict };
  if (s.moved === 'not-significant') {
    out.reason = s.pAdj === null ? `${m.reason}, but no p-value backs it` : `${m.reason}, but p = ${s.pAdj.toPrecision(2)} after Holm's correction over the cells is not below ${alpha}`;
  } else if (s.moved === 'not-shown') {
    out.reason = `${m.reason}, but p = ${s.pNoChangeAdj!.toPrecision(2)} under no change after Holm's correction is not below ${warnAlpha}: too noisy to tell`;
  }
  return out;
}

/** The whole interval of a judged metric lies beyond its threshold in the bad direction. */
function wholeIntervalBeyond(m: MetricVerdict): boolean {
  if (m.interval_pct === null || m.threshold_pct === null) return false;
  return m.direction === 'lower' ? m.interval_pct[0] > m.threshold_pct : m.interval_pct[1] < m.threshold_pct;
}

/**
 * The cells with every gated test of the valid cells settled as one family
 * (settleTests), the gated metrics of a cell as one group. Returns new
 * objects; the input is unchanged.
 */
export function adjustCells(cells: readonly CellVerdict[], gate: GatePlan): CellVerdict[] {
  const tested = (c: CellVerdict, m: MetricVerdict): boolean => c.valid && m.gated && (m.p !== null || m.p_no_change != null);
  const family = cells.flatMap((c) => c.metrics.filter((m) => tested(c, m)).map((m) => ({ c, m })));
  const settled = settleTests(
    family.map(({ c, m }) => ({ verdict: m.verdict, p: m.p, pNoChange: m.p_no_change ?? null, group: c.id, beyond: wholeIntervalBeyond(m) })),
    gate.alpha,
  );
  const byMetric = new Map(family.map(({ m }, i) => [m, settled[i]!]));
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
