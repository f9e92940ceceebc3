// The publish stage, the part both hosts share: the report in the summary,
// one annotation per regression or failed SLO check, and the step outputs.
// What only the action can do (the sticky comment, the history branch)
// stays in src/action/.
import type { VerdictDoc } from '../gate/verdict.js';
import { figureWithUnit, TERMINAL_STYLE } from '../report/figures.js';
import { NO_BASELINE_HEADLINE, noBaselineYet } from '../report/markdown.js';
import { accepts } from './accept.js';
import type { Host } from './host.js';

/** Output names the action declares in action.yml (src/action/constants.ts checks them). */
interface PublishOutputs {
  verdict: string;
  regressions: string;
}

/** One thing the step points out: a cell that could not be compared, a regressed or possibly regressed gated metric, a failed SLO check. */
interface Finding {
  kind: 'invalid' | 'regressed' | 'warn' | 'slo';
  /** A few words: the cell, the metric and what happened. */
  title: string;
  text: string;
}

/** What the step points out, in report order: the job's annotations and the check run's (src/action/pr-workflow.ts) are both made of these. */
export function findings(v: VerdictDoc): Finding[] {
  const out: Finding[] = [];
  for (const c of v.cells) {
    if (!c.valid) {
      out.push({ kind: 'invalid', title: `${c.id} not comparable`, text: c.invalid_reasons.join('; ') });
      continue;
    }
    for (const m of c.metrics) {
      if (!m.gated || (m.verdict !== 'regressed' && m.verdict !== 'warn')) continue;
      // The figures as the report prints them: "25.3 ms", error_rate as a percentage ("0.0% -> 5.0%", not "0.05 share").
      const text = `${m.metric} ${figureWithUnit(m.baseline, m.unit, TERMINAL_STYLE)} -> ${figureWithUnit(m.candidate, m.unit, TERMINAL_STYLE)} (${m.change_pct}%, interval ${m.interval_pct?.join('% .. ') ?? 'none'}%): ${m.reason}`;
      out.push({ kind: m.verdict, title: `${c.id} ${m.metric} ${m.verdict === 'regressed' ? 'regressed' : 'may have regressed'}`, text });
    }
  }
  for (const s of v.slo) if (!s.ok) out.push({ kind: 'slo', title: 'SLO check failed', text: `${s.check} failed in ${s.cell}: value ${s.value ?? 'none'}` });
  return out;
}

function annotate(host: Host, v: VerdictDoc): void {
  const accepted = v.accepted !== undefined && accepts(v);
  for (const f of findings(v)) {
    if (f.kind === 'slo' || (f.kind === 'regressed' && !accepted)) host.log.error(f.text, `llm-perf-gate: ${f.title}`);
    else host.log.warn(f.text, `llm-perf-gate: ${f.kind === 'regressed' ? `${f.title} (accepted)` : f.title}`);
  }
}

/** Summary, annotations and the verdict outputs. */
export async function publish(host: Host, v: VerdictDoc, report: string, names: PublishOutputs): Promise<void> {
  host.setOutput(names.verdict, v.verdict);
  host.setOutput(names.regressions, String(v.summary.regressed));
  await host.summary(report);
  annotate(host, v);
}

/**
 * The overall verdicts that fail the step (the action's `fail-on`, where
 * `fail` is written `regression`); empty: never. `fail` is in every
 * non-empty set: a step that failed on a warning but passed a regression
 * would be no gate (src/action/inputs.ts parses the input).
 */
export type FailVerdict = 'fail' | 'invalid' | 'warn' | 'inconclusive';
export type FailOn = readonly FailVerdict[];

/**
 * A team that blocks merges on this check reads green as "measured, and not
 * regressed": a comparison that could not be made is not green (issue 23).
 */
export const DEFAULT_FAIL_ON: FailOn = Object.freeze(['fail', 'invalid'] as const);

/** The input's words for a set, as a workflow would write it: `regression, invalid`, or `never`. */
export function failOnText(failOn: FailOn): string {
  if (failOn.length === 0) return 'never';
  return failOn.map((f) => (f === 'fail' ? 'regression' : f)).join(', ');
}

