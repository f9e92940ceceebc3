// A real loopback OpenAI-compatible streaming server with a programmable
// schedule. It is the ground truth for tests: what the load tester measures
// (TTFT, TPOT, ITL, E2E, RPS, token counts, failure classes) must match what
// this server was told to do.
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { performance } from 'node:perf_hooks';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';

export type Fault =
  | { kind: 'http'; status: number; body?: string }
  | { kind: 'html' }
  | { kind: 'not-sse' }
  | { kind: 'hang-after-headers' }
  | { kind: 'hang-before-headers' }
  | { kind: 'cut'; afterChunks: number }
  | { kind: 'end-early'; afterChunks: number }
  | { kind: 'error-event'; afterChunks: number; message?: string }
  | { kind: 'invalid-json'; afterChunks: number }
  | { kind: 'crash'; afterChunks: number };

export interface FaultRule {
  fault: Fault;
  /** Apply to every n-th completions request (1-based count: every: 2 hits the 2nd, 4th, ...). */
  every?: number;
  /** Apply to these 0-based completions request indices (ReceivedRequest.completionIndex). */
  requests?: number[];
}

export interface FakeSchedule {
  /** From request body fully received (or slot granted) to the first output chunk. */
  ttftMs: number;
  /** Up to this many ms more to the first chunk, drawn per request from a seeded uniform (noise a check can count on); 0: none. */
  ttftJitterMs: number;
  /** Between consecutive output chunks. */
  gapMs: number;
  /** Tokens per output chunk; the last chunk may carry fewer. */
  tokensPerChunk: number;
  /** Send the usage-only chunk when the request asks stream_options.include_usage. */
  usage: boolean;
  /** Chat: send {"role":"assistant","content":""} as soon as the request is received. */
  roleChunk: boolean;
  /** Requests generating at once; the rest queue FIFO. null = unlimited. */
  slots: number | null;
  /**
   * Extra ms per chunk gap for each other request generating at the moment
   * the gap is scheduled (a batch shares the engine, as in a real server):
   * gap = gapMs + gapPerActiveMs * (active - 1). 0 keeps the fixed schedule.
   */
  gapPerActiveMs: number;
  models: string[];
  systemFingerprint: string | null;
  /** true: generate exactly max_tokens; false: stop after min(max_tokens, stopAfter) with finish_reason "stop". */
  honourMinTokens: boolean;
  stopAfter: number;
  /** Chat: the first output chunk carries reasoning_content instead of content. */
  reasoning: boolean;
  /** First matching rule wins; a rule with neither every nor requests matches every request. */
  faults: FaultRule[];
  /** GET /metrics answers this Prometheus text (called per scrape); null: 404, as a server without metrics. */
  metrics: (() => string) | null;
}

export interface ReceivedRequest {
  /** Position in FakeServer.requests (all paths). */
  index: number;
  /** 0-based count among POSTs to the two completions paths; null for other requests. Faults key on this. */
  completionIndex: number | null;
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  /** Parsed JSON; the raw text when it was not JSON; null when empty. */
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any
  /** performance.now() when the body was fully received. */
  receivedAt: number;
}

export interface FakeServer {
  url: string;
  port: number;
  requests: ReceivedRequest[];
  /** TCP connections accepted so far. */
  readonly connections: number;
  /** Highest number of completions requests open (queued or generating) at once. */
  readonly maxInFlight: number;
  /** Completions requests open now. */
  readonly inFlight: number;
  /** True once a 'crash' fault fired. */
  readonly crashed: boolean;
  /**
   * How late output chunks left the server versus their absolute target, in
   * ms (down to -0.5: chunks may leave that early to cancel timer lateness).
   * Lets a test tell server-side lateness (an overloaded event loop) from
   * what the client under test measured.
   */
  readonly lag: { readonly chunks: number; readonly meanMs: number; readonly maxMs: number };
  /** Starts a fresh lag window, e.g. after a warm-up phase. */
  resetLag(): void;
  /** Applies to requests received afterwards (slots: also to queued ones). */
  setSchedule(patch: Partial<FakeSchedule>): void;
  close(): Promise<void>;
}

export const DEFAULT_SCHEDULE: Readonly<FakeSchedule> = Object.freeze({
  ttftMs: 20,
  ttftJitterMs: 0,
  gapMs: 5,
  tokensPerChunk: 1,
  usage: true,
  roleChunk: true,
  slots: null,
  gapPerActiveMs: 0,
  models: ['fake-model'],
  systemFingerprint: 'fp_fake',
  honourMinTokens: true,
  stopAfter: 8,
  reasoning: false,
  faults: [],
  metrics: null,
});

