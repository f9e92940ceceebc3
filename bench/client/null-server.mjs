// The benchmark's "null" inference server: a loopback-only, raw-TCP HTTP/1.1
// server that streams pre-encoded OpenAI chat SSE chunks on a schedule and
// stamps every chunk with the moment it was written, on the clock all
// processes of the machine share (CLOCK_MONOTONIC via process.hrtime).
//
// It runs in its own process so that its CPU never competes with the client's
// event loop, and it is built to cost less per chunk than any client can: no
// node:http, no JSON parsing of requests, one string concatenation and one
// socket write per chunk.
//
//   node bench/client/null-server.mjs <base-hrtime-ns> [--spin]
//
// prints `LISTENING <port>` on stdout, and exits when stdin closes (so it can
// never outlive the benchmark that started it) or on SIGTERM.
//
// The request says what to stream, in the `model` field (the client under
// test sends whatever model name it is given):
//
//   b.<tag>.<idx>.<gapUs>.<baseUs>.<mode>     and "max_tokens": <n chunks>
//
//   mode s  staggered: first chunk at receipt + base + frac(idx * golden) * gap,
//           then one chunk every gap; streams spread evenly over a gap
//   mode l  lockstep: every stream's chunks fall on the same global grid of
//           period gap (a decode step: all streams receive a token at once)
//   mode p  plain: first chunk at receipt + base, then every gap
//   mode f  flood: all n chunks as fast as the socket takes them (backpressure)
//   mode g  giant: one single SSE event carrying n tokens of content
//
// Control routes (never timed):
// Every output event is preceded by an SSE comment line `: t_us <send time>`.
//
//   GET /_bench/log?tag=T   binary Float64Array [idx, receivedAt, k, send_0 .. send_k-1]*
//                           for every stream of tag T, k = chunks sent so far (then forgotten);
//                           header x-bench-meta: JSON {lateness, cpu, streams}
//   GET /v1/models          one model, so the real client's probe works
//
// Times are milliseconds since <base-hrtime-ns> (a double: sub-ns precision).
import net from 'node:net';
import { Buffer } from 'node:buffer';
import { performance } from 'node:perf_hooks';
import { setImmediate, setTimeout, clearTimeout } from 'node:timers';
import { clockOffsetMs } from './clock.mjs';

const BASE = BigInt(process.argv[2] ?? String(process.hrtime.bigint()));
const SPIN = process.argv.includes('--spin');

const OFF = clockOffsetMs(BASE);
const now = () => performance.now() + OFF;

const GOLDEN = 0.6180339887498949;
const CREATED = 1700000000;
const CHAT_PATH = '/v1/chat/completions';

// ---- lateness (how late chunks left versus their due time): proves the server kept up
let late = new Float64Array(1 << 16);
let lateN = 0;
function noteLate(x) {
  if (lateN === late.length) {
    const bigger = new Float64Array(late.length * 2);
    bigger.set(late);
    late = bigger;
  }
  late[lateN++] = x;
}
let cpuMark = process.cpuUsage();

/** Finished streams per tag: flat arrays of [idx, receivedAt, n, sends...]. */
const logs = new Map();

// ---- one timer for all paced streams: a min-heap of due times
const heap = [];
let timer = null;
let immediate = null;
let armedFor = Infinity;
let ticking = false;

function heapPush(s) {
  let i = heap.length;
  heap.push(s);
  while (i > 0) {
    const p = (i - 1) >> 1;
    if (heap[p].due <= s.due) break;
    heap[i] = heap[p];
    i = p;
  }
  heap[i] = s;
}
function heapPop() {
  const top = heap[0];
  const last = heap.pop();
  if (heap.length > 0) {
    let i = 0;
    const n = heap.length;
    for (;;) {
      const l = 2 * i + 1;
      if (l >= n) break;
      const r = l + 1;
      const c = r < n && heap[r].due < heap[l].due ? r : l;
      if (heap[c].due >= last.due) break;
      heap[i] = heap[c];
      i = c;
    }
    heap[i] = last;
  }
  return top;
}

