// Interprets one SSE `data` payload of an OpenAI-compatible streaming response
// (vLLM, SGLang, TGI, llama.cpp server, Ollama). Runs once per streamed token
// or so, hence plain loops and no intermediate arrays.

import type { ApiKind } from '../config/plan.js';
import { scrubbedHead } from '../util/safe-text.js';

export interface Usage {
  promptTokens: number | null;
  completionTokens: number | null;
}

export type StreamEvent =
  | { kind: 'done' }
  | { kind: 'error'; message: string }
  | {
      kind: 'chunk';
      /** The event carries generated output (text, reasoning or a tool call). */
      output: boolean;
      /** The event has a non-empty `choices` array (vLLM's bench serve stamps TTFT at the first such chunk, output or not). */
      choices: boolean;
      /** All generated text of the event, for client-side token counting. */
      text: string;
      usage: Usage | null;
      finishReason: string | null;
      systemFingerprint: string | null;
    }
  | { kind: 'invalid'; message: string };

// Every string kept from a chunk is the server's and is bounded here, where it
// enters (issue 19, item 9): it is stored per request, in the result file,
// and printed. Real ones are far shorter: vLLM's fingerprints are ~20
// characters, finish reasons a word.
const ERROR_MAX = 300;
const QUOTE_MAX = 80;
const FINGERPRINT_MAX = 200;
const FINISH_REASON_MAX = 64;

type Obj = Record<string, unknown>;