/** One output token; " tok" is exactly one o200k_base token, also when repeated. */
export const TOKEN_TEXT = ' tok';
export const DEFAULT_MAX_TOKENS = 16;

const CHAT_PATH = '/v1/chat/completions';
const COMPLETIONS_PATH = '/v1/completions';

// Node timers have 1 ms granularity and fire up to ~1 ms late; sending a chunk
// this much before its target keeps the mean error near zero instead of
// biasing every measured TTFT upwards.
const EARLY_MS = 0.5;

interface Timed {
  due: number;
  dead: boolean;
  run(): void;
}

/**
 * One timer for all streams: a min-heap of absolute due times. Per-stream
 * timers would work too, but one heap lets a late tick send every overdue
 * chunk in the same pass, which keeps hundreds of streams on schedule.
 */
class Clock {
  private heap: Timed[] = [];
  private timer: NodeJS.Timeout | null = null;
  private armedFor = Infinity;
  private ticking = false;
  private stopped = false;

  at(item: Timed): void {
    if (this.stopped) return;
    this.push(item);
    if (!this.ticking && item.due < this.armedFor) this.arm();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.heap = [];
  }

  private arm(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.armedFor = Infinity;
    const top = this.heap[0];
    if (!top || this.stopped) return;
    this.armedFor = top.due;
    this.timer = setTimeout(this.tick, Math.max(0, top.due - performance.now() - EARLY_MS));
  }

  private readonly tick = (): void => {
    this.timer = null;
    this.armedFor = Infinity;
    this.ticking = true;
    try {
      for (;;) {
        const top = this.heap[0];
        if (!top || this.stopped) break;
        if (top.dead) {
          this.pop();
          continue;
        }
        // Re-read the clock per item: writes take time and a long pass must
        // not send later chunks early.
        if (top.due > performance.now() + EARLY_MS) break;
        this.pop();
        top.run();
      }
    } finally {
      this.ticking = false;
      this.arm();
    }
  };

  private push(item: Timed): void {
    const h = this.heap;
    h.push(item);
    let i = h.length - 1;
    while (i > 0) {
      const p = (i - 1) >> 1;
      const parent = h[p]!;
      if (parent.due <= item.due) break;
      h[i] = parent;
      i = p;
    }
    h[i] = item;
  }

  private pop(): void {
    const h = this.heap;
    const last = h.pop();
    if (!last || h.length === 0) return;
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      if (l >= h.length) break;
      const r = l + 1;
      const c = r < h.length && h[r]!.due < h[l]!.due ? r : l;
      if (h[c]!.due >= last.due) break;
      h[i] = h[c]!;
      i = c;
    }
    h[i] = last;
  }
}

// Prompts repeat a lot in load tests; tokenizing a long one costs ~0.1 ms per
// 1k tokens and runs on the same event loop as the client under test.
const promptTokenCache = new Map<string, number>();
function promptTokens(text: string): number {
  const hit = promptTokenCache.get(text);
  if (hit !== undefined) return hit;
  const n = countTokens(text);
  if (promptTokenCache.size >= 512) promptTokenCache.clear();
  promptTokenCache.set(text, n);
  return n;
}

function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) {
    let s = '';
    for (const part of content) {
      if (part && typeof part === 'object' && typeof (part as { text?: unknown }).text === 'string') {
        s += (part as { text: string }).text;
      }
    }
    return s;
  }
  return '';
}

function promptText(kind: 'chat' | 'completions', body: Record<string, unknown>): string | number {
  if (kind === 'chat') {
    const messages = Array.isArray(body.messages) ? body.messages : [];
    let s = '';
    for (const m of messages) {
      if (m && typeof m === 'object') s += contentText((m as { content?: unknown }).content);
    }
    return s;
  }
  const p = body.prompt;
  if (typeof p === 'string') return p;
  if (Array.isArray(p)) {
    // A token-id array is already tokenized: its length is the count.
    if (p.every((x) => typeof x === 'number')) return p.length;
    return p.filter((x): x is string => typeof x === 'string').join('');
  }
  return '';
}

