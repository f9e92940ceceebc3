import { createRequire as __llmPerfGateRequire } from 'node:module'; const require = __llmPerfGateRequire(import.meta.url);
import {
  SLICE,
  sliceEnd
} from "./chunk-Y52YXPNT.js";
import {
  require_undici
} from "./chunk-DSTYHSYM.js";
import {
  GapRecorder
} from "./chunk-LWJVHEHR.js";
import {
  drawnArrivals,
  inFlight,
  isOpen,
  withInFlight
} from "./chunk-SCGBAURB.js";
import {
  MAX_MODEL_ID_CHARS,
  clip,
  describeError,
  readModels
} from "./chunk-EG4BBXMW.js";
import {
  scrubbedHead
} from "./chunk-BF4Y2SSP.js";
import {
  UserError
} from "./chunk-26N6UM4G.js";
import {
  __toESM
} from "./chunk-SK3CJ3HN.js";

// src/client/http.ts
var import_undici2 = __toESM(require_undici(), 1);
import { performance as performance2 } from "node:perf_hooks";

// src/util/timer.ts
var MAX_TIMER_MS = 2 ** 31 - 1;
function timerMs(ms) {
  return Number.isFinite(ms) ? Math.max(1, Math.min(MAX_TIMER_MS, Math.ceil(ms))) : MAX_TIMER_MS;
}

// src/errors/target-error.ts
var TargetError = class extends UserError {
  constructor(message, method, url, options) {
    super(`${message} (${method} ${url})`, options);
    this.method = method;
    this.url = url;
  }
  method;
  url;
  name = "TargetError";
  headline() {
    return `target unusable: ${this.message}`;
  }
};

// src/client/credentials.ts
function keyState(target, apiKey) {
  if (target.apiKeyEnv === null) return "none";
  return apiKey ? "sent" : "empty";
}
var hasAuthHeader = (headers) => Object.keys(headers).some((h) => h.toLowerCase() === "authorization" || h.toLowerCase() === "x-api-key" || h.toLowerCase() === "api-key");
function credentialsRefused(target, state) {
  if (state === "sent") {
    return `the server refused the key in $${target.apiKeyEnv} (target.api_key_env): check the key, or the key the server was started with (e.g. its --api-key)`;
  }
  if (state === "empty") {
    return `target.api_key_env names ${target.apiKeyEnv}, but that environment variable is not set or empty: set it to the server's key`;
  }
  if (hasAuthHeader(target.headers)) {
    return "the server refused the credentials in target.headers: check them, or put the key in an environment variable and name it in target.api_key_env";
  }
  return "no key is configured: put the server's key in an environment variable and name it in target.api_key_env (or give the headers the server needs in target.headers)";
}

// src/client/reach.ts
import tls from "node:tls";
var NOT_TLS_CODES = /* @__PURE__ */ new Set(["ERR_SSL_WRONG_VERSION_NUMBER", "ERR_SSL_PACKET_LENGTH_TOO_LONG", "ERR_SSL_HTTP_REQUEST"]);
var CLOSED_CODES = /* @__PURE__ */ new Set(["UND_ERR_SOCKET", "ECONNRESET"]);
function codesOf(err) {
  const codes = [];
  for (let e = err, depth = 0; e !== null && typeof e === "object" && depth < 4; e = e.cause, depth++) {
    const code = e.code;
    if (typeof code === "string") codes.push(code);
    const message = e.message;
    if (code === "EPROTO" && typeof message === "string" && /wrong version number|packet length too long|http request/i.test(message)) codes.push("ERR_SSL_WRONG_VERSION_NUMBER");
  }
  return codes;
}
function otherScheme(base) {
  const u = new URL(base);
  const port = u.port !== "" ? u.port : u.protocol === "https:" ? "443" : "80";
  const scheme = u.protocol === "https:" ? "http:" : "https:";
  const path = u.pathname.replace(/\/+$/, "");
  return `${scheme}//${u.hostname.includes(":") && !u.hostname.startsWith("[") ? `[${u.hostname}]` : u.hostname}:${port}${path}`;
}
function notTlsProblem(err, base) {
  if (new URL(base).protocol !== "https:") return null;
  if (!codesOf(err).some((c) => NOT_TLS_CODES.has(c))) return null;
  return `the server at ${base} does not speak TLS: use ${otherScheme(base)}`;
}
function speaksTls(host, port, timeoutMs) {
  return new Promise((resolve) => {
    const socket = tls.connect({ host, port, servername: /^[\d.]+$|:/.test(host) ? void 0 : host, rejectUnauthorized: false, timeout: timeoutMs }, () => {
      socket.destroy();
      resolve(true);
    });
    const no = () => {
      socket.destroy();
      resolve(false);
    };
    socket.once("error", no);
    socket.once("timeout", no);
  });
}
async function reachProblem(err, base, timeoutMs) {
  const notTls = notTlsProblem(err, base);
  if (notTls !== null) return `cannot reach the target: ${notTls}`;
  const u = new URL(base);
  if (u.protocol === "http:" && codesOf(err).some((c) => CLOSED_CODES.has(c))) {
    const host = u.hostname.replace(/^\[|\]$/g, "");
    if (await speaksTls(host, Number(u.port || 80), timeoutMs)) {
      return `cannot reach the target: the server at ${base} speaks TLS, not plain HTTP: use ${otherScheme(base)}`;
    }
  }
  return `cannot reach the target: ${describeError(err)}`;
}

// src/client/stream-call.ts
var import_undici = __toESM(require_undici(), 1);
import { performance } from "node:perf_hooks";

