// The client side of the benchmark: one process that plays the client under
// test against the null server (bench/client/null-server.mjs) and prints its
// figures as one JSON line (`RESULT {...}`). bench/client/run.mjs bundles this
// file with esbuild (it imports the real src/ modules), starts one process per
// phase and formats the report.
//
// Two clients are measured the same way:
//   real  llm-perf-gate itself: runCell -> InferenceClient.stream -> SseParser
//         -> chunk interpretation -> RequestRecord (the path a `run` takes)
//   thin  the limit: undici's dispatch API (the lowest-level undici API, the
//         one the real client uses), body reads scanned for newlines and an
//         arrival time kept per event; nothing parsed. BENCH_THIN=request
//         uses undici's request API (Readable body) instead.
//
// Timing: the server records each chunk's send time on CLOCK_MONOTONIC
// (process.hrtime), shared by all processes; performance.now() has a
// per-process origin, so each process measures its own offset once and every
// time is compared as milliseconds since a base both were given.
//
// Knobs for investigating (not used by run.mjs): BENCH_START=<chunks/s> starts
// the ingest ladder there, BENCH_ONESTEP=1 runs one step only (no retries, no
// lockstep), BENCH_DUMP=<path prefix> writes every chunk's send and arrival
// time, BENCH_CAP_ONLY=1 measures only request throughput in the rate phase,
// BENCH_SNAP=<path prefix> writes a heap snapshot with 2,048 streams open.
import { readFileSync, writeFileSync } from 'node:fs';
import { writeHeapSnapshot } from 'node:v8';
import { monitorEventLoopDelay, performance, PerformanceObserver } from 'node:perf_hooks';
import { Pool, request as undiciRequest } from 'undici';
import { InferenceClient } from '../../src/client/http.js';
import type { RequestRecord } from '../../src/load/record.js';
import type { LoadPlan, ResponseLimitsPlan, TargetPlan, TimeoutsPlan } from '../../src/config/plan.js';
import { createPacer } from '../../src/load/pace.js';
import { keepEveryGap } from '../../src/stats/gaps.js';
import { clockOffsetMs } from './clock.mjs';
import { runCell } from '../../src/load/run-cell.js';
import { raiseSchedulingPriority } from '../../src/run/priority.js';
import { arrivalOffsets } from '../../src/load/schedule.js';
import { DISPATCH_LAG_P99_LIMIT_MS, LOOP_DELAY_P99_LIMIT_MS, OFFERED_RATE_MIN_SHARE } from '../../src/run/saturation.js';
import type { WorkItem } from '../../src/workload/synth.js';

type Kind = 'real' | 'thin';

interface Args {
  cmd: 'ingest' | 'rate' | 'memory' | 'large';
  kind: Kind;
  url: string;
  base: string;
  quick: boolean;
  concurrency?: number;
  rates?: number[];
  /** ingest: one step at this many chunks/s instead of the ladder (a shard of the sharded client). */
  fixedRate?: number;
  /** ingest with fixedRate: one measurement, no retry of a failing step (the paired target points of run.mjs). */
  once?: boolean;
  /** Ask for the scheduling priority a run asks for (src/run/priority.ts) before measuring. */
  priority?: boolean;
  /** rate: measure only the closed-loop request throughput (as BENCH_CAP_ONLY). */
  capOnly?: boolean;
  /** rate: send only this shard of each open-loop schedule (src/load/shard.ts), as `run --shard` and workers do. */
  shard?: { index: number; count: number };
}

const args = JSON.parse(process.argv[2] ?? '{}') as Args;
const priority = args.priority ? raiseSchedulingPriority({}) : null;
if (priority !== null && !priority.raised) process.stderr.write(`driver: priority not raised: ${priority.note}\n`);
const BASE = BigInt(args.base);
const URL_ = args.url;
const CHAT = '/v1/chat/completions';
const HEADERS = { 'content-type': 'application/json', accept: 'text/event-stream' };
const gc = (globalThis as { gc?: () => void }).gc ?? ((): void => {});

function log(msg: string): void {
  process.stderr.write(`  [${args.kind} ${args.cmd}${args.concurrency ? ` c=${args.concurrency}` : ''}] ${msg}\n`);
}

// ---------------------------------------------------------------- clock

const OFF = clockOffsetMs(BASE);

// ---------------------------------------------------------------- the machine

/** Machine-wide CPU time from /proc/stat (ms, all cores): lets a step say how much other processes took. */
function procStat(): { busy: number; total: number } | null {
  try {
    const f = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0]!.trim().split(/\s+/).slice(1, 9).map(Number);
    const total = f.reduce((a, b) => a + b, 0);
    const idle = f[3]! + f[4]!;
    return { busy: (total - idle) * 10, total: total * 10 };
  } catch {
    return null;
  }
}

interface Noise {
  /** Times the kernel took the CPU away from the client while it could run. */
  involuntarySwitches: number;
  /** Share of the machine's CPU (all cores) used by processes other than client and server, %. */
  othersPct: number | null;
}

function noiseStart(): { ru: number; st: ReturnType<typeof procStat> } {
  return { ru: process.resourceUsage().involuntaryContextSwitches, st: procStat() };
}

function noiseEnd(start: ReturnType<typeof noiseStart>, clientCpuMs: number, serverCpuMs: number): Noise {
  const st = procStat();
  const invol = process.resourceUsage().involuntaryContextSwitches - start.ru;
  if (st === null || start.st === null || st.total - start.st.total <= 0) return { involuntarySwitches: invol, othersPct: null };
  const busy = st.busy - start.st.busy;
  const total = st.total - start.st.total;
  return { involuntarySwitches: invol, othersPct: Math.max(0, Math.round((1000 * (busy - clientCpuMs - serverCpuMs)) / total) / 10) };
}

/** Garbage-collection pauses of this process (start on the performance.now clock, duration ms, kind). */
const gcPauses: { start: number; ms: number; kind: number }[] = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) {
    const detail = (e as unknown as { detail?: { kind?: number } }).detail;
    gcPauses.push({ start: e.startTime, ms: e.duration, kind: detail?.kind ?? 0 });
  }
}).observe({ entryTypes: ['gc'] });