function isObj(v: unknown): v is Obj {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * The head of server text, the cut marked with its length: the one bound
 * (util/safe-text.ts), registered secrets scrubbed before the cut so that
 * none is left half there.
 */
const truncate = scrubbedHead;

/**
 * truncate for the fields of every chunk (the fingerprint, the finish
 * reason): a short one is kept as it is, so the per-event path does no scrub
 * pass; the sinks scrub what they print (util/safe-text.ts).
 */
function bounded(s: string, max: number): string {
  return s.length <= max ? s : scrubbedHead(s, max);
}

/** Server text goes into messages and logs: JSON quoting neutralises control characters. */
function quote(data: string): string {
  return JSON.stringify(truncate(data, QUOTE_MAX));
}

function invalid(message: string): StreamEvent {
  return { kind: 'invalid', message };
}

function count(v: unknown): number | null {
  return typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : null;
}

function errorMessage(err: unknown): string {
  if (typeof err === 'string') return err;
  if (isObj(err)) {
    if (typeof err.message === 'string') return err.message;
    // Some vLLM versions wrap an {"error": {...}} response body once more.
    if (isObj(err.error) && typeof err.error.message === 'string') return err.error.message;
  }
  return JSON.stringify(err) ?? String(err);
}

function nonEmpty(v: unknown): v is string {
  return typeof v === 'string' && v.length > 0;
}

/** `[DONE]`, unparsable data, or the parsed JSON: the first step of every interpretation. */
function parseData(data: string): StreamEvent | { parsed: unknown } {
  if (data.length < 16 && data.trim() === '[DONE]') return { kind: 'done' };
  try {
    return { parsed: JSON.parse(data) as unknown };
  } catch {
    return invalid(`stream data is not JSON: ${quote(data)}`);
  }
}

export function interpretData(data: string, api: ApiKind): StreamEvent {
  const p = parseData(data);
  return 'parsed' in p ? interpretParsed(p.parsed, data, api) : p;
}

function interpretParsed(parsed: unknown, data: string, api: ApiKind): StreamEvent {
  if (!isObj(parsed)) return invalid(`stream data is not a JSON object: ${quote(data)}`);

  const err = parsed.error;
  if (err !== undefined && err !== null) {
    return { kind: 'error', message: truncate(errorMessage(err), ERROR_MAX) };
  }
  // Older vLLM builds sent the bare error body inside the stream.
  if (parsed.object === 'error' && typeof parsed.message === 'string') {
    return { kind: 'error', message: truncate(parsed.message, ERROR_MAX) };
  }

  const choices = parsed.choices;
  let output = false;
  let text = '';
  let finishReason: string | null = null;
  if (choices !== undefined && choices !== null) {
    if (!Array.isArray(choices)) return invalid(`"choices" is not an array: ${quote(data)}`);
    for (const choice of choices as unknown[]) {
      if (!isObj(choice)) return invalid(`a choice is not an object: ${quote(data)}`);
      if (typeof choice.finish_reason === 'string') finishReason = bounded(choice.finish_reason, FINISH_REASON_MAX);
      if (api === 'completions') {
        if (nonEmpty(choice.text)) {
          output = true;
          text += choice.text;
        }
        continue;
      }
      const delta = choice.delta;
      // llama.cpp and others send "delta": {} (or no delta) on the final chunk.
      if (delta === undefined || delta === null) continue;
      if (!isObj(delta)) return invalid(`a choice's "delta" is not an object: ${quote(data)}`);
      if (nonEmpty(delta.content)) {
        output = true;
        text += delta.content;
      }
      // vLLM renamed reasoning_content to reasoning and some builds send both
      // with the same text: take one, or client-side counts would double.
      const reasoning = nonEmpty(delta.reasoning_content) ? delta.reasoning_content : nonEmpty(delta.reasoning) ? delta.reasoning : null;
      if (reasoning !== null) {
        output = true;
        text += reasoning;
      }
      const calls = delta.tool_calls;
      if (Array.isArray(calls) && calls.length > 0) {
        output = true;
        for (const call of calls as unknown[]) {
          if (!isObj(call) || !isObj(call.function)) continue;
          const fn = call.function;
          if (typeof fn.name === 'string') text += fn.name;
          if (typeof fn.arguments === 'string') text += fn.arguments;
        }
      }
    }
  }

  const u = parsed.usage;
  const usage: Usage | null = isObj(u) ? { promptTokens: count(u.prompt_tokens), completionTokens: count(u.completion_tokens) } : null;
  const fp = parsed.system_fingerprint;

  return {
    kind: 'chunk',
    output,
    choices: Array.isArray(choices) && choices.length > 0,
    text,
    usage,
    finishReason,
    systemFingerprint: typeof fp === 'string' ? bounded(fp, FINGERPRINT_MAX) : null,
  };
}

// ---------------------------------------------------------------------------
// Per-stream fast path.
//
// A server streams the same chunk over and over with only the generated text
// changing: vLLM's chunk is byte-for-byte `{"id":"chatcmpl-..","object":
// "chat.completion.chunk","created":..,"model":"..","choices":[{"index":0,
// "delta":{"content":"<TEXT>"},"logprobs":null,"finish_reason":null}]}` for
// every token of a request. Once one such chunk has been fully parsed, the
// interpreter keeps its bytes before and after the text (the template). A
// later chunk that starts and ends with exactly those bytes is the template
// with another string in the slot, so its interpretation is the template's
// with that text; the slot is read without JSON.parse when it holds no quote,
// backslash or control character, and with JSON.parse of the string alone
// otherwise. Anything else (a parse error in the slot, another shape, a finish
// or usage chunk) goes through interpretData, so the result is always exactly
// what interpretData returns; the fast path only skips building the object
// tree, which is most of the per-chunk cost and garbage.

/** Builds a template at most this often unless the current one keeps hitting. */
const TEMPLATE_TRIES = 4;
const TEMPLATE_REUSE = 16;
/** Put in the slot to prove that it is the text's slot: `\u0000`, the NUL character once parsed. */
const PROBE = '\\u0000';
const PROBE_VALUE = '\u0000';

/**
 * An interpreter for one stream: the same results as interpretData(data, api)
 * for every input, faster on the repetitive chunks of a stream. Keep one per
 * response; the template is only valid within a stream. An event from the
 * fast path is one object, reused by the next call: read it before
 * interpreting the next chunk (every caller does), so the per-chunk path
 * allocates nothing but the chunk's text.
 */
export function createChunkInterpreter(api: ApiKind): (data: string) => StreamEvent {
  let prefix: string | null = null;
  let suffix = '';
  let fingerprint: string | null = null;
  const fast: Extract<StreamEvent, { kind: 'chunk' }> = { kind: 'chunk', output: true, choices: true, text: '', usage: null, finishReason: null, systemFingerprint: null };
  let builds = 0;
  let hits = 0;
  const key = api === 'chat' ? '"content"' : '"text"';
  return (data: string): StreamEvent => {
    // slice + === compares with memcmp; startsWith walks a sliced string char by char (10x slower here).
    if (prefix !== null && data.length > prefix.length + suffix.length && data.slice(0, prefix.length) === prefix && data.slice(data.length - suffix.length) === suffix) {
      const text = stringBody(data, prefix.length, data.length - suffix.length);
      if (text !== null) {
        hits++;
        fast.text = text;
        fast.systemFingerprint = fingerprint;
        return fast;
      }
    }
    const p = parseData(data);
    if (!('parsed' in p)) return p;
    const { parsed } = p;
    const ev = interpretParsed(parsed, data, api);
    if (
      ev.kind === 'chunk' &&
      ev.output &&
      ev.usage === null &&
      ev.finishReason === null &&
      ev.text !== PROBE_VALUE &&
      slotValue(parsed, api) === ev.text &&
      (builds < TEMPLATE_TRIES || hits >= TEMPLATE_REUSE)
    ) {
      builds++;
      hits = 0;
      const t = findTemplate(data, key, api);
      prefix = t === null ? null : t.prefix;
      suffix = t === null ? '' : t.suffix;
      fingerprint = ev.systemFingerprint;
    }
    return ev;
  };
}

/** The text slot of a chunk with exactly one choice: delta.content (chat) or text (completions). */
function slotValue(parsed: unknown, api: ApiKind): unknown {
  if (!isObj(parsed) || !Array.isArray(parsed.choices) || parsed.choices.length !== 1) return undefined;
  const choice: unknown = parsed.choices[0];
  if (!isObj(choice)) return undefined;
  if (api === 'completions') return choice.text;
  return isObj(choice.delta) ? choice.delta.content : undefined;
}

function skipSpace(s: string, i: number): number {
  for (;;) {
    const c = s.charCodeAt(i);
    if (c !== 32 && c !== 9 && c !== 10 && c !== 13) return i;
    i++;
  }
}

/** Index of the quote that closes the JSON string whose body starts at `start`, or -1. */
function stringEnd(s: string, start: number): number {
  for (let i = start; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 34) return i;
    if (c === 92) i++;
  }
  return -1;
}

