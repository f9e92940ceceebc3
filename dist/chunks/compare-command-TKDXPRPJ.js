import { createRequire as __llmPerfGateRequire } from 'node:module'; const require = __llmPerfGateRequire(import.meta.url);
import {
  reportVerdict
} from "./chunk-KHMYBYXE.js";
import {
  judgeStored
} from "./chunk-YS323RDP.js";
import "./chunk-KITUZ5SU.js";
import "./chunk-Y52YXPNT.js";
import "./chunk-DSTYHSYM.js";
import "./chunk-TO4DDGBB.js";
import "./chunk-4RCXW3T6.js";
import "./chunk-FOCLXUDN.js";
import {
  readResultForGating
} from "./chunk-54LALYOF.js";
import "./chunk-SCGBAURB.js";
import {
  cliHost
} from "./chunk-GPFQKZR3.js";
import "./chunk-4VUXDGVK.js";
import "./chunk-BHKQ45ST.js";
import "./chunk-ZSLGKFHA.js";
import "./chunk-FQOMYLCJ.js";
import "./chunk-HN4QBAMF.js";
import "./chunk-BF4Y2SSP.js";
import "./chunk-26N6UM4G.js";
import "./chunk-SK3CJ3HN.js";

// src/cli/compare-command.ts
import { resolve } from "node:path";
async function compareCommand(args, io) {
  const { host, release } = cliHost(io, "the comparison");
  try {
    const baselines = await Promise.all(args.baselines.map((b) => readResultForGating(resolve(io.cwd, b))));
    const candidate = await readResultForGating(resolve(io.cwd, args.candidate));
    const history = baselines.length > 1 ? baselines : [];
    const verdict = await judgeStored(host, { config: args.config, baseline: baselines[0], history, candidate, candidateLabel: args.candidate, whyNoBaseline: "" });
    return await reportVerdict(host, verdict, args, { baseline: baselines[0], candidate });
  } finally {
    release();
  }
}
export {
  compareCommand
};
