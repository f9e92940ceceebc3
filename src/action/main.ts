// The action's one orchestrator: inputs -> (server) -> run -> baseline ->
// verdict -> report -> publish -> history -> exit status. "A regression was
// found" ends in a table and a failed step; "the action broke" ends in
// setFailed with the error that says what was being done.
import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import * as core from '@actions/core';
import { loadPlan, gatePlanFromStored } from '../config/load.js';
import type { Plan } from '../config/plan.js';
import { compare } from '../gate/compare.js';
import { verdictWithoutBaseline } from '../gate/no-baseline.js';
import type { VerdictDoc } from '../gate/verdict.js';
import { saveResult } from '../history/store.js';
import { renderMarkdown } from '../report/markdown.js';
import { resultTableMd } from '../report/result-table.js';
import { renderTrend } from '../report/trend.js';
import { resultTable } from '../report/terminal.js';
import { headline, HEADLINE_METRICS } from '../result/headline.js';
import { readResult } from '../result/read.js';
import type { ResultDoc } from '../result/types.js';
import { runPlan, type ProgressSink } from '../run/run-plan.js';
import { startServer, type RunningServer } from '../server/process.js';
import { historyOptions, loadBaseline, trendPoints } from './baseline.js';
import { OUTPUTS, STATE } from './constants.js';
import { readEvent, withPullRequest, type RunEvent } from './event.js';
import { readInputs, type ActionInputs } from './inputs.js';
import { annotate, comment, writeSummary } from './publish.js';

const SERVER_STOP_GRACE_MS = 10_000;

export async function run(): Promise<void> {
  try {
    const inputs = readInputs();
    let event = readEvent();
    const workspace = process.env.GITHUB_WORKSPACE ?? process.cwd();
    const out = {
      result: resolve(workspace, inputs.mode === 'report' ? inputs.result! : inputs.out),
      verdict: resolve(workspace, 'llm-perf-verdict.json'),
      report: resolve(workspace, 'llm-perf-report.md'),
    };
    core.setOutput(OUTPUTS.resultPath, out.result);

    let doc: ResultDoc;
    let plan: Plan | null = null;
    if (inputs.mode === 'report') {
      // workflow_run: the result came from an untrusted pull_request run; readResult validates it against the schema.
      doc = await readResult(out.result);
      if (inputs.prNumber !== null) {
        event = await withPullRequest(event, inputs.prNumber, inputs.githubToken);
        if (doc.git !== null && doc.git.commit !== event.pr!.headSha) {
          core.warning(`The result was measured on ${doc.git.commit.slice(0, 7)}, but pull request #${inputs.prNumber} is at ${event.pr!.headSha.slice(0, 7)} now.`);
        }
      }
    } else {
      plan = await loadPlan({ configPath: inputs.config, cwd: workspace, url: inputs.url, model: inputs.model, env: process.env });
      doc = await measure(inputs, plan, workspace, out.result);
    }
    const gate = plan?.gate ?? gatePlanFromStored(doc.config, `${out.result} (stored config)`);

    const baseline = await loadBaseline(inputs, event, workspace);
    core.info(baseline.note);
    if (baseline.commit) core.setOutput(OUTPUTS.baselineCommit, baseline.commit);
    const verdict: VerdictDoc = baseline.doc ? compare(baseline.doc, doc, gate) : verdictWithoutBaseline(doc, gate, baseline.note);

    const points = inputs.baseline.kind === 'history' ? await trendPoints(inputs, workspace) : [];
    const sections: string[] = [];
    if (baseline.doc === null) sections.push(`### Measured\n\n${resultTableMd(doc)}`);
    const firstCell = doc.cells[0]?.id;
    if (firstCell) {
      const current = { commit: doc.git?.commit ?? event.sha, headline: headline(doc) };
      const trend = renderTrend([current, ...points.filter((p) => p.commit !== current.commit)], `${firstCell} ${HEADLINE_METRICS[0]}`);
      if (trend) sections.push(trend);
    }
    const report = renderMarkdown(verdict, { context: [baseline.note.replace(/^baseline: /, 'Baseline: ')], sections });
    await writeFile(out.verdict, `${JSON.stringify(verdict, null, 1)}\n`);
    await writeFile(out.report, report);
    core.setOutput(OUTPUTS.verdict, verdict.verdict);
    core.setOutput(OUTPUTS.regressions, String(verdict.summary.regressed));
    core.setOutput(OUTPUTS.verdictPath, out.verdict);
    core.setOutput(OUTPUTS.reportPath, out.report);

    await writeSummary(report);
    annotate(verdict);
    const prNumber = inputs.prNumber ?? event.pr?.number ?? null;
    const url = await comment(inputs, event, prNumber, verdict, report);
    if (url) core.setOutput(OUTPUTS.commentUrl, url);

    if (inputs.mode === 'run' && shouldSaveHistory(inputs, event) && doc.status === 'complete') {
      const commit = doc.git?.commit ?? event.sha;
      const saved = await saveResult(historyOptions(inputs, workspace), commit, JSON.stringify(doc), headline(doc));
      core.info(`Stored the result of ${commit.slice(0, 7)} on '${inputs.historyBranch}' (${saved.attempts} push attempt${saved.attempts === 1 ? '' : 's'}${saved.pruned.length ? `, pruned ${saved.pruned.length}` : ''}).`);
    }

    decide(inputs, verdict);
  } catch (err) {
    core.setFailed(err instanceof Error ? err.message : String(err));
  }
}

