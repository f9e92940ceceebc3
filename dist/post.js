import { createRequire as __llmPerfGateRequire } from 'node:module'; const require = __llmPerfGateRequire(import.meta.url);
import {
  STATE,
  actionLog,
  getState
} from "./chunks/chunk-SAXCQFGD.js";
import {
  stopProcessGroup
} from "./chunks/chunk-HFZ5TM4E.js";
import "./chunks/chunk-IEAB5J3W.js";
import "./chunks/chunk-FQOMYLCJ.js";
import "./chunks/chunk-HN4QBAMF.js";
import "./chunks/chunk-BF4Y2SSP.js";
import "./chunks/chunk-26N6UM4G.js";
import "./chunks/chunk-SK3CJ3HN.js";

// src/action/post.ts
async function post() {
  for (const [key, label] of [
    [STATE.serverPgid, "the server"],
    [STATE.baselineServerPgid, "the baseline server"]
  ]) {
    const saved = getState(key);
    if (!saved) continue;
    const pgid = Number(saved);
    if (!Number.isInteger(pgid) || pgid <= 1) continue;
    const log = actionLog();
    try {
      const how = await stopProcessGroup(pgid, 1e4);
      if (how !== "none") log.info(`Stopped ${label} left running (process group ${pgid}, SIG${how}).`);
    } catch (err) {
      log.warn(`Could not stop ${label}'s process group ${pgid}: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
}

// src/action/post-entry.ts
void post();