/** GC pauses that began inside [from, to) (performance.now ms): count, total, longest, and how many were not scavenges. */
function gcIn(from: number, to: number): { n: number; totalMs: number; maxMs: number; major: number } {
  let n = 0;
  let total = 0;
  let max = 0;
  let major = 0;
  for (const g of gcPauses) {
    if (g.start < from || g.start >= to) continue;
    n++;
    total += g.ms;
    if (g.ms > max) max = g.ms;
    if (g.kind !== 1) major++; // perf_hooks kinds: 1 scavenge, 2 minor mark-sweep, 4 mark-compact, 8 incremental marking, 16 weak callbacks
  }
  return { n, totalMs: r4(total), maxMs: r4(max), major };
}

// ---------------------------------------------------------------- stats

interface Pct {
  n: number;
  p50: number | null;
  p99: number | null;
  max: number | null;
}

function pct(values: Float64Array | number[]): Pct {
  const a = Float64Array.from(values).sort();
  const n = a.length;
  const at = (p: number): number | null => (n === 0 ? null : r4(a[Math.min(n - 1, Math.max(0, Math.ceil((p / 100) * n) - 1))]!));
  return { n, p50: at(50), p99: at(99), max: n === 0 ? null : r4(a[n - 1]!) };
}
const r4 = (x: number): number => Math.round(x * 1e4) / 1e4;
const r1 = (x: number): number => Math.round(x * 10) / 10;

// ---------------------------------------------------------------- requests

function model(tag: string, idx: number, gapMs: number, baseMs: number, mode: string): string {
  return `b.${tag}.${idx}.${Math.round(gapMs * 1000)}.${Math.round(baseMs * 1000)}.${mode}`;
}

/** One request of a step: the model name carries the null server's schedule. */
interface Req {
  m: string;
  n: number;
  prompt: string;
}

/** Exactly the bytes InferenceClient writes for this target (no extra body, no fixed output); built when sent, as the real client does. */
function thinBody(r: Req): string {
  return JSON.stringify({ model: r.m, stream: true, stream_options: { include_usage: true }, max_tokens: r.n, messages: [{ role: 'user', content: r.prompt }] });
}

const itemOf = (r: Req): WorkItem => ({ prompt: r.prompt, inputTokens: 16, maxTokens: r.n });

const TARGET: TargetPlan = {
  url: URL_,
  api: 'chat',
  model: null,
  apiKeyEnv: null,
  headers: {},
  extraBody: {},
  fixedOutput: false,
} as TargetPlan;
const TIMEOUTS: TimeoutsPlan = { connectMs: 10_000, requestMs: 120_000, idleMs: 30_000 };
/** The config's defaults (the large-response step stays below them). */
const LIMITS: ResponseLimitsPlan = { lineBytes: 1 << 20, eventBytes: 1 << 20, responseBytes: 1 << 27 };

function realClient(connections: number | null): InferenceClient {
  return new InferenceClient({ target: TARGET, timeouts: TIMEOUTS, limits: LIMITS, connections, apiKey: null, countTokens: (t) => Math.ceil(t.length / 4) });
}

function thinPool(connections: number | null): Pool {
  return new Pool(new URL(URL_).origin, {
    connections,
    pipelining: 1,
    connectTimeout: TIMEOUTS.connectMs,
    headersTimeout: TIMEOUTS.idleMs,
    bodyTimeout: TIMEOUTS.idleMs,
    keepAliveTimeout: 60_000,
    keepAliveMaxTimeout: 600_000,
  });
}

/** What either client observed of one stream: send time and the arrival of each output chunk (performance.now ms). */
interface Observed {
  idx: number;
  warm: boolean;
  tSend: number;
  arrivals: Float64Array;
  failed: string | null;
  cancelled: boolean;
}

// Every chunk's arrival is rebuilt from the gaps: the client keeps them all here (it folds them as usual too).
keepEveryGap(true);

function fromRecord(rec: RequestRecord): Observed {
  const n = rec.tFirst === null ? 0 : rec.outputEvents;
  const a = new Float64Array(n);
  if (n > 0) {
    a[0] = rec.tFirst!;
    for (let k = 1; k < n; k++) a[k] = a[k - 1]! + rec.gaps[k - 1]!;
  }
  return {
    idx: rec.index,
    warm: rec.warmup,
    tSend: rec.tSend,
    arrivals: a,
    failed: rec.failure === null ? null : `${rec.failure}: ${rec.message}`,
    cancelled: rec.cancelled,
  };
}

/**
 * The thin client through undici's request API (BENCH_THIN=request): the body
 * as a Readable stream, bytes scanned for newlines. An SSE event ends with an
 * empty line, so a newline right after a newline closes one: [role, n
 * outputs, usage, DONE]. Nothing is parsed.
 */
async function thinRequestStream(pool: Pool, body: string, n: number, idx: number, warm: boolean, signal?: AbortSignal): Promise<Observed> {
  const ev = new Float64Array(n + 3);
  let lastLF = false;
  let e = 0;
  const tSend = performance.now();
  const outputs = (): Float64Array => (e >= 2 ? ev.subarray(1, Math.min(e, n + 1)) : new Float64Array(0));
  try {
    const res = await pool.request({ method: 'POST', path: CHAT, headers: HEADERS, body, signal });
    await new Promise<void>((resolve, reject) => {
      res.body.on('data', (buf: Buffer) => {
        const t = performance.now();
        let i = buf.indexOf(10);
        while (i !== -1) {
          if ((i === 0 ? lastLF : buf[i - 1] === 10) && e < ev.length) ev[e++] = t;
          i = buf.indexOf(10, i + 1);
        }
        lastLF = buf[buf.length - 1] === 10;
      });
      res.body.on('end', resolve);
      res.body.on('error', reject);
    });
  } catch (err) {
    const cancelled = signal?.aborted === true;
    return { idx, warm, tSend, arrivals: outputs(), failed: cancelled ? null : String(err), cancelled };
  }
  const out = outputs();
  return { idx, warm, tSend, arrivals: out, failed: out.length === n ? null : `thin: ${out.length} of ${n} chunks`, cancelled: false };
}

