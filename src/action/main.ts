// The action's one orchestrator: inputs -> run design -> run (measure,
// baseline, judge, confirm: src/pipeline/run.ts) -> report -> publish ->
// history -> step status. It takes its host (src/action/host.ts in a
// workflow, a fake in tests) and a factory of its ports (src/action/ports.ts;
// canned results in test/action/design.test.ts) as arguments. "A regression
// was found" ends in a table and a failed step; "the action broke" ends in a
// failed step with the error that says what was being done.
import { resolve } from 'node:path';
import type { Plan } from '../config/plan.js';
import { UserError } from '../errors/user-error.js';
import { designRun, describeDesign, type RunDesign } from '../pipeline/design.js';
import { readPlan } from '../pipeline/judge.js';
import { planWithBudget, type BudgetOverride } from '../config/budget-text.js';
import { InputError } from '../errors/input-error.js';
import { outcome, publish, stepNote } from '../pipeline/publish.js';
import { renderReport, writeVerdictFiles } from '../pipeline/report.js';
import { noBaselineYet } from '../report/markdown.js';
import { carryOut, runPaths } from '../pipeline/run.js';
import { INPUTS, OUTPUTS } from './constants.js';
import { reportBindingProblem, type RunEvent } from './event.js';
import type { ActionHost } from './host.js';
import { readInputs, type ActionInputs } from './inputs.js';
import { actionPorts, type ActionPortsFactory } from './ports.js';
import { repoUrl } from './history-push.js';
import { acceptHint, checkRun, endStep, firstRunNext, storedGate, verdictFilePaths, withAcceptance } from './pr-workflow.js';
import { rejudge, rejudgeCall } from './rejudge.js';

/** The action's words mapped onto the run design (src/pipeline/design.ts). */
function actionDesign(inputs: ActionInputs, event: { baselineCommit: string | null; isDefaultBranchPush: boolean }, resultPath: string): RunDesign {
  return designRun({
    mode: inputs.mode,
    resultPath,
    baseline: inputs.baseline.kind === 'history' ? { kind: 'stored' } : inputs.baseline.kind === 'none' ? { kind: 'none', why: "baseline: none (input 'baseline' is none)" } : inputs.baseline,
    baselineServer: inputs.abBaseline !== null,
    pairs: inputs.sameJob,
    confirm: inputs.confirm,
    historyRuns: inputs.historyRuns,
    baselineCommit: event.baselineCommit,
    save: inputs.saveHistory,
    isDefaultBranchPush: event.isDefaultBranchPush,
  });
}

/** The workflow run's page (this attempt's, when it is a re-run): what a reader of the comment opens for the log; null outside Actions. */
export function runUrl(event: RunEvent, env: NodeJS.ProcessEnv): string | null {
  const id = env.GITHUB_RUN_ID;
  if (id === undefined || !/^\d+$/.test(id)) return null;
  const attempt = env.GITHUB_RUN_ATTEMPT;
  return `${repoUrl(event, env)}/actions/runs/${id}${attempt !== undefined && /^\d+$/.test(attempt) && attempt !== '1' ? `/attempts/${attempt}` : ''}`;
}

