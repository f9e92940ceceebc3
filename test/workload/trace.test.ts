import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScenarioPlan, TracePlan } from '../../src/config/plan.js';
import { DatasetError } from '../../src/errors/dataset-error.js';
import { resultLoadOf, TRACE_LOAD } from '../../src/shapes/index.js';
import { workloadHash } from '../../src/workload/index.js';
import { getTokenizer } from '../../src/workload/tokenizer.js';
import { MAX_TRACE_LINE_BYTES, parseAzureCsv, parseMooncake, readTrace, traceItems, windowTrace, type TraceRequest } from '../../src/workload/trace.js';
import { generateTrace, GEN_DEFAULTS, toAzureCsv, toMooncake, traceStats } from '../../scripts/trace-gen.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'llm-perf-gate-trace-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const GEN = { ...GEN_DEFAULTS, requests: 60, rate: 20, input: { mean: 300, sd: 200, max: 2000 }, output: { mean: 20, sd: 10, max: 64 }, share: 0.7, groups: 2, prefixBlocks: 2, blockTokens: 64 };

function plan(file: string, over: Partial<TracePlan> = {}): TracePlan {
  return { file, format: 'mooncake', blockTokens: 64, timeScale: 1, startMs: 0, durationMs: null, maxRequests: null, ...over };
}
const scenario: ScenarioPlan = { name: 't', inputTokens: null, outputTokens: null, sharedPrefixTokens: 0, dataset: null };

function problem(f: () => unknown): string {
  try {
    f();
  } catch (err) {
    expect(err).toBeInstanceOf(DatasetError);
    return (err as Error).message;
  }
  throw new Error('expected a DatasetError');
}

