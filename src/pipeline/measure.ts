// The measure stage: start the servers asked for, run the matrix (or the A/B
// pairs) with progress, print what was measured, and always stop what was
// started. Both hosts measure through here.
import type { Plan } from '../config/plan.js';
import { environmentText } from '../report/telemetry-line.js';
import { resultTable } from '../report/terminal.js';
import type { ResultDoc } from '../result/types.js';
import { runAbPlan, runPlan, type AbRunOptions, type StartedServer } from '../run/run-plan.js';
import type { ShardRun } from '../run/shard.js';
import { startServer, type RunningServer } from '../server/process.js';
import type { Host } from './host.js';
import { createProgress } from './progress.js';

const SERVER_STOP_GRACE_MS = 10_000;

const capital = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

/** An inference server to start before the run and stop after it. */
export interface ServerLaunch {
  /** Who it is, for messages: 'the server', 'the baseline server'. */
  label: string;
  command: string;
  logPath: string;
  readyUrl: string | null;
  baseUrl: string;
  model: string | null;
  readyTimeoutMs: number;
  /** Echo every server log line into the host's log (the action's log has room; a terminal has not). */
  echoLog: boolean;
  /** Host state key that holds the process group while it runs, so a later step can stop it; null: none. */
  stateKey: string | null;
  /** Credentials the server gets all the same, and more to withhold (the API key): src/server/process.ts serverEnv. */
  passEnv?: readonly string[];
  withholdEnv?: readonly string[];
}

/** Starts one server and waits until it is ready; its start-up log goes in a group of its own. */
export function startLaunch(host: Host, launch: ServerLaunch): Promise<RunningServer> {
  return host.log.group(`Starting ${launch.label}: ${launch.command}`, async () => {
    const running = await startServer({
      command: launch.command,
      cwd: host.cwd,
      env: { ...host.env },
      passEnv: launch.passEnv,
      withholdEnv: launch.withholdEnv,
      logPath: launch.logPath,
      readyUrl: launch.readyUrl,
      baseUrl: launch.baseUrl,
      model: launch.model,
      readyTimeoutMs: launch.readyTimeoutMs,
      clock: host.clock,
      onLog: launch.echoLog ? (line) => host.log.info(line) : undefined,
      // Saved at once, so a post step can stop a server still loading when the job is cancelled.
      onSpawn: launch.stateKey === null ? undefined : (pgid) => host.saveState(launch.stateKey!, String(pgid)),
    });
    host.log.info(`${capital(launch.label)} ready after ${(running.readyAfterMs / 1000).toFixed(1)} s (log: ${launch.logPath})`);
    return running;
  });
}

/** Stops a server started by startLaunch, saying so, and how it ended if it died on its own. */
export async function stopLaunch(host: Host, launch: ServerLaunch, server: RunningServer): Promise<void> {
  const dead = server.exitStatus();
  if (dead !== null) {
    host.log.warn(`${capital(launch.label)} exited during the run (code ${dead.code ?? 'none'}, signal ${dead.signal ?? 'none'}); last log lines:\n${server.logTail(20).join('\n')}`);
  }
  const { signal } = await server.stop(SERVER_STOP_GRACE_MS);
  host.log.info(`${capital(launch.label)} stopped (${signal === 'none' ? 'already gone' : `SIG${signal}`}).`);
  if (launch.stateKey !== null) host.saveState(launch.stateKey, '');
}

/**
 * Starts the servers in order, runs `fn` with their base URLs and pids (the
 * run's telemetry tells the server under test from noisy neighbours by them),
 * and stops every server started, whatever happens.
 */
export async function withServers<T>(host: Host, launches: readonly ServerLaunch[], fn: (started: readonly StartedServer[]) => Promise<T>): Promise<T> {
  const started: Array<{ launch: ServerLaunch; server: RunningServer }> = [];
  try {
    for (const launch of launches) started.push({ launch, server: await startLaunch(host, launch) });
    return await fn(started.map(({ launch, server }) => ({ url: launch.baseUrl, pid: server.pid })));
  } finally {
    for (const { launch, server } of started) await stopLaunch(host, launch, server);
  }
}

/** Runs the plan's matrix against its target, writing `outPath` after every cell; prints the result table unless told not to. */
export async function measure(host: Host, plan: Plan, outPath: string, opts: { table?: boolean; startedServers?: readonly StartedServer[]; shard?: ShardRun } = {}): Promise<ResultDoc> {
  const progress = createProgress(host.log, host.clock);
  const doc = await runPlan({ plan, outPath, cwd: host.cwd, env: host.env, signal: host.signal, clock: host.clock, progress, startedServers: opts.startedServers, shard: opts.shard });
  if (opts.table !== false) host.log.out(`\n${resultTable(doc, host.log.columns('out'))}\n`);
  if (doc.environment) host.log.out(`environment: ${environmentText(doc.environment)}`);
  return doc;
}

/** Interleaved A/B of two sides (default: the plan's `ab` section); prints both result tables. */
export async function measureAb(
  host: Host,
  plan: Plan,
  outPaths: { baseline: string; candidate: string },
  extra: Pick<AbRunOptions, 'sides' | 'blocks' | 'startedServers' | 'sequential'> = {},
): Promise<{ baseline: ResultDoc; candidate: ResultDoc }> {
  const docs = await runAbPlan({ plan, outPaths, cwd: host.cwd, env: host.env, signal: host.signal, clock: host.clock, progress: createProgress(host.log, host.clock), ...extra });
  host.log.out(`\nbaseline:\n${resultTable(docs.baseline, host.log.columns('out'))}\n\ncandidate:\n${resultTable(docs.candidate, host.log.columns('out'))}\n`);
  for (const [side, d] of [
    ['baseline', docs.baseline],
    ['candidate', docs.candidate],
  ] as const) {
    if (d.environment) host.log.out(`${side} environment: ${environmentText(d.environment)}`);
  }
  return docs;
}
