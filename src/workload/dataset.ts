// JSONL datasets replacing synthetic prompts. Every row is validated up
// front so a bad file fails before any load is sent, with the file and line
// that is wrong.
//
// The path is the config's, and a config may come from a pull request: it can
// name any file the runner can read (issue 19, item 9). `/dev/urandom` was
// read for 19 s and 1.27 GB before a refusal, a FIFO blocked the run forever,
// and a JSON error quoted the file's first bytes (`/proc/self/environ` would
// have put the environment in the log). So: only a regular file is read
// (checked on the open descriptor, opened without blocking on a FIFO), at most
// MAX_DATASET_BYTES of it, stopping at the limit whatever its size claimed;
// and no message quotes the file: they name the path, the line, the field and
// what is wrong with it (a JSON error by its column), never the bytes.
import { constants } from 'node:fs';
import { open, stat, type FileHandle } from 'node:fs/promises';
import type { Encoding, ScenarioPlan } from '../config/plan.js';
import { DatasetError } from '../errors/dataset-error.js';
import { createRng } from '../util/rng.js';
import { requestLength } from './lengths.js';
import { getTokenizer } from './tokenizer.js';
import type { ChatMessage, WorkItem } from './synth.js';
import { isRecord } from '../util/record.js';

interface DatasetRow {
  /** 1-based line number in the file, for messages. */
  readonly line: number;
  /** Completions prompt: the row's `prompt`, or its messages' contents joined by "\n". */
  readonly prompt: string;
  /** The row's chat messages, when it gave `messages` rather than `prompt`. */
  readonly messages: ChatMessage[] | null;
  /** The row's `max_tokens` / `output_tokens`, or null to use the scenario's. */
  readonly maxTokens: number | null;
  /** ShareGPT: the answer (the conversation's second turn), whose token count is the row's output length. */
  readonly completion?: string;
}

export function describe(value: unknown): string {
  if (value === null) return 'null';
  if (value === undefined) return 'nothing (missing)';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return 'a string';
  if (typeof value === 'number') return `the number ${value}`;
  if (typeof value === 'object') return 'an object';
  return `a ${typeof value}`;
}

function has(obj: Record<string, unknown>, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(obj, key);
}

function parseRow(obj: Record<string, unknown>, where: string, line: number): DatasetRow {
  const hasPrompt = has(obj, 'prompt');
  const hasMessages = has(obj, 'messages');
  if (hasPrompt && hasMessages) throw new DatasetError(`${where}: row has both "prompt" and "messages"; give only one`);
  if (!hasPrompt && !hasMessages) throw new DatasetError(`${where}: row has neither "prompt" nor "messages"`);

  let prompt: string;
  let messages: ChatMessage[] | null = null;
  if (hasPrompt) {
    const value = obj.prompt;
    if (typeof value !== 'string') throw new DatasetError(`${where}: "prompt" must be a string, got ${describe(value)}`);
    prompt = value;
  } else {
    const value = obj.messages;
    if (!Array.isArray(value)) throw new DatasetError(`${where}: "messages" must be an array, got ${describe(value)}`);
    if (value.length === 0) throw new DatasetError(`${where}: "messages" is empty`);
    messages = value.map((m: unknown, i): ChatMessage => {
      if (!isRecord(m)) throw new DatasetError(`${where}: messages[${i}] must be an object, got ${describe(m)}`);
      const { role, content } = m;
      if (typeof role !== 'string' || role === '') {
        throw new DatasetError(`${where}: messages[${i}].role must be a non-empty string, got ${describe(role)}`);
      }
      if (typeof content !== 'string') {
        // Multimodal content (arrays of parts) has no token count we could trust.
        throw new DatasetError(`${where}: messages[${i}].content must be a string, got ${describe(content)}`);
      }
      return { role, content };
    });
    prompt = messages.map((m) => m.content).join('\n');
  }
  if (prompt.trim() === '') throw new DatasetError(`${where}: the prompt is empty`);

  const hasMax = has(obj, 'max_tokens') && obj.max_tokens !== null;
  const hasOutput = has(obj, 'output_tokens') && obj.output_tokens !== null;
  if (hasMax && hasOutput) throw new DatasetError(`${where}: row has both "max_tokens" and "output_tokens"; give only one`);
  let maxTokens: number | null = null;
  if (hasMax || hasOutput) {
    const key = hasMax ? 'max_tokens' : 'output_tokens';
    const value = obj[key];
    if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1) {
      throw new DatasetError(`${where}: "${key}" must be a positive integer, got ${describe(value)}`);
    }
    maxTokens = value;
  }
  return { line, prompt, messages, maxTokens };
}