// src/client/chunk.ts
var ERROR_MAX = 300;
var QUOTE_MAX = 80;
var FINGERPRINT_MAX = 200;
var FINISH_REASON_MAX = 64;
function isObj(v) {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}
var truncate = scrubbedHead;
function bounded(s, max) {
  return s.length <= max ? s : scrubbedHead(s, max);
}
function quote(data) {
  return JSON.stringify(truncate(data, QUOTE_MAX));
}
function invalid(message) {
  return { kind: "invalid", message };
}
function count(v) {
  return typeof v === "number" && Number.isFinite(v) && v >= 0 ? v : null;
}
function errorMessage(err) {
  if (typeof err === "string") return err;
  if (isObj(err)) {
    if (typeof err.message === "string") return err.message;
    if (isObj(err.error) && typeof err.error.message === "string") return err.error.message;
  }
  return JSON.stringify(err) ?? String(err);
}
function nonEmpty(v) {
  return typeof v === "string" && v.length > 0;
}
function parseData(data) {
  if (data.length < 16 && data.trim() === "[DONE]") return { kind: "done" };
  try {
    return { parsed: JSON.parse(data) };
  } catch {
    return invalid(`stream data is not JSON: ${quote(data)}`);
  }
}
function interpretParsed(parsed, data, api) {
  if (!isObj(parsed)) return invalid(`stream data is not a JSON object: ${quote(data)}`);
  const err = parsed.error;
  if (err !== void 0 && err !== null) {
    return { kind: "error", message: truncate(errorMessage(err), ERROR_MAX) };
  }
  if (parsed.object === "error" && typeof parsed.message === "string") {
    return { kind: "error", message: truncate(parsed.message, ERROR_MAX) };
  }
  const choices = parsed.choices;
  let output = false;
  let text = "";
  let finishReason = null;
  if (choices !== void 0 && choices !== null) {
    if (!Array.isArray(choices)) return invalid(`"choices" is not an array: ${quote(data)}`);
    for (const choice of choices) {
      if (!isObj(choice)) return invalid(`a choice is not an object: ${quote(data)}`);
      if (typeof choice.finish_reason === "string") finishReason = bounded(choice.finish_reason, FINISH_REASON_MAX);
      if (api === "completions") {
        if (nonEmpty(choice.text)) {
          output = true;
          text += choice.text;
        }
        continue;
      }
      const delta = choice.delta;
      if (delta === void 0 || delta === null) continue;
      if (!isObj(delta)) return invalid(`a choice's "delta" is not an object: ${quote(data)}`);
      if (nonEmpty(delta.content)) {
        output = true;
        text += delta.content;
      }
      const reasoning = nonEmpty(delta.reasoning_content) ? delta.reasoning_content : nonEmpty(delta.reasoning) ? delta.reasoning : null;
      if (reasoning !== null) {
        output = true;
        text += reasoning;
      }
      const calls = delta.tool_calls;
      if (Array.isArray(calls) && calls.length > 0) {
        output = true;
        for (const call of calls) {
          if (!isObj(call) || !isObj(call.function)) continue;
          const fn = call.function;
          if (typeof fn.name === "string") text += fn.name;
          if (typeof fn.arguments === "string") text += fn.arguments;
        }
      }
    }
  }
  const u = parsed.usage;
  const usage = isObj(u) ? { promptTokens: count(u.prompt_tokens), completionTokens: count(u.completion_tokens) } : null;
  const fp = parsed.system_fingerprint;
  return {
    kind: "chunk",
    output,
    choices: Array.isArray(choices) && choices.length > 0,
    text,
    usage,
    finishReason,
    systemFingerprint: typeof fp === "string" ? bounded(fp, FINGERPRINT_MAX) : null
  };
}
var TEMPLATE_TRIES = 4;
var TEMPLATE_REUSE = 16;
var PROBE = "\\u0000";
var PROBE_VALUE = "\0";
function createChunkInterpreter(api) {
  let prefix = null;
  let suffix = "";
  let fingerprint = null;
  const fast = { kind: "chunk", output: true, choices: true, text: "", usage: null, finishReason: null, systemFingerprint: null };
  let builds = 0;
  let hits = 0;
  const key = api === "chat" ? '"content"' : '"text"';
  return (data) => {
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
    if (!("parsed" in p)) return p;
    const { parsed } = p;
    const ev = interpretParsed(parsed, data, api);
    if (ev.kind === "chunk" && ev.output && ev.usage === null && ev.finishReason === null && ev.text !== PROBE_VALUE && slotValue(parsed, api) === ev.text && (builds < TEMPLATE_TRIES || hits >= TEMPLATE_REUSE)) {
      builds++;
      hits = 0;
      const t = findTemplate(data, key, api);
      prefix = t === null ? null : t.prefix;
      suffix = t === null ? "" : t.suffix;
      fingerprint = ev.systemFingerprint;
    }
    return ev;
  };
}
function slotValue(parsed, api) {
  if (!isObj(parsed) || !Array.isArray(parsed.choices) || parsed.choices.length !== 1) return void 0;
  const choice = parsed.choices[0];
  if (!isObj(choice)) return void 0;
  if (api === "completions") return choice.text;
  return isObj(choice.delta) ? choice.delta.content : void 0;
}
function skipSpace(s, i) {
  for (; ; ) {
    const c = s.charCodeAt(i);
    if (c !== 32 && c !== 9 && c !== 10 && c !== 13) return i;
    i++;
  }
}
function stringEnd(s, start) {
  for (let i = start; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 34) return i;
    if (c === 92) i++;
  }
  return -1;
}
function findTemplate(data, key, api) {
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
    const prefix = ` ${data.slice(0, start)}`.slice(1);
    const suffix = ` ${data.slice(end)}`.slice(1);
    let probe;
    try {
      probe = JSON.parse(prefix + PROBE + suffix);
    } catch {
      continue;
    }
    if (slotValue(probe, api) === PROBE_VALUE) return { prefix, suffix };
  }
  return null;
}
var MIN_VIEW_LENGTH = 13;
function stringBody(s, start, end) {
  const body = s.slice(start, end);
  for (let i = start; i < end; i++) {
    const c = s.charCodeAt(i);
    if (c === 34 || c === 92 || c < 32) return parseStringBody(body);
  }
  return body.length < MIN_VIEW_LENGTH ? body : parseStringBody(body);
}
function parseStringBody(body) {
  let v;
  try {
    v = JSON.parse(`"${body}"`);
  } catch {
    return null;
  }
  return typeof v === "string" && v.length > 0 ? v : null;
}
function interpretErrorField(value) {
  let parsed;
  try {
    parsed = JSON.parse(value);
  } catch {
    return { kind: "error", message: truncate(value, ERROR_MAX) };
  }
  const inner = isObj(parsed) && parsed.error !== void 0 && parsed.error !== null ? parsed.error : parsed;
  return { kind: "error", message: truncate(errorMessage(inner), ERROR_MAX) };
}

