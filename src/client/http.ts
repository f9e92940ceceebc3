// The HTTP client for one OpenAI-compatible target: knows the wire, nothing
// about load or statistics. One undici Pool per target keeps connections alive
// across requests, so no request pays for a TCP handshake inside its TTFT.
// Each request's facts are gathered by one StreamCall and returned as a
// RequestOutcome, whose failure class is decided in one place (stream-call.ts).
import { performance } from 'node:perf_hooks';
import { Pool } from 'undici';
import type { ResponseLimitsPlan, TargetPlan, TimeoutsPlan } from '../config/plan.js';
import { timerMs } from '../util/timer.js';
import type { WorkItem } from '../workload/synth.js';
import { TargetError } from '../errors/target-error.js';
import { credentialsRefused, keyState } from './credentials.js';
import { clip } from './errors.js';
import { MAX_MODEL_ID_CHARS, readModels } from './models.js';
import type { RequestOutcome } from './outcome.js';
import { reachProblem } from './reach.js';
import { outcomeOf, StreamCall } from './stream-call.js';
import type { CountTokens } from './token-tally.js';

interface ClientOptions {
  target: TargetPlan;
  timeouts: TimeoutsPlan;
  /** What one response may make the client hold: a server may send anything. */
  limits: ResponseLimitsPlan;
  /** Most connections the pool may open; null = as many as the load needs. */
  connections: number | null;
  /** Resolved API key (read from the env var named in config); never logged. */
  apiKey: string | null;
  /** Client-side token count, used when the server sends no usage; called on slices (see token-tally.ts). */
  countTokens: CountTokens;
  /**
   * Resolves once countTokens can count (it answers null until then): a run
   * loads the tokenizer only when a server sends no usage, so a run against
   * a server that does never holds the tables in memory.
   */
  countTokensReady?: () => Promise<unknown>;
}

interface ServerInfo {
  /** The ids /v1/models lists, bounded where they are read (models.ts): none longer than MAX_MODEL_ID_CHARS, at most MAX_MODELS. */
  models: string[];
  /** Response headers that identify the server build (server, x-powered-by, ...). */
  headers: Record<string, string>;
  /** Server clock minus ours from the Date header, ms (the header has 1 s resolution); null without one. */
  clockOffsetMs: number | null;
  /** The /v1/models body's entries, as the server described them (trimmed). */
  modelEntries: unknown[];
}

