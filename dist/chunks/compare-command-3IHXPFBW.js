import { createRequire as __llmPerfGateRequire } from 'node:module'; const require = __llmPerfGateRequire(import.meta.url);
import {
  reportVerdict
} from "./chunk-JIDYMYA5.js";
import {
  judgeStored
} from "./chunk-USAKUIO3.js";
import "./chunk-KITUZ5SU.js";
import "./chunk-Y52YXPNT.js";
import "./chunk-DSTYHSYM.js";
import "./chunk-TO4DDGBB.js";
import "./chunk-C5CGJYJ4.js";
import "./chunk-SRRQ2OLC.js";
import {
  readResultForGating
} from "./chunk-J4LZ7SUP.js";
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