/**
 * Finds the text's slot in a chunk and proves it: with the probe in the slot
 * the chunk must still parse and carry the probe as its text.
 */
function findTemplate(data: string, key: string, api: ApiKind): { prefix: string; suffix: string } | null {
  let from = 0;
  for (let tries = 0; tries < 4; tries++) {
    const k = data.indexOf(key, from);
    if (k < 0) return null;
    from = k + key.length;
    let j = skipSpace(data, from);
    if (data.charCodeAt(j) !== 58) continue;
    j = skipSpace(data, j + 1);
    if (data.charCodeAt(j) !== 34) continue;
    const start = j + 1;
    const end = stringEnd(data, start);
    if (end < 0) return null;
    // Copies, not views into the socket read (see MIN_VIEW_LENGTH).
    const prefix = ` ${data.slice(0, start)}`.slice(1);
    const suffix = ` ${data.slice(end)}`.slice(1);
    let probe: unknown;
    try {
      probe = JSON.parse(prefix + PROBE + suffix);
    } catch {
      continue;
    }
    if (slotValue(probe, api) === PROBE_VALUE) return { prefix, suffix };
  }
  return null;
}

/**
 * V8 makes a substring of at least this many characters a view into its parent
 * string instead of a copy. The parent of a chunk's text is the decoded socket
 * read it came from, so keeping such a view in the record's text would keep
 * every read of the response alive.
 */
const MIN_VIEW_LENGTH = 13;

/** The value of the JSON string body s[start, end), or null when it is not one (or is empty). */
function stringBody(s: string, start: number, end: number): string | null {
  const body = s.slice(start, end);
  for (let i = start; i < end; i++) {
    const c = s.charCodeAt(i);
    if (c === 34 || c === 92 || c < 32) return parseStringBody(body);
  }
  // No escapes: the body is the value; a long one is copied (see MIN_VIEW_LENGTH).
  return body.length < MIN_VIEW_LENGTH ? body : parseStringBody(body);
}

function parseStringBody(body: string): string | null {
  let v: unknown;
  try {
    v = JSON.parse(`"${body}"`);
  } catch {
    return null;
  }
  return typeof v === 'string' && v.length > 0 ? v : null;
}

/**
 * Interprets the value of an SSE `error:` line (see SseParser's onError), the
 * way llama.cpp server builds report a failure inside a 200 stream: usually the
 * error object itself ({"code":..,"message":..,"type":..}), possibly wrapped
 * in {"error": ...} or plain text.
 */
export function interpretErrorField(value: string): { kind: 'error'; message: string } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    return { kind: 'error', message: truncate(value, ERROR_MAX) };
  }
  const inner = isObj(parsed) && parsed.error !== undefined && parsed.error !== null ? parsed.error : parsed;
  return { kind: 'error', message: truncate(errorMessage(inner), ERROR_MAX) };
}
