import { createRequire as __llmPerfGateRequire } from 'node:module'; const require = __llmPerfGateRequire(import.meta.url);

// src/history/defaults.ts
var DEFAULT_HISTORY_BRANCH = "llm-perf-history";
var DEFAULT_REMOTE = "origin";

export {
  DEFAULT_HISTORY_BRANCH,
  DEFAULT_REMOTE
};
