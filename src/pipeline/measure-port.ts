// The measure port as both hosts build it: the sides of a run in one
// vocabulary (the action's inputs and the CLI's `ab` config section both map
// onto `Side`), the one builder of a ServerLaunch, and the port that starts
// and stops those servers around each measurement (run.ts calls it).
import type { AbSidePlan, Plan } from '../config/plan.js';
import type { ResultDoc } from '../result/types.js';
import type { AbRole } from '../run/run-plan.js';
import { measureAbWithServers } from './ab.js';
import type { Host } from './host.js';
import { measure, withServers, type ServerLaunch } from './measure.js';
import type { MeasurePort } from './run.js';

/** One side of a run: where it serves, and the server to start for it (null: an endpoint that is up). */
export interface Side {
  url: string;
  model: string | null;
  readyTimeoutMs: number;
  server: { command: string; readyUrl: string | null; logPath: string; stateKey: string | null; /** Who it is in messages: 'server', 'baseline server'. */ label: string } | null;
}

/** What every server a host starts shares: whether its log is echoed, and which credentials it may see (src/server/process.ts serverEnv). */
interface LaunchPolicy {
  echoLog: boolean;
  passEnv: readonly string[];
  withholdEnv: readonly string[];
  /** Told before each start (the action names the log in a step output). */
  onLaunch?: (role: AbRole, launch: ServerLaunch) => void;
}

/** The one builder of a ServerLaunch; undefined for an endpoint that is up. */
function launchOf(role: AbRole, side: Side, policy: LaunchPolicy): ServerLaunch | undefined {
  if (side.server === null) return undefined;
  const launch: ServerLaunch = {
    label: side.server.label,
    command: side.server.command,
    logPath: side.server.logPath,
    readyUrl: side.server.readyUrl,
    baseUrl: side.url,
    model: side.model,
    readyTimeoutMs: side.readyTimeoutMs,
    echoLog: policy.echoLog,
    stateKey: side.server.stateKey,
    passEnv: policy.passEnv,
    withholdEnv: policy.withholdEnv,
  };
  policy.onLaunch?.(role, launch);
  return launch;
}

const abSide = (s: Side): AbSidePlan => ({ url: s.url, model: s.model, serverCommand: s.server?.command ?? null, readyTimeoutMs: s.readyTimeoutMs });

/** The line under the report's headline that names a paired design. */
function pairsNote(plan: Plan, baseline: Side): string {
  const schedule = plan.ab?.schedule === 'alternate' ? 'one server at a time, ABBA blocks' : 'both servers up at once';
  const pairs = plan.limits.trials;
  return `baseline: measured in this job: same-job A/B, paired design (${pairs} pair${pairs === 1 ? '' : 's'} per cell, ${schedule}; baseline ${baseline.server === null ? 'endpoint' : 'server'} at ${baseline.url})`;
}

/**
 * Measuring with real servers and load. Each call starts the servers it
 * needs and stops them after, whatever happens: a confirmation after the
 * first run starts the candidate's server again, and the paired fallback
 * never finds the candidate's server still holding the GPU.
 */
export function measurePort(host: Host, sides: { candidate: Side; baseline: Side | null }, policy: LaunchPolicy, opts: { table?: boolean } = {}): MeasurePort {
  return {
    candidate(plan, outPath): Promise<ResultDoc> {
      const launch = launchOf('candidate', sides.candidate, policy);
      return withServers(host, launch ? [launch] : [], (started) => measure(host, plan, outPath, { startedServers: started, table: opts.table }));
    },
    pairs(plan, outPaths, sequential) {
      const b = sides.baseline;
      if (b === null) throw new Error('the run design measures pairs, but there is no baseline side');
      return measureAbWithServers(host, plan, {
        sides: { baseline: abSide(b), candidate: abSide(sides.candidate) },
        launches: { baseline: launchOf('baseline', b, policy), candidate: launchOf('candidate', sides.candidate, policy) },
        outPaths,
        ...(sequential === undefined ? {} : { sequential }),
      });
    },
    servers: (plan) => (sides.baseline === null ? 1 : plan.ab?.schedule === 'alternate' ? 1 : 2),
    pairsNote: (plan) => (sides.baseline === null ? '' : pairsNote(plan, sides.baseline)),
  };
}