function schedule(s) {
  heapPush(s);
  if (!ticking && s.due < armedFor) arm();
}

function arm() {
  if (timer !== null) clearTimeout(timer);
  timer = null;
  armedFor = Infinity;
  if (heap.length === 0) return;
  const due = heap[0].due;
  armedFor = due;
  const wait = due - now();
  if (SPIN) {
    // Precise pacing: a timer for the bulk of the wait, then turn the event
    // loop (setImmediate) until the due time. Costs a whole core while
    // streams are active, which on a small machine the client needs.
    if (wait > 1.2) timer = setTimeout(tick, wait - 1);
    else if (immediate === null) immediate = setImmediate(tick);
  } else if (wait <= 0) {
    if (immediate === null) immediate = setImmediate(tick);
  } else {
    // Node timers have 1 ms granularity: chunks due within the same
    // millisecond leave together, as a burst of separate writes (real servers
    // are burstier still: one decode step feeds every stream at once). Each
    // chunk is stamped when it is written, so pacing error never counts as
    // client error.
    timer = setTimeout(tick, wait);
  }
}

function tick() {
  timer = null;
  immediate = null;
  armedFor = Infinity;
  ticking = true;
  let t = now();
  while (heap.length > 0 && heap[0].due <= t) {
    const s = heapPop();
    if (!s.dead) {
      s.sendNext(t);
      if (!s.dead) heapPush(s);
    }
    t = now();
  }
  ticking = false;
  arm();
}

function frame(payload) {
  return `${payload.length.toString(16)}\r\n${payload}\r\n`;
}

const HEAD = 'HTTP/1.1 200 OK\r\ncontent-type: text/event-stream\r\ncache-control: no-cache\r\n' + 'server: llm-perf-gate-null/1\r\nconnection: keep-alive\r\ntransfer-encoding: chunked\r\n\r\n';

class Stream {
  constructor(conn, tag, idx, model, n, gapMs, baseMs, mode, receivedAt) {
    this.conn = conn;
    this.tag = tag;
    this.idx = idx;
    this.n = n;
    this.gap = gapMs;
    this.mode = mode;
    this.receivedAt = receivedAt;
    this.k = 0;
    this.dead = false;
    this.sends = new Float64Array(n);
    const id = `chatcmpl-${tag}-${idx}`;
    // vLLM's chunk, byte for byte (compact JSON, constant id and created).
    const head = `{"id":"${id}","object":"chat.completion.chunk","created":${CREATED},"model":"${model}",`;
    const out = (text, fin) => `data: ${head}"choices":[{"index":0,"delta":{"content":${text}},"logprobs":null,"finish_reason":${fin}}]}\n\n`;
    // Every output event is preceded by an SSE comment line with its send time
    // (µs since BASE, fixed width so the frame length is constant): visible on
    // the wire, ignored by any SSE client, so the JSON stays exactly vLLM's.
    this.ev = out('" tok"', 'null');
    this.evLast = out('" tok"', '"length"');
    this.giantEv = (tokens) => out(`"${' tok'.repeat(tokens)}"`, '"length"');
    const stampLen = ': t_us '.length + 12 + 1;
    this.hexLen = (stampLen + this.ev.length).toString(16) + '\r\n';
    this.hexLenLast = (stampLen + this.evLast.length).toString(16) + '\r\n';
    const usage = `data: ${head}"choices":[],"usage":{"prompt_tokens":16,"total_tokens":${16 + n},"completion_tokens":${n}}}\n\n`;
    this.tail = frame(usage) + frame('data: [DONE]\n\n') + '0\r\n\r\n';
    this.role = frame(`data: ${head}"choices":[{"index":0,"delta":{"role":"assistant","content":""},"logprobs":null,"finish_reason":null}]}\n\n`);
    if (mode === 's') this.due = receivedAt + baseMs + ((idx * GOLDEN) % 1) * gapMs;
    else if (mode === 'l') this.due = (Math.floor((receivedAt + baseMs) / gapMs) + 1) * gapMs;
    else this.due = receivedAt + baseMs;
    this.due0 = this.due;
  }

