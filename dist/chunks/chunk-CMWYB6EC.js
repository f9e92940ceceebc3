import { createRequire as __llmPerfGateRequire } from 'node:module'; const require = __llmPerfGateRequire(import.meta.url);
import {
  DEFAULT_ORDER_COMMITS,
  HistoryError,
  readHistory
} from "./chunk-T37RHSDI.js";
import {
  UsageError
} from "./chunk-F7EZCM6P.js";
import {
  DEFAULT_HISTORY_BRANCH,
  DEFAULT_REMOTE
} from "./chunk-XS6I4BEK.js";
import {
  EXIT
} from "./chunk-ZSLGKFHA.js";

// src/errors/history-usage-error.ts
var HistoryUsageError = class extends UsageError {
};

// src/cli/history-options.ts
import { isAbsolute, resolve } from "node:path";
var str = (v, k) => typeof v[k] === "string" ? v[k] : null;
function number(v, key, text) {
  const s = text.trim();
  const n = s.endsWith("%") ? Number(s.slice(0, -1)) / 100 : Number(s);
  if (s === "" || !Number.isFinite(n)) throw new HistoryUsageError(`--${key} must be a number, got '${text}'`);
  return n;
}
function historySource(v, cwd) {
  const abs = (p) => isAbsolute(p) ? p : resolve(cwd, p);
  const repo = abs(str(v, "repo") ?? ".");
  const order = { repoDir: repo, ref: str(v, "ref") ?? "HEAD", maxCommits: DEFAULT_ORDER_COMMITS };
  const results = str(v, "results");
  if (results !== null && str(v, "branch") !== null) throw new HistoryUsageError("give --results or --branch, not both");
  if (results !== null) return { source: { kind: "folder", dir: abs(results) }, order };
  return {
    source: { kind: "branch", history: { repoDir: repo, remote: str(v, "remote") ?? DEFAULT_REMOTE, branch: str(v, "branch") ?? DEFAULT_HISTORY_BRANCH, retention: 1, token: null } },
    order
  };
}
function changeOptions(v) {
  const out = {};
  const sig = str(v, "significance");
  if (sig !== null) out.significance = number(v, "significance", sig);
  const min = str(v, "min-change");
  if (min !== null) out.minRelativeChange = number(v, "min-change", min);
  const perms = str(v, "permutations");
  if (perms !== null) out.permutations = number(v, "permutations", perms);
  const seed = str(v, "seed");
  if (seed !== null) out.seed = seed;
  return out;
}
function extraMetrics(v) {
  return (str(v, "metrics") ?? "").split(",").map((s) => s.trim()).filter(Boolean);
}
function historyFailure(err, io) {
  if (err instanceof HistoryError || err instanceof RangeError) {
    io.stderr.write(`error: ${err.message}
`);
    return EXIT.usage;
  }
  throw err;
}
async function readHistoryFor(source, order, io) {
  const read = await readHistory(source, order);
  if (read.skipped.length > 0)
    io.stderr.write(`note: ${read.skipped.length} stored result(s) are not on the first-parent line of ${order.ref} within its newest ${order.maxCommits} commits, and were left out
`);
  for (const why of read.unreadable) io.stderr.write(`warning: left out ${why}
`);
  return read;
}

export {
  HistoryUsageError,
  historySource,
  changeOptions,
  extraMetrics,
  historyFailure,
  readHistoryFor
};
