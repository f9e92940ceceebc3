// A trace replayed against the loopback fake server: requests leave at the
// trace's times (lateness recorded in the result), carry its exact lengths,
// and prompts with equal leading hash ids share their prefix token for token.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { validateResult } from '../../src/result/validate.js';
import { getTokenizer } from '../../src/workload/tokenizer.js';
import { generateTrace, GEN_DEFAULTS, toAzureCsv, toMooncake } from '../../scripts/trace-gen.js';
import { startFakeServer, type FakeServer } from '../support/fake-server.js';
import { measure, tempDir } from '../support/measure.js';

let server: FakeServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

// 80 requests at 20 req/s (about 4 s), short prompts, half of them opening with one of two shared 2-block prefixes.
const GEN = { ...GEN_DEFAULTS, requests: 80, rate: 20, input: { mean: 200, sd: 120, max: 600 }, output: { mean: 6, sd: 3, max: 12 }, share: 0.5, groups: 2, prefixBlocks: 2, blockTokens: 32, seed: 5 };
// Generous for a loaded 2-core machine: a quiet one replays within a few ms.
const LATE_P99_MS = 50;

function config(file: string, format: 'mooncake' | 'azure'): Record<string, unknown> {
  return {
    target: { api: 'chat' },
    run: { trials: 1, max_duration_s: 60 },
    telemetry: { enabled: false },
    scenarios: [{ name: 't', trace: { file, format, block_tokens: 32 } }],
  };
}

describe('trace replay', () => {
  it('mooncake: at its timestamps, with its lengths and its prefix sharing', async () => {
    server = await startFakeServer({ ttftMs: 2, gapMs: 1 });
    const reqs = generateTrace(GEN);
    const file = join(await tempDir(), 'trace.jsonl');
    await writeFile(file, toMooncake(reqs));
    const { doc } = await measure(server.url, config(file, 'mooncake'));
    expect(validateResult(doc)).toEqual([]);
    expect(doc.cells.map((c) => c.id)).toEqual(['t@trace']);
    const cell = doc.cells[0]!;
    expect(cell.load).toMatchObject({ kind: 'rate', label: 'trace', arrival: 'trace' });
    expect(cell.metrics.counts.completed).toBe(80);
    expect(cell.scenario.trace).toMatchObject({ format: 'mooncake', requests: 80 });
    expect(cell.lengths!.input_tokens!.max).toBe(Math.max(...reqs.map((r) => r.input_length)));
    expect(cell.lateness_ms!.count).toBe(80);
    expect(cell.lateness_ms!.p99).toBeLessThan(LATE_P99_MS);

    // What the server got, in trace order (each request's max_tokens is its output_length, unique enough to pair them up).
    const got = server.requests.filter((r) => r.completionIndex !== null).sort((a, b) => a.receivedAt - b.receivedAt);
    expect(got).toHaveLength(80);
    const t0 = got[0]!.receivedAt;
    const tok = await getTokenizer('o200k_base');
    const sent = got.map((r) => ({ at: r.receivedAt - t0, ids: tok.encode(r.body.messages[0].content as string), max: r.body.max_tokens as number }));
    // Arrival order is trace order whenever gaps are wider than the jitter; compare the sorted offsets.
    const offsets = sent.map((s) => s.at);
    reqs.forEach((r, i) => expect(Math.abs(offsets[i]! - r.timestamp)).toBeLessThan(LATE_P99_MS * 2));
    // Lengths: every trace request's (input, output) pair was sent exactly.
    const key = (a: number, b: number): string => `${a}/${b}`;
    expect(sent.map((s) => key(s.ids.length, s.max)).sort()).toEqual(reqs.map((r) => key(r.input_length, r.output_length)).sort());
    // Prefix sharing: requests whose first hash ids agree agree on those blocks token for token, and differ after.
    const byLength = new Map(sent.map((s) => [key(s.ids.length, s.max), s.ids]));
    let pairs = 0;
    for (let i = 0; i < reqs.length; i++) {
      for (let j = i + 1; j < reqs.length; j++) {
        const a = reqs[i]!;
        const b = reqs[j]!;
        let k = 0;
        while (k < a.hash_ids.length && k < b.hash_ids.length && a.hash_ids[k] === b.hash_ids[k]) k++;
        const shared = Math.min(k * 32, a.input_length, b.input_length);
        const ta = byLength.get(key(a.input_length, a.output_length))!;
        const tb = byLength.get(key(b.input_length, b.output_length))!;
        expect(tb.slice(0, shared)).toEqual(ta.slice(0, shared));
        if (shared > 0) pairs++;
        // No sharing beyond the common ids (a chance match of a word or two aside).
        let same = 0;
        while (same < ta.length && same < tb.length && ta[same] === tb[same]) same++;
        expect(same).toBeLessThan(shared + 4);
      }
    }
    expect(pairs).toBeGreaterThan(100);
  });

  it('azure CSV (date-times), windowed and twice as fast', async () => {
    server = await startFakeServer({ ttftMs: 2, gapMs: 1 });
    const reqs = generateTrace({ ...GEN, share: 0 });
    const file = join(await tempDir(), 'trace.csv');
    await writeFile(file, toAzureCsv(reqs));
    const cfg = config(file, 'azure');
    (cfg.scenarios as { trace: Record<string, unknown> }[])[0]!.trace = { file, format: 'azure', time_scale: 0.5, start_s: 1, max_requests: 30 };
    const { doc } = await measure(server.url, cfg);
    expect(validateResult(doc)).toEqual([]);
    const cell = doc.cells[0]!;
    expect(cell.metrics.counts.completed).toBe(30);
    const kept = reqs.filter((r) => r.timestamp >= 1000).slice(0, 30);
    const span = (kept[29]!.timestamp - kept[0]!.timestamp) / 2;
    expect(cell.load.kind === 'rate' && cell.load.rate).toBeCloseTo(29 / (span / 1000), 1);
    expect(cell.lateness_ms!.p99).toBeLessThan(LATE_P99_MS);
  });

  it('run.workers: 2 sends the same requests, each at its time', async () => {
    server = await startFakeServer({ ttftMs: 2, gapMs: 1 });
    const reqs = generateTrace({ ...GEN, requests: 40 });
    const file = join(await tempDir(), 'trace.jsonl');
    await writeFile(file, toMooncake(reqs));
    const one = await measure(server.url, config(file, 'mooncake'));
    const prompts = (): string[] =>
      server!.requests
        .filter((r) => r.completionIndex !== null)
        .map((r) => r.body.messages[0].content as string)
        .sort();
    const promptsOne = prompts();
    server.requests.length = 0;
    const two = await measure(server.url, { ...config(file, 'mooncake'), run: { trials: 1, max_duration_s: 60, workers: 2 } });
    expect(validateResult(two.doc)).toEqual([]);
    expect(prompts()).toEqual(promptsOne);
    expect(two.doc.workload_hash).toBe(one.doc.workload_hash);
    expect(two.doc.cells[0]!.metrics.counts.completed).toBe(40);
    expect(two.doc.cells[0]!.lateness_ms!.p99).toBeLessThan(LATE_P99_MS);
  });
});
