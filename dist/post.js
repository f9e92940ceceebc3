import { createRequire as __llmPerfGateRequire } from 'node:module'; const require = __llmPerfGateRequire(import.meta.url);
import {
  STATE,
  actionLog,
  getState
} from "./chunks/chunk-C3OW5XTX.js";
import {
  stopProcessGroup
} from "./chunks/chunk-HZV4PVTR.js";
import "./chunks/chunk-SK3CJ3HN.js";

// src/action/post.ts
async function post() {
  const saved = getState(STATE.serverPgid);
  if (!saved) return;
  const log = actionLog();
  const pgid = Number(saved);
  if (!Number.isInteger(pgid) || pgid <= 1) return;
  try {
    const how = await stopProcessGroup(pgid, 1e4);
    if (how !== "none") log.info(`Stopped the server left running (process group ${pgid}, SIG${how}).`);
  } catch (err) {
    log.warn(`Could not stop the server's process group ${pgid}: ${err instanceof Error ? err.message : String(err)}`);
  }
}

// src/action/post-entry.ts
void post();
