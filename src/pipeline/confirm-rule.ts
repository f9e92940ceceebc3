// Confirm before failing (issue 10, item 3), the decisions alone: whether a
// verdict needs confirming and how, and what the two measurements together
// decide. A comparison with a result from another job carries that job's
// noise; measuring again in this job before failing turns a one-off swing
// into a pass, and lets a real regression fail twice. Pure: no I/O.
import type { MetricVerdict, VerdictDoc } from '../gate/verdict.js';
import type { FailOn } from './publish.js';
import { outcome } from './publish.js';

type ConfirmRoute =
  | { kind: 'none' }
  /** A baseline server can run: paired trials against it decide. */
  | { kind: 'paired' }
  /** Only the candidate can run: its failing cells once more, judged against the same baseline. */
  | { kind: 'repeat'; cells: string[] };

/**
 * What marks a cell that noise made untrustworthy (src/gate/validity.ts and
 * pairs.ts write these): neighbour load beside one side, client stalls.
 * Measured again in this job it may be comparable; work that differs
 * (workload, tokens, model) would not be, so it is not measured again.
 */
const NOISE_REASON = /other processes (used|held)|client stall|pairs were measured alike/;

/** Invalid cells whose every reason is noise (issue 23, item 4: one bounded re-measure in the same job). */
export function noisyCells(v: VerdictDoc): string[] {
  return v.cells.filter((c) => !c.valid && c.invalid_reasons.length > 0 && c.invalid_reasons.every((r) => NOISE_REASON.test(r))).map((c) => c.id);
}

/** `cell metric` of every gated metric that regressed in a comparable cell. */
export function regressedKeys(v: VerdictDoc): string[] {
  return v.cells.filter((c) => c.valid).flatMap((c) => c.metrics.filter((m) => m.gated && m.verdict === 'regressed').map((m) => `${c.id} ${m.metric}`));
}

/**
 * Confirm only what another job's noise could have caused: a verdict
 * against stored results that would fail the step because something
 * regressed, and cells that neighbour load or client stalls made not
 * comparable (measured once more whatever fail-on says: a second chance to
 * measure them; still not comparable, they stay invalid, never a silent
 * pass). A failed SLO check is an absolute bound on this job's figures, an
 * invalid cell whose work differed would differ again, and a paired verdict
 * was measured in this job already.
 */
export function confirmRoute(v: VerdictDoc, o: { enabled: boolean; failOn: FailOn; baselineServer: boolean }): ConfirmRoute {
  // Any design but the paired one compares with results from other jobs (one stored run, or several).
  if (!o.enabled || v.design === 'paired') return { kind: 'none' };
  const regressed = v.verdict === 'fail' && outcome(v, o.failOn).failing ? v.cells.filter((c) => c.valid && c.metrics.some((m) => m.gated && m.verdict === 'regressed')).map((c) => c.id) : [];
  const noisy = noisyCells(v);
  if (regressed.length === 0 && noisy.length === 0) return { kind: 'none' };
  if (o.baselineServer) return { kind: 'paired' };
  return { kind: 'repeat', cells: [...new Set([...regressed, ...noisy])] };
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
  // A cell the first measurement could not judge (noise) is judged by the second alone.
  const unjudged = new Set(first.cells.filter((c) => !c.valid).map((c) => c.id));
  const after = new Set(regressedKeys(second));
  const persisted = [...after].filter((k) => before.has(k));
  const cleared = [...before].filter((k) => !after.has(k));
  const verdict: VerdictDoc = structuredClone(second);
  let downgraded = 0;
  for (const c of verdict.cells) {
    for (const m of c.metrics) {
      if (!c.valid || !m.gated || m.verdict !== 'regressed' || before.has(`${c.id} ${m.metric}`) || unjudged.has(c.id)) continue;
      downgrade(m, 'regressed in the confirmation only, not in the first measurement');
      downgraded++;
    }
  }
  verdict.summary = { ...verdict.summary, regressed: verdict.summary.regressed - downgraded, warn: verdict.summary.warn + downgraded };
  if (verdict.verdict === 'fail' && verdict.summary.regressed === 0 && verdict.summary.slo_failed === 0) verdict.verdict = 'warn';
  const lines: string[] = [];
  if (persisted.length > 0) lines.push(`confirmed: regressed in both measurements: ${persisted.join(', ')}`);
  else if (before.size > 0)
    lines.push(`not confirmed: ${before.size === 1 ? 'the regression' : 'the regressions'} of the first measurement (${[...before].join(', ')}) did not persist when measured again`);
  const remeasured = [...unjudged].filter((id) => second.cells.some((c) => c.id === id));
  if (remeasured.length > 0) {
    const still = remeasured.filter((id) => !second.cells.find((c) => c.id === id)!.valid);
    lines.push(
      still.length === 0
        ? `measured again after noise made them not comparable: ${remeasured.join(', ')} (judged on the second measurement)`
        : `still not comparable after measuring again in this job: ${still.join(', ')}`,
    );
  }
  verdict.reasons = [...lines, ...verdict.reasons];
  return { verdict, persisted, cleared };
}

function downgrade(m: MetricVerdict, why: string): void {
  m.verdict = 'warn';
  m.reason = `${why}: ${m.reason}`;
}
