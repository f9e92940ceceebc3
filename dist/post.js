import { createRequire as __llmPerfGateRequire } from 'node:module'; const require = __llmPerfGateRequire(import.meta.url);
import {
  STATE,
  actionLog,
  getState
} from "./chunks/chunk-GWAZNU7W.js";
import {
  stopProcessGroup
} from "./chunks/chunk-5XUPNBZ7.js";
import "./chunks/chunk-EG4BBXMW.js";
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
