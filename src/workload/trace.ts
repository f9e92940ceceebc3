// Trace replay (issue 20, item 1): read a request trace, keep the window the
// scenario asks for, and build each request's prompt with the trace's exact
// lengths and prefix sharing. Two formats (docs/workloads.md):
// - mooncake: JSONL, one request a line: {"timestamp": ms since the first
//   request, "input_length", "output_length", "hash_ids": [...]}. Hash id j
//   of a request stands for its tokens j*B .. (j+1)*B - 1 (B = block_tokens);
//   requests with equal leading hash ids share that prefix.
// - azure: CSV with a header naming TIMESTAMP (a date-time, as in the public
//   Azure LLM inference traces) or timestamp_s / timestamp_ms (numbers), and
//   ContextTokens, GeneratedTokens. No prefix sharing: every prompt is its own.
// A bad line is refused before anything is sent, naming file:line and the
// field; like a dataset, the file is read only if regular and bounded, and no
// message quotes its bytes.
//
// Determinism: hash id h is always the same B-token block within a cell's
// trial (words drawn from (seed, scenario, cell, h)); the last block of a
// request may be partial, and is then the leading part of the same block.
import { createHash } from 'node:crypto';
import type { Encoding, ScenarioPlan, TracePlan } from '../config/plan.js';
import { DatasetError } from '../errors/dataset-error.js';
import { createRng } from '../util/rng.js';
import { describe, jsonProblem, openRegular, reason } from './dataset.js';
import { buildPrompt, synthesisWords, type WorkItem } from './synth.js';
import { innerWords, requestWords, type LengthMap } from './server-lengths.js';
import { isRecord } from '../util/record.js';

/** One request of a trace. */
export interface TraceRequest {
  /** 1-based line of the file, for messages. */
  readonly line: number;
  /** Scheduled offset, ms: since the trace's first request as read; since the window's first request after windowTrace. */
  readonly atMs: number;
  readonly inputTokens: number;
  readonly outputTokens: number;
  /** Mooncake's block hashes; null for a format without them. */
  readonly hashIds: readonly number[] | null;
}

/** Longest prompt or output a trace may ask for, as for input_tokens in the config. */
const MAX_TRACE_TOKENS = 1_000_000;
/** Most requests one trace may hold. */
const MAX_TRACE_REQUESTS = 10_000_000;

function tokenCount(value: unknown, where: string, field: string): number {
  if (value === undefined) throw new DatasetError(`${where}: "${field}" is missing`);
  if (typeof value !== 'number' || !Number.isSafeInteger(value)) throw new DatasetError(`${where}: "${field}" must be an integer, got ${describe(value)}`);
  if (value < 1) throw new DatasetError(`${where}: "${field}" is ${value}; a request needs at least 1 token`);
  if (value > MAX_TRACE_TOKENS) throw new DatasetError(`${where}: "${field}" is ${value}, more than the ${MAX_TRACE_TOKENS} tokens a request may have`);
  return value;
}

/** The latest timestamp a trace may carry, ms: beyond it a timestamp is not a time (1e308 is a finite number). */
const MAX_TIMESTAMP_MS = Number.MAX_SAFE_INTEGER;

/** One line of a trace file at a time: a request, or null for a blank or header line. */
interface LineReader {
  line(raw: string, lineNo: number): TraceRequest | null;
  /** After the last line: refuses a trace without requests. */
  end(requests: number): void;
}

/** The order check and the count bound, on each request as it is read. */
class Sequence {
  private prev: TraceRequest | null = null;
  private count = 0;
  private first: number | null = null;

  /** The request at `ts` (the file's clock) as an offset from the trace's first request; refused out of order. */
  next(where: string, ts: number): number {
    this.first ??= ts;
    const atMs = ts - this.first;
    if (this.prev !== null && atMs < this.prev.atMs) {
      throw new DatasetError(`${where}: timestamp ${atMs} ms is before the previous request's (${this.prev.atMs} ms, line ${this.prev.line}); a trace must be in time order`);
    }
    if (++this.count > MAX_TRACE_REQUESTS) throw new DatasetError(`${where}: more than ${MAX_TRACE_REQUESTS} requests in one trace`);
    return atMs;
  }