/**
 * The thinnest client, the limit llm-perf-gate is compared with: undici's
 * lowest-level API (dispatch with a handler, no Readable body stream, the
 * same API the real client uses), every body read scanned for newlines and
 * stamped, nothing parsed. It keeps one arrival time per event, which any
 * client that measures must.
 */
function thinStream(pool: Pool, body: string, n: number, idx: number, warm: boolean, canceller?: Canceller): Promise<Observed> {
  const ev = new Float64Array(n + 3);
  let lastLF = false;
  let e = 0;
  const tSend = performance.now();
  const outputs = (): Float64Array => (e >= 2 ? ev.subarray(1, Math.min(e, n + 1)) : new Float64Array(0));
  let controller: Ctrl | null = null;
  return new Promise<Observed>((resolve) => {
    pool.dispatch({ method: 'POST', path: CHAT, headers: HEADERS, body }, {
      onRequestStart(c: Ctrl) {
        controller = c;
        if (canceller?.cancelled) c.abort(new Error('cancelled'));
        else canceller?.live.add(c);
      },
      onResponseStart() {},
      onResponseData(_c: unknown, buf: Buffer) {
        const t = performance.now();
        let i = buf.indexOf(10);
        while (i !== -1) {
          if ((i === 0 ? lastLF : buf[i - 1] === 10) && e < ev.length) ev[e++] = t;
          i = buf.indexOf(10, i + 1);
        }
        lastLF = buf[buf.length - 1] === 10;
      },
      onResponseEnd() {
        if (controller) canceller?.live.delete(controller);
        const out = outputs();
        resolve({ idx, warm, tSend, arrivals: out, failed: out.length === n ? null : `thin: ${out.length} of ${n} chunks`, cancelled: false });
      },
      onResponseError(_c: unknown, err: Error) {
        if (controller) canceller?.live.delete(controller);
        const cancelled = canceller?.cancelled === true;
        resolve({ idx, warm, tSend, arrivals: outputs(), failed: cancelled ? null : String(err), cancelled });
      },
    } as never);
  });
}

interface Ctrl {
  abort(e: Error): void;
}
/** Cancels the thin client's requests in flight without a listener per request. */
interface Canceller {
  cancelled: boolean;
  live: Set<Ctrl>;
}
function thin(pool: Pool, body: string, n: number, idx: number, warm: boolean, canceller?: Canceller, signal?: AbortSignal): Promise<Observed> {
  return process.env.BENCH_THIN === 'request' ? thinRequestStream(pool, body, n, idx, warm, signal) : thinStream(pool, body, n, idx, warm, canceller);
}

// ---------------------------------------------------------------- server log

interface Sent {
  receivedAt: number;
  sends: Float64Array;
}
interface ServerMeta {
  streams: number;
  lateness: { n: number; p50: number | null; p99: number | null; max: number | null };
  cpuMs: number;
}

