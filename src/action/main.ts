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
import { measureAbWithServers } from '../pipeline/ab.js';
import { measure, withServers, type ServerLaunch } from '../pipeline/measure.js';
import { outcome, publish } from '../pipeline/publish.js';
import { renderReport, writeVerdictFiles } from '../pipeline/report.js';
import { headline } from '../result/headline.js';
import { readResultForGating } from '../result/read.js';
import type { ResultDoc } from '../result/types.js';
import { historyOptions, loadBaseline, trendPoints, type Baseline } from './baseline.js';
import { OUTPUTS, STATE } from './constants.js';
import { withPullRequest, type RunEvent } from './event.js';
import type { ActionHost } from './host.js';
import { readInputs, type AbBaselineInputs, type ActionInputs } from './inputs.js';
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

    let doc: ResultDoc;
    let plan: Plan | null = null;
    // Same-job A/B: the baseline measured beside the candidate, in pairs.
    let measuredBaseline: Baseline | null = null;
    if (inputs.mode === 'report') {
      // workflow_run: the result came from an untrusted pull_request run; it is validated (schema, histograms, bounds) and must be complete enough to gate.
      doc = await readResultForGating(out.result);
      if (inputs.prNumber !== null) {
        event = await withPullRequest(event, inputs.prNumber, inputs.githubToken);
        if (doc.git !== null && doc.git.commit !== event.pr!.headSha) {
          host.log.warn(`The result was measured on ${doc.git.commit.slice(0, 7)}, but pull request #${inputs.prNumber} is at ${event.pr!.headSha.slice(0, 7)} now.`);
        }
      }
    } else {
      // In a workflow, a config that does not say how to warm up warms until steady: a cold server after a fresh start is the rule there.
      plan = await readPlan(host, { config: inputs.config, url: inputs.url, model: inputs.model, warmupDefault: 'auto' });
      if (inputs.abBaseline !== null) {
        const baselinePath = resolve(workspace, baselineResultName(inputs.out));
        host.setOutput(OUTPUTS.baselineResultPath, baselinePath);
        const ab = await measureAbRun(host, inputs, inputs.abBaseline, plan, { baseline: baselinePath, candidate: out.result });
        doc = ab.candidate;
        measuredBaseline = { doc: ab.baseline, note: abNote(plan, inputs.abBaseline), commit: null };
      } else {
        doc = await measureRun(host, inputs, plan, out.result);
      }
    }

    const baseline = measuredBaseline ?? (await loadBaseline(inputs, event, workspace));
    host.log.info(baseline.note);
    if (baseline.commit) host.setOutput(OUTPUTS.baselineCommit, baseline.commit);
    const verdict: VerdictDoc =
      plan !== null
        ? judgeRun(plan, baseline.doc, doc, baseline.note)
        : await judgeStored(host, { config: null, baseline: baseline.doc, candidate: doc, candidateLabel: out.result, whyNoBaseline: baseline.note });

    const trend = inputs.baseline.kind === 'history' ? await trendPoints(host.log, inputs, workspace) : [];
    const report = renderReport(verdict, doc, { baselineNote: baseline.note, noBaseline: baseline.doc === null, commit: event.sha, trend });
    await writeVerdictFiles(host, verdict, report, { markdown: out.report, json: out.verdict });
    host.setOutput(OUTPUTS.verdictPath, out.verdict);
    host.setOutput(OUTPUTS.reportPath, out.report);

    await publish(host, verdict, report, { verdict: OUTPUTS.verdict, regressions: OUTPUTS.regressions });
    const url = await comment(host.log, inputs, event, inputs.prNumber ?? event.pr?.number ?? null, verdict, report);
    if (url) host.setOutput(OUTPUTS.commentUrl, url);

    if (inputs.mode === 'run' && shouldSaveHistory(inputs, event) && doc.status === 'complete') {
      const commit = doc.git?.commit ?? event.sha;
      const saved = await saveResult(historyOptions(inputs, workspace), commit, JSON.stringify(doc), headline(doc));
      host.log.info(`Stored the result of ${commit.slice(0, 7)} on '${inputs.historyBranch}' (${saved.attempts} push attempt${saved.attempts === 1 ? '' : 's'}${saved.pruned.length ? `, pruned ${saved.pruned.length}` : ''}).`);
    }

    const { failing, line } = outcome(verdict, inputs.failOn);
    if (failing) host.fail(`${line}: ${verdict.reasons.slice(0, 3).join('; ')}`);
    else if (verdict.verdict === 'invalid') host.log.warn(`${line}: ${verdict.reasons.slice(0, 3).join('; ')}`);
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