describe('the trace generator and the readers', () => {
  it('reads back what the generator wrote, in both formats (and the three Azure time columns)', () => {
    const reqs = generateTrace(GEN);
    const moon = parseMooncake(toMooncake(reqs), 'g.jsonl', 64);
    expect(moon.map((r) => [r.atMs, r.inputTokens, r.outputTokens, r.hashIds])).toEqual(reqs.map((r) => [r.timestamp, r.input_length, r.output_length, r.hash_ids]));
    for (const time of ['datetime', 's', 'ms'] as const) {
      const az = parseAzureCsv(toAzureCsv(reqs, time), 'g.csv');
      expect(az.map((r) => [r.inputTokens, r.outputTokens, r.hashIds])).toEqual(reqs.map((r) => [r.input_length, r.output_length, null]));
      az.forEach((r, i) => expect(r.atMs).toBeCloseTo(reqs[i]!.timestamp, 6));
    }
    const s = traceStats(reqs);
    expect(s.requests).toBe(60);
    expect(s.prefixShare).toBeGreaterThan(0);
    expect(s.input.max).toBeLessThanOrEqual(2000);
  });

  it('Azure: the public form (date-times with seven fractional digits) and a zone', () => {
    const rows = parseAzureCsv('TIMESTAMP,ContextTokens,GeneratedTokens\n2023-11-16 18:15:46.6805900,4808,10\n2023-11-16 18:15:50.9951690,3180,8\n2023-11-16T18:15:51.0000000Z,10,1\n', 'a.csv');
    expect(rows.map((r) => r.atMs)).toEqual([0, expect.closeTo(4314.579, 3), expect.closeTo(4319.41, 3)]);
    expect(parseAzureCsv('timestamp,contexttokens,generatedtokens,extra\n2023-11-16 18:00:00+01:00,5,5,x\n2023-11-16 17:00:01Z,5,5,y\n', 'z.csv').map((r) => r.atMs)).toEqual([0, 1000]);
  });

  it('refuses a bad line with file:line and what is wrong', () => {
    const moon = (lines: string[]): string => problem(() => parseMooncake(lines.join('\n'), 'm.jsonl', 512));
    const ok = '{"timestamp": 0, "input_length": 600, "output_length": 5, "hash_ids": [1, 2]}';
    expect(moon([ok, '{"timestamp": 5, "input_length": 10, "output_length": 5, "hash_ids": []}', '{"timestamp": 3, "input_length": 10, "output_length": 5, "hash_ids": []}'])).toBe(
      "m.jsonl:3: timestamp 3 ms is before the previous request's (5 ms, line 2); a trace must be in time order",
    );
    expect(moon([ok, '{"timestamp": 1, "input_length": 0, "output_length": 5, "hash_ids": []}'])).toBe('m.jsonl:2: "input_length" is 0; a request needs at least 1 token');
    expect(moon([ok, '{"timestamp": 1, "input_length": 5, "output_length": 0, "hash_ids": []}'])).toBe('m.jsonl:2: "output_length" is 0; a request needs at least 1 token');
    expect(moon(['{"timestamp": 1, "input_length": 99999999999, "output_length": 5, "hash_ids": []}'])).toBe(
      'm.jsonl:1: "input_length" is 99999999999, more than the 1000000 tokens a request may have',
    );
    expect(moon(['{"input_length": 5, "output_length": 5, "hash_ids": []}'])).toBe('m.jsonl:1: "timestamp" is missing');
    expect(moon(['{"timestamp": 0, "output_length": 5, "hash_ids": []}'])).toBe('m.jsonl:1: "input_length" is missing');
    expect(moon(['{"timestamp": 0, "input_length": 5, "hash_ids": []}'])).toBe('m.jsonl:1: "output_length" is missing');
    expect(moon(['{"timestamp": 0, "input_length": 5, "output_length": 5}'])).toBe('m.jsonl:1: "hash_ids" is missing (give [] for a prompt that shares nothing)');
    expect(moon(['{"timestamp": 0, "input_length": 5.5, "output_length": 5, "hash_ids": []}'])).toBe('m.jsonl:1: "input_length" must be an integer, got the number 5.5');
    expect(moon(['{"timestamp": -1, "input_length": 5, "output_length": 5, "hash_ids": []}'])).toBe('m.jsonl:1: "timestamp" must be a number of ms >= 0, got the number -1');
    expect(moon(['', '{"timestamp": 0, "input_length": 5, "output_length": 5, "hash_ids": ["a"]}'])).toBe('m.jsonl:2: hash_ids[0] must be an integer >= 0, got a string');
    expect(moon(['{"timestamp": 0, "input_length": 600, "output_length": 5, "hash_ids": [1, 2, 3]}'])).toBe(
      'm.jsonl:1: 3 hash_ids, but input_length 600 fills only 2 blocks of 512 tokens (trace.block_tokens)',
    );
    expect(moon(['{"timestamp": 0,']).startsWith('m.jsonl:1: invalid JSON')).toBe(true);
    expect(moon(['[1]'])).toBe('m.jsonl:1: each line must be a JSON object, got an array');
    expect(moon(['', ' '])).toBe('m.jsonl: trace is empty (no non-blank lines)');

    const az = (text: string): string => problem(() => parseAzureCsv(text, 'a.csv'));
    const HEAD = 'TIMESTAMP,ContextTokens,GeneratedTokens\n';
    expect(az(`${HEAD}2023-11-16 18:00:01,5,5\n2023-11-16 18:00:00,5,5\n`)).toBe("a.csv:3: timestamp -1000 ms is before the previous request's (0 ms, line 2); a trace must be in time order");
    expect(az(`${HEAD}2023-11-16 18:00:01,0,5\n`)).toBe('a.csv:2: "ContextTokens" is 0; a request needs at least 1 token');
    expect(az(`${HEAD}2023-11-16 18:00:01,5,0\n`)).toBe('a.csv:2: "GeneratedTokens" is 0; a request needs at least 1 token');
    expect(az(`${HEAD}2023-11-16 18:00:01,5000000,5\n`)).toBe('a.csv:2: "ContextTokens" is 5000000, more than the 1000000 tokens a request may have');
    expect(az(`${HEAD}2023-11-16 18:00:01,,5\n`)).toBe('a.csv:2: "ContextTokens" is missing');
    expect(az(`${HEAD}2023-11-16 18:00:01,5\n`)).toBe('a.csv:2: 2 fields, but the header names 3');
    expect(az(`${HEAD}12.5,5,5\n`)).toBe('a.csv:2: TIMESTAMP must be a date-time such as 2023-11-16 18:15:46.6805900 (a number: name the column timestamp_s or timestamp_ms)');
    expect(az(`${HEAD}yesterday,5,5\n`)).toBe('a.csv:2: TIMESTAMP must be a date-time such as 2023-11-16 18:15:46.6805900');
    expect(az('timestamp_s,ContextTokens,GeneratedTokens\nsoon,5,5\n')).toBe('a.csv:2: timestamp_s must be a number >= 0 in decimal digits (no sign, exponent or 0x)');
    // Number() reads these; a trace never writes them, so they are refused, not read as something else.
    expect(az('timestamp_s,ContextTokens,GeneratedTokens\n0,5,5\n0x10,5,5\n')).toBe('a.csv:3: timestamp_s must be a number >= 0 in decimal digits (no sign, exponent or 0x)');
    expect(az('timestamp_ms,ContextTokens,GeneratedTokens\n1e308,5,5\n')).toBe('a.csv:2: timestamp_ms must be a number >= 0 in decimal digits (no sign, exponent or 0x)');
    expect(az('timestamp_s,ContextTokens,GeneratedTokens\n,5,5\n')).toBe('a.csv:2: timestamp_s must be a number >= 0 in decimal digits (it is empty)');
    expect(az(`timestamp_ms,ContextTokens,GeneratedTokens\n${'9'.repeat(400)},5,5\n`)).toBe(
      'a.csv:2: timestamp_ms is beyond 9007199254740991 ms (285,000 years); a timestamp is time since some start',
    );
    expect(az(`${HEAD}2023-11-16 18:00:01,0x10,5\n`)).toBe('a.csv:2: "ContextTokens" must be a whole number of tokens in decimal digits');
    expect(az(`${HEAD}2023-11-16 18:00:01,5,1e3\n`)).toBe('a.csv:2: "GeneratedTokens" must be a whole number of tokens in decimal digits');
    expect(az(`${HEAD}2023-11-16 18:00:01,-5,1\n`)).toBe('a.csv:2: "ContextTokens" must be a whole number of tokens in decimal digits');
    expect(az(`${HEAD}2023-11-16 18:00:01,${'9'.repeat(30)},1\n`)).toBe('a.csv:2: "ContextTokens" has 30 digits, more than the 1000000 tokens a request may have');
    expect(moon(['{"timestamp": 1e308, "input_length": 5, "output_length": 5, "hash_ids": []}'])).toBe(
      'm.jsonl:1: "timestamp" is 1e+308 ms, beyond 9007199254740991 ms (285,000 years); a timestamp is ms since some start',
    );
    expect(az('\nwhen,ContextTokens,GeneratedTokens\n')).toBe('a.csv:2: the header must name one time column: TIMESTAMP (a date-time), timestamp_s or timestamp_ms');
    expect(az('TIMESTAMP,GeneratedTokens\n')).toBe('a.csv:1: the header has no ContextTokens column');
    expect(az('TIMESTAMP,ContextTokens\n')).toBe('a.csv:1: the header has no GeneratedTokens column');
    expect(az(HEAD)).toBe('a.csv: trace has a header but no requests');
    expect(az('')).toBe('a.csv: trace is empty (no header line)');
  });

  it('a window on the trace clock, a cap, then time_scale; offsets start at the first kept request', () => {
    const rows: TraceRequest[] = [0, 1000, 2000, 3000, 4000].map((atMs, i) => ({ line: i + 1, atMs, inputTokens: 1, outputTokens: 1, hashIds: null }));
    const at = (over: Partial<TracePlan>): number[] => windowTrace(rows, plan('x', over)).map((r) => r.atMs);
    expect(at({})).toEqual([0, 1000, 2000, 3000, 4000]);
    expect(at({ startMs: 1000, durationMs: 2000 })).toEqual([0, 1000]);
    expect(at({ startMs: 500, maxRequests: 3 })).toEqual([0, 1000, 2000]);
    expect(at({ timeScale: 0.5 })).toEqual([0, 500, 1000, 1500, 2000]);
    expect(windowTrace(rows, plan('x', { startMs: 500, durationMs: 2000 })).map((r) => r.line)).toEqual([2, 3]);
  });
});

