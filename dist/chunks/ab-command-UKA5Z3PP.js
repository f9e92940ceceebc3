import { createRequire as __llmPerfGateRequire } from 'node:module'; const require = __llmPerfGateRequire(import.meta.url);
import {
  CLI_CHOICES,
  noStoredBaselines
} from "./chunk-SLO5WVHR.js";
import {
  DEFAULT_FAIL_ON,
  carryOut,
  designRun,
  measurePort
} from "./chunk-O4KVJXQN.js";
import {
  reportVerdict
} from "./chunk-E52I4MZI.js";
import "./chunk-BR3TX5F4.js";
import "./chunk-KVUIKAU4.js";
import "./chunk-E3MYKVZK.js";
import {
  RunSetupError,
  readPlan
} from "./chunk-D2HQDERY.js";
import "./chunk-QMAVI4IL.js";
import "./chunk-DSTYHSYM.js";
import "./chunk-BQTH2XRP.js";
import "./chunk-VIDNCZ36.js";
import "./chunk-6KFDZCSK.js";
import "./chunk-ZBFK6JJY.js";
import "./chunk-MEKOK46B.js";
import "./chunk-XOBVNEIF.js";
import "./chunk-4AXL3BU5.js";
import "./chunk-DKXBIQPK.js";
import "./chunk-A65H3QNL.js";
import "./chunk-HFZ5TM4E.js";
import "./chunk-IEAB5J3W.js";
import {
  cliHost
} from "./chunk-U77A55TY.js";
import "./chunk-4VUXDGVK.js";
import "./chunk-PDP3RPMI.js";
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
    const plan = await readPlan(host, { config: args.config });
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
export {
  abCommand
};
