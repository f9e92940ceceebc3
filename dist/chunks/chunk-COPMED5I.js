import { createRequire as __llmPerfGateRequire } from 'node:module'; const require = __llmPerfGateRequire(import.meta.url);
import {
  readResultForGating
} from "./chunk-54LALYOF.js";

// src/cli/design.ts
var CLI_CHOICES = Object.freeze({
  mode: "run",
  // A developer who compares with a file reads the verdict; measuring again is theirs to ask for.
  confirm: false,
  historyRuns: 1,
  baselineCommit: null,
  save: "false",
  isDefaultBranchPush: false
});
var noStoredBaselines = {
  readResult: (path) => readResultForGating(path),
  stored: () => Promise.reject(new Error("the CLI reads no history branch: give the baseline as a result file"))
};

export {
  CLI_CHOICES,
  noStoredBaselines
};
