// The HTTP client for one OpenAI-compatible target: knows the wire, nothing
// about load or statistics. One undici Pool per target keeps connections alive
// across requests, so no request pays for a TCP handshake inside its TTFT.
import { performance } from 'node:perf_hooks';
import { Pool, errors as undiciErrors, type Dispatcher } from 'undici';
import type { ApiKind, TargetPlan, TimeoutsPlan } from '../config/plan.js';
import type { WorkItem } from '../workload/synth.js';
import { createChunkInterpreter, interpretErrorField, type StreamEvent } from './chunk.js';
import { TargetError } from '../errors/target-error.js';
import { clip, describeError } from './errors.js';
import type { FailureClass, RequestRecord } from './record.js';
import { SseParser } from './sse.js';

export interface ClientOptions {
  target: TargetPlan;
  timeouts: TimeoutsPlan;
  /** Most connections the pool may open; null = as many as the load needs. */
  connections: number | null;
  /** Resolved API key (read from the env var named in config); never logged. */
  apiKey: string | null;
  /** Client-side token count, used when the server sends no usage. */
  countTokens: (text: string) => number;
}

export interface ServerInfo {
  models: string[];
  /** Response headers that identify the server build (server, x-powered-by, ...). */
  headers: Record<string, string>;
  /** The /v1/models body's entries, as the server described them (trimmed). */
  modelEntries: unknown[];
}

const FINGERPRINT_HEADERS = ['server', 'x-powered-by', 'x-served-by', 'x-server-version', 'via'];
/** Bodies of error responses are read only this far: enough for a message. */
const ERROR_BODY_LIMIT = 4096;

export class InferenceClient {
  private readonly pool: Pool;
  private readonly base: URL;
  private readonly headers: Record<string, string>;
  private readonly path: string;
  /** Requests in flight per cancel signal (see stream()). */
  private readonly cancelGroups = new WeakMap<AbortSignal, Set<StreamCall>>();

  constructor(private readonly opts: ClientOptions) {
    this.base = new URL(opts.target.url);
    this.pool = new Pool(this.base.origin, {
      connections: opts.connections,
      pipelining: 1,
      connectTimeout: opts.timeouts.connectMs,
      headersTimeout: opts.timeouts.idleMs,
      bodyTimeout: opts.timeouts.idleMs,
      keepAliveTimeout: 60_000,
      keepAliveMaxTimeout: 600_000,
    });
    const prefix = this.base.pathname.replace(/\/+$/, '');
    this.path = `${prefix}/v1/${opts.target.api === 'chat' ? 'chat/completions' : 'completions'}`;
    this.headers = {
      'content-type': 'application/json',
      accept: 'text/event-stream',
      ...opts.target.headers,
    };
    if (opts.apiKey) this.headers.authorization = `Bearer ${opts.apiKey}`;
  }

  private url(path: string): string {
    return `${this.base.origin}${path}`;
  }