function pickFault(completionIndex: number, rules: FaultRule[]): Fault | null {
  for (const rule of rules) {
    const hasEvery = rule.every !== undefined;
    const hasList = rule.requests !== undefined;
    if (!hasEvery && !hasList) return rule.fault;
    if (hasList && rule.requests!.includes(completionIndex)) return rule.fault;
    if (hasEvery && rule.every! > 0 && (completionIndex + 1) % rule.every! === 0) return rule.fault;
  }
  return null;
}

function errorBody(status: number, message: string): string {
  const type = status >= 500 ? 'server_error' : status === 401 ? 'authentication_error' : 'invalid_request_error';
  return JSON.stringify({ error: { message, type, param: null, code: status } });
}

function sendJson(res: http.ServerResponse, status: number, body: string): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(body);
}

function checked(s: FakeSchedule): FakeSchedule {
  const bad = (what: string): never => {
    throw new Error(`fake server: invalid schedule: ${what}`);
  };
  if (!(s.ttftMs >= 0) || !(s.gapMs >= 0) || !(s.gapPerActiveMs >= 0)) bad('ttftMs, gapMs and gapPerActiveMs must be >= 0');
  if (!Number.isInteger(s.tokensPerChunk) || s.tokensPerChunk < 1) bad('tokensPerChunk must be an integer >= 1');
  if (s.slots !== null && (!Number.isInteger(s.slots) || s.slots < 1)) bad('slots must be null or an integer >= 1');
  if (!Number.isInteger(s.stopAfter) || s.stopAfter < 1) bad('stopAfter must be an integer >= 1');
  return s;
}

const HTML_PAGE = '<!DOCTYPE html>\n<html><head><title>Welcome</title></head>' + '<body><h1>It works!</h1><p>This is not an inference server.</p></body></html>\n';

let serversStarted = 0;

/**
 * mulberry32: a small seeded generator, kept here rather than imported from
 * src/ because scripts/fake-server.ts runs this file with Node's type
 * stripping, which resolves no .js import to a .ts file.
 */
function seeded(seed: number): { next(): number } {
  let a = (seed * 0x9e3779b9) >>> 0;
  return {
    next(): number {
      a = (a + 0x6d2b79f5) >>> 0;
      let t = a;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    },
  };
}

