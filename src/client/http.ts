// The HTTP client for one OpenAI-compatible target: knows the wire, nothing
// about load or statistics. One undici Pool per target keeps connections alive
// across requests, so no request pays for a TCP handshake inside its TTFT.
// Each request's facts are gathered by one StreamCall and returned as a
// RequestOutcome, whose failure class is decided in one place (outcomeOf).
import { performance } from 'node:perf_hooks';
import { Pool, errors as undiciErrors, type Dispatcher } from 'undici';
import type { ApiKind, ResponseLimitsPlan, TargetPlan, TimeoutsPlan } from '../config/plan.js';
import { timerMs } from '../util/timer.js';
import type { WorkItem } from '../workload/synth.js';
import { createChunkInterpreter, interpretErrorField, type StreamEvent } from './chunk.js';
import { clip, describeError, TargetError } from './errors.js';
import { readModels } from './models.js';
import type { FailureClass, RequestOutcome } from './outcome.js';
import { SseParser } from './sse.js';
import { TokenTally } from './token-tally.js';

export interface ClientOptions {
  target: TargetPlan;
  timeouts: TimeoutsPlan;
  /** What one response may make the client hold: a server may send anything. */
  limits: ResponseLimitsPlan;
  /** Most connections the pool may open; null = as many as the load needs. */
  connections: number | null;
  /** Resolved API key (read from the env var named in config); never logged. */
  apiKey: string | null;
  /** Client-side token count, used when the server sends no usage; called on slices (see token-tally.ts). */
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
/** A /v1/models answer larger than this is not one we can use. */
const MODELS_BODY_LIMIT = 4 * 1024 * 1024;

export class InferenceClient {
  private readonly pool: Pool;
  private readonly base: URL;
  private readonly headers: Record<string, string>;
  private readonly path: string;
  private readonly requestMs: number;
  /** Requests in flight per cancel signal (see stream()). */
  private readonly cancelGroups = new WeakMap<AbortSignal, Set<StreamCall>>();

  constructor(private readonly opts: ClientOptions) {
    this.base = new URL(opts.target.url);
    const idleMs = timerMs(opts.timeouts.idleMs);
    this.requestMs = timerMs(opts.timeouts.requestMs);
    this.pool = new Pool(this.base.origin, {
      connections: opts.connections,
      pipelining: 1,
      connectTimeout: timerMs(opts.timeouts.connectMs),
      headersTimeout: idleMs,
      bodyTimeout: idleMs,
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
        headersTimeout: timerMs(this.opts.timeouts.connectMs + this.opts.timeouts.idleMs),
      });
    } catch (err) {
      throw new TargetError(`cannot reach the target: ${describeError(err)}`, 'GET', url, { cause: err });
    }
    const text = await readCapped(res.body, MODELS_BODY_LIMIT);
    if (res.statusCode === 401 || res.statusCode === 403) {
      throw new TargetError(
        `the target refused the credentials (HTTP ${res.statusCode}); set target.api_key_env to the variable that holds the key`,
        'GET',
        url,
      );
    }
    if (res.statusCode !== 200) {
      throw new TargetError(`HTTP ${res.statusCode}: ${clip(text ?? '')}`, 'GET', url);
    }
    if (text === null) throw new TargetError(`/v1/models answered more than ${MODELS_BODY_LIMIT} bytes`, 'GET', url);
    const answer = readModels(text);
    if (!answer.ok) throw new TargetError(answer.problem, 'GET', url);
    const headers: Record<string, string> = {};
    for (const name of FINGERPRINT_HEADERS) {
      const v = res.headers[name];
      if (typeof v === 'string') headers[name] = clip(v, 120);
    }
    return { models: answer.models, headers, modelEntries: answer.entries };
  }

