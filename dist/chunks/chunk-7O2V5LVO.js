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

// src/client/errors.ts
function describeError(err) {
  if (err instanceof Error) {
    const code = err.code;
    const cause = err.cause instanceof Error ? `: ${err.cause.message}` : "";
    return `${typeof code === "string" ? `${code}: ` : ""}${err.message}${cause}`;
  }
  return String(err);
}
function clip(text, max = 200) {
  const one = text.replace(/\s+/g, " ").trim();
  return one.length > max ? `${one.slice(0, max - 1)}\u2026` : one;
}

// src/client/models.ts
function readModels(body) {
  let parsed;
  try {
    parsed = JSON.parse(body);
  } catch {
    return { ok: false, problem: `not an OpenAI-compatible server: /v1/models returned non-JSON: ${clip(body, 80)}` };
  }
  const data = parsed?.data;
  if (!Array.isArray(data)) return { ok: false, problem: 'not an OpenAI-compatible server: /v1/models has no "data" array' };
  const models = data.map((m) => m && typeof m === "object" ? m.id : void 0).filter((id) => typeof id === "string");
  const entries = data.slice(0, 16).map((m) => JSON.parse(JSON.stringify(m, (_k, v) => typeof v === "string" ? clip(v, 200) : v)));
  return { ok: true, models, entries };
}

export {
  UserError,
  describeError,
  clip,
  readModels
};