/**
 * What is wrong with a line that is not JSON, in V8's own words but never the
 * line's: V8 quotes the text in some messages (`Unexpected token 'S',
 * "SHELL=/bin" is not valid JSON`), which is the file's content, so those
 * become "an unexpected character"; the others name the column and what was
 * expected (`Expected ',' or '}' after property value`).
 */
export function jsonProblem(err: unknown): string {
  const message = err instanceof Error ? err.message : '';
  const at = /^(.{1,80}) in JSON at position \d+ \(line \d+ column (\d+)\)$/s.exec(message);
  if (at !== null && !at[1]!.includes('"') && !at[1]!.startsWith('Unexpected token')) return ` at column ${at[2]}: ${at[1]}`;
  if (message.startsWith('Unexpected end of JSON input')) return ': the line ends inside a value';
  return ': an unexpected character';
}

/**
 * ShareGPT as vLLM's and SGLang's benchmarks read it: one JSON array of
 * entries {"conversations": [{"from", "value"}, ...]}. As vLLM's
 * ShareGPTDataset does, entries with fewer than two turns are dropped; the
 * first turn is the prompt and the second the answer, whose length is the
 * request's output length. The length rules are applied per encoding
 * (shareGptEligible).
 */
export function parseShareGpt(text: string, file: string): DatasetRow[] {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    throw new DatasetError(`${file}: invalid JSON (a ShareGPT file is one JSON array)${jsonProblem(err).replace(/ at column \d+/, '')}`);
  }
  if (!Array.isArray(value)) throw new DatasetError(`${file}: a ShareGPT file is one JSON array of conversations, got ${describe(value)}`);
  const rows: DatasetRow[] = [];
  value.forEach((entry: unknown, i) => {
    const where = `${file}: entry ${i + 1}`;
    if (!isRecord(entry) || !Array.isArray(entry.conversations) || entry.conversations.length < 2) return;
    const [first, second] = entry.conversations as unknown[];
    const text = (turn: unknown, k: number): string => {
      if (!isRecord(turn) || typeof turn.value !== 'string') throw new DatasetError(`${where}: conversations[${k}].value must be a string, got ${describe(isRecord(turn) ? turn.value : turn)}`);
      return turn.value;
    };
    const prompt = text(first, 0);
    const completion = text(second, 1);
    rows.push({ line: i + 1, prompt, messages: null, maxTokens: null, completion });
  });
  if (rows.length === 0) throw new DatasetError(`${file}: no ShareGPT entry has two turns or more`);
  return rows;
}

/** vLLM's is_valid_sequence defaults (benchmarks/datasets.py): the ShareGPT rows a benchmark keeps. */
export const SHAREGPT_RULES = Object.freeze({ minTokens: 4, maxPromptTokens: 1024, maxTotalTokens: 2048 });

/**
 * Whether a ShareGPT row is kept, by vLLM's rules: prompt and answer of at
 * least 4 tokens (the answer's unchecked when the scenario fixes the output
 * length), a prompt of at most 1024 and prompt + output of at most 2048.
 */
export function shareGptKeeps(promptTokens: number, outputTokens: number, outputFixed: boolean): boolean {
  const r = SHAREGPT_RULES;
  return promptTokens >= r.minTokens && (outputFixed || outputTokens >= r.minTokens) && promptTokens <= r.maxPromptTokens && promptTokens + outputTokens <= r.maxTotalTokens;
}

