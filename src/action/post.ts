// The post: step runs even when the main step failed or the job was
// cancelled: it makes sure no inference server (and its GPU) outlives the job.
import * as core from '@actions/core';
import { stopProcessGroup } from '../server/process.js';
import { STATE } from './constants.js';
import { actionLog } from './log.js';

export async function post(): Promise<void> {
  const saved = core.getState(STATE.serverPgid);
  if (!saved) return;
  const log = actionLog();
  const pgid = Number(saved);
  if (!Number.isInteger(pgid) || pgid <= 1) return;
  try {
    const how = await stopProcessGroup(pgid, 10_000);
    if (how !== 'none') log.info(`Stopped the server left running (process group ${pgid}, SIG${how}).`);
  } catch (err) {
    log.warn(`Could not stop the server's process group ${pgid}: ${err instanceof Error ? err.message : String(err)}`);
  }
}