  /** The request body for one work item. */
  private body(item: WorkItem, model: string): string {
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
   * Send one streamed request and report what happened. The body is built
   * here, when the request is due (a run of millions of requests never holds
   * them all), and before t_send. Never throws for request failures: they are data.
   */
  async stream(item: WorkItem, model: string, cancel?: AbortSignal): Promise<RequestOutcome> {
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
    const body = this.body(item, model);
    for (let attempt = 1; ; attempt++) {
      const call = new StreamCall(this.opts.target.api, this.opts.limits, this.opts.countTokens);
      group?.add(call);
      const tSend = performance.now();
      const err = await call.run(this.pool, { method: 'POST', path: this.path, headers: this.headers, body }, this.requestMs);
      const tDone = performance.now();
      group?.delete(call);
      // llama-server answers "Keep-Alive: timeout=5" yet closes the connection
      // after a streamed reply; the next request written to that socket dies
      // before any response byte. The server never saw it, so sending it once
      // more on a fresh connection is safe, and its clock restarts then.
      if (attempt < STALE_SOCKET_ATTEMPTS && err !== null && call.status === null && !call.timedOut && !cancel?.aborted && isClosedSocket(err)) continue;
      return outcomeOf(call, err, cancel?.aborted === true, item.inputTokens, tSend, tDone);
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

/** The body as text, or null when it is longer than `limit` bytes (the rest is not read). */
async function readCapped(body: AsyncIterable<Buffer> & { destroy(): unknown }, limit: number): Promise<string | null> {
  const parts: Buffer[] = [];
  let size = 0;
  for await (const part of body) {
    size += part.length;
    if (size > limit) {
      body.destroy();
      return null;
    }
    parts.push(part);
  }
  return Buffer.concat(parts).toString('utf8');
}

/** The request's outcome from what its call gathered: the one place a failure class is decided. */
function outcomeOf(call: StreamCall, err: unknown, cancelled: boolean, inputTokens: number, tSend: number, tDone: number): RequestOutcome {
  const fail = failureOf(call, err, cancelled);
  const ok = fail === null && !(cancelled && err !== null);
  let nIn: number | null = null;
  let nOut: number | null = null;
  let tokenSource: RequestOutcome['tokenSource'] = null;
  if (ok) {
    if (call.usageOut !== null) {
      nOut = call.usageOut;
      nIn = call.usageIn ?? inputTokens;
      tokenSource = 'server';
    } else {
      nOut = call.tally.total();
      nIn = inputTokens;
      tokenSource = 'client';
    }
  }
  const streamed = call.tFirst >= 0;
  return {
    tSend,
    tFirst: streamed ? call.tFirst : null,
    tLast: streamed ? call.tLast : null,
    tDone,
    gaps: call.gaps,
    outputEvents: call.outputEvents,
    nIn,
    nOut,
    tokenSource,
    status: call.status,
    failure: fail?.cls ?? null,
    message: fail?.msg ?? null,
    finishReason: call.finishReason,
    systemFingerprint: call.systemFingerprint,
    cancelled: cancelled && err !== null,
  };
}

function failureOf(call: StreamCall, err: unknown, cancelled: boolean): Failure | null {
  if (call.errorBody !== null) {
    const txt = call.errorBody.slice(0, ERROR_BODY_LIMIT);
    const status = call.status!;
    if (status >= 400) return { cls: status >= 500 ? 'http-5xx' : 'http-4xx', msg: `HTTP ${status}: ${clip(txt)}` };
    return { cls: 'bad-response', msg: `expected text/event-stream, got '${clip(call.contentType, 60) || 'no content-type'}': ${clip(txt, 80)}` };
  }
  if (err !== null) return cancelled ? null : classify(err, call.timedOut, call.status !== null);
  if (call.fail !== null) return call.fail;
  if (!call.sawDone && call.finishReason === null) return { cls: 'cut-off', msg: 'stream ended before [DONE] or a finish_reason' };
  return null;
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
  private readonly api: ApiKind;
  private readonly limits: ResponseLimitsPlan;
  timedOut = false;
  sawDone = false;
  status: number | null = null;
  usageIn: number | null = null;
  usageOut: number | null = null;
  /** Output tokens counted as the text arrives, for when the server sends no usage. */
  readonly tally: TokenTally;
  /**
   * Arrival of the first and the last output event: plain number fields are
   * updated in place, while a nullable field would box a fresh number per chunk.
   */
  tFirst = -1;
  tLast = 0;
  readonly gaps: number[] = [];
  outputEvents = 0;
  finishReason: string | null = null;
  systemFingerprint: string | null = null;
  fail: Failure | null = null;
  /** Not null when the response is an error or not a stream: its body, read up to ERROR_BODY_LIMIT. */
  errorBody: string | null = null;
  contentType = '';
  private received = 0;
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

  constructor(api: ApiKind, limits: ResponseLimitsPlan, countTokens: (text: string) => number) {
    this.api = api;
    this.limits = limits;
    this.tally = new TokenTally(countTokens);
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
    this.status = statusCode;
    this.contentType = String(headers['content-type'] ?? '');
    if (statusCode >= 400 || !this.contentType.includes('text/event-stream')) this.errorBody = '';
    else {
      this.interpret = createChunkInterpreter(this.api);
      // llama.cpp may also report a failure as an SSE `error:` field line.
      this.parser = new SseParser(
        (data) => this.onEvent(this.interpret!(data)),
        (value) => this.onEvent(interpretErrorField(value)),
        { maxLine: this.limits.lineBytes, maxEvent: this.limits.eventBytes, onOverflow: (message) => this.onEvent({ kind: 'invalid', message }) },
      );
    }
  }

  onResponseData(c: Controller, chunk: Buffer): void {
    this.received += chunk.length;
    if (this.received > this.limits.responseBytes && this.errorBody === null) {
      this.onEvent({ kind: 'invalid', message: `response over ${this.limits.responseBytes} bytes` });
      this.stop(c);
      return;
    }
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
        if (ev.output) {
          const now = performance.now();
          if (this.tFirst < 0) this.tFirst = now;
          else this.gaps.push(now - this.tLast);
          this.tLast = now;
          this.outputEvents++;
          if (ev.text.length > 0) this.tally.push(ev.text);
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