/** Parse JSONL text; `file` is only used in error messages. */
export function parseDataset(text: string, file: string): DatasetRow[] {
  const lines = text.split(/\r?\n/);
  const rows: DatasetRow[] = [];
  for (let i = 0; i < lines.length; i++) {
    let raw = lines[i] as string;
    // Editors on some platforms save UTF-8 with a byte-order mark.
    if (i === 0 && raw.startsWith('\uFEFF')) raw = raw.slice(1);
    if (raw.trim() === '') continue;
    const where = `${file}:${i + 1}`;
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch (err) {
      throw new DatasetError(`${where}: invalid JSON${jsonProblem(err)}`);
    }
    if (!isRecord(value)) throw new DatasetError(`${where}: each line must be a JSON object, got ${describe(value)}`);
    rows.push(parseRow(value, where, i + 1));
  }
  if (rows.length === 0) throw new DatasetError(`${file}: dataset is empty (no non-blank lines)`);
  return rows;
}

interface LoadedDataset {
  readonly rows: readonly DatasetRow[];
  /** Token counts per encoding, filled in only for rows actually used. */
  readonly counts: Map<Encoding, (number | undefined)[]>;
  /** A ShareGPT file (parseShareGpt) rather than JSONL rows. */
  readonly shareGpt: boolean;
  /** ShareGPT: per encoding, seed and output rule, the rows vLLM's rules keep, shuffled, with their token counts. */
  readonly eligible: Map<string, readonly { row: DatasetRow; inputTokens: number; outputTokens: number }[]>;
}

interface CacheEntry {
  readonly stamp: string;
  readonly dataset: Promise<LoadedDataset>;
}

// Every cell of a scenario reads the same file: parse it once, but notice
// when it changes between runs in one process.
const cache = new Map<string, CacheEntry>();

/**
 * The largest dataset read: 256 MiB of JSONL is hundreds of thousands of
 * prompts, and the whole file is held as one string (V8's longest is 512 MiB).
 */
export const MAX_DATASET_BYTES = 256 * 1024 * 1024;

/** What a non-regular file is, for the refusal. */
function kindOf(st: { isDirectory(): boolean; isCharacterDevice(): boolean; isBlockDevice(): boolean; isFIFO(): boolean; isSocket(): boolean }): string {
  if (st.isDirectory()) return 'a directory';
  if (st.isCharacterDevice()) return 'a character device';
  if (st.isBlockDevice()) return 'a block device';
  if (st.isFIFO()) return 'a named pipe';
  if (st.isSocket()) return 'a socket';
  return 'not a regular file';
}

/** What is read, for messages: a dataset (JSONL) or a trace (JSONL or CSV). */
type FileKind = 'dataset' | 'trace';
const SHAPE: Record<FileKind, string> = { dataset: 'a dataset is a JSONL file', trace: 'a trace is a JSONL or CSV file' };

function notRegular(file: string, kind: string, what: FileKind = 'dataset'): DatasetError {
  return new DatasetError(`${file}: cannot read ${what}: it is ${kind}, not a regular file; ${SHAPE[what]}`);
}

function tooLarge(file: string, size: string, what: FileKind): DatasetError {
  return new DatasetError(`${file}: cannot read ${what}: ${size} more than the ${MAX_DATASET_BYTES / 1024 / 1024} MiB a ${what} may be`);
}

/** The system's reason (`ENOENT: no such file or directory`), without the path the message names already. */
export function reason(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  return message.replace(/, \w+ '[^]*'$/, '');
}

/**
 * The file, opened for reading: refused (and closed) unless the open
 * descriptor is a regular file. The caller closes it.
 */
