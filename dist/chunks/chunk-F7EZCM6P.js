import { createRequire as __llmPerfGateRequire } from 'node:module'; const require = __llmPerfGateRequire(import.meta.url);
import {
  UserError
} from "./chunk-26N6UM4G.js";

// src/errors/usage-error.ts
var UsageError = class extends UserError {
  name = "UsageError";
};

export {
  UsageError
};