  /** GET /v1/models: proves the target speaks the API and names its models. */
  async serverInfo(): Promise<ServerInfo> {
    const path = `${this.base.pathname.replace(/\/+$/, '')}/v1/models`;
    const url = this.url(path);
    let res;
    try {
      res = await this.pool.request({
        method: 'GET',
        path,
        headers: { ...this.opts.target.headers, ...(this.opts.apiKey ? { authorization: `Bearer ${this.opts.apiKey}` } : {}) },
        headersTimeout: this.opts.timeouts.connectMs + this.opts.timeouts.idleMs,
      });
    } catch (err) {
      throw new TargetError(`cannot reach the target: ${describeError(err)}`, 'GET', url, { cause: err });
    }
    const text = await res.body.text();
    if (res.statusCode === 401 || res.statusCode === 403) {
      throw new TargetError(
        `the target refused the credentials (HTTP ${res.statusCode}); set target.api_key_env to the variable that holds the key`,
        'GET',
        url,
      );
    }
    if (res.statusCode !== 200) {
      throw new TargetError(`HTTP ${res.statusCode}: ${clip(text)}`, 'GET', url);
    }
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new TargetError(`not an OpenAI-compatible server: /v1/models returned non-JSON: ${clip(text, 80)}`, 'GET', url);
    }
    const data = (body as { data?: unknown }).data;
    if (!Array.isArray(data)) {
      throw new TargetError('not an OpenAI-compatible server: /v1/models has no "data" array', 'GET', url);
    }
    const models = data
      .map((m) => (m && typeof m === 'object' ? (m as { id?: unknown }).id : undefined))
      .filter((id): id is string => typeof id === 'string');
    const headers: Record<string, string> = {};
    for (const name of FINGERPRINT_HEADERS) {
      const v = res.headers[name];
      if (typeof v === 'string') headers[name] = clip(v, 120);
    }
    const modelEntries = data.slice(0, 16).map((m) => JSON.parse(JSON.stringify(m, (_k, v) => (typeof v === 'string' ? clip(v, 200) : v))) as unknown);
    return { models, headers, modelEntries };
  }

  /** The request body for one work item. */
  body(item: WorkItem, model: string): string {
    const t = this.opts.target;
    const body: Record<string, unknown> = { ...t.extraBody, model, stream: true, stream_options: { include_usage: true }, max_tokens: item.maxTokens };
    if (t.api === 'chat') body.messages = item.messages ?? [{ role: 'user', content: item.prompt }];
    else body.prompt = item.prompt;
    if (t.fixedOutput) {
      // Fix the output length so runs compare the same work: vLLM, SGLang and
      // llama.cpp honour these; servers that do not are caught by output_honoured.
      body.ignore_eos = true;
      body.min_tokens = item.maxTokens;
    }
    return JSON.stringify(body);
  }

  /**
   * Send one streamed request and fill `rec` in place (t_send, t_first, t_last,
   * t_done, gaps, tokens, failure). Never throws for request failures: they are data.
   */
  async stream(item: WorkItem, body: string, rec: RequestRecord, cancel?: AbortSignal): Promise<void> {
    // One listener per cancel signal, not one per request: a run passes the
    // same signal to thousands of requests at once, and every add or remove of
    // a listener scans the signal's whole listener list.
    let group: Set<StreamCall> | undefined;
    if (cancel !== undefined) {
      group = this.cancelGroups.get(cancel);
      if (group === undefined) {
        const calls = new Set<StreamCall>();
        this.cancelGroups.set(cancel, calls);
        cancel.addEventListener('abort', () => {
          for (const c of calls) c.cancelled();
        }, { once: true });
        group = calls;
      }
    }
    let call: StreamCall;
    let outcome: unknown;
    for (let attempt = 1; ; attempt++) {
      call = new StreamCall(this.opts.target.api, rec);
      group?.add(call);
      rec.tSend = performance.now();
      outcome = await call.run(this.pool, { method: 'POST', path: this.path, headers: this.headers, body }, this.opts.timeouts.requestMs);
      rec.tDone = performance.now();
      group?.delete(call);
      // llama-server answers "Keep-Alive: timeout=5" yet closes the connection
      // after a streamed reply; the next request written to that socket dies
      // before any response byte. The server never saw it, so sending it once
      // more on a fresh connection is safe, and its clock restarts then.
      if (attempt < STALE_SOCKET_ATTEMPTS && outcome !== null && rec.status === null && !call.timedOut && !cancel?.aborted && isClosedSocket(outcome)) continue;
      break;
    }
    if (call.tFirst >= 0) {
      rec.tFirst = call.tFirst;
      rec.tLast = call.tLast;
    }

    let fail = call.fail;
    if (call.errorBody !== null) {
      const txt = call.errorBody.slice(0, ERROR_BODY_LIMIT);
      const status = rec.status!;
      fail =
        status >= 400
          ? { cls: status >= 500 ? 'http-5xx' : 'http-4xx', msg: `HTTP ${status}: ${clip(txt)}` }
          : { cls: 'bad-response', msg: `expected text/event-stream, got '${clip(call.contentType, 60) || 'no content-type'}': ${clip(txt, 80)}` };
    } else if (outcome !== null) {
      fail = cancel?.aborted ? null : classify(outcome, call.timedOut, rec.status !== null);
      if (cancel?.aborted) rec.cancelled = true;
    } else if (!fail && !call.sawDone && rec.finishReason === null) {
      fail = { cls: 'cut-off', msg: 'stream ended before [DONE] or a finish_reason' };
    }
    if (fail) {
      rec.failure = fail.cls;
      rec.message = fail.msg;
      return;
    }
    if (rec.cancelled) return;
    if (call.usageOut !== null) {
      rec.nOut = call.usageOut;
      rec.nIn = call.usageIn ?? item.inputTokens;
      rec.tokenSource = 'server';
    } else {
      rec.nOut = call.text.length > 0 ? this.opts.countTokens(call.text) : 0;
      rec.nIn = item.inputTokens;
      rec.tokenSource = 'client';
    }
  }

  close(): Promise<void> {
    return this.pool.close();
  }

  /** Abandon open requests at once (Ctrl-C, fatal errors). */
  destroy(): Promise<void> {
    return this.pool.destroy();
  }
}