export async function openRegular(file: string, what: FileKind): Promise<FileHandle> {
  let fh;
  try {
    // O_NONBLOCK: opening a FIFO for reading waits for a writer; this returns at once and fstat refuses it.
    fh = await open(file, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (err) {
    throw new DatasetError(`${file}: cannot read ${what}: ${reason(err)}`, { cause: err });
  }
  try {
    const st = await fh.stat();
    if (!st.isFile()) throw notRegular(file, kindOf(st), what);
    return fh;
  } catch (err) {
    await fh.close();
    if (err instanceof DatasetError) throw err;
    throw new DatasetError(`${file}: cannot read ${what}: ${reason(err)}`, { cause: err });
  }
}

/**
 * The file's text: refused unless the open descriptor is a regular file, and
 * never more than MAX_DATASET_BYTES read, whatever its size said (a file in
 * /proc says 0 and has content; a growing file may pass the size first).
 */
async function readBounded(file: string, what: FileKind = 'dataset'): Promise<Buffer> {
  const fh = await openRegular(file, what);
  try {
    const st = await fh.stat();
    if (st.size > MAX_DATASET_BYTES) throw tooLarge(file, `it is ${st.size} bytes,`, what);
    // One byte beyond the size it claims, to see the end; grown while it holds more, up to the limit + 1.
    let buf = Buffer.allocUnsafe(Math.min(MAX_DATASET_BYTES + 1, Math.max(st.size + 1, 64 * 1024)));
    let size = 0;
    for (;;) {
      if (size === buf.length) {
        if (size > MAX_DATASET_BYTES) throw tooLarge(file, 'it holds', what);
        const bigger = Buffer.allocUnsafe(Math.min(MAX_DATASET_BYTES + 1, buf.length * 2));
        buf.copy(bigger, 0, 0, size);
        buf = bigger;
      }
      const { bytesRead } = await fh.read(buf, size, buf.length - size, null);
      if (bytesRead === 0) return buf.subarray(0, size);
      size += bytesRead;
    }
  } catch (err) {
    if (err instanceof DatasetError) throw err;
    throw new DatasetError(`${file}: cannot read ${what}: ${reason(err)}`, { cause: err });
  } finally {
    await fh.close();
  }
}

async function loadDataset(file: string): Promise<LoadedDataset> {
  let stamp: string;
  try {
    const st = await stat(file);
    // Refused here too, before the cache: a device's stamp says nothing about its content.
    if (!st.isFile()) throw notRegular(file, kindOf(st));
    stamp = `${st.dev}:${st.ino}:${st.size}:${st.mtimeMs}`;
  } catch (err) {
    if (err instanceof DatasetError) throw err;
    throw new DatasetError(`${file}: cannot read dataset: ${reason(err)}`, { cause: err });
  }
  const hit = cache.get(file);
  if (hit !== undefined && hit.stamp === stamp) return hit.dataset;
  const dataset = (async (): Promise<LoadedDataset> => {
    const text = (await readBounded(file)).toString('utf8');
    // A JSONL row is an object; a file that opens with '[' is ShareGPT's one array.
    const shareGpt = /^\uFEFF?\s*\[/.test(text.slice(0, 64));
    return { rows: shareGpt ? parseShareGpt(text.replace(/^\uFEFF/, ''), file) : parseDataset(text, file), counts: new Map(), shareGpt, eligible: new Map() };
  })();
  const entry = { stamp, dataset };
  cache.set(file, entry);
  dataset.catch(() => {
    if (cache.get(file) === entry) cache.delete(file);
  });
  return dataset;
}

/** All rows of a dataset file, validated. */
export async function readDataset(file: string): Promise<readonly DatasetRow[]> {
  return (await loadDataset(file)).rows;
}

/**
 * A ShareGPT file's rows as vLLM's ShareGPTDataset keeps them for this
 * encoding: shuffled from the seed (our generator, not Python's: the same
 * rules, another sample than vLLM's for the same seed), then each entry kept
 * if shareGptKeeps its prompt and answer lengths, the answer's token count
 * being the request's max_tokens. Counted once per file, encoding and seed.
 */
function shareGptRows(
  loaded: LoadedDataset,
  file: string,
  seed: number,
  tok: { count(text: string): number },
  encoding: Encoding,
): readonly { row: DatasetRow; inputTokens: number; outputTokens: number }[] {
  const key = JSON.stringify([encoding, seed]);
  let kept = loaded.eligible.get(key);
  if (kept !== undefined) return kept;
  const order = loaded.rows.map((_, i) => i);
  const rng = createRng(JSON.stringify(['sharegpt-shuffle', seed]));
  for (let i = order.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  const out: { row: DatasetRow; inputTokens: number; outputTokens: number }[] = [];
  for (const i of order) {
    const row = loaded.rows[i]!;
    const inputTokens = tok.count(row.prompt);
    const outputTokens = tok.count(row.completion ?? '');
    if (shareGptKeeps(inputTokens, outputTokens, false)) out.push({ row, inputTokens, outputTokens });
  }
  if (out.length === 0) {
    const r = SHAREGPT_RULES;
    throw new DatasetError(
      `${file}: no ShareGPT entry meets vLLM's length rules under ${encoding} (prompt and answer at least ${r.minTokens} tokens, prompt at most ${r.maxPromptTokens}, both at most ${r.maxTotalTokens})`,
    );
  }
  kept = out;
  loaded.eligible.set(key, kept);
  return kept;
}

/**
 * The `count` requests of one cell's trial. Request i of trial t uses row
 * (offset + t * count + i) mod rows, with the offset drawn from (seed,
 * scenario, cell): each cell starts at a different row, so a short cell does
 * not replay the rows another cell (and the server's prefix cache) has just
 * seen, and each trial takes the next `count` rows, so no trial resends
 * another's prompts while the dataset holds trials x count rows (beyond
 * that, rows come round again: the result cannot say so, the docs do).
 * A ShareGPT file's rows are those vLLM's rules keep (shareGptRows).
 */
export async function datasetItems(args: {
  file: string;
  seed: number;
  encoding: Encoding;
  scenario: ScenarioPlan;
  cellLabel: string;
  count: number;
  /** The trial (0-based): trial t takes the rows after trial t-1's. */
  trial?: number;
}): Promise<WorkItem[]> {
  const { file, seed, encoding, scenario, cellLabel, count } = args;
  const trial = args.trial ?? 0;
  if (!Number.isInteger(count) || count < 0) throw new Error(`request count must be a non-negative integer, got ${count}`);
  const loaded = await loadDataset(file);
  const tok = await getTokenizer(encoding);
  const shared = loaded.shareGpt ? shareGptRows(loaded, file, seed, tok, encoding) : null;
  const { rows } = loaded;
  const n = shared?.length ?? rows.length;
  let counts = loaded.counts.get(encoding);
  if (counts === undefined) {
    counts = new Array<number | undefined>(rows.length);
    loaded.counts.set(encoding, counts);
  }
  const offset = createRng(JSON.stringify(['dataset-offset', seed, scenario.name, cellLabel])).int(n) + trial * count;
  const items: WorkItem[] = [];
  for (let i = 0; i < count; i++) {
    const index = (offset + i) % n;
    if (shared !== null) {
      const s = shared[index]!;
      items.push({ prompt: s.row.prompt, inputTokens: s.inputTokens, maxTokens: s.outputTokens });
      continue;
    }
    const row = rows[index] as DatasetRow;
    let inputTokens = counts[index];
    if (inputTokens === undefined) {
      inputTokens = tok.count(row.prompt);
      counts[index] = inputTokens;
    }
    const maxTokens = row.maxTokens ?? (scenario.outputTokens === null ? null : requestLength(scenario.outputTokens, seed, scenario.name, 'output', i));
    if (maxTokens === null) throw new DatasetError(`${file}:${row.line}: the row has no max_tokens and the scenario no output_tokens`);
    const item: WorkItem = { prompt: row.prompt, inputTokens, maxTokens };
    if (row.messages !== null) item.messages = row.messages;
    items.push(item);
  }
  return items;
}
