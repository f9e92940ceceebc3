import { createRequire as __llmPerfGateRequire } from 'node:module'; const require = __llmPerfGateRequire(import.meta.url);
import {
  CLI_CHOICES,
  noStoredBaselines
} from "./chunk-COPMED5I.js";
import {
  parseBudgetText,
  planWithBudget
} from "./chunk-H5H65DWA.js";
import {
  DEFAULT_FAIL_ON,
  carryOut,
  designRun,
  measurePort
} from "./chunk-2ZMC5NQI.js";
import {
  reportVerdict
} from "./chunk-KHMYBYXE.js";
import "./chunk-GK34A3LI.js";
import "./chunk-EBMJRDST.js";
import "./chunk-6SW2S6XT.js";
import {
  RunSetupError,
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

// src/cli/ab-command.ts
import { mkdir } from "node:fs/promises";
import { join, resolve } from "node:path";
async function abCommand(args, io) {
  const { host, release } = cliHost(io, "both result files");
  try {
    const plan = withBudgetFlag(await readPlan(host, { config: args.config }), args.budget);
    const ab = plan.ab;
    if (ab === null || ab.baseline === null || ab.candidate === null) {
      throw new RunSetupError(`${plan.configPath ?? "the config"} has no 'ab' section naming a baseline and a candidate target: name both (docs/config.md)`);
    }
    const dir = resolve(io.cwd, args.outDir);
    await mkdir(dir, { recursive: true });
    const side = (role, s) => ({
      url: s.url,
      model: s.model,
      readyTimeoutMs: s.readyTimeoutMs,
      server: s.serverCommand === null ? null : { command: s.serverCommand, readyUrl: null, logPath: join(dir, `${role}-server.log`), stateKey: null, label: `${role} server` }
    });
    const sides = { baseline: side("baseline", ab.baseline), candidate: side("candidate", ab.candidate) };
    const policy = { echoLog: false, passEnv: [], withholdEnv: plan.target.apiKeyEnv === null ? [] : [plan.target.apiKeyEnv] };
    const ports = { measure: measurePort(host, sides, policy), baselines: noStoredBaselines };
    const design = designRun({ ...CLI_CHOICES, baseline: { kind: "none", why: "" }, baselineServer: true, pairs: "always" });
    const paths = { baseline: join(dir, "baseline.json"), candidate: join(dir, "candidate.json"), confirm: join(dir, "confirm.json") };
    const run = await carryOut(host, design, { plan, paths, failOn: DEFAULT_FAIL_ON, requireComplete: false }, ports);
    if (run.kind === "interrupted") return EXIT.interrupted;
    host.log.out(`results: ${paths.baseline}, ${paths.candidate}
`);
    return await reportVerdict(host, run.verdict, args, { baseline: run.baseline.doc, candidate: run.doc });
  } finally {
    release();
  }
}
function withBudgetFlag(plan, text) {
  if (text === null) return plan;
  try {
    return planWithBudget(plan, parseBudgetText(text));
  } catch (err) {
    throw new UsageError(`--budget ${err.message}`);
  }
}
export {
  abCommand
};
