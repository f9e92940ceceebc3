// The action's one orchestrator: inputs -> (server) -> measure -> baseline ->
// judge -> report -> publish -> history -> step status. It takes its host as
// an argument (src/action/host.ts in a workflow, a fake in unit tests). "A
// regression was found" ends in a table and a failed step; "the action broke"
// ends in a failed step with the error that says what was being done.
import { resolve } from 'node:path';
import type { Plan } from '../config/plan.js';
import { UserError } from '../errors/user-error.js';
import type { VerdictDoc } from '../gate/verdict.js';
import { saveResult } from '../history/store.js';
import { judgeRun, judgeStored, readPlan } from '../pipeline/judge.js';
import { outcome, publish, stepNote } from '../pipeline/publish.js';
import { renderReport, writeVerdictFiles } from '../pipeline/report.js';
import { headline } from '../result/headline.js';
import { readResultForGating } from '../result/read.js';
import type { ResultDoc } from '../result/types.js';
import { historyOptions, loadBaseline, type Baseline } from './baseline.js';
import { OUTPUTS } from './constants.js';
import { reportBindingProblem, withPullRequest, type RunEvent } from './event.js';
import { afterStore, trendSection } from './history-push.js';
import type { ActionHost } from './host.js';
import { readInputs, type ActionInputs } from './inputs.js';
import { confirmFailure, measureRun, measureSameJob, runPaths } from './measure-run.js';
import { comment } from './publish.js';

export async function runAction(host: ActionHost): Promise<void> {
  try {
    const inputs = readInputs((name) => host.input(name), (secret) => host.secret(secret));
    let event = host.event();
    const workspace = host.cwd;
    const out = {
      result: resolve(workspace, inputs.mode === 'report' ? inputs.result! : inputs.out),
      verdict: resolve(workspace, 'llm-perf-verdict.json'),
      report: resolve(workspace, 'llm-perf-report.md'),
    };
    host.setOutput(OUTPUTS.resultPath, out.result);
    const paths = runPaths(workspace, inputs.out);

    let doc: ResultDoc;
    let plan: Plan | null = null;
    // Same-job A/B: the baseline measured beside the candidate, in pairs.
    let measuredBaseline: Baseline | null = null;
    // Report mode: why pr-number may not be commented on (it is not the pull request the triggering event is about); null: it may.
    let refusal: string | null = null;
    if (inputs.mode === 'report') {
      // workflow_run: the result came from an untrusted pull_request run; it is validated (schema, histograms, bounds) and must be complete enough to gate.
      doc = await readResultForGating(out.result);
      if (inputs.prNumber !== null) {
        const trusted = event;
        event = await withPullRequest(event, inputs.prNumber, inputs.githubToken);
        const problem = reportBindingProblem(trusted, inputs.prNumber, { headSha: event.pr!.headSha, headRepo: event.pr!.headRepo ?? null });
        if (problem !== null) refusal = `Not commenting on pull request #${inputs.prNumber}: ${problem}. The report is in the job summary only.`;
        if (doc.git !== null && doc.git.commit !== event.pr!.headSha) {
          host.log.warn(`The result was measured on ${doc.git.commit.slice(0, 7)}, but pull request #${inputs.prNumber} is at ${event.pr!.headSha.slice(0, 7)} now.`);
        }
      }
    } else {
      // In a workflow, a config that does not say how to warm up warms until steady: a cold server after a fresh start is the rule there.
      plan = await readPlan(host, { config: inputs.config, url: inputs.url, model: inputs.model, warmupDefault: 'auto' });
      if (inputs.abBaseline !== null && inputs.sameJob === 'always') ({ doc, baseline: measuredBaseline } = await measureSameJob(host, inputs, plan, paths));
      else doc = await measureRun(host, inputs, plan, paths.candidate);
    }

    let baseline = measuredBaseline ?? (await loadBaseline(inputs, event, workspace, doc));
    if (plan !== null && baseline.doc === null && inputs.abBaseline !== null) {
      // same-job: confirm, but no stored result to compare with: the A/B decides after all.
      host.log.info(`${baseline.note}; measuring the same-job A/B instead`);
      ({ doc, baseline } = await measureSameJob(host, inputs, plan, paths));
    }
    host.log.info(baseline.note);
    if (baseline.commit) host.setOutput(OUTPUTS.baselineCommit, baseline.commit);
    let verdict: VerdictDoc =
      plan !== null
        ? judgeRun(plan, baseline.doc, doc, baseline.note, baseline.history)
        : await judgeStored(host, { config: null, baseline: baseline.doc, history: baseline.history, candidate: doc, candidateLabel: out.result, whyNoBaseline: baseline.note });
    const confirmation = plan !== null && baseline.doc !== null ? await confirmFailure(host, inputs, { plan, baseline: baseline.doc, candidate: doc, first: verdict, paths }) : null;
    if (confirmation !== null) verdict = confirmation.verdict;

    const trend = await trendSection(host.log, inputs, event, workspace, doc);
    const note = stepNote(verdict, inputs.failOn);
    const report = renderReport(verdict, doc, { baselineNote: baseline.note, noBaseline: baseline.doc === null, trend, baseline: baseline.doc, confirmation, stepNote: note });
    await writeVerdictFiles(host, verdict, report, { markdown: out.report, json: out.verdict });
    host.setOutput(OUTPUTS.verdictPath, out.verdict);
    host.setOutput(OUTPUTS.reportPath, out.report);

    await publish(host, verdict, report, { verdict: OUTPUTS.verdict, regressions: OUTPUTS.regressions });
    // A refused pr-number gets no comment, but the summary above is written all the same.
    const url = refusal !== null ? null : await comment(host.log, inputs, event, inputs.prNumber ?? event.pr?.number ?? null, verdict, report);
    if (url) host.setOutput(OUTPUTS.commentUrl, url);
    if (refusal !== null) host.fail(refusal);

    if (inputs.mode === 'run' && shouldSaveHistory(inputs, event) && doc.status === 'complete') {
      const commit = doc.git?.commit ?? event.sha;
      const saved = await saveResult(historyOptions(inputs, workspace), commit, JSON.stringify(doc), headline(doc));
      host.log.info(`Stored the result of ${commit.slice(0, 7)} on '${inputs.historyBranch}' (${saved.attempts} push attempt${saved.attempts === 1 ? '' : 's'}${saved.pruned.length ? `, pruned ${saved.pruned.length}` : ''}).`);
      if (event.isDefaultBranchPush) await afterStore(host, inputs, event, commit);
    }

    const { failing, line } = outcome(verdict, inputs.failOn);
    if (failing) host.fail(note !== null ? `${line}: ${note.detail}` : `${line}: ${verdict.reasons.slice(0, 3).join('; ')}`);
    // Invalid and inconclusive never end green silently: a warning annotation says why and what to change.
    else if (note !== null) host.log.warn(`${line}: ${note.detail}`, `llm-perf-gate: ${note.headline}`);
    else host.log.info(line);
  } catch (err) {
    // A UserError says what to fix (src/errors/); anything else is the action breaking, said as it is.
    host.fail(err instanceof UserError ? err.headline() : err instanceof Error ? err.message : String(err));
  }
}

function shouldSaveHistory(inputs: ActionInputs, event: RunEvent): boolean {
  if (inputs.saveHistory === 'true') return true;
  if (inputs.saveHistory === 'false') return false;
  return event.isDefaultBranchPush;
}
