// target.prompt_lengths: server through a real run against a loopback server
// whose tokenizer is not the config's: it counts 1.5 tokens a word and adds
// 9 of a chat template. Synthetic and trace prompts must then arrive at the
// lengths asked, as the server counts them; the result says how they were met.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runPlan } from '../../src/run/run-plan.js';
import type { ResultDoc } from '../../src/result/types.js';
import { plan, tempDir } from '../support/measure.js';

let server: http.Server | null = null;
afterEach(async () => {
  await new Promise((r) => server?.close(r) ?? r(undefined));
  server = null;
});

/** Each request's prompt as the server counted it, and its words; `usage: false` sends no usage. */
async function countingServer(seen: { served: number; words: string[] }[], usage = true): Promise<string> {
  server = http.createServer((req, res) => {
    if (req.method === 'GET' && req.url === '/v1/models') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ object: 'list', data: [{ id: 'tiny', object: 'model' }] }));
      return;
    }
    const parts: Buffer[] = [];
    req.on('data', (d: Buffer) => parts.push(d));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(parts).toString('utf8')) as { messages: { content: string }[] };
      const words = body.messages[0]!.content.split(' ').filter((w) => w !== '');
      const served = Math.round(words.length * 1.5) + 9;
      seen.push({ served, words });
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write('data: {"id":"x","object":"chat.completion.chunk","created":1,"model":"tiny","choices":[{"index":0,"delta":{"content":" hi"},"finish_reason":null}]}\n\n');
      const u = usage ? `,"usage":{"prompt_tokens":${served},"completion_tokens":1,"total_tokens":${served + 1}}` : '';
      res.write(`data: {"id":"x","object":"chat.completion.chunk","created":1,"model":"tiny","choices":[{"index":0,"delta":{},"finish_reason":"length"}]${u}}\n\n`);
      res.end('data: [DONE]\n\n');
    });
  });
  await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(server!.address() as AddressInfo).port}`;
}

const quiet = (notes: string[]) => ({ cellStart: () => undefined, requestDone: () => undefined, cellEnd: () => undefined, note: (m: string) => notes.push(m) });

describe('target.prompt_lengths: server', () => {
  it('meets synthetic lengths, a shared prefix included, in the server tokens, and records the map', async () => {
    const seen: { served: number; words: string[] }[] = [];
    const url = await countingServer(seen);
    const out = join(await tempDir(), 'r.json');
    const p = plan(url, {
      target: { api: 'chat', fixed_output: false, prompt_lengths: 'server' },
      run: { trials: 2, requests: 6, warmup: 0, max_duration_s: 30 },
      telemetry: { enabled: false },
      loads: [{ concurrency: 1 }],
      scenarios: [{ name: 'fixed', input_tokens: 300, shared_prefix_tokens: 150, output_tokens: 1 }],
    });
    const notes: string[] = [];
    await runPlan({ plan: p, outPath: out, cwd: process.cwd(), env: {}, signal: new AbortController().signal, progress: quiet(notes) });
    // The probes: one word, that word 65 times, the word list (9,541 words) in chunks of 1,000.
    const probes = seen.length - 12;
    expect(seen.slice(0, 3).map((r) => r.words.length)).toEqual([1, 65, 1000]);
    expect(probes).toBe(2 + 10);
    const load = seen.slice(probes);
    // 300 asked: (300 - 9) / 1.5 = 194 words, counted 300 (rounding: within a token).
    for (const r of load) expect(Math.abs(r.served - 300)).toBeLessThanOrEqual(1);
    // The shared prefix is 150 of the server's tokens: 100 words every request starts with.
    const prefix = load[0]!.words.slice(0, 100).join(' ');
    for (const r of load) expect(r.words.slice(0, 100).join(' ')).toBe(prefix);
    expect(load[1]!.words[100]).not.toBe(load[0]!.words[100]);
    const doc = JSON.parse(await readFile(out, 'utf8')) as ResultDoc;
    const recorded = doc.target!.prompt_lengths!;
    // The server rounds each prompt's count (1.5 x odd word counts): the slope within 0.01%, the overhead within a token.
    expect(recorded.slope).toBeCloseTo(1.5, 3);
    expect(Math.abs(recorded.overhead - 9)).toBeLessThan(1);
    expect(recorded.probes).toHaveLength(probes);
    expect(doc.config.target.prompt_lengths).toBe('server');
    expect(notes.join('\n')).toMatch(/prompt lengths in the server's tokens: 12 probe requests \(its whole word list, 9541 words, and a repeated word\) read 1\.500 tokens a word/);
    // Asked and served now agree: no note that they differ.
    expect(notes.join('\n')).not.toContain('prompt tokens a request on average');
  });

  it("meets a trace's lengths and keeps its hash blocks shared", async () => {
    const seen: { served: number; words: string[] }[] = [];
    const url = await countingServer(seen);
    const dir = await tempDir();
    const rows = [
      { timestamp: 0, input_length: 700, output_length: 1, hash_ids: [1, 2] },
      { timestamp: 10, input_length: 1000, output_length: 1, hash_ids: [1, 2, 3] },
      { timestamp: 20, input_length: 400, output_length: 1, hash_ids: [4] },
    ];
    await writeFile(join(dir, 't.jsonl'), rows.map((r) => JSON.stringify(r)).join('\n'));
    const p = plan(url, {
      target: { api: 'chat', fixed_output: false, prompt_lengths: 'server' },
      run: { trials: 1, requests: 1, warmup: 0, max_duration_s: 30 },
      telemetry: { enabled: false },
      scenarios: [{ name: 't', trace: { file: join(dir, 't.jsonl'), format: 'mooncake', block_tokens: 300 } }],
    });
    await runPlan({ plan: p, outPath: join(dir, 'r.json'), cwd: process.cwd(), env: {}, signal: new AbortController().signal, progress: quiet([]) });
    const load = seen.slice(12);
    for (const [i, r] of load.entries()) expect(Math.abs(r.served - rows[i]!.input_length)).toBeLessThanOrEqual(1);
    // Blocks 1 and 2 are 300 server tokens each: the first 400 words of requests 1 and 2 are the same.
    expect(load[1]!.words.slice(0, 400).join(' ')).toBe(load[0]!.words.slice(0, 400).join(' '));
    expect(load[2]!.words.slice(0, 10).join(' ')).not.toBe(load[0]!.words.slice(0, 10).join(' '));
  });

  it('refuses a server that reports no usage, before any load', async () => {
    const seen: { served: number; words: string[] }[] = [];
    const url = await countingServer(seen, false);
    const p = plan(url, {
      target: { api: 'chat', fixed_output: false, prompt_lengths: 'server' },
      run: { trials: 1, requests: 4, warmup: 0, max_duration_s: 30 },
      telemetry: { enabled: false },
      loads: [{ concurrency: 1 }],
      scenarios: [{ name: 'fixed', input_tokens: 50, output_tokens: 1 }],
    });
    await expect(runPlan({ plan: p, outPath: join(await tempDir(), 'r.json'), cwd: process.cwd(), env: {}, signal: new AbortController().signal, progress: quiet([]) })).rejects.toThrow(
      /target\.prompt_lengths: server: the server reported no usage\.prompt_tokens for the probe requests/,
    );
    // The probes only: no load was sent.
    expect(seen).toHaveLength(12);
  });
});