interface Controller {
  abort(reason: Error): void;
}

type Failure = { cls: FailureClass; msg: string };

/**
 * One streamed request on the wire: the undici dispatch handler, the SSE
 * callbacks and the facts they gather, in one object.
 *
 * Hot path: it runs once per request and its data callback once per socket
 * read. It talks to undici's dispatch API directly (no Readable body stream,
 * whose push/emit/nextTick per read cost more than parsing the chunk), so each
 * read goes straight from the HTTP parser into the SSE parser and is stamped
 * there; and it is a class, not a nest of closures, because everything a
 * request allocates lives as long as the stream and is copied by every
 * young-generation GC it survives.
 */
class StreamCall {
  readonly rec: RequestRecord;
  private readonly api: ApiKind;
  timedOut = false;
  sawDone = false;
  usageIn: number | null = null;
  usageOut: number | null = null;
  /** All generated text, for the client-side token count when the server sends no usage. */
  text = '';
  /**
   * Arrival of the first and the last output event, copied to the record when
   * the stream ends: plain number fields are updated in place, while storing a
   * fresh number into the record's nullable field allocates on every chunk.
   */
  tFirst = -1;
  tLast = 0;
  fail: Failure | null = null;
  /** Not null when the response is an error or not a stream: its body, read up to ERROR_BODY_LIMIT. */
  errorBody: string | null = null;
  contentType = '';
  private parser: SseParser | null = null;
  private interpret: ((data: string) => StreamEvent) | null = null;
  private controller: Controller | null = null;
  /** An abort asked for before undici handed over the request's controller. */
  private pendingAbort: Error | null = null;
  /** We aborted the response ourselves: the error undici reports next is expected. */
  private stopping = false;
  private settled = false;
  private timer: NodeJS.Timeout | null = null;
  private resolve: ((outcome: unknown) => void) | null = null;

  constructor(api: ApiKind, rec: RequestRecord) {
    this.api = api;
    this.rec = rec;
  }

  /** Resolves with null when the response was read (or deliberately cut short), with the error otherwise. */
  run(pool: Pool, opts: Dispatcher.DispatchOptions, deadlineMs: number): Promise<unknown> {
    return new Promise<unknown>((resolve) => {
      this.resolve = resolve;
      this.timer = setTimeout(onDeadline, deadlineMs, this);
      try {
        pool.dispatch(opts, this);
      } catch (err) {
        this.settle(err);
      }
    });
  }

  /** The run was interrupted (the cancel signal fired). */
  cancelled(): void {
    this.abort(new undiciErrors.RequestAbortedError());
  }

  deadline(): void {
    this.timedOut = true;
    this.abort(new undiciErrors.RequestAbortedError('request deadline passed'));
  }

  private abort(reason: Error): void {
    if (this.controller !== null) this.controller.abort(reason);
    else this.pendingAbort ??= reason;
  }

  private stop(c: Controller): void {
    this.stopping = true;
    c.abort(new undiciErrors.RequestAbortedError('response no longer needed'));
  }

  private settle(outcome: unknown): void {
    if (this.settled) return;
    this.settled = true;
    if (this.timer !== null) clearTimeout(this.timer);
    this.resolve!(outcome);
  }

  // ---- undici dispatch handler

  onRequestStart(c: Controller): void {
    this.controller = c;
    if (this.pendingAbort !== null) c.abort(this.pendingAbort);
  }