export async function startFakeServer(initial: Partial<FakeSchedule> = {}, listenPort = 0): Promise<FakeServer> {
  let schedule: FakeSchedule = checked({ ...DEFAULT_SCHEDULE, ...initial });
  const requests: ReceivedRequest[] = [];
  const sockets = new Set<Socket>();
  const clock = new Clock();
  // Seeded by the server's place in the process: the same draws on every run, other draws for each server.
  const jitter = seeded(++serversStarted);
  const queue: Stream[] = [];
  let active = 0;
  let connections = 0;
  let inFlight = 0;
  let maxInFlight = 0;
  let completionCount = 0;
  let crashed = false;
  let closing = false;
  let lagCount = 0;
  let lagSum = 0;
  let lagMax = 0;

  // The tokenizer's first call loads its tables (~3 ms); do it before any
  // request is timed.
  promptTokens('warm up');

  function grantSlots(): void {
    while (!closing && !crashed && queue.length > 0) {
      if (schedule.slots !== null && active >= schedule.slots) return;
      const next = queue.shift()!;
      if (next.dead) continue;
      active++;
      next.start(performance.now());
    }
  }

  function releaseSlot(): void {
    active--;
    grantSlots();
  }

  function crash(): void {
    if (crashed || closing) return;
    crashed = true;
    server.close();
    clock.stop();
    queue.length = 0;
    // Deferred so chunks written earlier in this tick (http corks the socket
    // until nextTick) reach the client before the connection dies.
    setImmediate(() => {
      for (const s of sockets) s.destroy();
    });
  }

  class Stream implements Timed {
    due = 0;
    dead = false;
    private holdsSlot = false;
    private t0 = 0;
    private next = 0;
    private readonly chunks: number;
    private readonly faultAt: number;
    private fullChunk: string | null = null;
    private readonly head: string;

    private readonly res: http.ServerResponse;
    private readonly kind: 'chat' | 'completions';
    private readonly sched: FakeSchedule;
    private readonly fault: Fault | null;
    private readonly nOut: number;
    private readonly nIn: number;
    private readonly finishReason: string;
    private readonly includeUsage: boolean;

    // Plain fields, not parameter properties: Node runs this file with type
    // stripping only (scripts/fake-server.ts), which has no parameter properties.
    constructor(
      res: http.ServerResponse,
      kind: 'chat' | 'completions',
      sched: FakeSchedule,
      fault: Fault | null,
      nOut: number,
      nIn: number,
      finishReason: string,
      includeUsage: boolean,
      id: string,
      model: string,
    ) {
      this.res = res;
      this.kind = kind;
      this.sched = sched;
      this.fault = fault;
      this.nOut = nOut;
      this.nIn = nIn;
      this.finishReason = finishReason;
      this.includeUsage = includeUsage;
      this.chunks = Math.ceil(nOut / sched.tokensPerChunk);
      this.faultAt = fault && 'afterChunks' in fault ? Math.max(0, Math.min(fault.afterChunks, this.chunks)) : -1;
      const object = kind === 'chat' ? 'chat.completion.chunk' : 'text_completion';
      const created = Math.floor(Date.now() / 1000);
      const fp = sched.systemFingerprint === null ? '' : `"system_fingerprint":${JSON.stringify(sched.systemFingerprint)},`;
      this.head = `data: {"id":"${id}","object":"${object}","created":${created},"model":${JSON.stringify(model)},${fp}`;
    }

    private extra: number | null = null;

    /** This request's time to its first chunk: the schedule's, plus its own draw of the jitter. */
    ttft(): number {
      this.extra ??= this.sched.ttftJitterMs > 0 ? jitter.next() * this.sched.ttftJitterMs : 0;
      return this.sched.ttftMs + this.extra;
    }

    start(t0: number): void {
      this.holdsSlot = true;
      this.t0 = t0;
      this.due = t0 + this.ttft();
      clock.at(this);
    }

    roleChunk(): string {
      return `${this.head}"choices":[{"index":0,"delta":{"role":"assistant","content":""},"finish_reason":null}]}\n\n`;
    }

    private chunk(text: string, reasoning: boolean, finish: string | null): string {
      const fin = finish === null ? 'null' : JSON.stringify(finish);
      const t = JSON.stringify(text);
      if (this.kind === 'completions') {
        return `${this.head}"choices":[{"index":0,"text":${t},"finish_reason":${fin}}]}\n\n`;
      }
      const delta = reasoning ? `{"reasoning_content":${t}}` : `{"content":${t}}`;
      return `${this.head}"choices":[{"index":0,"delta":${delta},"finish_reason":${fin}}]}\n\n`;
    }

    private outputChunk(i: number): string {
      const k = this.sched.tokensPerChunk;
      const tokens = Math.min(k, this.nOut - i * k);
      const last = i === this.chunks - 1;
      const reasoning = this.kind === 'chat' && this.sched.reasoning && i === 0;
      if (!last && !reasoning && tokens === k) {
        // The common chunk is identical every time; build it once.
        this.fullChunk ??= this.chunk(TOKEN_TEXT.repeat(k), false, null);
        return this.fullChunk;
      }
      return this.chunk(TOKEN_TEXT.repeat(tokens), reasoning, last ? this.finishReason : null);
    }

    run(): void {
      if (this.dead || crashed) return;
      const res = this.res;
      const i = this.next;
      if (i === this.faultAt && this.fault) {
        const f = this.fault;
        switch (f.kind) {
          case 'invalid-json':
            res.write('data: {"id": this is not json\n\n');
            break;
          case 'cut': {
            this.finish();
            const socket = res.socket;
            setImmediate(() => socket?.destroy());
            return;
          }
          case 'end-early':
            this.finish();
            res.end();
            return;
          case 'error-event': {
            this.finish();
            const message = f.message ?? 'fake server error';
            res.end(`data: ${JSON.stringify({ error: { code: 500, message, type: 'server_error' } })}\n\n`);
            return;
          }
          case 'crash':
            this.finish();
            crash();
            return;
          default:
            break;
        }
      }
      if (i < this.chunks) {
        const late = performance.now() - this.due;
        lagCount++;
        lagSum += late;
        if (late > lagMax) lagMax = late;
        res.write(this.outputChunk(i));
      }
      this.next = i + 1;
      const faultStillAhead = this.faultAt === this.chunks && i < this.chunks;
      if (this.next < this.chunks || faultStillAhead) {
        // With contention each gap depends on the batch at that moment, so
        // the schedule advances gap by gap instead of from t0.
        if (this.sched.gapPerActiveMs > 0) this.due += this.sched.gapMs + this.sched.gapPerActiveMs * (active - 1);
        else this.due = this.t0 + this.ttft() + this.next * this.sched.gapMs;
        clock.at(this);
        return;
      }
      this.finish();
      let tail = '';
      if (this.includeUsage) {
        const usage = { prompt_tokens: this.nIn, completion_tokens: this.nOut, total_tokens: this.nIn + this.nOut };
        tail += `${this.head}"choices":[],"usage":${JSON.stringify(usage)}}\n\n`;
      }
      res.end(`${tail}data: [DONE]\n\n`);
    }

    /** Stops scheduling and frees the slot; safe to call more than once. */
    finish(): void {
      if (this.dead) return;
      this.dead = true;
      if (this.holdsSlot) {
        this.holdsSlot = false;
        releaseSlot();
      }
    }
  }

  function handleCompletion(kind: 'chat' | 'completions', rec: ReceivedRequest, res: http.ServerResponse, parsedOk: boolean): void {
    inFlight++;
    if (inFlight > maxInFlight) maxInFlight = inFlight;
    let stream: Stream | null = null;
    // HTTP/1.1 clients never half-close mid-response, so a FIN means the
    // client gave up; without this the slot would stay busy until the next
    // write fails, up to a whole TTFT later.
    const socket = res.socket;
    const onClientEnd = (): void => {
      res.destroy();
    };
    socket?.once('end', onClientEnd);
    res.on('close', () => {
      inFlight--;
      socket?.off('end', onClientEnd);
      // A client that goes away must not keep a slot busy.
      stream?.finish();
    });

    const body = rec.body as unknown;
    if (!parsedOk || typeof body !== 'object' || body === null || Array.isArray(body)) {
      sendJson(res, 400, errorBody(400, 'request body is not a JSON object'));
      return;
    }
    const b = body as Record<string, unknown>;
    if (b.stream !== true) {
      sendJson(res, 400, errorBody(400, 'fake server only supports stream: true'));
      return;
    }
    const rawMax = b.max_tokens ?? b.max_completion_tokens ?? DEFAULT_MAX_TOKENS;
    if (typeof rawMax !== 'number' || !Number.isInteger(rawMax) || rawMax < 1) {
      sendJson(res, 400, errorBody(400, 'max_tokens must be a positive integer'));
      return;
    }
    if (kind === 'chat' && !Array.isArray(b.messages)) {
      sendJson(res, 400, errorBody(400, 'messages is required'));
      return;
    }
    if (kind === 'completions' && b.prompt === undefined) {
      sendJson(res, 400, errorBody(400, 'prompt is required'));
      return;
    }

    const sched = schedule;
    const maxTokens = rawMax;
    const nOut = sched.honourMinTokens ? maxTokens : Math.min(maxTokens, sched.stopAfter);
    const finishReason = nOut === maxTokens ? 'length' : 'stop';
    const prompt = promptText(kind, b);
    const nIn = typeof prompt === 'number' ? prompt : promptTokens(prompt);
    const model = typeof b.model === 'string' ? b.model : (sched.models[0] ?? 'fake-model');
    const opts = b.stream_options as { include_usage?: unknown } | undefined;
    const includeUsage = sched.usage && opts?.include_usage === true;
    const fault = pickFault(rec.completionIndex!, sched.faults);

    switch (fault?.kind) {
      case 'http': {
        const text = fault.body ?? errorBody(fault.status, `fake fault: HTTP ${fault.status}`);
        const isJson = /^\s*[[{]/.test(text);
        res.writeHead(fault.status, { 'content-type': isJson ? 'application/json' : 'text/plain; charset=utf-8' });
        res.end(text);
        return;
      }
      case 'html':
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.end(HTML_PAGE);
        return;
      case 'not-sse': {
        const text = TOKEN_TEXT.repeat(nOut);
        const choice = kind === 'chat' ? { index: 0, message: { role: 'assistant', content: text }, finish_reason: finishReason } : { index: 0, text, finish_reason: finishReason };
        const completion = {
          id: `${kind === 'chat' ? 'chatcmpl' : 'cmpl'}-fake-${rec.completionIndex}`,
          object: kind === 'chat' ? 'chat.completion' : 'text_completion',
          created: Math.floor(Date.now() / 1000),
          model,
          choices: [choice],
          usage: { prompt_tokens: nIn, completion_tokens: nOut, total_tokens: nIn + nOut },
        };
        sendJson(res, 200, JSON.stringify(completion));
        return;
      }
      case 'hang-before-headers':
        return;
      default:
        break;
    }

    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache',
    });
    if (fault?.kind === 'hang-after-headers') {
      res.flushHeaders();
      return;
    }
    stream = new Stream(res, kind, sched, fault, nOut, nIn, finishReason, includeUsage, `${kind === 'chat' ? 'chatcmpl' : 'cmpl'}-fake-${rec.completionIndex}`, model);
    if (kind === 'chat' && sched.roleChunk) res.write(stream.roleChunk());
    else res.flushHeaders();

    if (sched.slots === null || (active < sched.slots && queue.length === 0)) {
      active++;
      // Timed from body receipt, not from now: parsing and tokenizing above
      // must not shift the schedule.
      stream.start(rec.receivedAt);
    } else {
      queue.push(stream);
    }
  }

  function onBody(req: http.IncomingMessage, res: http.ServerResponse, raw: string): void {
    const receivedAt = performance.now();
    const method = req.method ?? 'GET';
    const url = req.url ?? '/';
    const q = url.indexOf('?');
    const path = q === -1 ? url : url.slice(0, q);
    const kind = path === CHAT_PATH ? 'chat' : path === COMPLETIONS_PATH ? 'completions' : null;
    const isCompletion = kind !== null && method === 'POST';
    let body: unknown = null;
    let parsedOk = true;
    if (raw.length > 0) {
      try {
        body = JSON.parse(raw);
      } catch {
        body = raw;
        parsedOk = false;
      }
    }
    const rec: ReceivedRequest = {
      index: requests.length,
      completionIndex: isCompletion ? completionCount++ : null,
      method,
      path,
      headers: req.headers,
      body,
      receivedAt,
    };
    requests.push(rec);
    // The client went away while sending: nothing to answer and no 'close' to come.
    if (res.destroyed) return;

    if (isCompletion) {
      handleCompletion(kind, rec, res, parsedOk);
    } else if (method === 'GET' && path === '/health') {
      sendJson(res, 200, '{"status":"ok"}');
    } else if (method === 'GET' && path === '/metrics' && schedule.metrics !== null) {
      res.writeHead(200, { 'content-type': 'text/plain; version=0.0.4; charset=utf-8' });
      res.end(schedule.metrics());
    } else if (method === 'GET' && path === '/v1/models') {
      const created = Math.floor(Date.now() / 1000);
      const data = schedule.models.map((id) => ({ id, object: 'model', created, owned_by: 'fake' }));
      sendJson(res, 200, JSON.stringify({ object: 'list', data }));
    } else if (kind !== null || path === '/health' || path === '/v1/models') {
      sendJson(res, 405, errorBody(405, `method ${method} not allowed on ${path}`));
    } else {
      sendJson(res, 404, errorBody(404, `no route for ${method} ${path}`));
    }
  }

  const server = http.createServer({ requestTimeout: 0, noDelay: true }, (req, res) => {
    res.setHeader('server', 'fake-llm/1.0');
    const parts: Buffer[] = [];
    req.on('data', (c: Buffer) => parts.push(c));
    req.on('end', () => onBody(req, res, Buffer.concat(parts).toString('utf8')));
  });
  // Long enough that a load test's pauses between cells never drop pooled connections.
  server.keepAliveTimeout = 60_000;
  server.on('connection', (socket: Socket) => {
    connections++;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  const closed = new Promise<void>((resolve) => server.once('close', () => resolve()));

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(listenPort, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;

  let closePromise: Promise<void> | null = null;

  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    get connections() {
      return connections;
    },
    get maxInFlight() {
      return maxInFlight;
    },
    get inFlight() {
      return inFlight;
    },
    get crashed() {
      return crashed;
    },
    get lag() {
      return { chunks: lagCount, meanMs: lagCount === 0 ? 0 : lagSum / lagCount, maxMs: lagMax };
    },
    resetLag(): void {
      lagCount = 0;
      lagSum = 0;
      lagMax = 0;
    },
    setSchedule(patch: Partial<FakeSchedule>): void {
      schedule = checked({ ...schedule, ...patch });
      grantSlots();
    },
    close(): Promise<void> {
      closePromise ??= (async () => {
        closing = true;
        clock.stop();
        queue.length = 0;
        if (server.listening) server.close();
        for (const s of sockets) s.destroy();
        await closed;
      })();
      return closePromise;
    },
  };
}
