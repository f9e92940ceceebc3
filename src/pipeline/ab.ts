// Same-job A/B with the servers it needs: both up for the whole run
// (ab.schedule concurrent), or one at a time, each started for its block of
// trials and stopped after it (alternate: servers that need the whole GPU).
// The CLI's `ab` and the action both measure an A/B through here.
import type { AbSidePlan, Plan } from '../config/plan.js';
import type { ResultDoc } from '../result/types.js';
import type { AbRole, BlockHooks, SequentialRun } from '../run/run-plan.js';
import type { RunningServer } from '../server/process.js';
import type { Host } from './host.js';
import { measureAb, startLaunch, stopLaunch, withServers, type ServerLaunch } from './measure.js';

interface AbRequest {
  sides: { baseline: AbSidePlan; candidate: AbSidePlan };
  /** The server to start for a side; a side without one is an endpoint that is already up. */
  launches: Partial<Record<AbRole, ServerLaunch>>;
  outPaths: { baseline: string; candidate: string };
  /** Sequential measurement: more pairs while the data are undecided (sequential-run.ts); absent: run.trials pairs. */
  sequential?: SequentialRun;
}

export async function measureAbWithServers(host: Host, plan: Plan, req: AbRequest): Promise<{ baseline: ResultDoc; candidate: ResultDoc }> {
  const launches = (['baseline', 'candidate'] as const).flatMap((role) => (req.launches[role] ? [req.launches[role]] : []));
  if (plan.ab?.schedule !== 'alternate')
    return withServers(host, launches, (started) => measureAb(host, plan, req.outPaths, { sides: req.sides, startedServers: started, sequential: req.sequential }));
  const running: Partial<Record<AbRole, RunningServer>> = {};
  const blocks: BlockHooks = {
    async before(role) {
      const launch = req.launches[role];
      if (launch) running[role] = await startLaunch(host, launch);
    },
    async after(role) {
      const launch = req.launches[role];
      const server = running[role];
      delete running[role];
      if (launch && server) await stopLaunch(host, launch, server);
    },
  };
  return measureAb(host, plan, req.outPaths, { sides: req.sides, blocks, sequential: req.sequential });
}