// src/client/sse.ts
var LF = 10;
var COLON = 58;
var SPACE = 32;
var STREAMING = { stream: true };
var UNBOUNDED = { maxLine: Number.MAX_SAFE_INTEGER, maxEvent: Number.MAX_SAFE_INTEGER, onOverflow: () => void 0 };
var SseParser = class {
  onData;
  onError;
  limits;
  /** A cap was passed: everything after is ignored. */
  overflowed = false;
  /** Sum of the lengths in `tail`. */
  tailLength = 0;
  decoder = new TextDecoder("utf-8");
  /**
   * Text after the last line break, kept as parts: a byte-at-a-time stream
   * would otherwise rebuild (and re-scan) an ever longer string per push.
   */
  tail = [];
  /** The previous push ended in CR, so an LF opening the next one belongs to it. */
  skipLF = false;
  /** Data lines of the event being built; null until its first data line. */
  data = null;
  /**
   * onError, when given, receives the value of each `error:` line as soon as
   * the line is complete. Standard SSE ignores that field, but some llama.cpp
   * server builds report mid-stream failures as `error: {...}` lines instead
   * of a data event, and dropping them would turn a server error into a
   * silent cut-off.
   */
  constructor(onData, onError, limits = UNBOUNDED) {
    this.onData = onData;
    this.onError = onError;
    this.limits = limits;
  }
  push(chunk) {
    if (this.overflowed) return;
    this.feed(this.decoder.decode(chunk, STREAMING));
  }
  overflow(message) {
    this.overflowed = true;
    this.tail = [];
    this.tailLength = 0;
    this.data = null;
    this.limits.onOverflow(message);
  }
  /**
   * Flushes at end of stream. A last event without its blank line is still
   * dispatched, since servers often close straight after `data: [DONE]\n`.
   * pendingBytes reports an unterminated last line (or a truncated UTF-8
   * sequence), which callers may treat as a cut-off stream.
   */
  end() {
    if (this.overflowed) return { pendingBytes: false };
    this.feed(this.decoder.decode());
    const pendingBytes = this.tail.length > 0;
    if (pendingBytes) {
      const line = this.tail.join("");
      this.tail = [];
      this.tailLength = 0;
      this.processLine(line, 0, line.length);
    }
    this.skipLF = false;
    this.dispatch();
    return { pendingBytes };
  }
  feed(s) {
    const len = s.length;
    if (len === 0) return;
    let pos = 0;
    if (this.skipLF) {
      this.skipLF = false;
      if (s.charCodeAt(0) === LF) pos = 1;
    }
    let lf = s.indexOf("\n", pos);
    let cr = s.indexOf("\r", pos);
    const maxLine = this.limits.maxLine;
    while (lf !== -1 || cr !== -1) {
      const eol = lf === -1 ? cr : cr === -1 ? lf : lf < cr ? lf : cr;
      if (this.tailLength + eol - pos > maxLine) {
        this.overflow(`line over ${maxLine} bytes`);
        return;
      }
      if (this.tail.length > 0) {
        this.tail.push(s.slice(pos, eol));
        const line = this.tail.join("");
        this.tail = [];
        this.tailLength = 0;
        this.processLine(line, 0, line.length);
      } else {
        this.processLine(s, pos, eol);
      }
      if (this.overflowed) return;
      if (eol === cr) {
        if (eol + 1 < len) {
          pos = s.charCodeAt(eol + 1) === LF ? eol + 2 : eol + 1;
        } else {
          this.skipLF = true;
          pos = len;
        }
      } else {
        pos = eol + 1;
      }
      if (lf !== -1 && lf < pos) lf = s.indexOf("\n", pos);
      if (cr !== -1 && cr < pos) cr = s.indexOf("\r", pos);
    }
    if (pos < len) {
      if (this.tailLength + len - pos > maxLine) {
        this.overflow(`line over ${maxLine} bytes`);
        return;
      }
      this.tail.push(pos === 0 ? s : s.slice(pos));
      this.tailLength += len - pos;
    }
  }
  processLine(s, start, end) {
    if (start === end) {
      this.dispatch();
      return;
    }
    const c0 = s.charCodeAt(start);
    if (c0 === 100) {
      const v = fieldValueStart(s, start, end, "data");
      if (v < 0) return;
      if ((this.data === null ? 0 : this.data.length + 1) + end - v > this.limits.maxEvent) {
        this.overflow(`event over ${this.limits.maxEvent} bytes`);
        return;
      }
      const value = s.slice(v, end);
      this.data = this.data === null ? value : this.data + "\n" + value;
    } else if (c0 === 101 && this.onError !== void 0) {
      const v = fieldValueStart(s, start, end, "error");
      if (v >= 0) this.onError(s.slice(v, end));
    }
  }
  dispatch() {
    const data = this.data;
    if (data === null) return;
    this.data = null;
    this.onData(data);
  }
};
function fieldValueStart(s, start, end, name) {
  const n = name.length;
  if (end - start < n) return -1;
  for (let i = 0; i < n; i++) {
    if (s.charCodeAt(start + i) !== name.charCodeAt(i)) return -1;
  }
  if (end - start === n) return end;
  if (s.charCodeAt(start + n) !== COLON) return -1;
  let v = start + n + 1;
  if (v < end && s.charCodeAt(v) === SPACE) v++;
  return v;
}