  chunkAt(k, t) {
    const us = String(Math.round(t * 1000)).padStart(12, ' ');
    if (k === this.n - 1) return `${this.hexLenLast}: t_us ${us}\n${this.evLast}\r\n`;
    return `${this.hexLen}: t_us ${us}\n${this.ev}\r\n`;
  }

  start() {
    // Logged from the start, so a stream the client cancels is in the log even
    // when the log is asked for before the server has seen the socket close.
    let arr = logs.get(this.tag);
    if (!arr) logs.set(this.tag, (arr = []));
    arr.push(this);
    this.conn.socket.write(HEAD + this.role, 'latin1');
    if (this.mode === 'f') this.flood();
    else if (this.mode === 'g') this.giant();
    else schedule(this);
  }

  /** Paced: the chunk due now. */
  sendNext(t) {
    if (this.conn.socket.destroyed) return this.finish(false);
    const k = this.k++;
    noteLate(t - this.due);
    this.sends[k] = t;
    this.conn.socket.write(this.chunkAt(k, t), 'latin1');
    if (this.k === this.n) return this.finish(true);
    this.due = this.due0 + this.k * this.gap;
  }

  /** As fast as the socket takes it: 256 chunks per write, wait for drain when full. */
  flood() {
    const sock = this.conn.socket;
    const step = () => {
      while (this.k < this.n) {
        if (sock.destroyed) return this.finish(false);
        const t = now();
        let out = '';
        const end = Math.min(this.n, this.k + 256);
        for (; this.k < end; this.k++) {
          this.sends[this.k] = t;
          out += this.chunkAt(this.k, t);
        }
        if (!sock.write(out, 'latin1')) {
          sock.once('drain', step);
          return;
        }
      }
      this.finish(true);
    };
    step();
  }

  /** One event whose content is n tokens: tests that a client has no line-length cap. */
  giant() {
    const t = now();
    this.sends[0] = t;
    const us = String(Math.round(t * 1000)).padStart(12, ' ');
    const payload = `: t_us ${us}\n${this.giantEv(this.n)}`;
    this.n = 1;
    this.k = 1;
    this.sends = this.sends.subarray(0, 1);
    this.conn.socket.write(frame(payload), 'latin1');
    this.finish(true);
  }

  finish(ok) {
    if (this.dead) return;
    this.dead = true;
    if (ok) this.conn.socket.write(this.tail, 'latin1');
    this.conn.stream = null;
    this.conn.resume();
  }
}

