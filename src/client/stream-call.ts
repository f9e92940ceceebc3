// One streamed request on the wire (the undici dispatch handler and the SSE
// callbacks) and the decision of its outcome from what it gathered: the one
// place a request's failure class is decided.
import { performance } from 'node:perf_hooks';
import { errors as undiciErrors, type Dispatcher, type Pool } from 'undici';
import type { ApiKind, ResponseLimitsPlan, TtftFrom } from '../config/plan.js';
import { createChunkInterpreter, interpretErrorField, type StreamEvent } from './chunk.js';
import { GapRecorder } from '../stats/gaps.js';
import { clip, describeError } from './errors.js';
import type { FailureClass, RequestOutcome } from './outcome.js';
import { SseParser } from './sse.js';
import { TokenTally, type CountTokens } from './token-tally.js';

/** Bodies of error responses are read only this far: enough for a message. */
const ERROR_BODY_LIMIT = 4096;

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
export class StreamCall {
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
  /** Arrival of the first chunk with choices, output or not; kept only with target.ttft_from: first_chunk, -1 otherwise and before it. */
  tChunk = -1;
  /** TTFT is stamped at the first chunk with choices (vLLM's bench serve) instead of the first output. */
  private readonly fromChunk: boolean;
  /**
   * When the socket read being parsed arrived: every event the read completes
   * is stamped with it, as the thin client stamps its reads. Stamping after
   * the parse instead made each event late by the parse of everything before
   * it in the read (a 400 KB event by its whole JSON parse), and cost one
   * clock call per event.
   */
  private tRead = 0;
  /** Gaps between output events, bounded in events (a stream may send millions). */
  readonly gaps = new GapRecorder();
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

  /** The generated text as it arrived, when the caller asked for it (a conversation's real answers); null otherwise. */
  readonly textParts: string[] | null;
  /** UTF-16 units of generated text seen, kept or not. */
  textUnits = 0;
  /** Units kept in textParts at most: past them the text is counted, not kept. */
  private readonly keepUnits: number;

  constructor(api: ApiKind, limits: ResponseLimitsPlan, countTokens: CountTokens, keepText: number | false = false, ttftFrom: TtftFrom = 'output') {
    this.api = api;
    this.fromChunk = ttftFrom === 'first_chunk';
    this.limits = limits;
    this.tally = new TokenTally(countTokens);
    this.keepUnits = keepText === false ? 0 : keepText;
    this.textParts = keepText === false ? null : [];
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

  /** When TTFT is stamped: the first output, or (ttft_from: first_chunk) the first chunk with choices. Only once output arrived. */
  firstStamp(): number {
    return this.fromChunk && this.tChunk >= 0 && this.tChunk < this.tFirst ? this.tChunk : this.tFirst;
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
    this.tRead = performance.now();
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
        if (this.fromChunk && ev.choices && this.tChunk < 0) this.tChunk = this.tRead;
        if (ev.output) {
          const now = this.tRead;
          if (this.tFirst < 0) {
            this.tFirst = now;
            // Stamped at the first chunk, the wait from it to the first output is a gap, as vLLM's ITL has it.
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
}

function onDeadline(call: StreamCall): void {
  call.deadline();
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

/** The request's outcome from what its call gathered: the one place a failure class is decided. */
export function outcomeOf(call: StreamCall, err: unknown, cancelled: boolean, inputTokens: number, tSend: number, tDone: number): RequestOutcome {
  const { fail, interrupted } = failureOf(call, err, cancelled);
  const ok = fail === null && !interrupted;
  let nIn: number | null = null;
  let nOut: number | null = null;
  let tokenSource: RequestOutcome['tokenSource'] = null;
  if (ok) {
    // The server's count is taken unless it contradicts the stream: output
    // arrived (each output event carries at least one token) yet it says 0.
    // Then the client's count stands. Counts too high are judged where the
    // request's max_tokens is known (metrics/cell.ts trustedCounts).
    if (call.usageOut !== null && !(call.usageOut === 0 && call.outputEvents > 0)) {
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
    cancelled: interrupted,
  };
}

/** The failure, if any; `interrupted` when the run's cancel cut the request short (then it is no failure). */
function failureOf(call: StreamCall, err: unknown, cancelled: boolean): { fail: Failure | null; interrupted: boolean } {
  if (call.errorBody !== null) {
    const txt = call.errorBody.slice(0, ERROR_BODY_LIMIT);
    const status = call.status!;
    if (status >= 400) return { fail: { cls: status >= 500 ? 'http-5xx' : 'http-4xx', msg: `HTTP ${status}: ${clip(txt)}` }, interrupted: false };
    const got = clip(call.contentType, 60) || 'no content-type';
    return { fail: { cls: 'bad-response', msg: `expected text/event-stream, got '${got}': ${clip(txt, 80)}` }, interrupted: false };
  }
  if (err !== null) return cancelled ? { fail: null, interrupted: true } : { fail: classify(err, call.timedOut, call.status !== null), interrupted: false };
  if (call.fail !== null) return { fail: call.fail, interrupted: false };
  if (!call.sawDone && call.finishReason === null) return { fail: { cls: 'cut-off', msg: 'stream ended before [DONE] or a finish_reason' }, interrupted: false };
  if (call.outputEvents === 0) return { fail: { cls: 'bad-response', msg: emptyStreamMessage(call) }, interrupted: false };
  return { fail: null, interrupted: false };
}

/**
 * A 200 stream that ended properly (`[DONE]` or a finish_reason) but carried
 * no output at all: no content, reasoning or tool-call text in any event
 * (only `[DONE]`, or only empty deltas). It is a failed request, class
 * `bad-response`, whatever the server's usage says, and whatever its
 * finish_reason: every request asks for max_tokens >= 1, a benchmark request
 * that produced nothing has no TTFT or TPOT to measure, and counting it as
 * ok with 0 tokens let a server that answers `[DONE]` at once look fast and
 * error-free. The rare legitimate empty completion (a model that emits its
 * end-of-sequence token first) fails too: a workload that provokes it is not
 * measuring generation. A server whose usage says it generated tokens it did
 * not stream is named in the message. (docs/metrics.md, Failure classes.)
 */
function emptyStreamMessage(call: StreamCall): string {
  const end = call.sawDone ? (call.finishReason === null ? '[DONE]' : `finish_reason '${call.finishReason}' and [DONE]`) : `finish_reason '${call.finishReason}'`;
  const usage = call.usageOut === null ? '' : call.usageOut > 0 ? `; the server's usage claims ${call.usageOut} completion tokens it did not stream` : "; the server's usage says 0 completion tokens";
  return `the stream ended (${end}) without any output: no content, reasoning or tool-call text${usage}`;
}
