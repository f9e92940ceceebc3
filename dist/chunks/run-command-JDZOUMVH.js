import { createRequire as __llmPerfGateRequire } from 'node:module'; const require = __llmPerfGateRequire(import.meta.url);
import {
  CLI_CHOICES,
  noStoredBaselines
} from "./chunk-COPMED5I.js";
import {
  DEFAULT_FAIL_ON,
  carryOut,
  designRun,
  measurePort,
  runPaths
} from "./chunk-2ZMC5NQI.js";
import {
  reportVerdict
} from "./chunk-KHMYBYXE.js";
import {
  measure
} from "./chunk-GK34A3LI.js";
import "./chunk-EBMJRDST.js";
import {
  parseShard
} from "./chunk-6SW2S6XT.js";
import {
  readPlan
} from "./chunk-YS323RDP.js";
import "./chunk-KITUZ5SU.js";
import "./chunk-Y52YXPNT.js";
import "./chunk-DSTYHSYM.js";
import "./chunk-TO4DDGBB.js";
import "./chunk-YKDXNY4U.js";
import "./chunk-LWJVHEHR.js";
import "./chunk-4RCXW3T6.js";
import "./chunk-FOCLXUDN.js";
import "./chunk-54LALYOF.js";
import "./chunk-SCGBAURB.js";
import "./chunk-5XUPNBZ7.js";
import "./chunk-EG4BBXMW.js";
import {
  cliHost
} from "./chunk-GPFQKZR3.js";
import {
  UsageError
} from "./chunk-F7EZCM6P.js";
import "./chunk-4VUXDGVK.js";
import "./chunk-BHKQ45ST.js";
import {
  EXIT
} from "./chunk-ZSLGKFHA.js";
import "./chunk-FQOMYLCJ.js";
import "./chunk-HN4QBAMF.js";
import "./chunk-BF4Y2SSP.js";
import "./chunk-26N6UM4G.js";
import "./chunk-SK3CJ3HN.js";

// src/cli/run-command.ts
import { resolve } from "node:path";
var NO_BASELINE = "no --baseline given: only the SLO checks apply";
function shardArgs(shard, startAt) {
  if (shard === null) {
    if (startAt !== null) throw new UsageError("--start-at needs --shard");
    return null;
  }
  const spec = parseShard(shard);
  if (spec === null) throw new UsageError(`--shard wants I/N with 0 <= I < N (e.g. 0/4), got '${shard}'`);
  let at = null;
  if (startAt !== null) {
    at = new Date(startAt);
    if (!/^\d{4}-\d{2}-\d{2}T/.test(startAt) || Number.isNaN(at.getTime())) throw new UsageError(`--start-at wants an ISO 8601 time such as 2026-12-01T04:00:00Z, got '${startAt}'`);
  }
  return { spec, startAt: at };
}
async function runCommand(args, io) {
  const { host, release } = cliHost(io, "the result file");
  try {
    const shard = shardArgs(args.shard, args.startAt);
    if (shard !== null && (args.baseline !== null || args.markdown !== null || args.json !== null)) {
      throw new UsageError("--shard measures a part of the load: merge the shards ('llm-perf-gate merge'), then compare the merged result");
    }
    const plan = await readPlan(host, args);
    if (shard !== null) {
      const doc = await measure(host, plan, resolve(io.cwd, args.out), { table: true, shard });
      host.log.out(`result: ${args.out}`);
      return doc.status === "interrupted" ? EXIT.interrupted : EXIT.ok;
    }
    const design = designRun({
      ...CLI_CHOICES,
      baseline: args.baseline === null ? { kind: "none", why: NO_BASELINE } : { kind: "file", path: args.baseline },
      baselineServer: false,
      pairs: "always"
    });
    const candidate = { url: plan.target.url, model: plan.target.model, readyTimeoutMs: 0, server: null };
    const ports = { measure: measurePort(host, { candidate, baseline: null }, { echoLog: false, passEnv: [], withholdEnv: [] }, { table: true }), baselines: noStoredBaselines };
    const run = await carryOut(host, design, { plan, paths: runPaths(io.cwd, args.out), failOn: DEFAULT_FAIL_ON, requireComplete: false }, ports);
    host.log.out(`result: ${args.out}`);
    if (run.kind === "interrupted") return EXIT.interrupted;
    const { verdict, baseline } = run;
    if (baseline.doc === null && verdict.slo.length === 0 && args.markdown === null && args.json === null) return EXIT.ok;
    host.log.out("");
    return await reportVerdict(host, verdict, args, { baseline: baseline.doc, candidate: run.doc });
  } finally {
    release();
  }
}
export {
  runCommand
};
