// `llm-perf-gate run` (in-process) against a server that refuses the run's
// first requests (issue 31, item 5): the same 4xx for all of them (a wrong
// model name on vLLM: 404) stops the run after a few requests with exit 2,
// the models it serves named and the measured cell written; a server that
// answers 503 while it warms up is measured as before.
import { readFile, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { CliIo } from '../../src/cli/io.js';
import { main } from '../../src/cli/main.js';
import type { ResultDoc } from '../../src/result/types.js';
import { startFakeServer, type FakeServer } from '../support/fake-server.js';
import { tempDir } from '../support/measure.js';

let server: FakeServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

async function run(args: string[], loads = '{ concurrency: 1 }, { concurrency: 4 }', trials = 2, workers = 1): Promise<{ code: number; out: string; err: string; doc: ResultDoc }> {
  const dir = await tempDir();
  const config = join(dir, 'c.yml');
  await writeFile(
    config,
    [
      'version: 1',
      `target: { url: '${server?.url ?? 'http://127.0.0.1:9'}', api: chat }`,
      `run: { requests: 60, warmup: 2, trials: ${trials}, max_duration_s: 20, workers: ${workers} }`,
      'scenarios: [{ name: s, input_tokens: 16, output_tokens: 4 }]',
      `loads: [${loads}]`,
      '',
    ].join('\n'),
  );
  let out = '';
  let err = '';
  const io: CliIo = { cwd: dir, env: { CI: 'true' }, stdout: { write: (s: string) => ((out += s), true) }, stderr: { write: (s: string) => ((err += s), true) }, onInterrupt: () => () => undefined };
  const result = join(dir, 'r.json');
  const code = await main(['run', '--config', config, '--out', result, ...args], io);
  return { code, out, err, doc: JSON.parse(await readFile(result, 'utf8')) as ResultDoc };
}

const completions = (s: FakeServer): number => s.requests.filter((r) => r.completionIndex !== null).length;

describe('llm-perf-gate run: the first requests all refused alike', () => {
  it('a wrong model name (HTTP 404 on every request): exit 2 after 5 requests, the served models named, what was measured written', async () => {
    const body = JSON.stringify({ object: 'error', message: 'The model `Qwen/Qwen3-8B` does not exist.', type: 'NotFoundError', param: null, code: 404 });
    server = await startFakeServer({ ttftMs: 1, gapMs: 1, models: ['Qwen/Qwen2.5-7B-Instruct', 'Qwen/Qwen2.5-0.5B'], faults: [{ fault: { kind: 'http', status: 404, body } }] });
    const r = await run(['--model', 'Qwen/Qwen3-8B']);
    expect(r.code, r.err).toBe(2);
    expect(r.err).toContain(
      "error: target unusable: the first 5 requests were all refused with HTTP 404 (The model `Qwen/Qwen3-8B` does not exist.), so the run stopped early: the server serves: Qwen/Qwen2.5-7B-Instruct, Qwen/Qwen2.5-0.5B; target.model is 'Qwen/Qwen3-8B'. Set target.model (or --model) to one of those",
    );
    // Before: all 4 cells x trials ran, 0 of 240 ok, exit 0.
    expect(completions(server)).toBe(5);
    expect(r.doc.status).toBe('failed');
    expect(r.doc.error).toContain('refused with HTTP 404');
    expect(r.doc.cells.map((c) => [c.id, c.status, c.metrics.counts.warmup + c.metrics.counts.attempted])).toEqual([['s@c=1', 'interrupted', 5]]);
  }, 20_000);

  it('concurrent requests refused with 403: stops within the first few, cancels the rest, names the credentials', async () => {
    server = await startFakeServer({ ttftMs: 1, gapMs: 1, faults: [{ fault: { kind: 'http', status: 403 }, requests: Array.from({ length: 1000 }, (_, i) => i) }] });
    const r = await run([], '{ concurrency: 4 }');
    expect(r.code, r.err).toBe(2);
    expect(r.err).toMatch(
      /the first 5 requests were all refused with HTTP 403 \(fake fault: HTTP 403\), so the run stopped early: the server serves: fake-model; the run asked for 'fake-model', the first it lists\. No key is configured/,
    );
    expect(completions(server)).toBeLessThan(12);
  }, 20_000);

  it('with worker threads sending (run.workers: 2): stops as early, from their progress notes', async () => {
    // Each refusal 30 ms late: the cell's 62 requests at 4 at once take 470 ms or more, and the workers' progress notes (every 100 ms) carry the statuses back.
    let posts = 0;
    const slow = http.createServer((req, res) => {
      if (req.method === 'GET') {
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ object: 'list', data: [{ id: 'served', object: 'model' }] }));
        return;
      }
      posts++;
      req.resume();
      setTimeout(() => res.writeHead(404, { 'content-type': 'application/json' }).end('{"object":"error","message":"The model `nope` does not exist.","code":404}'), 30);
    });
    await new Promise<void>((r) => slow.listen(0, '127.0.0.1', r));
    try {
      const r = await run(['--model', 'nope', '--url', `http://127.0.0.1:${(slow.address() as AddressInfo).port}`], '{ concurrency: 4 }', 2, 2);
      expect(r.code, r.err).toBe(2);
      expect(r.err).toContain(
        "the first 5 requests were all refused with HTTP 404 (The model `nope` does not exist.), so the run stopped early: the server serves: served; target.model is 'nope'. Set target.model (or --model) to it",
      );
      expect(posts).toBeLessThan(40);
    } finally {
      slow.closeAllConnections();
      await new Promise((r) => slow.close(r));
    }
  }, 20_000);

  it('a server answering 503 while it warms up (its first 8 requests) is measured as before: exit 0', async () => {
    server = await startFakeServer({ ttftMs: 1, gapMs: 1, faults: [{ fault: { kind: 'http', status: 503 }, requests: [0, 1, 2, 3, 4, 5, 6, 7] }] });
    const r = await run([], '{ concurrency: 1 }, { concurrency: 4 }', 1);
    expect(r.code, r.err).toBe(0);
    expect(r.doc.status).toBe('complete');
    expect(r.doc.cells).toHaveLength(2);
    expect(r.doc.cells[0]!.metrics.counts.failed).toBe(6);
  }, 20_000);
});