/** The one-line outcome and whether it fails the step under `failOn`. */
export function outcome(v: VerdictDoc, failOn: FailOn): { failing: boolean; line: string } {
  // An accepted regression passes (src/pipeline/accept.ts); what it does not cover (SLO checks, invalid) fails as ever.
  const accepted = v.accepted !== undefined && accepts(v);
  const failing = (failOn as readonly string[]).includes(v.verdict) && !accepted;
  const counts = `${v.summary.regressed} regressed, ${v.summary.improved} improved, ${v.summary.slo_failed} SLO failures`;
  // Nothing to compare with and no SLO check failed: neither a pass nor a fail (issue 31).
  if (noBaselineYet(v)) return { failing, line: `llm-perf-gate: ${NO_BASELINE_HEADLINE}` };
  const line = accepted ? `llm-perf-gate: fail, accepted by @${v.accepted!.by} (${counts})` : `llm-perf-gate: ${v.verdict} (${counts})`;
  return { failing, line };
}

/** The first reason a cell could not be compared, or the verdict's own first reason. */
function invalidWhy(v: VerdictDoc): string {
  const cell = v.cells.find((c) => !c.valid && c.invalid_reasons.length > 0);
  if (cell !== undefined) return `${cell.id}: ${cell.invalid_reasons[0]}`;
  return v.reasons[0] ?? 'the two results are not comparable';
}

/** The first gated metric of a valid cell the data could not decide, with its reason. */
function inconclusiveWhy(v: VerdictDoc): string {
  for (const c of v.cells) {
    if (!c.valid) continue;
    const m = c.metrics.find((x) => x.gated && x.verdict === 'inconclusive');
    if (m !== undefined) return `${c.id} ${m.metric}: ${m.reason}`;
  }
  return v.reasons[0] ?? 'a gated metric could not be decided';
}

export interface StepNote {
  /** A few words for the report's headline, after the verdict: why the step is red or green. */
  headline: string;
  /** One sentence: why, and what to change. */
  detail: string;
}

/**
 * What the step's status means when the verdict is neither a pass nor a
 * regression: an invalid or inconclusive verdict is never green, or red,
 * without saying why and what to change (issue 23). Null for pass, warn and
 * fail, whose rows say it already. Plain text: the report escapes it.
 */
export function stepNote(v: VerdictDoc, failOn: FailOn): StepNote | null {
  if (v.accepted !== undefined && accepts(v)) {
    const a = v.accepted;
    return {
      headline: 'regression accepted',
      detail: `Passed: the regression was accepted by @${a.by} on ${a.at.slice(0, 10)} (${a.via === 'label' ? 'pull-request label' : 'comment command'}): ${a.reason}. The result stored after the merge carries the acceptance, and later pull requests are judged against the new level. It holds for this head commit only: a new push needs a new acceptance.`,
    };
  }
  const failing = outcome(v, failOn).failing;
  const setting = `fail-on (${failOnText(failOn)})`;
  if (v.verdict === 'invalid') {
    const why = invalidWhy(v);
    return failing
      ? {
          headline: 'check failed: no valid comparison was made',
          detail: `The check failed because no valid comparison was made (${setting} includes invalid): ${why}. Fix what made the results not comparable (reasons below), or set fail-on to regression to let an invalid comparison pass with a warning.`,
        }
      : {
          headline: 'not a pass: no valid comparison was made',
          detail: `Not a pass: no valid comparison was made, and the check is green only because ${setting} leaves out invalid: ${why}. Fix what made the results not comparable (reasons below), or add invalid to fail-on to block merges on it.`,
        };
  }
  if (v.verdict === 'inconclusive') {
    const why = inconclusiveWhy(v);
    return failing
      ? {
          headline: 'check failed: too little data to decide',
          detail: `The check failed because the data could not decide (${setting} includes inconclusive): ${why}. Measure more (raise run.requests or run.trials), or drop inconclusive from fail-on.`,
        }
      : {
          headline: 'not a pass: too little data to decide',
          detail: `Not a pass: the data could not decide, and the check is green only because ${setting} leaves out inconclusive: ${why}. Measure more (raise run.requests or run.trials), or add inconclusive to fail-on to block merges on it.`,
        };
  }
  return null;
}