// src/client/token-tally.ts
var HELD = 4 * SLICE;
var TokenTally = class {
  constructor(count2) {
    this.count = count2;
  }
  count;
  pending = "";
  counted = 0;
  push(text) {
    this.pending = this.pending.length === 0 ? text : this.pending + text;
    if (this.pending.length >= HELD) this.countHeld();
  }
  countHeld() {
    while (this.pending.length >= SLICE) {
      const cut = sliceEnd(this.pending);
      const n = this.count(this.pending.slice(0, cut));
      if (n === null) return;
      this.counted += n;
      this.pending = this.pending.slice(cut);
    }
  }
  /** Tokens of all text pushed so far; the tokenizer must be loaded by now (InferenceClient awaits it). */
  total() {
    this.countHeld();
    if (this.pending.length > 0) {
      const n = this.count(this.pending);
      if (n === null) throw new Error("the output token count was asked for before the tokenizer was loaded");
      this.counted += n;
      this.pending = "";
    }
    return this.counted;
  }
};

// src/client/stream-call.ts
var ERROR_BODY_LIMIT = 4096;
var StreamCall = class {
  api;
  limits;
  timedOut = false;
  sawDone = false;
  status = null;
  usageIn = null;
  usageOut = null;
  /** Output tokens counted as the text arrives, for when the server sends no usage. */
  tally;
  /**
   * Arrival of the first and the last output event: plain number fields are
   * updated in place, while a nullable field would box a fresh number per chunk.
   */
  tFirst = -1;
  tLast = 0;
  /** Arrival of the first chunk with choices, output or not; kept only with target.ttft_from: first_chunk, -1 otherwise and before it. */
  tChunk = -1;
  /** TTFT is stamped at the first chunk with choices (vLLM's bench serve) instead of the first output. */
  fromChunk;
  /**
   * When the socket read being parsed arrived: every event the read completes
   * is stamped with it, as the thin client stamps its reads. Stamping after
   * the parse instead made each event late by the parse of everything before
   * it in the read (a 400 KB event by its whole JSON parse), and cost one
   * clock call per event.
   */
  tRead = 0;
  /** Gaps between output events, bounded in events (a stream may send millions). */
  gaps = new GapRecorder();
  outputEvents = 0;
  finishReason = null;
  systemFingerprint = null;
  fail = null;
  /** Not null when the response is an error or not a stream: its body, read up to ERROR_BODY_LIMIT. */
  errorBody = null;
  contentType = "";
  received = 0;
  parser = null;
  interpret = null;
  controller = null;
  /** An abort asked for before undici handed over the request's controller. */
  pendingAbort = null;
  /** We aborted the response ourselves: the error undici reports next is expected. */
  stopping = false;
  settled = false;
  timer = null;
  resolve = null;
  /** The generated text as it arrived, when the caller asked for it (a conversation's real answers); null otherwise. */
  textParts;
  /** UTF-16 units of generated text seen, kept or not. */
  textUnits = 0;
  /** Units kept in textParts at most: past them the text is counted, not kept. */
  keepUnits;
  constructor(api, limits, countTokens, keepText = false, ttftFrom = "output") {
    this.api = api;
    this.fromChunk = ttftFrom === "first_chunk";
    this.limits = limits;
    this.tally = new TokenTally(countTokens);
    this.keepUnits = keepText === false ? 0 : keepText;
    this.textParts = keepText === false ? null : [];
  }
  /** Resolves with null when the response was read (or deliberately cut short), with the error otherwise. */
  run(pool, opts, deadlineMs) {
    return new Promise((resolve) => {
      this.resolve = resolve;
      this.timer = setTimeout(onDeadline, deadlineMs, this);
      try {
        pool.dispatch(opts, this);
      } catch (err) {
        this.settle(err);
      }
    });
  }
  /** When TTFT is stamped: the first output, or (ttft_from: first_chunk) the first chunk with choices. Only once output arrived. */
  firstStamp() {
    return this.fromChunk && this.tChunk >= 0 && this.tChunk < this.tFirst ? this.tChunk : this.tFirst;
  }
  /** The run was interrupted (the cancel signal fired). */
  cancelled() {
    this.abort(new import_undici.errors.RequestAbortedError());
  }
  deadline() {
    this.timedOut = true;
    this.abort(new import_undici.errors.RequestAbortedError("request deadline passed"));
  }
  abort(reason) {
    if (this.controller !== null) this.controller.abort(reason);
    else this.pendingAbort ??= reason;
  }
  stop(c) {
    this.stopping = true;
    c.abort(new import_undici.errors.RequestAbortedError("response no longer needed"));
  }
  settle(outcome) {
    if (this.settled) return;
    this.settled = true;
    if (this.timer !== null) clearTimeout(this.timer);
    this.resolve(outcome);
  }
  // ---- undici dispatch handler
  onRequestStart(c) {
    this.controller = c;
    if (this.pendingAbort !== null) c.abort(this.pendingAbort);
  }
  onResponseStart(_c, statusCode, headers) {
    if (statusCode < 200) return;
    this.status = statusCode;
    this.contentType = String(headers["content-type"] ?? "");
    if (statusCode >= 400 || !this.contentType.includes("text/event-stream")) this.errorBody = "";
    else {
      this.interpret = createChunkInterpreter(this.api);
      this.parser = new SseParser(
        (data) => this.onEvent(this.interpret(data)),
        (value) => this.onEvent(interpretErrorField(value)),
        { maxLine: this.limits.lineBytes, maxEvent: this.limits.eventBytes, onOverflow: (message) => this.onEvent({ kind: "invalid", message }) }
      );
    }
  }
  onResponseData(c, chunk) {
    this.tRead = performance.now();
    this.received += chunk.length;
    if (this.received > this.limits.responseBytes && this.errorBody === null) {
      this.onEvent({ kind: "invalid", message: `response over ${this.limits.responseBytes} bytes` });
      this.stop(c);
      return;
    }
    if (this.parser !== null) {
      this.parser.push(chunk);
      if (this.fail) this.stop(c);
    } else if (this.errorBody !== null) {
      this.errorBody += chunk.toString("utf8");
      if (this.errorBody.length >= ERROR_BODY_LIMIT) this.stop(c);
    }
  }
  onResponseEnd() {
    this.parser?.end();
    this.settle(null);
  }
  onResponseError(_c, err) {
    this.settle(this.stopping || this.errorBody !== null || this.fail ? null : err);
  }
  // ---- stream events
  onEvent(ev) {
    if (this.fail || this.sawDone) return;
    switch (ev.kind) {
      case "done":
        this.sawDone = true;
        return;
      case "error":
        this.fail = { cls: "stream-error", msg: `error event in stream: ${ev.message}` };
        return;
      case "invalid":
        this.fail = { cls: "bad-response", msg: ev.message };
        return;
      case "chunk": {
        if (this.fromChunk && ev.choices && this.tChunk < 0) this.tChunk = this.tRead;
        if (ev.output) {
          const now = this.tRead;
          if (this.tFirst < 0) {
            this.tFirst = now;
            if (this.fromChunk && this.tChunk < now) this.gaps.push(now - this.tChunk);
          } else this.gaps.push(now - this.tLast);
          this.tLast = now;
          this.outputEvents++;
          if (ev.text.length > 0) {
            this.tally.push(ev.text);
            if (this.textParts !== null && this.textUnits < this.keepUnits) this.textParts.push(ev.text.slice(0, this.keepUnits - this.textUnits));
            this.textUnits += ev.text.length;
          }
        }
        if (ev.usage) {
          if (ev.usage.promptTokens !== null) this.usageIn = ev.usage.promptTokens;
          if (ev.usage.completionTokens !== null) this.usageOut = ev.usage.completionTokens;
        }
        if (ev.finishReason !== null) this.finishReason = ev.finishReason;
        if (ev.systemFingerprint !== null) this.systemFingerprint = ev.systemFingerprint;
      }
    }
  }
};
function onDeadline(call) {
  call.deadline();
}
var CONNECT_CODES = /* @__PURE__ */ new Set(["ECONNREFUSED", "ENOTFOUND", "EHOSTUNREACH", "ENETUNREACH", "EAI_AGAIN", "UND_ERR_CONNECT_TIMEOUT"]);
function classify(err, timedOut, gotHeaders) {
  const code = err.code ?? err.cause?.code;
  if (timedOut) return { cls: "timeout", msg: "request deadline passed (timeouts.request_s)" };
  if (err instanceof import_undici.errors.HeadersTimeoutError) return { cls: "timeout", msg: "no response headers within timeouts.idle_s" };
  if (err instanceof import_undici.errors.BodyTimeoutError) return { cls: "timeout", msg: "stream idle longer than timeouts.idle_s" };
  if (code !== void 0 && CONNECT_CODES.has(code)) return { cls: "connect", msg: describeError(err) };
  const when = gotHeaders ? "mid-stream" : "before the response headers";
  return { cls: "cut-off", msg: `connection closed ${when}: ${describeError(err)}` };
}
function outcomeOf(call, err, cancelled, inputTokens, tSend, tDone) {
  const { fail, interrupted } = failureOf(call, err, cancelled);
  const ok = fail === null && !interrupted;
  let nIn = null;
  let nOut = null;
  let tokenSource = null;
  if (ok) {
    if (call.usageOut !== null && !(call.usageOut === 0 && call.outputEvents > 0)) {
      nOut = call.usageOut;
      nIn = call.usageIn ?? inputTokens;
      tokenSource = "server";
    } else {
      nOut = call.tally.total();
      nIn = inputTokens;
      tokenSource = "client";
    }
  }
  const streamed = call.tFirst >= 0;
  const gaps = call.gaps.finish();
  return {
    tSend,
    // The first output's stamp, or with ttft_from: first_chunk the first chunk with choices (never after it: the output's chunk has choices).
    tFirst: streamed ? call.firstStamp() : null,
    tLast: streamed ? call.tLast : null,
    tDone,
    gaps: gaps.exact,
    gapsFolded: gaps.folded,
    outputEvents: call.outputEvents,
    nIn,
    nOut,
    tokenSource,
    status: call.status,
    failure: fail?.cls ?? null,
    message: fail?.msg ?? null,
    finishReason: call.finishReason,
    systemFingerprint: call.systemFingerprint,
    cancelled: interrupted
  };
}
function failureOf(call, err, cancelled) {
  if (call.errorBody !== null) {
    const txt = call.errorBody.slice(0, ERROR_BODY_LIMIT);
    const status = call.status;
    if (status >= 400) return { fail: { cls: status >= 500 ? "http-5xx" : "http-4xx", msg: `HTTP ${status}: ${clip(txt)}` }, interrupted: false };
    const got = clip(call.contentType, 60) || "no content-type";
    return { fail: { cls: "bad-response", msg: `expected text/event-stream, got '${got}': ${clip(txt, 80)}` }, interrupted: false };
  }
  if (err !== null) return cancelled ? { fail: null, interrupted: true } : { fail: classify(err, call.timedOut, call.status !== null), interrupted: false };
  if (call.fail !== null) return { fail: call.fail, interrupted: false };
  if (!call.sawDone && call.finishReason === null) return { fail: { cls: "cut-off", msg: "stream ended before [DONE] or a finish_reason" }, interrupted: false };
  if (call.outputEvents === 0) return { fail: { cls: "bad-response", msg: emptyStreamMessage(call) }, interrupted: false };
  return { fail: null, interrupted: false };
}
function emptyStreamMessage(call) {
  const end = call.sawDone ? call.finishReason === null ? "[DONE]" : `finish_reason '${call.finishReason}' and [DONE]` : `finish_reason '${call.finishReason}'`;
  const usage = call.usageOut === null ? "" : call.usageOut > 0 ? `; the server's usage claims ${call.usageOut} completion tokens it did not stream` : "; the server's usage says 0 completion tokens";
  return `the stream ended (${end}) without any output: no content, reasoning or tool-call text${usage}`;
}