function shouldSaveHistory(inputs: ActionInputs, event: RunEvent): boolean {
  if (inputs.saveHistory === 'true') return true;
  if (inputs.saveHistory === 'false') return false;
  return event.isDefaultBranchPush;
}

function decide(inputs: ActionInputs, v: VerdictDoc): void {
  const failing = inputs.failOn === 'never' ? false : v.verdict === 'fail' || (inputs.failOn === 'warn' && v.verdict === 'warn');
  const line = `llm-perf-gate: ${v.verdict} (${v.summary.regressed} regressed, ${v.summary.improved} improved, ${v.summary.slo_failed} SLO failures)`;
  if (failing) core.setFailed(`${line}: ${v.reasons.slice(0, 3).join('; ')}`);
  else if (v.verdict === 'invalid') core.warning(`${line}: ${v.reasons.slice(0, 3).join('; ')}`);
  else core.info(line);
}

/** Starts the server when asked, runs the matrix, and always stops what it started. */
async function measure(inputs: ActionInputs, plan: Plan, workspace: string, outPath: string): Promise<ResultDoc> {
  let server: RunningServer | null = null;
  const logPath = resolve(workspace, inputs.serverLog);
  if (inputs.serverCommand !== null) {
    core.setOutput(OUTPUTS.serverLog, logPath);
    core.startGroup(`Starting the server: ${inputs.serverCommand}`);
    try {
      server = await startServer({
        command: inputs.serverCommand,
        cwd: workspace,
        env: { ...process.env },
        logPath,
        readyUrl: inputs.serverReadyUrl,
        baseUrl: plan.target.url,
        model: plan.target.model,
        readyTimeoutMs: inputs.serverReadyTimeoutS * 1000,
        onLog: (line) => core.info(line),
        // Saved at once, so the post step can stop a server still loading when the job is cancelled.
        onSpawn: (pgid) => core.saveState(STATE.serverPgid, String(pgid)),
      });
      core.info(`Server ready after ${(server.readyAfterMs / 1000).toFixed(1)} s (log: ${logPath})`);
    } finally {
      core.endGroup();
    }
  }
  const ac = new AbortController();
  const onTerm = (): void => ac.abort();
  process.once('SIGTERM', onTerm);
  const progress: ProgressSink = {
    cellStart: (i, n, id) => core.info(`cell ${i + 1}/${n} ${id}: started`),
    requestDone: () => undefined,
    cellEnd: (cell) => core.info(`${cell.id}: ${cell.metrics.counts.completed}/${cell.metrics.counts.attempted} ok, ${cell.metrics.rps.toFixed(2)} req/s, ${cell.metrics.output_tps.toFixed(0)} out tok/s`),
    note: (m) => core.notice(m),
  };
  try {
    const doc = await runPlan({ plan, outPath, cwd: workspace, env: process.env, signal: ac.signal, progress });
    core.info(resultTable(doc));
    if (doc.status !== 'complete') throw new Error(`the run was ${doc.status}: ${doc.error ?? ''} (partial result in ${outPath})`);
    return doc;
  } finally {
    process.off('SIGTERM', onTerm);
    if (server !== null) {
      const dead = server.exitStatus();
      if (dead !== null) core.warning(`The server exited during the run (code ${dead.code ?? 'none'}, signal ${dead.signal ?? 'none'}); last log lines:\n${server.logTail(20).join('\n')}`);
      const { signal } = await server.stop(SERVER_STOP_GRACE_MS);
      core.info(`Server stopped (${signal === 'none' ? 'already gone' : `SIG${signal}`}).`);
      core.saveState(STATE.serverPgid, '');
    }
  }
}