  push(r: TraceRequest): TraceRequest {
    this.prev = r;
    return r;
  }
}

function mooncakeReader(file: string, blockTokens: number): LineReader {
  const seq = new Sequence();
  return {
    line(raw, lineNo) {
      if (raw.trim() === '') return null;
      const where = `${file}:${lineNo}`;
      let value: unknown;
      try {
        value = JSON.parse(raw);
      } catch (err) {
        throw new DatasetError(`${where}: invalid JSON${jsonProblem(err)}`);
      }
      if (!isRecord(value)) throw new DatasetError(`${where}: each line must be a JSON object, got ${describe(value)}`);
      const ts = value.timestamp;
      if (ts === undefined) throw new DatasetError(`${where}: "timestamp" is missing`);
      if (typeof ts !== 'number' || !Number.isFinite(ts) || ts < 0) throw new DatasetError(`${where}: "timestamp" must be a number of ms >= 0, got ${describe(ts)}`);
      if (ts > MAX_TIMESTAMP_MS) throw new DatasetError(`${where}: "timestamp" is ${ts} ms, beyond ${MAX_TIMESTAMP_MS} ms (285,000 years); a timestamp is ms since some start`);
      const inputTokens = tokenCount(value.input_length, where, 'input_length');
      const outputTokens = tokenCount(value.output_length, where, 'output_length');
      const ids = value.hash_ids;
      if (ids === undefined) throw new DatasetError(`${where}: "hash_ids" is missing (give [] for a prompt that shares nothing)`);
      if (!Array.isArray(ids)) throw new DatasetError(`${where}: "hash_ids" must be a list of integers, got ${describe(ids)}`);
      ids.forEach((id: unknown, k) => {
        if (typeof id !== 'number' || !Number.isSafeInteger(id) || id < 0) throw new DatasetError(`${where}: hash_ids[${k}] must be an integer >= 0, got ${describe(id)}`);
      });
      const blocks = Math.ceil(inputTokens / blockTokens);
      if (ids.length > blocks) {
        throw new DatasetError(`${where}: ${ids.length} hash_ids, but input_length ${inputTokens} fills only ${blocks} block${blocks === 1 ? '' : 's'} of ${blockTokens} tokens (trace.block_tokens)`);
      }
      return seq.push({ line: lineNo, atMs: seq.next(where, ts), inputTokens, outputTokens, hashIds: ids as number[] });
    },
    end(requests) {
      if (requests === 0) throw new DatasetError(`${file}: trace is empty (no non-blank lines)`);
    },
  };
}

/** Mooncake JSONL; `file` names the file in messages, `blockTokens` checks each request's hash ids fit its length. */
export function parseMooncake(text: string, file: string, blockTokens: number): TraceRequest[] {
  return readAll(text, mooncakeReader(file, blockTokens));
}
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?(Z|[+-]\d{2}:?\d{2})?$/;

/** ms since the epoch of `2023-11-16 18:15:46.6805900` (no zone: UTC), or null. */
function dateTimeMs(text: string): number | null {
  const m = DATE_TIME.exec(text);
  if (m === null) return null;
  const [, y, mo, d, h, mi, s, frac, zone] = m;
  let ms = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
  if (Number.isNaN(ms) || Number(mo) > 12 || Number(d) > 31 || Number(h) > 23 || Number(mi) > 59 || Number(s) > 60) return null;
  if (frac !== undefined) ms += Number(`0.${frac}`) * 1000;
  if (zone !== undefined && zone !== 'Z') {
    const z = /^([+-])(\d{2}):?(\d{2})$/.exec(zone)!;
    ms -= (z[1] === '-' ? -1 : 1) * (Number(z[2]) * 60 + Number(z[3])) * 60_000;
  }
  return ms;
}

function cell(raw: string): string {
  const t = raw.trim();
  return t.length >= 2 && t.startsWith('"') && t.endsWith('"') ? t.slice(1, -1) : t;
}

/**
 * A number as a CSV trace writes it: decimal digits, with a fraction where
 * `fraction` allows one. Number() would also take `0x10` (16), `1e308`,
 * `0b11` or `Infinity`, none of which a trace writes: such a field is refused
 * with its line rather than read as something else.
 */
