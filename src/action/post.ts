// The post: step runs even when the main step failed or the job was
// cancelled: it makes sure no inference server (and its GPU) outlives the job.
import * as core from '@actions/core';
import { stopProcessGroup } from '../server/process.js';
import { STATE } from './constants.js';
import { actionLog } from './log.js';

export async function post(): Promise<void> {
  // The baseline server of a same-job A/B is stopped the same way as the candidate's.
  for (const [key, label] of [
    [STATE.serverPgid, 'the server'],
    [STATE.baselineServerPgid, 'the baseline server'],
  ] as const) {
    const saved = core.getState(key);
    if (!saved) continue;
    const pgid = Number(saved);
    if (!Number.isInteger(pgid) || pgid <= 1) continue;
    const log = actionLog();
    try {
      const how = await stopProcessGroup(pgid, 10_000);
      if (how !== 'none') log.info(`Stopped ${label} left running (process group ${pgid}, SIG${how}).`);
    } catch (err) {
      log.warn(`Could not stop ${label}'s process group ${pgid}: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
}