/** The candidate's server, when the action starts it. */
function candidateLaunch(host: ActionHost, inputs: ActionInputs, plan: Plan): ServerLaunch | undefined {
  if (inputs.serverCommand === null) return undefined;
  const logPath = resolve(host.cwd, inputs.serverLog);
  host.setOutput(OUTPUTS.serverLog, logPath);
  return {
    label: 'server',
    command: inputs.serverCommand,
    logPath,
    readyUrl: inputs.serverReadyUrl,
    baseUrl: plan.target.url,
    model: plan.target.model,
    readyTimeoutMs: inputs.serverReadyTimeoutS * 1000,
    echoLog: true,
    stateKey: STATE.serverPgid,
  };
}

/** Starts the server when asked, runs the matrix, and always stops what it started; a run that did not complete fails the step. */
async function measureRun(host: ActionHost, inputs: ActionInputs, plan: Plan, outPath: string): Promise<ResultDoc> {
  const launch = candidateLaunch(host, inputs, plan);
  const doc = await withServers(host, launch ? [launch] : [], () => measure(host, plan, outPath));
  if (doc.status !== 'complete') throw new Error(`the run was ${doc.status}: ${doc.error ?? ''} (partial result in ${outPath})`);
  return doc;
}

/** `llm-perf-result.json` -> `llm-perf-result.baseline.json`, beside the candidate's result. */
function baselineResultName(out: string): string {
  return /\.json$/i.test(out) ? out.replace(/\.json$/i, '.baseline.json') : `${out}.baseline.json`;
}

/** The line under the report's headline that names the design. */
function abNote(plan: Plan, b: AbBaselineInputs): string {
  const schedule = plan.ab?.schedule === 'alternate' ? 'one server at a time, ABBA blocks' : 'both servers up at once';
  const pairs = plan.limits.trials;
  return `baseline: measured in this job: same-job A/B, paired design (${pairs} pair${pairs === 1 ? '' : 's'} per cell, ${schedule}; baseline ${b.serverCommand === null ? 'endpoint' : 'server'} at ${b.url})`;
}

/** Same-job A/B: the candidate and the baseline server, trial by trial in pairs; both runs must complete. */
async function measureAbRun(
  host: ActionHost,
  inputs: ActionInputs,
  b: AbBaselineInputs,
  plan: Plan,
  outPaths: { baseline: string; candidate: string },
): Promise<{ baseline: ResultDoc; candidate: ResultDoc }> {
  let baselineLaunch: ServerLaunch | undefined;
  if (b.serverCommand !== null) {
    const logPath = resolve(host.cwd, b.serverLog);
    host.setOutput(OUTPUTS.baselineServerLog, logPath);
    baselineLaunch = {
      label: 'baseline server',
      command: b.serverCommand,
      logPath,
      readyUrl: b.serverReadyUrl,
      baseUrl: b.url,
      model: plan.target.model,
      readyTimeoutMs: b.serverReadyTimeoutS * 1000,
      echoLog: true,
      stateKey: STATE.baselineServerPgid,
    };
  }
  const side = (url: string, readyTimeoutS: number) => ({ url, model: plan.target.model, serverCommand: null, readyTimeoutMs: readyTimeoutS * 1000 });
  const docs = await measureAbWithServers(host, plan, {
    sides: { baseline: side(b.url, b.serverReadyTimeoutS), candidate: side(plan.target.url, inputs.serverReadyTimeoutS) },
    launches: { baseline: baselineLaunch, candidate: candidateLaunch(host, inputs, plan) },
    outPaths,
  });
  for (const [name, doc] of [['baseline', docs.baseline], ['candidate', docs.candidate]] as const) {
    if (doc.status !== 'complete') throw new Error(`the ${name} run was ${doc.status}: ${doc.error ?? ''} (partial result in ${outPaths[name]})`);
  }
  return docs;
}
