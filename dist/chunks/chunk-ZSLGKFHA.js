import { createRequire as __llmPerfGateRequire } from 'node:module'; const require = __llmPerfGateRequire(import.meta.url);

// src/pipeline/exit.ts
var EXIT = { ok: 0, fail: 1, usage: 2, invalid: 3, interrupted: 130 };

export {
  EXIT
};