// src/client/http.ts
var FINGERPRINT_HEADERS = ["server", "x-powered-by", "x-served-by", "x-server-version", "via"];
var MODELS_BODY_LIMIT = 4 * 1024 * 1024;
var InferenceClient = class {
  constructor(opts) {
    this.opts = opts;
    this.base = new URL(opts.target.url);
    const idleMs = timerMs(opts.timeouts.idleMs);
    this.requestMs = timerMs(opts.timeouts.requestMs);
    this.pool = new import_undici2.Pool(this.base.origin, {
      connections: opts.connections,
      pipelining: 1,
      connectTimeout: timerMs(opts.timeouts.connectMs),
      headersTimeout: idleMs,
      bodyTimeout: idleMs,
      keepAliveTimeout: 6e4,
      keepAliveMaxTimeout: 6e5
    });
    const prefix = this.base.pathname.replace(/\/+$/, "");
    this.path = `${prefix}/v1/${opts.target.api === "chat" ? "chat/completions" : "completions"}`;
    this.headers = {
      "content-type": "application/json",
      accept: "text/event-stream",
      ...opts.target.headers
    };
    if (opts.apiKey) this.headers.authorization = `Bearer ${opts.apiKey}`;
  }
  opts;
  pool;
  base;
  headers;
  path;
  requestMs;
  /** Requests in flight per cancel signal (see stream()). */
  cancelGroups = /* @__PURE__ */ new WeakMap();
  /** Bodies built ahead of their send (prepare()), each used once. */
  prepared = /* @__PURE__ */ new WeakMap();
  url(path) {
    return `${this.base.origin}${path}`;
  }
  /** GET /v1/models: proves the target speaks the API and names its models. */
  async serverInfo() {
    const path = `${this.base.pathname.replace(/\/+$/, "")}/v1/models`;
    const url = this.url(path);
    let res;
    try {
      res = await this.pool.request({
        method: "GET",
        path,
        headers: { ...this.opts.target.headers, ...this.opts.apiKey ? { authorization: `Bearer ${this.opts.apiKey}` } : {} },
        headersTimeout: timerMs(this.opts.timeouts.connectMs + this.opts.timeouts.idleMs)
      });
    } catch (err) {
      throw new TargetError(await reachProblem(err, this.opts.target.url, timerMs(this.opts.timeouts.connectMs)), "GET", url, { cause: err });
    }
    const text = await readCapped(res.body, MODELS_BODY_LIMIT);
    if (res.statusCode === 401 || res.statusCode === 403) {
      throw new TargetError(`HTTP ${res.statusCode}: ${credentialsRefused(this.opts.target, keyState(this.opts.target, this.opts.apiKey))}`, "GET", url);
    }
    if (res.statusCode !== 200) {
      throw new TargetError(`HTTP ${res.statusCode}: ${clip(text ?? "")}`, "GET", url);
    }
    if (text === null) throw new TargetError(`/v1/models answered more than ${MODELS_BODY_LIMIT} bytes`, "GET", url);
    const answer = readModels(text);
    if (!answer.ok) throw new TargetError(answer.problem, "GET", url);
    if (answer.models.length === 0 && answer.dropped > 0 && this.opts.target.model === null) {
      throw new TargetError(`every model id /v1/models lists is longer than ${MAX_MODEL_ID_CHARS} characters; set target.model or --model`, "GET", url);
    }
    const headers = {};
    for (const name of FINGERPRINT_HEADERS) {
      const v = res.headers[name];
      if (typeof v === "string") headers[name] = clip(v, 120);
    }
    const date = typeof res.headers.date === "string" ? Date.parse(res.headers.date) : NaN;
    const clockOffsetMs = Number.isFinite(date) ? Math.round(date + 500 - Date.now()) : null;
    return { models: answer.models, headers, modelEntries: answer.entries, clockOffsetMs };
  }
  /** The request body for one work item. */
  body(item, model) {
    const t = this.opts.target;
    const body = { ...t.extraBody, model, stream: true, stream_options: { include_usage: true }, max_tokens: item.maxTokens };
    if (t.api === "chat") body.messages = item.messages ?? [{ role: "user", content: item.prompt }];
    else body.prompt = item.prompt;
    if (t.fixedOutput) {
      body.ignore_eos = true;
      body.min_tokens = item.maxTokens;
    }
    return JSON.stringify(body);
  }
  /**
   * Builds the body of a request due soon, as bytes, so that its send does
   * not: a trace's burst of ten 40k-token prompts due at the same millisecond
   * otherwise serialises and encodes megabytes between its first send and its
   * last. The next stream() of this item with this model uses it, once.
   * Returns its size in bytes.
   */
  prepare(item, model) {
    const body = Buffer.from(this.body(item, model), "utf8");
    this.prepared.set(item, { model, body });
    return body.length;
  }
  /**
   * Send one streamed request and report what happened. The body is built
   * here (unless prepare() built it), when the request is due (a run of millions of requests never holds
   * them all), and before t_send. Never throws for request failures: they are data.
   */
  async stream(item, model, cancel) {
    return (await this.send(item, model, cancel, false)).outcome;
  }
  /**
   * stream(), also handing back the text the server generated ('' when the
   * request failed or was cancelled): the real answers a multi-turn session
   * sends back as its history. Only these requests keep their text, and at
   * most `keepUnits` UTF-16 units of it; `answerUnits` counts all it generated.
   */
  async streamText(item, model, cancel, keepUnits = Number.MAX_SAFE_INTEGER) {
    const { outcome, call } = await this.send(item, model, cancel, keepUnits);
    const ok = outcome.failure === null && !outcome.cancelled;
    return { outcome, answer: ok ? call.textParts.join("") : "", answerUnits: ok ? call.textUnits : 0 };
  }
  async send(item, model, cancel, keepText) {
    let group;
    if (cancel !== void 0) {
      group = this.cancelGroups.get(cancel);
      if (group === void 0) {
        const calls = /* @__PURE__ */ new Set();
        this.cancelGroups.set(cancel, calls);
        cancel.addEventListener(
          "abort",
          () => {
            for (const c of calls) c.cancelled();
          },
          { once: true }
        );
        group = calls;
      }
    }
    const pre = this.prepared.get(item);
    this.prepared.delete(item);
    const body = pre !== void 0 && pre.model === model ? pre.body : this.body(item, model);
    for (let attempt = 1; ; attempt++) {
      const call = new StreamCall(this.opts.target.api, this.opts.limits, this.opts.countTokens, keepText, this.opts.target.ttftFrom);
      group?.add(call);
      const tSend = performance2.now();
      const err = await call.run(this.pool, { method: "POST", path: this.path, headers: this.headers, body }, this.requestMs);
      const tDone = performance2.now();
      group?.delete(call);
      if ((call.usageOut === null || call.usageOut === 0) && this.opts.countTokensReady !== void 0) await this.opts.countTokensReady();
      if (attempt < STALE_SOCKET_ATTEMPTS && err !== null && call.status === null && !call.timedOut && !cancel?.aborted && isClosedSocket(err)) continue;
      return { outcome: outcomeOf(call, err, cancel?.aborted === true, item.inputTokens, tSend, tDone), call };
    }
  }
  close() {
    return this.pool.close();
  }
  /** Abandon open requests at once (Ctrl-C, fatal errors). */
  destroy() {
    return this.pool.destroy();
  }
};
async function readCapped(body, limit) {
  const parts = [];
  let size = 0;
  for await (const part of body) {
    size += part.length;
    if (size > limit) {
      body.destroy();
      return null;
    }
    parts.push(part);
  }
  return Buffer.concat(parts).toString("utf8");
}
var STALE_SOCKET_ATTEMPTS = 2;
function isClosedSocket(err) {
  const code = err.code ?? err.cause?.code;
  return code === "UND_ERR_SOCKET" || code === "ECONNRESET" || code === "EPIPE";
}