  onResponseStart(_c: Controller, statusCode: number, headers: Record<string, string | string[] | undefined>): void {
    if (statusCode < 200) return; // 1xx informational: the real response follows
    this.rec.status = statusCode;
    this.contentType = String(headers['content-type'] ?? '');
    if (statusCode >= 400 || !this.contentType.includes('text/event-stream')) this.errorBody = '';
    else {
      this.interpret = createChunkInterpreter(this.api);
      // llama.cpp may also report a failure as an SSE `error:` field line.
      this.parser = new SseParser(
        (data) => this.onEvent(this.interpret!(data)),
        (value) => this.onEvent(interpretErrorField(value)),
      );
    }
  }

  onResponseData(c: Controller, chunk: Buffer): void {
    if (this.parser !== null) {
      this.parser.push(chunk);
      // Stop reading once the server reported an error: the rest is noise.
      if (this.fail) this.stop(c);
    } else if (this.errorBody !== null) {
      this.errorBody += chunk.toString('utf8');
      if (this.errorBody.length >= ERROR_BODY_LIMIT) this.stop(c);
    }
  }

  onResponseEnd(): void {
    this.parser?.end();
    this.settle(null);
  }

  onResponseError(_c: unknown, err: Error): void {
    // A broken error body still leaves the status as the message, and a
    // stream that already failed keeps its first failure.
    this.settle(this.stopping || this.errorBody !== null || this.fail ? null : err);
  }

  // ---- stream events

  private onEvent(ev: StreamEvent): void {
    if (this.fail || this.sawDone) return;
    switch (ev.kind) {
      case 'done':
        this.sawDone = true;
        return;
      case 'error':
        this.fail = { cls: 'stream-error', msg: `error event in stream: ${ev.message}` };
        return;
      case 'invalid':
        this.fail = { cls: 'bad-response', msg: ev.message };
        return;
      case 'chunk': {
        const rec = this.rec;
        if (ev.output) {
          const now = performance.now();
          if (this.tFirst < 0) this.tFirst = now;
          else rec.gaps.push(now - this.tLast);
          this.tLast = now;
          rec.outputEvents++;
          this.text += ev.text;
        }
        if (ev.usage) {
          if (ev.usage.promptTokens !== null) this.usageIn = ev.usage.promptTokens;
          if (ev.usage.completionTokens !== null) this.usageOut = ev.usage.completionTokens;
        }
        if (ev.finishReason !== null) rec.finishReason = ev.finishReason;
        if (ev.systemFingerprint !== null) rec.systemFingerprint = ev.systemFingerprint;
      }
    }
  }
}

function onDeadline(call: StreamCall): void {
  call.deadline();
}

/** Two sends at most when a kept-alive socket turns out to be closed (see stream()). */
const STALE_SOCKET_ATTEMPTS = 2;

/** The socket was closed under a request before any response arrived (not a refused or timed-out connect). */
function isClosedSocket(err: unknown): boolean {
  const code = (err as { code?: string }).code ?? (err as { cause?: { code?: string } }).cause?.code;
  return code === 'UND_ERR_SOCKET' || code === 'ECONNRESET' || code === 'EPIPE';
}

const CONNECT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN', 'UND_ERR_CONNECT_TIMEOUT']);

function classify(err: unknown, timedOut: boolean, gotHeaders: boolean): { cls: FailureClass; msg: string } {
  const code = (err as { code?: string }).code ?? (err as { cause?: { code?: string } }).cause?.code;
  if (timedOut) return { cls: 'timeout', msg: 'request deadline passed (timeouts.request_s)' };
  if (err instanceof undiciErrors.HeadersTimeoutError) return { cls: 'timeout', msg: 'no response headers within timeouts.idle_s' };
  if (err instanceof undiciErrors.BodyTimeoutError) return { cls: 'timeout', msg: 'stream idle longer than timeouts.idle_s' };
  if (code !== undefined && CONNECT_CODES.has(code)) return { cls: 'connect', msg: describeError(err) };
  // The socket closed under us, before the headers or mid-stream: the response was cut.
  const when = gotHeaders ? 'mid-stream' : 'before the response headers';
  return { cls: 'cut-off', msg: `connection closed ${when}: ${describeError(err)}` };
}