const DECIMAL = /^\d+(\.\d+)?$/;
const INTEGER = /^\d+$/;

/** Azure-style CSV: a header, then TIMESTAMP (or timestamp_s / timestamp_ms), ContextTokens, GeneratedTokens. */
function azureReader(file: string): LineReader {
  const seq = new Sequence();
  let names: string[] | null = null;
  let timeCol: 'timestamp' | 'timestamp_s' | 'timestamp_ms' = 'timestamp';
  let at = { time: -1, context: -1, generated: -1 };
  const count = (fields: string[], k: 'context' | 'generated', field: string, where: string): number => {
    const s = cell(fields[at[k]]!);
    if (s === '') return tokenCount(undefined, where, field);
    if (!INTEGER.test(s)) throw new DatasetError(`${where}: "${field}" must be a whole number of tokens in decimal digits`);
    if (s.length > 15) throw new DatasetError(`${where}: "${field}" has ${s.length} digits, more than the ${MAX_TRACE_TOKENS} tokens a request may have`);
    return tokenCount(Number(s), where, field);
  };
  return {
    line(raw, lineNo) {
      if (raw.trim() === '') return null;
      if (names === null) {
        names = raw.split(',').map((n) => cell(n).toLowerCase());
        const col = (name: string): number => names!.indexOf(name);
        const timeCols = (['timestamp', 'timestamp_s', 'timestamp_ms'] as const).filter((n) => col(n) >= 0);
        const where0 = `${file}:${lineNo}`;
        if (timeCols.length !== 1) {
          throw new DatasetError(`${where0}: the header must name one time column: TIMESTAMP (a date-time), timestamp_s or timestamp_ms${timeCols.length > 1 ? `, not ${timeCols.length}` : ''}`);
        }
        timeCol = timeCols[0]!;
        at = { time: col(timeCol), context: col('contexttokens'), generated: col('generatedtokens') };
        if (at.context < 0) throw new DatasetError(`${where0}: the header has no ContextTokens column`);
        if (at.generated < 0) throw new DatasetError(`${where0}: the header has no GeneratedTokens column`);
        return null;
      }
      const where = `${file}:${lineNo}`;
      const fields = raw.split(',');
      if (fields.length !== names.length) throw new DatasetError(`${where}: ${fields.length} fields, but the header names ${names.length}`);
      const timeText = cell(fields[at.time]!);
      let t: number | null;
      if (timeCol === 'timestamp') {
        t = dateTimeMs(timeText);
        if (t === null) {
          const hint = DECIMAL.test(timeText) ? ' (a number: name the column timestamp_s or timestamp_ms)' : '';
          throw new DatasetError(`${where}: TIMESTAMP must be a date-time such as 2023-11-16 18:15:46.6805900${hint}`);
        }
      } else {
        if (!DECIMAL.test(timeText)) throw new DatasetError(`${where}: ${timeCol} must be a number >= 0 in decimal digits${timeText === '' ? ' (it is empty)' : ' (no sign, exponent or 0x)'}`);
        const n = Number(timeText);
        t = timeCol === 'timestamp_s' ? n * 1000 : n;
        if (!(t <= MAX_TIMESTAMP_MS)) throw new DatasetError(`${where}: ${timeCol} is beyond ${MAX_TIMESTAMP_MS} ms (285,000 years); a timestamp is time since some start`);
      }
      const inputTokens = count(fields, 'context', 'ContextTokens', where);
      const outputTokens = count(fields, 'generated', 'GeneratedTokens', where);
      return seq.push({ line: lineNo, atMs: seq.next(where, t), inputTokens, outputTokens, hashIds: null });
    },
    end(requests) {
      if (names === null) throw new DatasetError(`${file}: trace is empty (no header line)`);
      if (requests === 0) throw new DatasetError(`${file}: trace has a header but no requests`);
    },
  };
}

/** Azure-style CSV: a header, then TIMESTAMP (or timestamp_s / timestamp_ms), ContextTokens, GeneratedTokens. */
export function parseAzureCsv(text: string, file: string): TraceRequest[] {
  return readAll(text, azureReader(file));
}