// src/load/shard.ts
var SINGLE = Object.freeze({ index: 0, count: 1 });
function parseShard(text) {
  const m = /^(\d{1,4})\/(\d{1,4})$/.exec(text.trim());
  if (m === null) return null;
  const index = Number(m[1]);
  const count2 = Number(m[2]);
  return count2 >= 1 && index < count2 ? { index, count: count2 } : null;
}
function shareOf(c, s) {
  return Math.floor(c / s.count) + (s.index < c % s.count ? 1 : 0);
}
function ownsRequest(load, j, s) {
  if (s.count === 1) return true;
  if (isOpen(load)) return j % s.count === s.index;
  return j % inFlight(load) % s.count === s.index;
}
function shardProblem(load, s) {
  const c = inFlight(load);
  if (c !== null && c < s.count) {
    const what = isOpen(load) ? "max_concurrency" : "concurrency";
    return `load '${load.label}' has ${what} ${c}, fewer than ${s.count} shards: shard ${c} onwards would send nothing; use at most ${c} shards or workers`;
  }
  return null;
}
function shardLoad(load, s) {
  if (s.count === 1) return load;
  const c = inFlight(load);
  return c === null ? load : withInFlight(load, shareOf(c, s));
}

// src/load/run-cell.ts
import { monitorEventLoopDelay, performance as performance4 } from "node:perf_hooks";