export async function runAction(host: ActionHost, makePorts: ActionPortsFactory = actionPorts): Promise<void> {
  try {
    const inputs = readInputs(
      (name) => host.input(name),
      (secret) => host.secret(secret),
    );
    let event = host.event();
    const workspace = host.cwd;
    const out = {
      result: resolve(workspace, inputs.mode === 'report' ? inputs.result! : inputs.out),
      ...verdictFilePaths(workspace),
    };
    host.setOutput(OUTPUTS.resultPath, out.result);
    const paths = runPaths(workspace, inputs.out);

    // A label or comment that accepts re-judges the comment's stored verdict: nothing is measured (src/action/rejudge.ts).
    const call = inputs.mode === 'run' ? rejudgeCall(event, inputs) : null;
    if (call !== null && 'skip' in call) {
      host.log.info(`llm-perf-gate: nothing to do for this ${event.name} event: ${call.skip}.`);
      return;
    }
    if (call !== null && (await rejudge(host, inputs, makePorts(host, inputs, null), event, call.pr)) === 'done') return;

    // In a workflow, a config that does not say how to warm up warms until steady: a cold server after a fresh start is the rule there.
    const read: Plan | null = inputs.mode === 'run' ? await readPlan(host, { config: inputs.config, url: inputs.url, model: inputs.model, warmupDefault: 'auto' }) : null;
    const plan = read === null || inputs.budget === null ? read : budgetFromInput(read, inputs.budget);
    const ports = makePorts(host, inputs, plan);
    // Report mode: why pr-number may not be commented on (it is not the pull request the triggering event is about); null: it may.
    let refusal: string | null = null;
    if (inputs.mode === 'report' && inputs.prNumber !== null) {
      // workflow_run: the result came from an untrusted pull_request run; the pull request's base and head are asked of the API.
      const trusted = event;
      event = await ports.github.pullRequest(event, inputs.prNumber);
      const problem = reportBindingProblem(trusted, inputs.prNumber, { headSha: event.pr!.headSha, headRepo: event.pr!.headRepo ?? null });
      if (problem !== null) refusal = `Not commenting on pull request #${inputs.prNumber}: ${problem}. The report is in the job summary only.`;
    }
    const design = actionDesign(inputs, event, out.result);
    host.log.info(describeDesign(design));

    // requireComplete: a run that did not complete fails the step (its partial result is named), it is never judged.
    const onPairs = (p: { baseline: string }): void => host.setOutput(OUTPUTS.baselineResultPath, p.baseline);
    const run = await carryOut(host, design, { plan, paths, failOn: inputs.failOn, requireComplete: true, onPairs }, ports);
    if (run.kind !== 'judged') throw new Error('the run was interrupted');
    const { doc, baseline, confirmation } = run;
    if (inputs.mode === 'report' && inputs.prNumber !== null && doc.git !== null && doc.git.commit !== event.pr!.headSha) {
      host.log.warn(`The result was measured on ${doc.git.commit.slice(0, 7)}, but pull request #${inputs.prNumber} is at ${event.pr!.headSha.slice(0, 7)} now.`);
    }
    if (baseline.commit) host.setOutput(OUTPUTS.baselineCommit, baseline.commit);
    const commit = doc.git?.commit ?? event.sha;
    const storing = design.store.save && doc.status === 'complete';
    // An intended regression accepted by someone with write access passes (src/action/pr-workflow.ts).
    const { verdict, pr: acceptedFrom } = await withAcceptance(host.log, ports.github, inputs, { event, verdict: run.verdict, commit, storing, refused: refusal !== null });

    const trend = await ports.history.trend(event, doc);
    const note = stepNote(verdict, inputs.failOn);
    const next = baseline.doc === null ? firstRunNext(inputs, storing) : [];
    const hint = refusal === null ? acceptHint(verdict, inputs, inputs.prNumber ?? event.pr?.number ?? null) : null;
    const report = renderReport(verdict, doc, {
      baselineNote: baseline.note,
      noBaseline: baseline.doc === null,
      next,
      acceptHint: hint,
      trend,
      baseline: baseline.doc,
      confirmation,
      stepNote: note,
      runUrl: runUrl(event, host.env),
    });
    await writeVerdictFiles(host, verdict, report, { markdown: out.report, json: out.verdict });
    host.setOutput(OUTPUTS.verdictPath, out.verdict);
    host.setOutput(OUTPUTS.reportPath, out.report);

    await publish(host, verdict, report, { verdict: OUTPUTS.verdict, regressions: OUTPUTS.regressions });
    // A refused pr-number gets no comment, but the summary above is written all the same.
    const url = refusal !== null ? null : await ports.github.comment(event, inputs.prNumber ?? event.pr?.number ?? null, verdict, report);
    if (url) host.setOutput(OUTPUTS.commentUrl, url);
    if (refusal !== null) host.fail(refusal);
    const { failing, line } = outcome(verdict, inputs.failOn);
    if (inputs.checkRun && refusal === null) await checkRun(host, ports, inputs, { event, verdict, line, failing, note, report, url, configPath: plan?.configPath ?? null });

    if (storing) {
      await ports.history.save(commit, { ...doc, gate: storedGate(verdict, acceptedFrom) });
      if (design.store.afterStore) await ports.history.afterStore(event, commit);
    }

    // A first run is neither green nor red: a notice says so and what happens next.
    const first = noBaselineYet(verdict) ? `nothing was compared (${baseline.note}). ${next.map((n) => n.replace(/\*\*/g, '')).join(' ')}` : null;
    endStep(host, verdict, { failing, line, note, first });
  } catch (err) {
    // A UserError says what to fix (src/errors/); anything else is the action breaking, said as it is.
    host.fail(err instanceof UserError ? err.headline() : err instanceof Error ? err.message : String(err));
  }
}

/** The plan with the `budget` input's budget; one that run.trials cannot meet names the input. */
function budgetFromInput(plan: Plan, budget: BudgetOverride): Plan {
  try {
    return planWithBudget(plan, budget);
  } catch (err) {
    throw new InputError(`'${INPUTS.budget}' ${(err as Error).message}`);
  }
}
