import { createRequire as __llmPerfGateRequire } from 'node:module'; const require = __llmPerfGateRequire(import.meta.url);

// src/util/clock.ts
import { performance } from "node:perf_hooks";
var systemClock = { now: () => performance.now() };

export {
  systemClock
};
