import { createRequire as __llmPerfGateRequire } from 'node:module'; const require = __llmPerfGateRequire(import.meta.url);
import {
  clip,
  scrubbedHead
} from "./chunk-BF4Y2SSP.js";

// src/client/errors.ts
function describeError(err) {
  if (err instanceof Error) {
    const code = err.code;
    const cause = err.cause instanceof Error ? `: ${err.cause.message}` : "";
    return `${typeof code === "string" ? `${code}: ` : ""}${err.message}${cause}`;
  }
  return String(err);
}
function clip2(text, max = 200) {
  return scrubbedHead(text.length > max ? text.trimStart() : text, max).replace(/\s+/g, " ").trim();
}

// src/client/models.ts
var MAX_MODEL_ID_CHARS = 1024;
var MAX_MODELS = 1e3;
var ENTRIES = 16;
var ENTRY_DEPTH = 4;
var ENTRY_KEYS = 32;
var ENTRY_ITEMS = 16;
var ENTRY_KEY_CHARS = 64;
var ENTRY_STRING_CHARS = 200;
function readModels(body) {
  let parsed;
  try {
    parsed = JSON.parse(body);
  } catch {
    return { ok: false, problem: `not an OpenAI-compatible server: /v1/models returned non-JSON: ${clip2(body, 80)}` };
  }
  const data = parsed?.data;
  if (!Array.isArray(data)) return { ok: false, problem: 'not an OpenAI-compatible server: /v1/models has no "data" array' };
  const models = [];
  let dropped = 0;
  for (const m of data) {
    const id = m && typeof m === "object" ? m.id : void 0;
    if (typeof id !== "string") continue;
    if (id.length > MAX_MODEL_ID_CHARS || models.length >= MAX_MODELS) dropped++;
    else models.push(id);
  }
  const entries = data.slice(0, ENTRIES).map((m) => boundedCopy(m, 0));
  return { ok: true, models, dropped, entries };
}
function boundedCopy(v, depth) {
  if (typeof v === "string") return clip(v, ENTRY_STRING_CHARS);
  if (typeof v !== "object" || v === null) return v;
  if (depth >= ENTRY_DEPTH) return "\u2026[nested deeper]";
  if (Array.isArray(v)) {
    const out2 = v.slice(0, ENTRY_ITEMS).map((x) => boundedCopy(x, depth + 1));
    if (v.length > ENTRY_ITEMS) out2.push(`\u2026[${v.length - ENTRY_ITEMS} more items]`);
    return out2;
  }
  const out = {};
  let n = 0;
  for (const k in v) {
    if (!Object.prototype.hasOwnProperty.call(v, k)) continue;
    if (n++ >= ENTRY_KEYS) {
      out["\u2026"] = "more keys";
      break;
    }
    Object.defineProperty(out, clip(k, ENTRY_KEY_CHARS), { value: boundedCopy(v[k], depth + 1), enumerable: true, writable: true, configurable: true });
  }
  return out;
}
var CONTEXT_FIELDS = ["max_model_len", "context_length", "context_window", "max_context_length"];
function contextLimit(entries, model) {
  const isEntry = (e) => typeof e === "object" && e !== null && !Array.isArray(e);
  const mine = entries.filter(isEntry).find((e) => e.id === model) ?? (entries.length === 1 && isEntry(entries[0]) ? entries[0] : void 0);
  if (mine === void 0) return null;
  for (const field of CONTEXT_FIELDS) {
    const v = mine[field];
    if (typeof v === "number" && Number.isSafeInteger(v) && v > 0) return { tokens: v, field };
  }
  return null;
}

export {
  describeError,
  clip2 as clip,
  MAX_MODEL_ID_CHARS,
  readModels,
  contextLimit
};
