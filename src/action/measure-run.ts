// The action's measuring, in run mode: the candidate alone (compared with a
// stored result) or beside a baseline server in the same job (paired A/B),
// and the second measurement that confirms a failure before the step fails.
import { resolve } from 'node:path';
import type { Plan } from '../config/plan.js';
import type { VerdictDoc } from '../gate/verdict.js';
import { measureAbWithServers } from '../pipeline/ab.js';
import { confirmByRepeat, confirmedByPairs, type Confirmation } from '../pipeline/confirm.js';
import { confirmRoute } from '../pipeline/confirm-rule.js';
import { judgeRun } from '../pipeline/judge.js';
import { measure, withServers, type ServerLaunch } from '../pipeline/measure.js';
import type { ResultDoc } from '../result/types.js';
import type { Baseline } from './baseline.js';
import { OUTPUTS, STATE } from './constants.js';
import type { ActionHost } from './host.js';
import type { AbBaselineInputs, ActionInputs } from './inputs.js';

/** Where the run mode writes: the candidate's result, and beside it the baseline's and the confirmation's. */
export function runPaths(workspace: string, out: string): { candidate: string; baseline: string; confirm: string } {
  const beside = (suffix: string): string => resolve(workspace, /\.json$/i.test(out) ? out.replace(/\.json$/i, `.${suffix}.json`) : `${out}.${suffix}.json`);
  return { candidate: resolve(workspace, out), baseline: beside('baseline'), confirm: beside('confirm') };
}

/** The same-job A/B, when it decides this run: the candidate and a baseline measured beside it. */
export async function measureSameJob(host: ActionHost, inputs: ActionInputs, plan: Plan, paths: ReturnType<typeof runPaths>): Promise<{ doc: ResultDoc; baseline: Baseline }> {
  const b = inputs.abBaseline!;
  host.setOutput(OUTPUTS.baselineResultPath, paths.baseline);
  const ab = await measureAbRun(host, inputs, b, plan, { baseline: paths.baseline, candidate: paths.candidate });
  return { doc: ab.candidate, baseline: { doc: ab.baseline, history: [], note: abNote(plan, b), commit: null } };
}

/**
 * When an unpaired verdict would fail the step (confirm-rule.ts): measure
 * again in this job, paired against the baseline server when there is one,
 * else the failing cells once more; null when nothing needs confirming.
 */
export async function confirmFailure(
  host: ActionHost,
  inputs: ActionInputs,
  j: { plan: Plan; baseline: ResultDoc; candidate: ResultDoc; first: VerdictDoc; paths: ReturnType<typeof runPaths> },
): Promise<Confirmation | null> {
  const route = confirmRoute(j.first, { enabled: inputs.confirm, failOn: inputs.failOn, baselineServer: inputs.abBaseline !== null });
  if (route.kind === 'none') return null;
  if (route.kind === 'repeat') {
    return confirmByRepeat(host, { plan: j.plan, baseline: j.baseline, candidate: j.candidate, first: j.first, cells: route.cells, outPath: j.paths.confirm });
  }
  host.log.info('Measuring paired against the baseline server before deciding (input confirm): a regression against a stored result, or noise that made a cell not comparable, is measured once more in this job.');
  const ab = await measureSameJob(host, inputs, j.plan, { ...j.paths, candidate: j.paths.confirm });
  return confirmedByPairs(j.first, judgeRun(j.plan, ab.baseline.doc, ab.doc, ''), ab.doc, j.plan.limits.trials);
}

/** What a server the action starts may see of the credentials: the `server-env` names only; the API key is withheld (src/server/process.ts serverEnv). */
function serverEnvOf(inputs: ActionInputs, plan: Plan): Pick<ServerLaunch, 'passEnv' | 'withholdEnv'> {
  return { passEnv: inputs.serverEnv, withholdEnv: plan.target.apiKeyEnv === null ? [] : [plan.target.apiKeyEnv] };
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
    ...serverEnvOf(inputs, plan),
  };
}

/** Starts the server when asked, runs the matrix, and always stops what it started; a run that did not complete fails the step. */
export async function measureRun(host: ActionHost, inputs: ActionInputs, plan: Plan, outPath: string): Promise<ResultDoc> {
  const launch = candidateLaunch(host, inputs, plan);
  const doc = await withServers(host, launch ? [launch] : [], (started) => measure(host, plan, outPath, { startedServers: started }));
  if (doc.status !== 'complete') throw new Error(`the run was ${doc.status}: ${doc.error ?? ''} (partial result in ${outPath})`);
  return doc;
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
      ...serverEnvOf(inputs, plan),
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