/** Every request of a trace held as text (the tests' way in; a run streams the file: readTrace). */
function readAll(text: string, reader: LineReader): TraceRequest[] {
  const all = text.split(/\r?\n/);
  // Editors on some platforms save UTF-8 with a byte-order mark.
  if (all[0]?.startsWith('\uFEFF')) all[0] = all[0].slice(1);
  const rows: TraceRequest[] = [];
  all.forEach((raw, i) => {
    const r = reader.line(raw, i + 1);
    if (r !== null) rows.push(r);
  });
  reader.end(rows.length);
  return rows;
}

/** Where a window ends on the trace's clock: at `start + duration`, or after `max_requests` kept. */
class Window {
  readonly kept: TraceRequest[] = [];
  private readonly end: number;

  constructor(private readonly plan: Pick<TracePlan, 'startMs' | 'durationMs' | 'maxRequests' | 'timeScale'>) {
    this.end = plan.durationMs === null ? Infinity : plan.startMs + plan.durationMs;
  }

  /** Takes the request if the window holds it; false once the window is over (no later request can be in it). */
  offer(r: TraceRequest): boolean {
    if (r.atMs < this.plan.startMs) return true;
    if (r.atMs >= this.end || this.full()) return false;
    this.kept.push(r);
    return !this.full();
  }

  private full(): boolean {
    return this.plan.maxRequests !== null && this.kept.length >= this.plan.maxRequests;
  }

  /** The kept requests, their offsets from the first kept one, times time_scale. */
  requests(): TraceRequest[] {
    const zero = this.kept[0]?.atMs ?? 0;
    return this.kept.map((r) => ({ ...r, atMs: (r.atMs - zero) * this.plan.timeScale }));
  }
}

/**
 * The requests the scenario replays: those in [start, start + duration) on
 * the trace's clock, at most max_requests of them, their offsets made
 * relative to the first kept one and multiplied by time_scale.
 */
export function windowTrace(rows: readonly TraceRequest[], plan: Pick<TracePlan, 'startMs' | 'durationMs' | 'maxRequests' | 'timeScale'>): TraceRequest[] {
  const w = new Window(plan);
  for (const r of rows) if (!w.offer(r)) break;
  return w.requests();
}

interface LoadedTrace {
  readonly requests: readonly TraceRequest[];
  /**
   * sha256 (hex) of the bytes read: the whole file, or, when the window ends
   * before the file does, the file up to the end of the line that ended it.
   */
  readonly sha256: string;
  /** Bytes of the file read (and hashed). */
  readonly bytesRead: number;
}

/** Bytes read from a trace at a time. */
const CHUNK_BYTES = 1024 * 1024;
/** The longest line a trace may have: a Mooncake request of 1,000,000 tokens in 512-token blocks lists about 2,000 ids. */
export const MAX_TRACE_LINE_BYTES = 16 * 1024 * 1024;

/**
 * Reads, checks and windows a scenario's trace; a problem is a DatasetError
 * naming file:line. The file is streamed line by line and read only up to
 * the window's end: what is held is the window's requests and one chunk, so
 * a trace of any size replays a short window in bounded memory, and a line
 * after the window is never read (nor checked).
 */
