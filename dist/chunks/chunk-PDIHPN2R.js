import { createRequire as __llmPerfGateRequire } from 'node:module'; const require = __llmPerfGateRequire(import.meta.url);
import {
  HistoryError,
  INDEX_FILE,
  MAX_PUSH_ATTEMPTS,
  openBranch,
  pushWaitMs,
  renderIndex
} from "./chunk-T37RHSDI.js";

// src/history/compact.ts
import { setTimeout as sleep } from "node:timers/promises";
async function compactHistory(opts, hooks = {}) {
  const branch = await openBranch(opts);
  if (!Number.isInteger(opts.retention) || opts.retention < 1) throw new HistoryError(`history: retention must be an integer >= 1, got ${opts.retention}`);
  const maxAttempts = opts.maxPushAttempts ?? MAX_PUSH_ATTEMPTS;
  for (let attempt = 1; attempt <= maxAttempts; attempt++) {
    const tip = await branch.fetchTip();
    if (tip === null) return { before: null, after: null, commitsBefore: 0, kept: 0, pruned: [], attempts: attempt };
    const index = await branch.index(tip);
    const pruned = index.length > opts.retention ? index.slice(opts.retention).map((e) => e.commit) : [];
    const kept = index.slice(0, opts.retention);
    const staged = await branch.commit(tip, /* @__PURE__ */ new Map([[INDEX_FILE, renderIndex(kept)]]), new Set(pruned.map((c) => `${c}.json`)), "staging");
    const tree = (await branch.git.run("reading the compacted tree", ["rev-parse", `${staged}^{tree}`])).stdout.trim();
    const count = Number((await branch.git.run("counting history commits", ["rev-list", "--count", tip])).stdout.trim());
    const message = `llm-perf-gate: compacted history: ${kept.length} result(s)

Replaces ${count} commit(s) up to ${tip}.${pruned.length ? ` Pruned ${pruned.length} result(s) beyond the retention of ${opts.retention}.` : ""}
`;
    const sha = (await branch.git.run("creating the compacted commit", ["commit-tree", "--no-gpg-sign", tree, "-m", message])).stdout.trim();
    await hooks.beforePush?.(attempt);
    if (await branch.push(sha, tip) === "pushed") return { before: tip, after: sha, commitsBefore: count, kept: kept.length, pruned, attempts: attempt };
    if (attempt < maxAttempts) await sleep(pushWaitMs(attempt));
  }
  throw new HistoryError(`history: gave up compacting '${branch.branch}' after ${maxAttempts} attempts: other jobs kept updating it first`);
}

export {
  compactHistory
};