function percentile(sorted, p) {
  if (sorted.length === 0) return null;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

function answer(socket, status, type, body, extra = '') {
  const buf = typeof body === 'string' ? Buffer.from(body) : body;
  socket.write(`HTTP/1.1 ${status} X\r\ncontent-type: ${type}\r\ncontent-length: ${buf.length}\r\n${extra}connection: keep-alive\r\n\r\n`, 'latin1');
  socket.write(buf);
}

function logRoute(socket, tag) {
  const streams = logs.get(tag) ?? [];
  logs.delete(tag);
  // Chunks sent so far (all of them for a finished stream).
  let size = 0;
  for (const s of streams) size += 3 + s.k;
  const out = new Float64Array(size);
  let o = 0;
  for (const s of streams) {
    out[o++] = s.idx;
    out[o++] = s.receivedAt;
    out[o++] = s.k;
    out.set(s.sends.subarray(0, s.k), o);
    o += s.k;
  }
  const lat = late.slice(0, lateN).sort();
  const cpu = process.cpuUsage(cpuMark);
  cpuMark = process.cpuUsage();
  const meta = {
    streams: streams.length,
    lateness: { n: lateN, p50: percentile(lat, 50), p99: percentile(lat, 99), max: lateN ? lat[lateN - 1] : null },
    cpuMs: (cpu.user + cpu.system) / 1000,
  };
  lateN = 0;
  answer(socket, 200, 'application/octet-stream', Buffer.from(out.buffer), `x-bench-meta: ${JSON.stringify(meta)}\r\n`);
}

/** One keep-alive connection: a minimal HTTP/1.1 request reader (no pipelining needed). */
class Conn {
  constructor(socket) {
    this.socket = socket;
    this.buf = null;
    this.stream = null;
    this.need = -1; // body bytes still expected; -1 while reading the head
    this.head = null;
    this.parts = [];
    socket.setNoDelay(true);
    socket.on('data', (d) => this.onData(d));
    socket.on('error', () => {});
    socket.on('close', () => {
      if (this.stream) this.stream.finish(false);
    });
  }

  resume() {
    if (this.buf !== null && this.buf.length > 0) {
      const b = this.buf;
      this.buf = null;
      this.onData(b);
    }
  }

  onData(d) {
    if (this.stream) {
      this.buf = this.buf === null ? d : Buffer.concat([this.buf, d]);
      return;
    }
    if (this.need < 0) {
      const b = this.buf === null ? d : Buffer.concat([this.buf, d]);
      const end = b.indexOf('\r\n\r\n');
      if (end < 0) {
        this.buf = b;
        return;
      }
      this.head = b.toString('latin1', 0, end);
      const m = /\r\ncontent-length:\s*(\d+)/i.exec(this.head);
      this.need = m ? Number(m[1]) : 0;
      this.parts = [];
      this.buf = null;
      d = b.subarray(end + 4);
    }
    if (d.length >= this.need) {
      this.parts.push(d.subarray(0, this.need));
      const rest = d.subarray(this.need);
      this.need = -1;
      this.request(now(), this.head, this.parts);
      this.parts = [];
      if (rest.length > 0) {
        if (this.stream) this.buf = rest;
        else this.onData(rest);
      }
    } else {
      this.parts.push(d);
      this.need -= d.length;
    }
  }

  request(t, head, parts) {
    const sp1 = head.indexOf(' ');
    const method = head.slice(0, sp1);
    const target = head.slice(sp1 + 1, head.indexOf(' ', sp1 + 1));
    if (method === 'POST' && target === CHAT_PATH) {
      // Only the first bytes are read: model and max_tokens precede the messages.
      const first = parts.length > 0 ? parts[0].toString('latin1', 0, Math.min(parts[0].length, 512)) : '';
      const m = /"model":"b\.([A-Za-z0-9_-]+)\.(\d+)\.(\d+)\.(\d+)\.([slpfg])"/.exec(first);
      const mt = /"max_tokens":(\d+)/.exec(first);
      if (!m || !mt) {
        answer(this.socket, 400, 'application/json', '{"error":{"message":"null server: model must be b.<tag>.<idx>.<gapUs>.<baseUs>.<mode>"}}');
        return;
      }
      const model = `b.${m[1]}.${m[2]}.${m[3]}.${m[4]}.${m[5]}`;
      const s = new Stream(this, m[1], Number(m[2]), model, Number(mt[1]), Number(m[3]) / 1000, Number(m[4]) / 1000, m[5], t);
      this.stream = s;
      s.start();
      return;
    }
    if (method === 'GET' && target.startsWith('/_bench/log?tag=')) {
      logRoute(this.socket, decodeURIComponent(target.slice('/_bench/log?tag='.length)));
      return;
    }
    if (method === 'GET' && target === '/v1/models') {
      answer(this.socket, 200, 'application/json', '{"object":"list","data":[{"id":"null","object":"model","owned_by":"bench"}]}');
      return;
    }
    answer(this.socket, 404, 'application/json', '{"error":{"message":"no route"}}');
  }
}

const server = net.createServer({ noDelay: true }, (socket) => new Conn(socket));
server.maxConnections = 8192;
server.listen({ host: '127.0.0.1', port: 0, backlog: 8192 }, () => {
  process.stdout.write(`LISTENING ${server.address().port}\n`);
});
const quit = () => process.exit(0);
process.stdin.on('end', quit);
process.stdin.on('close', quit);
process.stdin.resume();
process.on('SIGTERM', quit);