export async function readTrace(plan: TracePlan): Promise<LoadedTrace> {
  const reader = plan.format === 'mooncake' ? mooncakeReader(plan.file, plan.blockTokens) : azureReader(plan.file);
  const window = new Window(plan);
  const hash = createHash('sha256');
  const fh = await openRegular(plan.file, 'trace');
  let requests = 0;
  let lineNo = 0;
  let hashed = 0;
  try {
    let carry: Buffer = Buffer.alloc(0);
    let more = true;
    let open = true;
    while (open && more) {
      const chunk = Buffer.allocUnsafe(CHUNK_BYTES);
      let bytesRead: number;
      try {
        ({ bytesRead } = await fh.read(chunk, 0, CHUNK_BYTES, null));
      } catch (err) {
        throw new DatasetError(`${plan.file}: cannot read trace: ${reason(err)}`, { cause: err });
      }
      more = bytesRead > 0;
      const buf = carry.length === 0 ? chunk.subarray(0, bytesRead) : Buffer.concat([carry, chunk.subarray(0, bytesRead)]);
      let from = 0;
      for (;;) {
        let nl = buf.indexOf(10, from);
        // At the end of the file the last line needs no newline.
        if (nl < 0 && !more && from < buf.length) nl = buf.length;
        if (nl < 0) break;
        lineNo++;
        if (nl - from > MAX_TRACE_LINE_BYTES) throw new DatasetError(`${plan.file}:${lineNo}: the line is longer than ${MAX_TRACE_LINE_BYTES / 1024 / 1024} MiB`);
        let end = nl;
        if (end > from && buf[end - 1] === 13) end--;
        let raw = buf.toString('utf8', from, end);
        // Editors on some platforms save UTF-8 with a byte-order mark.
        if (lineNo === 1 && raw.startsWith('\uFEFF')) raw = raw.slice(1);
        const next = Math.min(nl + 1, buf.length);
        hash.update(buf.subarray(from, next));
        hashed += next - from;
        from = next;
        const r = reader.line(raw, lineNo);
        if (r !== null) {
          requests++;
          if (!window.offer(r)) {
            open = false;
            break;
          }
        }
        if (from >= buf.length) break;
      }
      carry = open ? buf.subarray(from) : Buffer.alloc(0);
      if (carry.length > MAX_TRACE_LINE_BYTES) throw new DatasetError(`${plan.file}:${lineNo + 1}: the line is longer than ${MAX_TRACE_LINE_BYTES / 1024 / 1024} MiB`);
      // Copied out of the chunk, so the chunk itself can go.
      if (carry.length > 0) carry = Buffer.from(carry);
    }
  } finally {
    await fh.close();
  }
  reader.end(requests);
  const kept = window.requests();
  if (kept.length === 0) throw new DatasetError(`${plan.file}: no request of the trace falls in the window (trace.start_s, trace.duration_s)`);
  return { requests: kept, sha256: hash.digest('hex'), bytesRead: hashed };
}

/**
 * The prompts of a replay: request r gets exactly inputTokens tokens, its
 * leading blocks those of its hash ids (the same id, the same words, in this
 * cell's trial), the rest its own; max_tokens its output length; atMs its
 * scheduled offset.
 */
export async function traceItems(args: {
  requests: readonly TraceRequest[];
  blockTokens: number;
  seed: number;
  encoding: Encoding;
  scenario: ScenarioPlan;
  cellLabel: string;
  /** Lengths in the server's tokens (server-lengths.ts); null or absent: in the config's tokenizer. */
  map?: LengthMap | null;
}): Promise<WorkItem[]> {
  const { requests, blockTokens, seed, encoding, scenario, cellLabel } = args;
  const map = args.map ?? null;
  // A hash block is blockTokens of the server's tokens: its words by the slope alone.
  const blockWords = innerWords(map, blockTokens);
  const words = await synthesisWords(encoding);
  const blocks = new Map<number, string[]>();
  const block = (id: number): string[] => {
    let b = blocks.get(id);
    if (b === undefined) {
      const rng = createRng(JSON.stringify(['trace-block', seed, scenario.name, cellLabel, id]));
      b = Array.from({ length: blockWords }, () => words[rng.int(words.length)]!);
      blocks.set(id, b);
    }
    return b;
  };
  return requests.map((r, i): WorkItem => {
    const prefix: string[] = [];
    const n = requestWords(map, r.inputTokens);
    for (const [j, id] of (r.hashIds ?? []).entries()) {
      const take = Math.min(blockWords, n - j * blockWords);
      if (take <= 0) break;
      const b = block(id);
      for (let k = 0; k < take; k++) prefix.push(b[k]!);
    }
    const rng = createRng(JSON.stringify(['trace-request', seed, scenario.name, cellLabel, i]));
    // n words are n tokens in the config's tokenizer by the word list's invariant (checked by
    // test/workload/words.test.ts), as for synthetic prompts: no tokenizer is loaded, which
    // cost a replay about 90 MiB of RSS (a 1 GB Azure window: 305 -> 213 MiB) and a count of
    // every prompt. In the server's tokens the map is the check.
    return { prompt: buildPrompt(null, words, prefix, rng, n), inputTokens: r.inputTokens, maxTokens: r.outputTokens, atMs: r.atMs };
  });
}
