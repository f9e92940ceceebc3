import { createRequire as __llmPerfGateRequire } from 'node:module'; const require = __llmPerfGateRequire(import.meta.url);

// src/version.ts
var TOOL_VERSION = "0.1.0";

// src/gate/calibration-trials.ts
var MIN_CALIBRATION_TRIALS = 4;
var DEFAULT_CALIBRATION_TRIALS = 6;

export {
  TOOL_VERSION,
  MIN_CALIBRATION_TRIALS,
  DEFAULT_CALIBRATION_TRIALS
};
