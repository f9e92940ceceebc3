// The one reader of a `/v1/models` answer, for the client's probe of the
// target and for the readiness check of a server we started.
//
// Everything in it is the server's word and ends up in the result file, the
// terminal and the report, so it is bounded here, where it enters (issue 19,
// item 9): a model id is a name to send back in every request, and no real
// one is near MAX_MODEL_ID_CHARS (Hugging Face ids are at most 96, a served
// path a few hundred), so a longer id is not listed (its count is); a gateway
// lists a few hundred models, so MAX_MODELS keeps every real list whole; and
// the entries kept for the record are copied to a small, shallow shape.
import { clip as clipText } from '../util/safe-text.js';
import { clip } from './errors.js';

/** Longest model id listed; a longer one is counted in `dropped`, not listed. */
export const MAX_MODEL_ID_CHARS = 1024;
/** Most model ids listed; the rest are counted in `dropped`. */
const MAX_MODELS = 1000;
/** Entries kept for the record, and their shape: nesting, keys per object, items per array, characters per key and string. */
const ENTRIES = 16;
const ENTRY_DEPTH = 4;
const ENTRY_KEYS = 32;
const ENTRY_ITEMS = 16;
const ENTRY_KEY_CHARS = 64;
const ENTRY_STRING_CHARS = 200;

type ModelsAnswer =
  | {
      ok: true;
      models: string[];
      /** Ids left out: longer than MAX_MODEL_ID_CHARS, or beyond MAX_MODELS. */
      dropped: number;
      /** The entries as the server described them (first 16, bounded: see boundedCopy). */
      entries: unknown[];
    }
  | { ok: false; problem: string };

/** Reads a 200 answer's body: its model ids, or what is wrong with it. */
export function readModels(body: string): ModelsAnswer {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return { ok: false, problem: `not an OpenAI-compatible server: /v1/models returned non-JSON: ${clip(body, 80)}` };
  }
  const data = (parsed as { data?: unknown } | null)?.data;
  if (!Array.isArray(data)) return { ok: false, problem: 'not an OpenAI-compatible server: /v1/models has no "data" array' };
  const models: string[] = [];
  let dropped = 0;
  for (const m of data as unknown[]) {
    const id = m && typeof m === 'object' ? (m as { id?: unknown }).id : undefined;
    if (typeof id !== 'string') continue;
    if (id.length > MAX_MODEL_ID_CHARS || models.length >= MAX_MODELS) dropped++;
    else models.push(id);
  }
  const entries = data.slice(0, ENTRIES).map((m) => boundedCopy(m, 0));
  return { ok: true, models, dropped, entries };
}

/**
 * A copy of a JSON value in a bounded shape: strings and keys clipped, at
 * most ENTRY_KEYS keys and ENTRY_ITEMS items, nothing below ENTRY_DEPTH
 * (a deeper value becomes a note). Iterates no more than it keeps, so a
 * value nested a million deep (which JSON.stringify's recursion overflowed
 * on) or a million keys wide costs no more than a small one.
 */
function boundedCopy(v: unknown, depth: number): unknown {
  if (typeof v === 'string') return clipText(v, ENTRY_STRING_CHARS);
  if (typeof v !== 'object' || v === null) return v;
  if (depth >= ENTRY_DEPTH) return '…[nested deeper]';
  if (Array.isArray(v)) {
    const out = v.slice(0, ENTRY_ITEMS).map((x) => boundedCopy(x, depth + 1));
    if (v.length > ENTRY_ITEMS) out.push(`…[${v.length - ENTRY_ITEMS} more items]`);
    return out;
  }
  const out: Record<string, unknown> = {};
  let n = 0;
  for (const k in v) {
    if (!Object.prototype.hasOwnProperty.call(v, k)) continue;
    if (n++ >= ENTRY_KEYS) {
      out['…'] = 'more keys';
      break;
    }
    // defineProperty: a key "__proto__" stays a key, as JSON.parse made it.
    Object.defineProperty(out, clipText(k, ENTRY_KEY_CHARS), { value: boundedCopy((v as Record<string, unknown>)[k], depth + 1), enumerable: true, writable: true, configurable: true });
  }
  return out;
}

/**
 * Fields of a /v1/models entry that state the served context length, in
 * tokens (prompt plus output), in the order they are trusted: vLLM, SGLang
 * and this project's embedded engine say max_model_len; some gateways
 * context_length or context_window.
 */
const CONTEXT_FIELDS = ['max_model_len', 'context_length', 'context_window', 'max_context_length'] as const;

/**
 * The context length the server states for `model` in its /v1/models
 * entries (as readModels kept them), and the field that said it; null when
 * no entry of that id (or, with one entry, that entry) states one as a
 * positive integer.
 */
export function contextLimit(entries: readonly unknown[], model: string): { tokens: number; field: string } | null {
  const isEntry = (e: unknown): e is Record<string, unknown> => typeof e === 'object' && e !== null && !Array.isArray(e);
  const mine = entries.filter(isEntry).find((e) => e.id === model) ?? (entries.length === 1 && isEntry(entries[0]) ? entries[0] : undefined);
  if (mine === undefined) return null;
  for (const field of CONTEXT_FIELDS) {
    const v = mine[field];
    if (typeof v === 'number' && Number.isSafeInteger(v) && v > 0) return { tokens: v, field };
  }
  return null;
}