// src/load/pace.ts
import { performance as performance3 } from "node:perf_hooks";
var SPIN_BELOW_MS = 1.5;
var MAX_SEND_BURST_MS = 1;
function createPacer() {
  let lastYield = performance3.now();
  let lastDue = NaN;
  return {
    async wait(due, until = Infinity, cancel) {
      const target = Math.min(due, until);
      const sameInstant = due === lastDue;
      lastDue = due;
      for (; ; ) {
        const now = performance3.now();
        const wait = target - now;
        if (cancel?.aborted === true) return;
        if (wait <= 0) {
          if (sameInstant || now - lastYield < MAX_SEND_BURST_MS) return;
          await new Promise((r) => setImmediate(r));
          lastYield = performance3.now();
          return;
        }
        if (wait > SPIN_BELOW_MS) await sleepUnlessCancelled(wait - 1, cancel);
        else await new Promise((r) => setImmediate(r));
        lastYield = performance3.now();
      }
    }
  };
}
function sleepUnlessCancelled(ms, cancel) {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      cancel?.removeEventListener("abort", done);
      resolve();
    };
    const timer = setTimeout(done, timerMs(ms));
    cancel?.addEventListener("abort", done, { once: true });
  });
}

// src/load/record.ts
function emptyOutcome(tSched) {
  return {
    tSend: tSched,
    tFirst: null,
    tLast: null,
    tDone: tSched,
    gaps: [],
    outputEvents: 0,
    nIn: null,
    nOut: null,
    tokenSource: null,
    status: null,
    failure: null,
    message: null,
    finishReason: null,
    systemFingerprint: null,
    cancelled: false
  };
}
function newRecord(index, warmup, tSched, maxTokens, outcome = emptyOutcome(tSched)) {
  return { ...outcome, index, warmup, tSched, maxTokens };
}

