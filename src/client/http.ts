// The HTTP client for one OpenAI-compatible target: knows the wire, nothing
// about load or statistics. One undici Pool per target keeps connections alive
// across requests, so no request pays for a TCP handshake inside its TTFT.
import { performance } from 'node:perf_hooks';
import { Pool, errors as undiciErrors } from 'undici';
import type { TargetPlan, TimeoutsPlan } from '../config/plan.js';
import type { WorkItem } from '../workload/synth.js';
import { interpretData, interpretErrorField, type StreamEvent } from './chunk.js';
import { clip, describeError, TargetError } from './errors.js';
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
    const ac = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      ac.abort();
    }, this.opts.timeouts.requestMs);
    const onCancel = (): void => ac.abort();
    cancel?.addEventListener('abort', onCancel, { once: true });
    const api = this.opts.target.api;
    let sawDone = false;
    let usageIn: number | null = null;
    let usageOut: number | null = null;
    let text = '';
    let fail: { cls: FailureClass; msg: string } | null = null;

    const onEvent = (ev: StreamEvent): void => {
      if (fail || sawDone) return;
      switch (ev.kind) {
        case 'done':
          sawDone = true;
          return;
        case 'error':
          fail = { cls: 'stream-error', msg: `error event in stream: ${ev.message}` };
          return;
        case 'invalid':
          fail = { cls: 'bad-response', msg: ev.message };
          return;
        case 'chunk': {
          if (ev.output) {
            const now = performance.now();
            if (rec.tFirst === null) rec.tFirst = now;
            else rec.gaps.push(now - rec.tLast!);
            rec.tLast = now;
            rec.outputEvents++;
            text += ev.text;
          }
          if (ev.usage) {
            if (ev.usage.promptTokens !== null) usageIn = ev.usage.promptTokens;
            if (ev.usage.completionTokens !== null) usageOut = ev.usage.completionTokens;
          }
          if (ev.finishReason !== null) rec.finishReason = ev.finishReason;
          if (ev.systemFingerprint !== null) rec.systemFingerprint = ev.systemFingerprint;
        }
      }
    };

    rec.tSend = performance.now();
    try {
      const res = await this.pool.request({ method: 'POST', path: this.path, headers: this.headers, body, signal: ac.signal });
      rec.status = res.statusCode;
      const ctype = String(res.headers['content-type'] ?? '');
      if (res.statusCode >= 400) {
        const txt = await readLimited(res.body);
        fail = { cls: res.statusCode >= 500 ? 'http-5xx' : 'http-4xx', msg: `HTTP ${res.statusCode}: ${clip(txt)}` };
      } else if (!ctype.includes('text/event-stream')) {
        const txt = await readLimited(res.body);
        fail = { cls: 'bad-response', msg: `expected text/event-stream, got '${clip(ctype, 60) || 'no content-type'}': ${clip(txt, 80)}` };
      } else {
        // llama.cpp may also report a failure as an SSE `error:` field line.
        const parser = new SseParser(
          (data) => onEvent(interpretData(data, api)),
          (value) => onEvent(interpretErrorField(value)),
        );
        await new Promise<void>((resolve, reject) => {
          res.body.on('data', (chunk: Buffer) => {
            parser.push(chunk);
            // Stop reading once the server reported an error: the rest is noise.
            if (fail) res.body.destroy();
          });
          res.body.on('end', () => {
            parser.end();
            resolve();
          });
          res.body.on('error', (err) => (fail ? resolve() : reject(err)));
          res.body.on('close', () => resolve());
        });
        if (!fail && !sawDone && rec.finishReason === null) {
          fail = { cls: 'cut-off', msg: 'stream ended before [DONE] or a finish_reason' };
        }
      }
    } catch (err) {
      fail = cancel?.aborted ? null : classify(err, timedOut, rec.status !== null);
      if (cancel?.aborted) rec.cancelled = true;
    } finally {
      clearTimeout(timer);
      cancel?.removeEventListener('abort', onCancel);
    }
    rec.tDone = performance.now();
    if (fail) {
      rec.failure = (fail as { cls: FailureClass }).cls;
      rec.message = (fail as { msg: string }).msg;
      return;
    }
    if (rec.cancelled) return;
    if (usageOut !== null) {
      rec.nOut = usageOut;
      rec.nIn = usageIn ?? item.inputTokens;
      rec.tokenSource = 'server';
    } else {
      rec.nOut = text.length > 0 ? this.opts.countTokens(text) : 0;
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

async function readLimited(body: AsyncIterable<Buffer> & { destroy(): void }): Promise<string> {
  let out = '';
  try {
    for await (const chunk of body) {
      out += chunk.toString('utf8');
      if (out.length >= ERROR_BODY_LIMIT) break;
    }
  } catch {
    // A broken error body still leaves the status as the message.
  }
  body.destroy();
  return out.slice(0, ERROR_BODY_LIMIT);
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
