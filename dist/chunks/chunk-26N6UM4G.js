import { createRequire as __llmPerfGateRequire } from 'node:module'; const require = __llmPerfGateRequire(import.meta.url);

// src/errors/user-error.ts
var USER_ERROR_EXIT = 2;
var UserError = class extends Error {
  /** The process exit status this failure maps to. */
  exitStatus = USER_ERROR_EXIT;
  /** The one line (or block) a host shows after `error: `. */
  headline() {
    return this.message;
  }
};

export {
  UserError
};