async function serverLog(tag: string): Promise<{ byIdx: Map<number, Sent>; meta: ServerMeta }> {
  // Shards of the sharded client flood the null server at once: a connection it
  // resets is retried (a few times, then the error stands).
  let res;
  for (let attempt = 1; ; attempt++) {
    try {
      res = await undiciRequest(`${URL_}/_bench/log?tag=${encodeURIComponent(tag)}`);
      break;
    } catch (err) {
      if (attempt >= 3) throw err;
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  const meta = JSON.parse(String(res.headers['x-bench-meta'])) as ServerMeta;
  const ab = await res.body.arrayBuffer();
  const f = new Float64Array(ab);
  const byIdx = new Map<number, Sent>();
  for (let o = 0; o < f.length;) {
    const idx = f[o]!;
    const receivedAt = f[o + 1]!;
    const n = f[o + 2]!;
    byIdx.set(idx, { receivedAt, sends: f.subarray(o + 3, o + 3 + n) });
    o += 3 + n;
  }
  return { byIdx, meta };
}

// ---------------------------------------------------------------- closed loop

interface Conn {
  client?: InferenceClient;
  pool?: Pool;
}

interface ClosedOptions {
  c: number;
  count: number;
  warmup: number;
  reqs: Req[];
  chunks: (i: number) => number;
  /** Stop sending new requests after this many ms (runCell's max duration). */
  stopAfterMs?: number;
  /** Cancel requests still in flight this many ms after the start. */
  cancelAfterMs?: number;
  /** Times (ms after the start) at which to snapshot the process's CPU time. */
  cpuMarksMs?: number[];
  during?: (elapsedMs: number) => void;
}

interface ClosedRun {
  noise0: ReturnType<typeof noiseStart>;
  t0: number;
  observed: Observed[];
  cpuMs: number;
  /** CPU time (ms) at each requested mark, in order; NaN where the run ended first. */
  cpuAtMarks: number[];
  wallMs: number;
  loopP99Ms: number;
  loopMaxMs: number;
}

async function closedLoop(kind: Kind, conn: Conn, o: ClosedOptions): Promise<ClosedRun> {
  const noise0 = noiseStart();
  const cpu0 = process.cpuUsage();
  const cpuMs = (): number => {
    const u = process.cpuUsage(cpu0);
    return (u.user + u.system) / 1000;
  };
  const t0 = performance.now();
  const timers: NodeJS.Timeout[] = [];
  const cpuAtMarks = (o.cpuMarksMs ?? []).map(() => NaN);
  (o.cpuMarksMs ?? []).forEach((ms, k) => timers.push(setTimeout(() => (cpuAtMarks[k] = cpuMs()), ms)));
  const cancel = new AbortController();
  if (o.cancelAfterMs !== undefined) timers.push(setTimeout(() => cancel.abort(), o.cancelAfterMs));
  if (o.during) {
    const during = o.during;
    timers.push(setInterval(() => during(performance.now() - t0), 50));
  }
  const stopAt = o.stopAfterMs === undefined ? Infinity : t0 + o.stopAfterMs;
  let observed: Observed[];
  let loopP99Ms: number;
  let loopMaxMs: number;
  if (kind === 'real') {
    const client = conn.client!;
    const run = await runCell({
      load: { kind: 'concurrency', label: `c${o.c}`, concurrency: o.c } as LoadPlan,
      count: o.count,
      warmup: o.warmup,
      maxDurationMs: o.stopAfterMs ?? 120_000,
      seedMaterial: 'bench',
      maxTokens: (i) => o.chunks(i),
      send: (i, signal) => client.stream(itemOf(o.reqs[i]!), o.reqs[i]!.m, signal),
      cancel: cancel.signal,
    });
    observed = run.records.map(fromRecord);
    loopP99Ms = run.loopDelay.p99Ms;
    loopMaxMs = run.loopDelay.maxMs;
  } else {
    const pool = conn.pool!;
    const monitor = monitorEventLoopDelay({ resolution: 10 });
    monitor.enable();
    observed = [];
    let next = 0;
    const canceller: Canceller = { cancelled: false, live: new Set() };
    cancel.signal.addEventListener('abort', () => {
      canceller.cancelled = true;
      for (const c of canceller.live) c.abort(new Error('cancelled'));
    });
    const user = async (): Promise<void> => {
      while (next < o.count && performance.now() < stopAt && !cancel.signal.aborted) {
        const i = next++;
        observed.push(await thin(pool, thinBody(o.reqs[i]!), o.chunks(i), i, i < o.warmup, canceller, cancel.signal));
      }
    };
    await Promise.all(Array.from({ length: Math.min(o.c, o.count) }, user));
    monitor.disable();
    loopP99Ms = monitor.percentile(99) / 1e6;
    loopMaxMs = monitor.max / 1e6;
  }
  const total = cpuMs();
  const wallMs = performance.now() - t0;
  for (const t of timers) clearTimeout(t);
  return { noise0, t0, observed, cpuMs: total, cpuAtMarks, wallMs, loopP99Ms, loopMaxMs };
}

// ---------------------------------------------------------------- ingest: capacity and timing accuracy

interface StepResult {
  mode: string;
  concurrency: number;
  /** Chunks per second asked of the server: streams / gap. */
  nominalRate: number;
  meanChunksPerRequest: number;
  gapMs: number;
  /** Chunks the server sent per second inside the measured window. */
  achievedRate: number;
  /** Requests the client sent per second inside the window. */
  requestRate: number;
  windowMs: number;
  /** Client arrival minus server send, every chunk sent inside the window (ms). */
  err: Pct;
  /** Client TTFT minus server TTFT (receipt to first chunk), requests whose first chunk fell in the window (ms). */
  ttftErr: Pct;
  /** Server receipt of the whole request minus the client's t_send (ms); part of TTFT, not an error of it. */
  sendDelay: Pct;
  /** |client gap - server gap| between consecutive chunks in the window (ms). */
  itlErr: Pct;
  /** Client CPU time inside the window per chunk received there; request sends included (µs). */
  cpuUsPerChunk: number | null;
  /** Share of one core the client used inside the window. */
  cpuShare: number | null;
  chunks: number;
  requests: number;
  failures: number;
  failureExample: string | null;
  loopP99Ms: number;
  loopMaxMs: number;
  serverLateP99Ms: number | null;
  serverCpuMs: number;
  noise: Noise;
  /** The client's garbage-collection pauses inside the window. */
  gc: { n: number; totalMs: number; maxMs: number; major: number };
  attempts: number;
  pass: boolean;
}

const SQRT2_1 = 0.41421356237309515;

interface StepPlan {
  c: number;
  rate: number;
  mode: 's' | 'l';
  measureMs: number;
  roundMs: number;
}

async function ingestOnce(kind: Kind, conn: Conn, p: StepPlan): Promise<StepResult> {
  const { c, rate, mode } = p;
  const gapMs = (1000 * c) / rate;
  // Requests last between 0.5 and 1.5 times the mean, so that after the first
  // round ends and new requests start all the time, as in a real run.
  const meanN = Math.max(16, Math.round(p.roundMs / gapMs));
  const nOf = (i: number): number => Math.max(2, Math.round(meanN * (0.5 + ((i * SQRT2_1) % 1))));
  const warmMs = Math.max(0.55 * meanN * gapMs, 300 + 0.25 * c);
  const endMs = warmMs + p.measureMs;
  const count = c * (Math.ceil(endMs / (0.5 * meanN * gapMs)) + 2);
  const tag = `${TAG}${kind}${c}s${stepNo++}`;
  const reqs: Req[] = [];
  for (let i = 0; i < count; i++) reqs.push({ m: model(tag, i, gapMs, 1, mode), n: nOf(i), prompt: 'Say tok.' });
  gc();
  const run = await closedLoop(kind, conn, {
    c,
    count,
    warmup: c,
    reqs,
    chunks: nOf,
    stopAfterMs: endMs,
    cancelAfterMs: endMs + 20,
    cpuMarksMs: [warmMs, endMs],
  });
  const { byIdx, meta } = await serverLog(tag);
  const noise = noiseEnd(run.noise0, run.cpuMs, meta.cpuMs);

  // The window, on the shared clock: every user busy, the start-up burst over.
  const wa = run.t0 + OFF + warmMs;
  const wb = run.t0 + OFF + endMs;
  let failures = 0;
  let failureExample: string | null = null;
  let chunksIn = 0;
  let requestsIn = 0;
  const errs: number[] = [];
  const itl: number[] = [];
  const ttft: number[] = [];
  const sendDelay: number[] = [];
  let sentIn = 0;
  for (const o of run.observed) {
    const s = byIdx.get(o.idx);
    const tSend = o.tSend + OFF;
    if (tSend >= wa && tSend < wb) requestsIn++;
    if (o.failed !== null || s === undefined || (!o.cancelled && s.sends.length !== o.arrivals.length)) {
      if (o.cancelled && o.arrivals.length === 0) continue; // cancelled before it reached the server
      failures++;
      failureExample ??= o.failed ?? `chunk count mismatch: client ${o.arrivals.length}, server ${s?.sends.length ?? 'none'}`;
      continue;
    }
    const a = o.arrivals;
    const ss = s.sends;
    const n = Math.min(a.length, ss.length);
    for (let k = 0; k < n; k++) {
      const at = a[k]! + OFF;
      if (at >= wa && at < wb) chunksIn++;
      const sk = ss[k]!;
      if (sk < wa || sk >= wb) continue;
      errs.push(at - sk);
      if (k > 0) itl.push(Math.abs(a[k]! - a[k - 1]! - (sk - ss[k - 1]!)));
    }
    for (let k = 0; k < ss.length; k++) if (ss[k]! >= wa && ss[k]! < wb) sentIn++;
    if (!o.warm && n > 0 && ss[0]! >= wa && ss[0]! < wb) {
      ttft.push(a[0]! - o.tSend - (ss[0]! - s.receivedAt));
      sendDelay.push(s.receivedAt - tSend);
    }
  }
  if (process.env.BENCH_DUMP) {
    const rows: string[] = [];
    for (const o of run.observed) {
      const s = byIdx.get(o.idx);
      if (!s) continue;
      for (let k = 0; k < Math.min(o.arrivals.length, s.sends.length); k++) rows.push(`${o.idx} ${k} ${s.sends[k]!.toFixed(3)} ${(o.arrivals[k]! + OFF).toFixed(3)}`);
    }
    writeFileSync(`${process.env.BENCH_DUMP}-${kind}-${c}-${rate}-${mode}.txt`, `${wa} ${wb}\n${rows.join('\n')}`);
    const gcs = gcPauses.filter((g) => g.start + OFF >= wa - 200 && g.start + OFF < wb).map((g) => `${(g.start + OFF - wa).toFixed(1)}:${g.ms.toFixed(2)}ms/k${g.kind}`);
    process.stderr.write(`gc in window (ms after its start: pause/kind): ${gcs.join(' ')}\n`);
  }
  const windowMs = wb - wa;
  const cpuWin = run.cpuAtMarks[1]! - run.cpuAtMarks[0]!;
  const achievedRate = sentIn / (windowMs / 1000);
  const err = pct(errs);
  return {
    mode,
    concurrency: c,
    nominalRate: rate,
    meanChunksPerRequest: meanN,
    gapMs: r4(gapMs),
    achievedRate: Math.round(achievedRate),
    requestRate: Math.round(requestsIn / (windowMs / 1000)),
    windowMs: Math.round(windowMs),
    err,
    ttftErr: pct(ttft),
    sendDelay: pct(sendDelay),
    itlErr: pct(itl),
    cpuUsPerChunk: Number.isFinite(cpuWin) && chunksIn > 0 ? r1((cpuWin * 1000) / chunksIn) : null,
    cpuShare: Number.isFinite(cpuWin) ? r4(cpuWin / windowMs) : null,
    chunks: chunksIn,
    requests: run.observed.length,
    failures,
    failureExample,
    loopP99Ms: r4(run.loopP99Ms),
    loopMaxMs: r4(run.loopMaxMs),
    serverLateP99Ms: meta.lateness.p99 === null ? null : r4(meta.lateness.p99),
    serverCpuMs: Math.round(meta.cpuMs),
    noise,
    gc: gcIn(run.t0 + warmMs, run.t0 + endMs),
    attempts: 1,
    pass: failures === 0 && err.p99 !== null && err.p99 < 1 && achievedRate >= 0.9 * rate,
  };
}

let stepNo = 0;
/** Tags name a step's streams on the null server: unique per process, since shards of the sharded client run at once. */
const TAG = args.shard !== undefined || args.fixedRate !== undefined ? `p${process.pid}` : '';

/**
 * A failing step is tried once more, and up to 3 times while other processes
 * took a noticeable share of the machine (>= 10%); the best attempt is kept.
 * A p99 over a 2-second window moves by milliseconds with where the client's
 * own GC pauses fall (each attempt still contains several, see `gc`), and
 * other load only ever adds delay, so the best attempt is the closest to what
 * the client itself sustains. Every attempt is counted in `attempts`.
 */
async function ingestStep(kind: Kind, conn: Conn, p: StepPlan): Promise<StepResult> {
  let best: StepResult | null = null;
  for (let attempt = 1; attempt <= 3; attempt++) {
    const r = await ingestOnce(kind, conn, p);
    if (best === null || (r.pass && !best.pass) || (r.pass === best.pass && (r.err.p99 ?? Infinity) < (best.err.p99 ?? Infinity))) best = { ...r };
    best.attempts = attempt;
    if (best.pass || process.env.BENCH_ONESTEP) break;
    // Two tries, three while other processes were busy: one noisy try must not end the ladder.
    if (attempt >= 2 && (r.noise.othersPct ?? 0) < 10) break;
  }
  return best!;
}

const INGEST_START: Record<number, number> = { 1: 1000, 64: 4000, 512: 10_240, 2048: 16_384 };
const INGEST_MAX = 262_144;
/** The ladder's answer is bracketed to within this factor (see cmdIngest). */
const BRACKET = 1.2;

async function cmdIngest(): Promise<unknown> {
  const c = args.concurrency!;
  const kind = args.kind;
  const conn = kind === 'real' ? { client: realClient(c) } : { pool: thinPool(c) };
  const roundMs = args.quick ? 500 : 1000;
  const measureMs = args.quick ? 500 : 2000;
  // Warm-up: opens the connections and lets the JIT compile the hot path.
  await ingestOnce(kind, conn, { c, rate: args.fixedRate ?? INGEST_START[c] ?? 1000, mode: 's', measureMs: 200, roundMs: 300 });
  if (args.fixedRate !== undefined) {
    const plan = { c, rate: args.fixedRate, mode: 's' as const, measureMs, roundMs };
    const s = args.once ? await ingestOnce(kind, conn, plan) : await ingestStep(kind, conn, plan);
    log(`${s.nominalRate} chunks/s: err p50 ${s.err.p50} p99 ${s.err.p99} ms, cpu ${s.cpuShare} core, gc ${s.gc.n} pauses max ${s.gc.maxMs} ms, others ${s.noise.othersPct}%`);
    await (conn.client ? conn.client.close() : conn.pool!.close());
    return { concurrency: c, steps: [s] };
  }
  const steps: StepResult[] = [];
  // --quick skips the 1-stream ladder's first rung (1,000 chunks/s).
  let rate = Number(process.env.BENCH_START) || (args.quick && c === 1 ? 4000 : (INGEST_START[c] ?? 1000));
  let lastPass: number | null = null;
  let firstFail: number | null = null;
  const factor = args.quick ? 4 : 2;
  const show = (s: StepResult): void =>
    log(
      `${s.mode === 'l' ? 'lockstep ' : ''}${s.nominalRate} chunks/s: achieved ${s.achievedRate}, err p50 ${s.err.p50} p99 ${s.err.p99} max ${s.err.max} ms, ` +
        `cpu ${s.cpuUsPerChunk} us/chunk (${s.cpuShare} core), loop p99 ${s.loopP99Ms} ms, server late p99 ${s.serverLateP99Ms} ms, ` +
        `gc ${s.gc.n} pauses max ${s.gc.maxMs} ms, others ${s.noise.othersPct}%, attempts ${s.attempts}${s.pass ? '' : '  FAIL'}${s.failures ? ` ${s.failures} failed: ${s.failureExample}` : ''}`,
    );
  while (rate <= INGEST_MAX) {
    const s = await ingestStep(kind, conn, { c, rate, mode: 's', measureMs, roundMs });
    steps.push(s);
    show(s);
    if (process.env.BENCH_ONESTEP) break;
    if (!s.pass) {
      firstFail = rate;
      break;
    }
    lastPass = rate;
    rate *= factor;
  }
  // Bisection (geometric) between the last pass and the first failure until
  // they are within BRACKET of each other: a ladder that only doubles reports
  // half the capacity when one step near the top is noisy, so its figure moved
  // by 2x run to run; within 1.2 the figure is stable to the bracket.
  while (lastPass !== null && firstFail !== null && firstFail / lastPass > BRACKET) {
    const mid = Math.round(Math.sqrt(lastPass * firstFail));
    const s = await ingestStep(kind, conn, { c, rate: mid, mode: 's', measureMs, roundMs });
    steps.push(s);
    show(s);
    if (s.pass) lastPass = mid;
    else firstFail = mid;
  }
  let lockstep: StepResult | null = null;
  if (c === 512 && !process.env.BENCH_ONESTEP) {
    lockstep = await ingestOnce(kind, conn, { c, rate: 10_240, mode: 'l', measureMs, roundMs });
    show(lockstep);
  }
  const passed = steps.filter((s) => s.pass);
  const capacity = passed.length === 0 ? null : Math.max(...passed.map((s) => s.achievedRate));
  await (conn.client ? conn.client.close() : conn.pool!.close());
  return { concurrency: c, capacity, capacityNominal: lastPass, ceilingHit: firstFail === null, steps, lockstep };
}

// ---------------------------------------------------------------- open loop (rate accuracy)

interface RateResult {
  target: number;
  planned: number | null;
  offered: number | null;
  ratioPlanned: number | null;
  ratioTarget: number | null;
  lag: Pct;
  schedLag: Pct;
  requests: number;
  failures: number;
  failureExample: string | null;
  cpuUsPerRequest: number;
  loopP99Ms: number;
  saturatedBySelfCheck: string[];
  wallMs: number;
}

async function rateStep(kind: Kind, conn: Conn, rate: number, seconds: number): Promise<RateResult> {
  const warmup = Math.max(10, Math.round(rate * 0.2));
  const measured = Math.max(args.quick ? 20 : 50, Math.round(rate * seconds));
  const count = warmup + measured;
  const n = 2;
  const tag = `${TAG}${kind}r${rate}s${stepNo++}`;
  const load = { kind: 'rate', label: `r${rate}`, rate, arrival: 'poisson', burstiness: 1, maxConcurrency: null } as LoadPlan;
  const reqs: Req[] = [];
  for (let i = 0; i < count; i++) reqs.push({ m: model(tag, i, 1, 1, 'p'), n, prompt: 'Say tok.' });
  gc();
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  let lags: number[];
  let tSends: number[];
  let tScheds: number[];
  let planned: number | null;
  let loopP99Ms: number;
  let failures = 0;
  let failureExample: string | null = null;
  if (kind === 'real') {
    const client = conn.client!;
    const run = await runCell({
      load,
      count,
      warmup,
      maxDurationMs: 120_000,
      seedMaterial: 'bench',
      maxTokens: () => n,
      send: (i, cancel) => client.stream(itemOf(reqs[i]!), reqs[i]!.m, cancel),
      cancel: new AbortController().signal,
      shard: args.shard,
    });
    const measuredRecs = run.records.filter((r) => !r.warmup);
    // A shard's lags are of its own arrivals only: its warm-up ones come first.
    lags = run.dispatchLagMs.slice(run.dispatchLagMs.length - measuredRecs.length);
    tSends = measuredRecs.map((r) => r.tSend);
    tScheds = measuredRecs.map((r) => r.tSched);
    planned = run.plannedRps;
    loopP99Ms = run.loopDelay.p99Ms;
    for (const r of measuredRecs) {
      if (r.failure !== null) {
        failures++;
        failureExample ??= `${r.failure}: ${r.message}`;
      }
    }
  } else {
    const pool = conn.pool!;
    const monitor = monitorEventLoopDelay({ resolution: 10 });
    monitor.enable();
    const offsets = arrivalOffsets(load as Extract<LoadPlan, { kind: 'rate' }>, count, 'bench');
    const start = performance.now();
    const running: Promise<Observed>[] = [];
    lags = [];
    tSends = [];
    tScheds = [];
    // The same wait as runCell's open loop.
    const pacer = createPacer();
    for (let i = 0; i < count; i++) {
      const due = start + offsets[i]!;
      await pacer.wait(due);
      const now = performance.now();
      if (i >= warmup) {
        lags.push(now - due);
        tSends.push(now);
        tScheds.push(due);
      }
      running.push(thin(pool, thinBody(reqs[i]!), n, i, i < warmup));
    }
    const obs = await Promise.all(running);
    monitor.disable();
    loopP99Ms = monitor.percentile(99) / 1e6;
    planned = (measured - 1) / ((offsets[count - 1]! - offsets[warmup]!) / 1000);
    for (const o of obs) {
      if (!o.warm && o.failed !== null) {
        failures++;
        failureExample ??= o.failed;
      }
    }
  }
  const cpu = process.cpuUsage(cpu0);
  const wallMs = performance.now() - t0;
  await serverLog(tag); // forget the streams
  const sorted = [...tSends].sort((a, b) => a - b);
  const span = (sorted[sorted.length - 1]! - sorted[0]!) / 1000;
  const offered = span > 0 ? (sorted.length - 1) / span : null;
  const lagP = pct(lags);
  const sat: string[] = [];
  if (loopP99Ms > LOOP_DELAY_P99_LIMIT_MS) sat.push(`loop delay p99 ${loopP99Ms.toFixed(1)} ms`);
  const allLagP99 = lagP.p99;
  if (allLagP99 !== null && allLagP99 > DISPATCH_LAG_P99_LIMIT_MS) sat.push(`dispatch lag p99 ${allLagP99.toFixed(1)} ms`);
  if (offered !== null && planned !== null && offered < OFFERED_RATE_MIN_SHARE * planned) sat.push(`offered ${offered.toFixed(0)} < 95% of ${planned.toFixed(0)}`);
  return {
    target: rate,
    planned: planned === null ? null : r1(planned),
    offered: offered === null ? null : r1(offered),
    ratioPlanned: offered !== null && planned ? r4(offered / planned) : null,
    ratioTarget: offered !== null ? r4(offered / rate) : null,
    lag: lagP,
    schedLag: pct(tSends.map((t, i) => t - tScheds[i]!)),
    requests: count,
    failures,
    failureExample,
    cpuUsPerRequest: r1((((cpu.user + cpu.system) / 1000) * 1000) / count),
    loopP99Ms: r4(loopP99Ms),
    saturatedBySelfCheck: sat,
    wallMs: Math.round(wallMs),
  };
}

/**
 * Request throughput: 32 users in a closed loop, each request answered at once
 * with 2 chunks, for a fixed time: the most requests per second the client
 * can push through, and its CPU per request.
 */
async function requestCapacity(kind: Kind, conn: Conn, seconds: number): Promise<{ rps: number; cpuUsPerRequest: number; failures: number }> {
  const c = 32;
  const tag = `${TAG}${kind}rc${stepNo++}`;
  const count = Math.round(seconds * 20_000);
  const reqs: Req[] = [];
  for (let i = 0; i < count; i++) reqs.push({ m: model(tag, i, 0.05, 0, 'p'), n: 2, prompt: 'Say tok.' });
  gc();
  const run = await closedLoop(kind, conn, { c, count, warmup: 0, reqs, chunks: () => 2, stopAfterMs: seconds * 1000 });
  await serverLog(tag);
  const done = run.observed.filter((o) => o.failed === null && !o.cancelled).length;
  return { rps: Math.round(done / (run.wallMs / 1000)), cpuUsPerRequest: r1((run.cpuMs * 1000) / Math.max(1, run.observed.length)), failures: run.observed.length - done };
}

async function cmdRate(): Promise<unknown> {
  const kind = args.kind;
  const conn = kind === 'real' ? { client: realClient(null) } : { pool: thinPool(null) };
  const seconds = args.quick ? 1.5 : 3;
  await requestCapacity(kind, conn, 0.3); // warm-up: connections and JIT
  const capacity = await requestCapacity(kind, conn, Number(process.env.BENCH_CAP_SECONDS ?? (args.quick ? 1 : 2)));
  log(`request capacity: ${capacity.rps} req/s, ${capacity.cpuUsPerRequest} us CPU/request`);
  if (process.env.BENCH_CAP_ONLY || args.capOnly) return { capacity, rates: [] };
  await rateStep(kind, conn, 200, 0.5); // warm-up of the open loop
  const out: RateResult[] = [];
  for (const rate of args.rates ?? [10, 100, 1000, 5000]) {
    const r = await rateStep(kind, conn, rate, rate <= 10 ? Math.max(seconds, args.quick ? 3 : 5) : seconds);
    out.push(r);
    log(
      `${rate} req/s: offered ${r.offered} (planned ${r.planned}, ratio ${r.ratioPlanned}), lag p50 ${r.lag.p50} p99 ${r.lag.p99} ms, cpu ${r.cpuUsPerRequest} us/req${r.failures ? `, ${r.failures} failed: ${r.failureExample}` : ''}`,
    );
  }
  await (conn.client ? conn.client.close() : conn.pool!.close());
  return { capacity, rates: out };
}

// ---------------------------------------------------------------- memory

interface Mem {
  heapUsed: number;
  external: number;
  rss: number;
}
function mem(): Mem {
  gc();
  gc();
  const m = process.memoryUsage();
  return { heapUsed: m.heapUsed, external: m.external, rss: m.rss };
}
const perStream = (a: Mem, b: Mem, n: number): { heapKB: number; rssKB: number } => ({
  heapKB: r1((b.heapUsed + b.external - a.heapUsed - a.external) / n / 1024),
  rssKB: r1((b.rss - a.rss) / n / 1024),
});

async function cmdMemory(): Promise<unknown> {
  const kind = args.kind;
  const c = 2048;
  const conn = kind === 'real' ? { client: realClient(c) } : { pool: thinPool(c) };
  // Warm-up at low concurrency so the code is compiled before the baseline.
  await ingestOnce(kind, conn, { c: 64, rate: 2000, mode: 's', measureMs: 200, roundMs: 200 });
  await (conn.client ? conn.client.close() : conn.pool!.close());
  const conn2 = kind === 'real' ? { client: realClient(c) } : { pool: thinPool(c) };
  const n = args.quick ? 10 : 16;
  const gapMs = 250;
  const tag = `${TAG}${kind}mem${stepNo++}`;
  const reqs: Req[] = [];
  for (let i = 0; i < c; i++) reqs.push({ m: model(tag, i, gapMs, 500, 's'), n, prompt: 'Say tok.' });
  const before = mem();
  let open: Mem | null = null;
  // Sampled mid-stream: every request sent, each has received a few of its chunks.
  const run = await closedLoop(kind, conn2, {
    c,
    count: c,
    warmup: 0,
    reqs,
    chunks: () => n,
    during: (elapsed) => {
      if (open === null && elapsed > (args.quick ? 1500 : 2000)) {
        open = mem();
        if (process.env.BENCH_SNAP) writeHeapSnapshot(`${process.env.BENCH_SNAP}-${kind}.heapsnapshot`);
      }
    },
  });
  const { byIdx } = await serverLog(tag);
  const idle = mem(); // streams done, records kept, connections idle in the pool
  const okStreams = run.observed.filter((o) => o.failed === null && byIdx.get(o.idx)?.sends.length === n).length;
  void run;
  await (conn2.client ? conn2.client.close() : conn2.pool!.close());
  const openM = open as Mem | null;
  return {
    streams: c,
    okStreams,
    baselineMB: r1((before.heapUsed + before.external) / 2 ** 20),
    perOpenStream: openM ? perStream(before, openM, c) : null,
    perIdleConnection: perStream(before, idle, c),
  };
}

// ---------------------------------------------------------------- large prompts and responses

async function single(
  kind: Kind,
  conn: Conn,
  prompt: string,
  n: number,
  gapMs: number,
  mode: string,
  during?: (e: number) => void,
): Promise<{ o: Observed; s: Sent | undefined; cpuMs: number; wallMs: number }> {
  const tag = `${TAG}${kind}big${stepNo++}`;
  const m = model(tag, 0, gapMs, 1, mode);
  gc();
  // A giant event carries all n tokens in one chunk.
  const run = await closedLoop(kind, conn, { c: 1, count: 1, warmup: 0, reqs: [{ m, n, prompt }], chunks: () => (mode === 'g' ? 1 : n), during });
  const { byIdx } = await serverLog(tag);
  return { o: run.observed[0]!, s: byIdx.get(0), cpuMs: run.cpuMs, wallMs: run.wallMs };
}

async function cmdLarge(): Promise<unknown> {
  const kind = args.kind;
  const conn = kind === 'real' ? { client: realClient(1) } : { pool: thinPool(1) };
  await single(kind, conn, 'warm', 2000, 0, 'f');
  await single(kind, conn, 'warm', 5000, 0, 'g');
  const prompt = ' tok'.repeat(100_000);

  // 1. A 100,000-token prompt with a 16,000-token response paced at 16,000 chunks/s.
  const m0 = mem();
  let mid: Mem | null = null;
  const big = await single(kind, conn, prompt, 16_000, 1 / 16, 'p', (e) => {
    if (mid === null && e > 600) mid = mem();
  });
  const m1 = mem();
  const errs: number[] = [];
  if (big.s) for (let k = 0; k < big.o.arrivals.length; k++) errs.push(big.o.arrivals[k]! + OFF - big.s.sends[k]!);
  const midM = mid as Mem | null;
  const bigOut = {
    failed: big.o.failed,
    chunks: big.o.arrivals.length,
    uploadMs: big.s ? r4(big.s.receivedAt - (big.o.tSend + OFF)) : null,
    err: pct(errs),
    cpuMs: Math.round(big.cpuMs),
    heapMidMB: midM ? r4((midM.heapUsed + midM.external - m0.heapUsed - m0.external) / 2 ** 20) : null,
    heapRetainedKB: r1((m1.heapUsed + m1.external - m0.heapUsed - m0.external) / 1024),
  };
  log(`100k prompt + 16k response: upload ${bigOut.uploadMs} ms, err p99 ${bigOut.err.p99} ms, heap mid ${bigOut.heapMidMB} MB`);

  // 2. Responses of 10,000 and 100,000 tokens as fast as the client takes them:
  // the same cost per chunk for both means nothing grows with the response.
  const flood: Record<string, unknown>[] = [];
  for (const tokens of [10_000, 100_000]) {
    const f = await single(kind, conn, 'Say tok.', tokens, 0, 'f');
    const a = f.o.arrivals;
    flood.push({
      tokens,
      failed: f.o.failed,
      chunks: a.length,
      totalMs: a.length > 1 ? r1(a[a.length - 1]! - f.o.tSend) : null,
      usPerChunk: a.length > 1 ? r4(((a[a.length - 1]! - f.o.tSend) * 1000) / a.length) : null,
      cpuUsPerChunk: r4((f.cpuMs * 1000) / Math.max(1, a.length)),
    });
  }
  log(`floods: ${JSON.stringify(flood)}`);

  // 3. One SSE event holding 10,000 / 100,000 tokens (40 KB / 400 KB in one line, under the 1 MiB line cap): linear cost.
  const giant: Record<string, unknown>[] = [];
  for (const tokens of [10_000, 100_000]) {
    const g = await single(kind, conn, 'Say tok.', tokens, 0, 'g');
    const lat = g.s && g.o.arrivals.length === 1 ? r4(g.o.arrivals[0]! + OFF - g.s.sends[0]!) : null;
    giant.push({ tokens, failed: g.o.failed, latencyMs: lat, usPerKB: lat === null ? null : r4((lat * 1000) / ((tokens * 4) / 1024)) });
  }
  log(`giant events: ${JSON.stringify(giant)}`);
  await (conn.client ? conn.client.close() : conn.pool!.close());
  return { bigPrompt: bigOut, flood, giant };
}

// ---------------------------------------------------------------- main

const watchdog = setTimeout(() => {
  process.stderr.write(`driver: ${args.cmd} did not finish within its time bound; exiting\n`);
  process.exit(3);
}, 240_000);
watchdog.unref();

const result = args.cmd === 'ingest' ? await cmdIngest() : args.cmd === 'rate' ? await cmdRate() : args.cmd === 'memory' ? await cmdMemory() : await cmdLarge();
process.stdout.write(`RESULT ${JSON.stringify(result)}\n`);
process.exit(0);
