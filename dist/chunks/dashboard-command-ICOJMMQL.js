import { createRequire as __llmPerfGateRequire } from 'node:module'; const require = __llmPerfGateRequire(import.meta.url);
import {
  HistoryUsageError,
  changeOptions,
  extraMetrics,
  historyFailure,
  historySource,
  readHistoryFor
} from "./chunk-CMWYB6EC.js";
import {
  dashboardData,
  repoUrlOf,
  writeSite
} from "./chunk-BPDCLZFH.js";
import "./chunk-TO4DDGBB.js";
import "./chunk-UVYLH7X5.js";
import {
  Git
} from "./chunk-T37RHSDI.js";
import "./chunk-FOCLXUDN.js";
import "./chunk-54LALYOF.js";
import "./chunk-SCGBAURB.js";
import "./chunk-F7EZCM6P.js";
import "./chunk-XS6I4BEK.js";
import {
  EXIT
} from "./chunk-ZSLGKFHA.js";
import "./chunk-26N6UM4G.js";
import "./chunk-SK3CJ3HN.js";

// src/cli/dashboard-command.ts
import { isAbsolute, resolve } from "node:path";
var REASONS_SHOWN = 3;
async function remoteRepoUrl(repoDir, remote) {
  const r = await new Git(repoDir, remote, null).run("reading the remote URL", ["remote", "get-url", remote], { ok: [2, 128] }).catch(() => null);
  return r !== null && r.code === 0 ? repoUrlOf(r.stdout) : null;
}
async function dashboardCommand(v, io) {
  try {
    const { source, order } = historySource(v, io.cwd);
    const given = typeof v["repo-url"] === "string" ? v["repo-url"] : null;
    if (given !== null && !/^https:\/\/[^\s"'<>]+$/.test(given)) throw new HistoryUsageError(`--repo-url must be an https:// URL, got '${given}'`);
    const { results, unreadable } = await readHistoryFor(source, order, io);
    if (results.length === 0 && unreadable.length > 0) {
      const first = unreadable.slice(0, REASONS_SHOWN).map((why) => `  ${why}
`).join("");
      const more = unreadable.length > REASONS_SHOWN ? `  (and ${unreadable.length - REASONS_SHOWN} more)
` : "";
      io.stderr.write(`error: every stored result was refused (${unreadable.length} file(s)), so there is nothing to chart; no dashboard written. Why:
${first}${more}`);
      return EXIT.usage;
    }
    const repoUrl = given?.replace(/\/+$/, "") ?? (order.repoDir === null ? null : await remoteRepoUrl(order.repoDir, typeof v.remote === "string" ? v.remote : "origin"));
    const { data, changes } = dashboardData(results, {
      title: typeof v.title === "string" ? v.title : "llm-perf-gate history",
      repoUrl,
      extraMetrics: extraMetrics(v),
      changes: changeOptions(v),
      generatedAt: (/* @__PURE__ */ new Date()).toISOString()
    });
    const out = typeof v.out === "string" ? v.out : "llm-perf-dashboard";
    const file = await writeSite(isAbsolute(out) ? out : resolve(io.cwd, out), data);
    io.stdout.write(`${file}: ${results.length} commit(s), ${data.series.length} chart(s), ${changes.length} change point(s)
`);
    return EXIT.ok;
  } catch (err) {
    return historyFailure(err, io);
  }
}
export {
  dashboardCommand
};