// src/load/run-cell.ts
var LOOP_SAMPLE_MS = 10;
function startCellClock(maxDurationMs, cancel) {
  const monitor = monitorEventLoopDelay({ resolution: LOOP_SAMPLE_MS });
  monitor.enable();
  const start = performance4.now();
  const deadline = start + maxDurationMs;
  const clock = {
    start,
    deadline,
    stoppedBy: "count",
    stopped() {
      if (cancel.aborted) {
        clock.stoppedBy = "interrupt";
        return true;
      }
      if (performance4.now() >= deadline) {
        clock.stoppedBy = "duration";
        return true;
      }
      return false;
    },
    loopDelay() {
      monitor.disable();
      return { p99Ms: Math.max(0, monitor.percentile(99) / 1e6 - LOOP_SAMPLE_MS), maxMs: Math.max(0, monitor.max / 1e6 - LOOP_SAMPLE_MS) };
    }
  };
  return clock;
}
async function runCell(o) {
  const shard = o.shard ?? SINGLE;
  const own = [];
  for (let j = 0; j < o.count; j++) if (ownsRequest(o.load, j, shard)) own.push(j);
  const ahead = o.arrivalAt !== void 0 && o.prepare !== void 0 && own.length > 0 ? new BodiesAhead(own, o.arrivalAt, o.prepare) : void 0;
  ahead?.fill(0, Infinity);
  const clock = startCellClock(o.maxDurationMs, o.cancel);
  const { start, deadline } = clock;
  const stopped = clock.stopped;
  const records = [];
  const launch = async (i, tSched) => {
    const outcome = await o.send(i, o.cancel);
    const rec = newRecord(i, i < o.warmup, tSched, o.maxTokens(i), outcome);
    records.push(rec);
    o.onDone?.(rec);
  };
  const ownWarmup = own.filter((j) => j < o.warmup).length;
  const load = shardLoad(o.load, shard);
  let sent;
  const dispatchLagMs = [];
  let plannedRps = null;
  if (!isOpen(load)) {
    sent = await closedLoop(inFlight(load), own, stopped, launch);
  } else {
    const next = drawnArrivals(load, o.seedMaterial);
    const offsetAt = next === null ? o.arrivalAt : () => next();
    if (offsetAt === void 0) throw new Error(`load '${load.label}': its shape draws no arrival times, so each request's time must be given (arrivalAt)`);
    const open = await openLoop(offsetAt, own, o.count, o.warmup, start, deadline, inFlight(load), stopped, launch, o.cancel, dispatchLagMs, ahead);
    sent = open.sent;
    if (sent - ownWarmup > 1) plannedRps = (sent - ownWarmup - 1) / ((open.lastOffset - open.firstMeasuredOffset) / 1e3);
  }
  const loopDelay = clock.loopDelay();
  records.sort((a, b) => a.index - b.index);
  const measuredSent = Math.max(0, sent - ownWarmup);
  return {
    records,
    notSent: own.length - ownWarmup - measuredSent,
    stoppedBy: sent === own.length && clock.stoppedBy !== "interrupt" ? "count" : clock.stoppedBy,
    loopDelay,
    dispatchLagMs,
    plannedRps
  };
}
async function closedLoop(c, own, stopped, launch) {
  let next = 0;
  const user = async () => {
    while (next < own.length && !stopped()) {
      await launch(own[next++], performance4.now());
    }
  };
  await Promise.all(Array.from({ length: Math.min(c, own.length) }, user));
  return next;
}
var PREPARE_AHEAD_MS = 2e3;
var PREPARE_AHEAD_BYTES = 64 * 1024 * 1024;
var PREPARE_SLACK_MS = 2;
var BodiesAhead = class {
  constructor(own, offsetAt, prepare) {
    this.own = own;
    this.offsetAt = offsetAt;
    this.prepare = prepare;
  }
  own;
  offsetAt;
  prepare;
  ready = 0;
  bytes = 0;
  sizes = /* @__PURE__ */ new Map();
  /**
   * Builds the bodies of own[k] and the requests due within PREPARE_AHEAD_MS
   * after it, those after own[k] only while `due` (own[k]'s due time,
   * performance.now() scale) is more than PREPARE_SLACK_MS away; a `due` of
   * Infinity (before the cell's clock starts) builds the whole horizon.
   */
  fill(k, due) {
    this.ready = Math.max(this.ready, k);
    const horizon = this.offsetAt(this.own[k]) + PREPARE_AHEAD_MS;
    while (this.ready < this.own.length && this.bytes < PREPARE_AHEAD_BYTES && this.offsetAt(this.own[this.ready]) <= horizon) {
      if (this.ready > k && performance4.now() > due - PREPARE_SLACK_MS) return;
      const i = this.own[this.ready];
      const size = this.prepare(i);
      this.sizes.set(i, size);
      this.bytes += size;
      this.ready++;
    }
  }
  /** Request i has gone: its body is the client's no longer. */
  sent(i) {
    const size = this.sizes.get(i);
    if (size === void 0) return;
    this.sizes.delete(i);
    this.bytes -= size;
  }
  /** Bytes built and not yet sent. */
  get pendingBytes() {
    return this.bytes;
  }
};
async function openLoop(offsetAt, own, count2, warmup, start, deadline, cap, stopped, launch, cancel, lags, ahead) {
  let inFlight2 = 0;
  let sent = 0;
  const queue = [];
  const running = /* @__PURE__ */ new Set();
  let wake = null;
  let firstMeasuredOffset = 0;
  let measuredYet = false;
  let lastOffset = 0;
  const fire = (i, tSched) => {
    ahead?.sent(i);
    inFlight2++;
    sent++;
    lastOffset = tSched - start;
    if (i >= warmup && !measuredYet) {
      measuredYet = true;
      firstMeasuredOffset = lastOffset;
    }
    const p = launch(i, tSched).finally(() => {
      inFlight2--;
      running.delete(p);
      const q = queue.shift();
      if (q !== void 0 && !stopped()) fire(q.i, q.tSched);
      wake?.();
    });
    running.add(p);
  };
  const pacer = createPacer();
  let k = 0;
  for (let i = 0; i < count2 && k < own.length; i++) {
    const due = start + offsetAt(i);
    if (own[k] !== i) continue;
    ahead?.fill(k, due);
    k++;
    await pacer.wait(due, deadline, cancel);
    if (stopped() || performance4.now() < due) break;
    if (cap !== null && inFlight2 >= cap) queue.push({ i, tSched: due });
    else {
      lags.push(performance4.now() - due);
      fire(i, due);
    }
  }
  while (running.size > 0) {
    await new Promise((r) => {
      wake = r;
    });
    wake = null;
    if (stopped()) queue.length = 0;
  }
  return { sent, firstMeasuredOffset, lastOffset };
}

export {
  timerMs,
  TargetError,
  credentialsRefused,
  InferenceClient,
  createPacer,
  emptyOutcome,
  newRecord,
  SINGLE,
  parseShard,
  ownsRequest,
  shardProblem,
  shardLoad,
  startCellClock,
  runCell,
  closedLoop,
  openLoop
};
