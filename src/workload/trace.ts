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
import { describe, jsonProblem, readBounded } from './dataset.js';
import { buildPrompt, synthesisWords, type WorkItem } from './synth.js';
import { getTokenizer } from './tokenizer.js';

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

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function tokenCount(value: unknown, where: string, field: string): number {
  if (value === undefined) throw new DatasetError(`${where}: "${field}" is missing`);
  if (typeof value !== 'number' || !Number.isSafeInteger(value)) throw new DatasetError(`${where}: "${field}" must be an integer, got ${describe(value)}`);
  if (value < 1) throw new DatasetError(`${where}: "${field}" is ${value}; a request needs at least 1 token`);
  if (value > MAX_TRACE_TOKENS) throw new DatasetError(`${where}: "${field}" is ${value}, more than the ${MAX_TRACE_TOKENS} tokens a request may have`);
  return value;
}

function inOrder(rows: TraceRequest[], where: string, atMs: number): void {
  const prev = rows[rows.length - 1];
  if (prev !== undefined && atMs < prev.atMs) {
    throw new DatasetError(`${where}: timestamp ${atMs} ms is before the previous request's (${prev.atMs} ms, line ${prev.line}); a trace must be in time order`);
  }
  if (rows.length >= MAX_TRACE_REQUESTS) throw new DatasetError(`${where}: more than ${MAX_TRACE_REQUESTS} requests in one trace`);
}

function lines(text: string): string[] {
  const out = text.split(/\r?\n/);
  // Editors on some platforms save UTF-8 with a byte-order mark.
  if (out[0]?.startsWith('\uFEFF')) out[0] = out[0].slice(1);
  return out;
}