const FINGERPRINT_HEADERS = ['server', 'x-powered-by', 'x-served-by', 'x-server-version', 'via'];
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
  /** Bodies built ahead of their send (prepare()), each used once. */
  private readonly prepared = new WeakMap<WorkItem, { model: string; body: Buffer }>();

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
      throw new TargetError(await reachProblem(err, this.opts.target.url, timerMs(this.opts.timeouts.connectMs)), 'GET', url, { cause: err });
    }
    const text = await readCapped(res.body, MODELS_BODY_LIMIT);
    if (res.statusCode === 401 || res.statusCode === 403) {
      throw new TargetError(`HTTP ${res.statusCode}: ${credentialsRefused(this.opts.target, keyState(this.opts.target, this.opts.apiKey))}`, 'GET', url);
    }
    if (res.statusCode !== 200) {
      throw new TargetError(`HTTP ${res.statusCode}: ${clip(text ?? '')}`, 'GET', url);
    }
    if (text === null) throw new TargetError(`/v1/models answered more than ${MODELS_BODY_LIMIT} bytes`, 'GET', url);
    const answer = readModels(text);
    if (!answer.ok) throw new TargetError(answer.problem, 'GET', url);
    if (answer.models.length === 0 && answer.dropped > 0 && this.opts.target.model === null) {
      throw new TargetError(`every model id /v1/models lists is longer than ${MAX_MODEL_ID_CHARS} characters; set target.model or --model`, 'GET', url);
    }
    const headers: Record<string, string> = {};
    for (const name of FINGERPRINT_HEADERS) {
      const v = res.headers[name];
      if (typeof v === 'string') headers[name] = clip(v, 120);
    }
    // The header truncates to the second: its midpoint is the unbiased guess, still +-0.5 s.
    const date = typeof res.headers.date === 'string' ? Date.parse(res.headers.date) : NaN;
    const clockOffsetMs = Number.isFinite(date) ? Math.round(date + 500 - Date.now()) : null;
    return { models: answer.models, headers, modelEntries: answer.entries, clockOffsetMs };
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
   * Builds the body of a request due soon, as bytes, so that its send does
   * not: a trace's burst of ten 40k-token prompts due at the same millisecond
   * otherwise serialises and encodes megabytes between its first send and its
   * last. The next stream() of this item with this model uses it, once.
   * Returns its size in bytes.
   */
  prepare(item: WorkItem, model: string): number {
    const body = Buffer.from(this.body(item, model), 'utf8');
    this.prepared.set(item, { model, body });
    return body.length;
  }

  /**
   * Send one streamed request and report what happened. The body is built
   * here (unless prepare() built it), when the request is due (a run of millions of requests never holds
   * them all), and before t_send. Never throws for request failures: they are data.
   */
  async stream(item: WorkItem, model: string, cancel?: AbortSignal): Promise<RequestOutcome> {
    return (await this.send(item, model, cancel, false)).outcome;
  }

  /**
   * stream(), also handing back the text the server generated ('' when the
   * request failed or was cancelled): the real answers a multi-turn session
   * sends back as its history. Only these requests keep their text, and at
   * most `keepUnits` UTF-16 units of it; `answerUnits` counts all it generated.
   */
  async streamText(item: WorkItem, model: string, cancel?: AbortSignal, keepUnits = Number.MAX_SAFE_INTEGER): Promise<{ outcome: RequestOutcome; answer: string; answerUnits: number }> {
    const { outcome, call } = await this.send(item, model, cancel, keepUnits);
    const ok = outcome.failure === null && !outcome.cancelled;
    return { outcome, answer: ok ? call.textParts!.join('') : '', answerUnits: ok ? call.textUnits : 0 };
  }

  private async send(item: WorkItem, model: string, cancel: AbortSignal | undefined, keepText: number | false): Promise<{ outcome: RequestOutcome; call: StreamCall }> {
    // One listener per cancel signal, not one per request: a run passes the
    // same signal to thousands of requests at once, and every add or remove of
    // a listener scans the signal's whole listener list.
    let group: Set<StreamCall> | undefined;
    if (cancel !== undefined) {
      group = this.cancelGroups.get(cancel);
      if (group === undefined) {
        const calls = new Set<StreamCall>();
        this.cancelGroups.set(cancel, calls);
        cancel.addEventListener(
          'abort',
          () => {
            for (const c of calls) c.cancelled();
          },
          { once: true },
        );
        group = calls;
      }
    }
    const pre = this.prepared.get(item);
    this.prepared.delete(item);
    const body = pre !== undefined && pre.model === model ? pre.body : this.body(item, model);
    for (let attempt = 1; ; attempt++) {
      const call = new StreamCall(this.opts.target.api, this.opts.limits, this.opts.countTokens, keepText, this.opts.target.ttftFrom);
      group?.add(call);
      const tSend = performance.now();
      const err = await call.run(this.pool, { method: 'POST', path: this.path, headers: this.headers, body }, this.requestMs);
      const tDone = performance.now();
      group?.delete(call);
      // The server sent no usable count: the client counts the text, once its tokenizer is there.
      if ((call.usageOut === null || call.usageOut === 0) && this.opts.countTokensReady !== undefined) await this.opts.countTokensReady();
      // llama-server answers "Keep-Alive: timeout=5" yet closes the connection
      // after a streamed reply; the next request written to that socket dies
      // before any response byte. The server never saw it, so sending it once
      // more on a fresh connection is safe, and its clock restarts then.
      if (attempt < STALE_SOCKET_ATTEMPTS && err !== null && call.status === null && !call.timedOut && !cancel?.aborted && isClosedSocket(err)) continue;
      return { outcome: outcomeOf(call, err, cancel?.aborted === true, item.inputTokens, tSend, tDone), call };
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

/** Two sends at most when a kept-alive socket turns out to be closed (see stream()). */
const STALE_SOCKET_ATTEMPTS = 2;

/** The socket was closed under a request before any response arrived (not a refused or timed-out connect). */
function isClosedSocket(err: unknown): boolean {
  const code = (err as { code?: string }).code ?? (err as { cause?: { code?: string } }).cause?.code;
  return code === 'UND_ERR_SOCKET' || code === 'ECONNRESET' || code === 'EPIPE';
}