describe('trace prompts', () => {
  it("exact lengths; equal leading hash ids share their prefix token for token; the rest is the request's own", async () => {
    const tok = await getTokenizer('o200k_base');
    const text = [
      '{"timestamp": 0, "input_length": 150, "output_length": 3, "hash_ids": [7, 8, 9]}',
      '{"timestamp": 10, "input_length": 140, "output_length": 4, "hash_ids": [7, 8, 10]}',
      '{"timestamp": 20, "input_length": 90, "output_length": 5, "hash_ids": [7, 8]}',
      '{"timestamp": 30, "input_length": 100, "output_length": 6, "hash_ids": [7]}',
      '{"timestamp": 40, "input_length": 60, "output_length": 7, "hash_ids": []}',
    ].join('\n');
    const requests = parseMooncake(text, 'p.jsonl', 50);
    const items = await traceItems({ requests, blockTokens: 50, seed: 3, encoding: 'o200k_base', scenario, cellLabel: 'trace' });
    const ids = items.map((i) => tok.encode(i.prompt));
    expect(ids.map((t) => t.length)).toEqual([150, 140, 90, 100, 60]);
    expect(items.map((i) => [i.maxTokens, i.atMs])).toEqual([
      [3, 0],
      [4, 10],
      [5, 20],
      [6, 30],
      [7, 40],
    ]);
    const common = (a: number[], b: number[]): number => {
      let k = 0;
      while (k < a.length && k < b.length && a[k] === b[k]) k++;
      return k;
    };
    // [7, 8, 9] and [7, 8, 10]: two blocks of 50 in common, token for token, and no more.
    expect(ids[1]!.slice(0, 100)).toEqual(ids[0]!.slice(0, 100));
    expect(common(ids[0]!, ids[1]!)).toBeLessThan(105);
    // [7, 8] with 90 tokens: its last block is the first 40 tokens of block 8.
    expect(ids[2]!).toEqual(ids[0]!.slice(0, 90));
    // [7] with 100 tokens: block 7, then its own 50.
    expect(ids[3]!.slice(0, 50)).toEqual(ids[0]!.slice(0, 50));
    expect(common(ids[3]!, ids[0]!)).toBeLessThan(55);
    expect(common(ids[4]!, ids[0]!)).toBeLessThan(5);
  });

  it('same seed and file: byte-identical prompts; another trial: other words, same sharing; the hash covers the times', async () => {
    const file = join(dir, 'gen.jsonl');
    await writeFile(file, toMooncake(generateTrace(GEN)));
    const { requests, sha256 } = await readTrace(plan(file));
    expect(sha256).toMatch(/^[0-9a-f]{64}$/);
    const build = (cellLabel: string): ReturnType<typeof traceItems> => traceItems({ requests, blockTokens: 64, seed: 1, encoding: 'o200k_base', scenario, cellLabel });
    const a = await build('trace');
    expect((await build('trace')).map((i) => i.prompt)).toEqual(a.map((i) => i.prompt));
    const b = await build('trace#2');
    expect(b.map((i) => i.prompt)).not.toEqual(a.map((i) => i.prompt));
    expect(b.map((i) => [i.inputTokens, i.maxTokens, i.atMs])).toEqual(a.map((i) => [i.inputTokens, i.maxTokens, i.atMs]));
    const moved = a.map((i, k) => (k === 5 ? { ...i, atMs: i.atMs! + 1 } : i));
    expect(workloadHash([{ cell: 't@trace', items: moved }])).not.toBe(workloadHash([{ cell: 't@trace', items: a }]));
    const load = resultLoadOf(
      TRACE_LOAD,
      a.map((i) => i.atMs!),
    );
    expect(load).toMatchObject({ kind: 'rate', label: 'trace', arrival: 'trace', max_concurrency: null });
    expect(load.kind === 'rate' && load.rate).toBeCloseTo((a.length - 1) / (a[a.length - 1]!.atMs! / 1000), 2);
  });

  it('readTrace: an Azure file; a window with nothing in it; a file that is not regular', async () => {
    const file = join(dir, 'gen.csv');
    await writeFile(file, toAzureCsv(generateTrace(GEN)));
    const { requests } = await readTrace(plan(file, { format: 'azure', maxRequests: 10 }));
    expect(requests).toHaveLength(10);
    await expect(readTrace(plan(file, { format: 'azure', startMs: 1e9 }))).rejects.toThrow(`${file}: no request of the trace falls in the window (trace.start_s, trace.duration_s)`);
    await expect(readTrace(plan(dir))).rejects.toThrow(`${dir}: cannot read trace: it is a directory, not a regular file; a trace is a JSONL or CSV file`);
  });

  it('readTrace streams: the same requests whatever the chunking, read only up to the window, in bounded pieces', async () => {
    // Lines cross the 1 MiB reads: 40,000 requests of about 60 bytes, with CRLF endings and a byte-order mark.
    const rows = Array.from({ length: 40_000 }, (_, i) => `{"timestamp": ${i * 10}, "input_length": ${1 + (i % 997)}, "output_length": ${1 + (i % 13)}, "hash_ids": []}`);
    const file = join(dir, 'long.jsonl');
    const text = `\uFEFF${rows.join('\r\n')}`;
    await writeFile(file, text);
    const whole = await readTrace(plan(file));
    expect(whole.requests).toHaveLength(40_000);
    expect(whole.requests.map((r) => [r.line, r.atMs, r.inputTokens])).toEqual(parseMooncake(text, file, 64).map((r) => [r.line, r.atMs, r.inputTokens]));
    // The whole file read: its sha256 is the file's.
    expect(whole.bytesRead).toBe(Buffer.byteLength(text));
    expect(whole.sha256).toBe(createHash('sha256').update(text).digest('hex'));
    // A window of 10 s from 100 s: read up to the line after it ends, and no further.
    const part = await readTrace(plan(file, { startMs: 100_000, durationMs: 10_000 }));
    expect(part.requests.map((r) => r.line)).toEqual(Array.from({ length: 1000 }, (_, k) => 10_001 + k));
    const upTo = Buffer.byteLength(`\uFEFF${rows.slice(0, 11_001).join('\r\n')}\r\n`);
    expect(part.bytesRead).toBe(upTo);
    expect(part.sha256).toBe(createHash('sha256').update(Buffer.from(text).subarray(0, upTo)).digest('hex'));
    // A line past the window is never read, so a bad one there does not stop the replay; one inside does.
    await writeFile(file, `${rows.slice(0, 100).join('\n')}\nnot json\n`);
    expect((await readTrace(plan(file, { maxRequests: 100 }))).requests).toHaveLength(100);
    await expect(readTrace(plan(file, { maxRequests: 101 }))).rejects.toThrow(`${file}:101: invalid JSON`);
    // A line without an end is refused by its number, not read into memory without bound.
    await writeFile(file, `${rows[0]}\n{"timestamp": 1, "pad": "${'x'.repeat(MAX_TRACE_LINE_BYTES)}"}\n`);
    await expect(readTrace(plan(file))).rejects.toThrow(`${file}:2: the line is longer than 16 MiB`);
    // The last line needs no newline; a CSV's header is read as such.
    await writeFile(file, 'timestamp_ms,ContextTokens,GeneratedTokens\n0,5,5\n250,6,6');
    expect((await readTrace(plan(file, { format: 'azure' }))).requests.map((r) => [r.atMs, r.inputTokens])).toEqual([
      [0, 5],
      [250, 6],
    ]);
  });
});
