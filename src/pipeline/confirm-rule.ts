// Confirm before failing (issue 10, item 3), the decisions alone: whether a
// verdict needs confirming and how, and what the two measurements together
// decide. A comparison with a result from another job carries that job's
// noise; measuring again in this job before failing turns a one-off swing
// into a pass, and lets a real regression fail twice. Pure: no I/O.
import type { MetricVerdict, VerdictDoc } from '../gate/verdict.js';
import type { FailOn } from './publish.js';
import { outcome } from './publish.js';

export type ConfirmRoute =
  | { kind: 'none' }
  /** A baseline server can run: paired trials against it decide. */
  | { kind: 'paired' }
  /** Only the candidate can run: its failing cells once more, judged against the same baseline. */
  | { kind: 'repeat'; cells: string[] };

/** `cell metric` of every gated metric that regressed in a comparable cell. */
export function regressedKeys(v: VerdictDoc): string[] {
  return v.cells.filter((c) => c.valid).flatMap((c) => c.metrics.filter((m) => m.gated && m.verdict === 'regressed').map((m) => `${c.id} ${m.metric}`));
}

/**
 * Confirm only what another job's noise could have caused: a verdict
 * against stored results that would fail the step because something regressed. A failed
 * SLO check is an absolute bound on this job's figures, and a paired verdict
 * was measured in this job already.
 */
export function confirmRoute(v: VerdictDoc, o: { enabled: boolean; failOn: FailOn; baselineServer: boolean }): ConfirmRoute {
  // Any design but the paired one compares with results from other jobs (one stored run, or several).
  if (!o.enabled || v.design === 'paired' || !outcome(v, o.failOn).failing) return { kind: 'none' };
  // An invalid or inconclusive verdict that fails the step (fail-on) fails for what it is, not for a regression another job's noise could have caused.
  if (v.verdict !== 'fail' && v.verdict !== 'warn') return { kind: 'none' };
  const keys = regressedKeys(v);
  if (keys.length === 0) return { kind: 'none' };
  if (o.baselineServer) return { kind: 'paired' };
  return { kind: 'repeat', cells: [...new Set(v.cells.filter((c) => c.valid && c.metrics.some((m) => m.gated && m.verdict === 'regressed')).map((c) => c.id))] };
}

export interface Settled {
  verdict: VerdictDoc;
  /** Regressed in both measurements. */
  persisted: string[];
  /** Regressed in the first measurement only. */
  cleared: string[];
}

/**
 * The verdict of two measurements: the second one's figures, where a metric
 * stays regressed only when it regressed in both; one that regressed in just
 * one of them becomes a warning that says so. SLO checks and invalid cells
 * are the second measurement's own.
 */
export function settle(first: VerdictDoc, second: VerdictDoc): Settled {
  const before = new Set(regressedKeys(first));
  const after = new Set(regressedKeys(second));
  const persisted = [...after].filter((k) => before.has(k));
  const cleared = [...before].filter((k) => !after.has(k));
  const verdict: VerdictDoc = structuredClone(second);
  let downgraded = 0;
  for (const c of verdict.cells) {
    for (const m of c.metrics) {
      if (!c.valid || !m.gated || m.verdict !== 'regressed' || before.has(`${c.id} ${m.metric}`)) continue;
      downgrade(m, 'regressed in the confirmation only, not in the first measurement');
      downgraded++;
    }
  }
  verdict.summary = { ...verdict.summary, regressed: verdict.summary.regressed - downgraded, warn: verdict.summary.warn + downgraded };
  if (verdict.verdict === 'fail' && verdict.summary.regressed === 0 && verdict.summary.slo_failed === 0) verdict.verdict = 'warn';
  const line =
    persisted.length > 0
      ? `confirmed: regressed in both measurements: ${persisted.join(', ')}`
      : `not confirmed: ${before.size === 1 ? 'the regression' : 'the regressions'} of the first measurement (${[...before].join(', ')}) did not persist when measured again`;
  verdict.reasons = [line, ...verdict.reasons];
  return { verdict, persisted, cleared };
}

function downgrade(m: MetricVerdict, why: string): void {
  m.verdict = 'warn';
  m.reason = `${why}: ${m.reason}`;
}