/** Mooncake JSONL; `file` names the file in messages, `blockTokens` checks each request's hash ids fit its length. */
export function parseMooncake(text: string, file: string, blockTokens: number): TraceRequest[] {
  const rows: TraceRequest[] = [];
  const all = lines(text);
  let first: number | null = null;
  for (let i = 0; i < all.length; i++) {
    const raw = all[i]!;
    if (raw.trim() === '') continue;
    const where = `${file}:${i + 1}`;
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
    first ??= ts;
    const atMs = ts - first;
    inOrder(rows, where, atMs);
    rows.push({ line: i + 1, atMs, inputTokens, outputTokens, hashIds: ids as number[] });
  }
  if (rows.length === 0) throw new DatasetError(`${file}: trace is empty (no non-blank lines)`);
  return rows;
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

/** Azure-style CSV: a header, then TIMESTAMP (or timestamp_s / timestamp_ms), ContextTokens, GeneratedTokens. */
export function parseAzureCsv(text: string, file: string): TraceRequest[] {
  const all = lines(text);
  let header = -1;
  for (let i = 0; i < all.length; i++) {
    if (all[i]!.trim() !== '') {
      header = i;
      break;
    }
  }
  if (header < 0) throw new DatasetError(`${file}: trace is empty (no header line)`);
  const names = all[header]!.split(',').map((n) => cell(n).toLowerCase());
  const col = (name: string): number => names.indexOf(name);
  const timeCols = (['timestamp', 'timestamp_s', 'timestamp_ms'] as const).filter((n) => col(n) >= 0);
  const where0 = `${file}:${header + 1}`;
  if (timeCols.length !== 1) {
    throw new DatasetError(`${where0}: the header must name one time column: TIMESTAMP (a date-time), timestamp_s or timestamp_ms${timeCols.length > 1 ? `, not ${timeCols.length}` : ''}`);
  }
  const timeCol = timeCols[0]!;
  const at = { time: col(timeCol), context: col('contexttokens'), generated: col('generatedtokens') };
  if (at.context < 0) throw new DatasetError(`${where0}: the header has no ContextTokens column`);
  if (at.generated < 0) throw new DatasetError(`${where0}: the header has no GeneratedTokens column`);
  const rows: TraceRequest[] = [];
  let first: number | null = null;
  for (let i = header + 1; i < all.length; i++) {
    const raw = all[i]!;
    if (raw.trim() === '') continue;
    const where = `${file}:${i + 1}`;
    const fields = raw.split(',');
    if (fields.length !== names.length) throw new DatasetError(`${where}: ${fields.length} fields, but the header names ${names.length}`);
    const timeText = cell(fields[at.time]!);
    let t: number | null;
    if (timeCol === 'timestamp') {
      t = dateTimeMs(timeText);
      if (t === null) {
        const hint = /^\d+(\.\d+)?$/.test(timeText) ? ' (a number: name the column timestamp_s or timestamp_ms)' : '';
        throw new DatasetError(`${where}: TIMESTAMP must be a date-time such as 2023-11-16 18:15:46.6805900${hint}`);
      }
    } else {
      const n = timeText === '' ? NaN : Number(timeText);
      if (!Number.isFinite(n) || n < 0) throw new DatasetError(`${where}: ${timeCol} must be a number >= 0${timeText === '' ? ' (it is empty)' : ''}`);
      t = timeCol === 'timestamp_s' ? n * 1000 : n;
    }
    const count = (k: 'context' | 'generated', field: string): number => {
      const s = cell(fields[at[k]]!);
      return tokenCount(s === '' ? undefined : /^-?\d+$/.test(s) ? Number(s) : s, where, field);
    };
    const inputTokens = count('context', 'ContextTokens');
    const outputTokens = count('generated', 'GeneratedTokens');
    first ??= t;
    const atMs = t - first;
    inOrder(rows, where, atMs);
    rows.push({ line: i + 1, atMs, inputTokens, outputTokens, hashIds: null });
  }
  if (rows.length === 0) throw new DatasetError(`${file}: trace has a header but no requests`);
  return rows;
}

/**
 * The requests the scenario replays: those in [start, start + duration) on
 * the trace's clock, at most max_requests of them, their offsets made
 * relative to the first kept one and multiplied by time_scale.
 */
export function windowTrace(rows: readonly TraceRequest[], plan: Pick<TracePlan, 'startMs' | 'durationMs' | 'maxRequests' | 'timeScale'>): TraceRequest[] {
  const end = plan.durationMs === null ? Infinity : plan.startMs + plan.durationMs;
  const kept: TraceRequest[] = [];
  for (const r of rows) {
    if (r.atMs < plan.startMs) continue;
    if (r.atMs >= end || (plan.maxRequests !== null && kept.length >= plan.maxRequests)) break;
    kept.push(r);
  }
  const zero = kept[0]?.atMs ?? 0;
  return kept.map((r) => ({ ...r, atMs: (r.atMs - zero) * plan.timeScale }));
}

interface LoadedTrace {
  readonly requests: readonly TraceRequest[];
  /** sha256 (hex) of the file's bytes: a trace cell's work is only the same if this is. */
  readonly sha256: string;
}

/** Reads, checks and windows a scenario's trace; a problem is a DatasetError naming file:line. */
export async function readTrace(plan: TracePlan): Promise<LoadedTrace> {
  const bytes = await readBounded(plan.file, 'trace');
  const text = bytes.toString('utf8');
  const rows = plan.format === 'mooncake' ? parseMooncake(text, plan.file, plan.blockTokens) : parseAzureCsv(text, plan.file);
  const requests = windowTrace(rows, plan);
  if (requests.length === 0) throw new DatasetError(`${plan.file}: no request of the trace falls in the window (trace.start_s, trace.duration_s)`);
  return { requests, sha256: createHash('sha256').update(bytes).digest('hex') };
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
}): Promise<WorkItem[]> {
  const { requests, blockTokens, seed, encoding, scenario, cellLabel } = args;
  const tok = await getTokenizer(encoding);
  const words = await synthesisWords(encoding);
  const blocks = new Map<number, string[]>();
  const block = (id: number): string[] => {
    let b = blocks.get(id);
    if (b === undefined) {
      const rng = createRng(JSON.stringify(['trace-block', seed, scenario.name, cellLabel, id]));
      b = Array.from({ length: blockTokens }, () => words[rng.int(words.length)]!);
      blocks.set(id, b);
    }
    return b;
  };
  return requests.map((r, i): WorkItem => {
    const prefix: string[] = [];
    for (const [j, id] of (r.hashIds ?? []).entries()) {
      const take = Math.min(blockTokens, r.inputTokens - j * blockTokens);
      const b = block(id);
      for (let k = 0; k < take; k++) prefix.push(b[k]!);
    }
    const rng = createRng(JSON.stringify(['trace-request', seed, scenario.name, cellLabel, i]));
    return { prompt: buildPrompt(tok, words, prefix, rng, r.inputTokens), inputTokens: r.inputTokens, maxTokens: r.outputTokens, atMs: r.atMs };
  });
}
