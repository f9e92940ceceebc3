// The publish stage, the part both hosts share: the report in the summary,
// one annotation per regression or failed SLO check, and the step outputs.
// What only the action can do (the sticky comment, the history branch)
// stays in src/action/.
import type { VerdictDoc } from '../gate/verdict.js';
import type { Host } from './host.js';

/** Output names the action declares in action.yml (src/action/constants.ts checks them). */
export interface PublishOutputs {
  verdict: string;
  regressions: string;
}

function annotate(host: Host, v: VerdictDoc): void {
  for (const c of v.cells) {
    if (!c.valid) {
      host.log.warn(c.invalid_reasons.join('; '), `llm-perf-gate: ${c.id} not comparable`);
      continue;
    }
    for (const m of c.metrics) {
      if (!m.gated || (m.verdict !== 'regressed' && m.verdict !== 'warn')) continue;
      const text = `${m.metric} ${m.baseline} -> ${m.candidate} ${m.unit} (${m.change_pct}%, interval ${m.interval_pct?.join('% .. ') ?? 'none'}%): ${m.reason}`;
      const title = `llm-perf-gate: ${c.id} ${m.metric} ${m.verdict === 'regressed' ? 'regressed' : 'may have regressed'}`;
      if (m.verdict === 'regressed') host.log.error(text, title);
      else host.log.warn(text, title);
    }
  }
  for (const s of v.slo) if (!s.ok) host.log.error(`${s.check} failed in ${s.cell}: value ${s.value ?? 'none'}`, 'llm-perf-gate: SLO check failed');
}

/** Summary, annotations and the verdict outputs. */
export async function publish(host: Host, v: VerdictDoc, report: string, names: PublishOutputs): Promise<void> {
  host.setOutput(names.verdict, v.verdict);
  host.setOutput(names.regressions, String(v.summary.regressed));
  await host.summary(report);
  annotate(host, v);
}

export type FailOn = 'regression' | 'warn' | 'never';

/** The one-line outcome and whether it fails the step under `failOn`. */
export function outcome(v: VerdictDoc, failOn: FailOn): { failing: boolean; line: string } {
  const failing = failOn === 'never' ? false : v.verdict === 'fail' || (failOn === 'warn' && v.verdict === 'warn');
  const line = `llm-perf-gate: ${v.verdict} (${v.summary.regressed} regressed, ${v.summary.improved} improved, ${v.summary.slo_failed} SLO failures)`;
  return { failing, line };
}
