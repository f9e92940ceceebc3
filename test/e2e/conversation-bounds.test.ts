// A multi-turn run against a server whose answers are long, through the built
// CLI: an answer of one letter repeated 450,000 times goes into the next
// turn's history without freezing the client (it was tokenized whole, in time
// quadratic in such a run, and the run then ignored max_duration_s and
// SIGTERM for minutes); an answer far longer than max_tokens allows ends its
// session as a failed turn instead of growing the history until a request
// body cannot be built (which ended the whole run and kept nothing); and a
// config whose turns x lengths cannot fit one request is refused before any
// request.
import http from 'node:http';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { readResult } from '../../src/result/read.js';
import { buildDist, cli } from '../support/cli.js';
import { listenLoopback, type Listening } from '../support/loopback.js';
import { tempDir } from '../support/measure.js';

interface Seen {
  bodyBytes: number[];
}

/** Every chat answer is `answer(n)` (n: the request's 0-based index), streamed in 32 KB events, without usage. */
async function startLongAnswers(answer: (n: number) => string): Promise<Listening & { seen: Seen }> {
  const seen: Seen = { bodyBytes: [] };
  let n = 0;
  const server = http.createServer((req, res) => {
    let bytes = 0;
    req.on('data', (d: Buffer) => (bytes += d.length));
    req.on('end', () => {
      if (req.method === 'GET' && req.url === '/v1/models') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ object: 'list', data: [{ id: 'm', object: 'model' }] }));
        return;
      }
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
        res.writeHead(404).end();
        return;
      }
      seen.bodyBytes.push(bytes);
      const text = answer(n++);
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      for (let at = 0; at < text.length; at += 32_768) {
        res.write(`data: ${JSON.stringify({ id: 'x', object: 'chat.completion.chunk', choices: [{ index: 0, delta: { content: text.slice(at, at + 32_768) }, finish_reason: null }] })}\n\n`);
      }
      res.end(`data: ${JSON.stringify({ id: 'x', object: 'chat.completion.chunk', choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] })}\n\ndata: [DONE]\n\n`);
    });
  });
  return { ...(await listenLoopback(server)), seen };
}

async function config(dir: string, url: string, scenario: string): Promise<string> {
  const file = join(dir, 'llm-perf.yml');
  await writeFile(
    file,
    [
      'target:',
      `  url: ${url}`,
      '  fixed_output: false',
      'run: { requests: 2, warmup: 0, trials: 1, max_duration_s: 60 }',
      'gate: { metrics: { ttft_ms.p95: { gate: false } } }',
      `scenarios: [${scenario}]`,
      'loads: [{ concurrency: 1 }]',
      '',
    ].join('\n'),
  );
  return file;
}

describe('a conversation with long answers, through the built CLI', () => {
  let server: Listening | undefined;

  beforeAll(() => buildDist(), 120_000);
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('carries a 450,000-letter answer into the next turn in seconds, not minutes', async () => {
    const s = await startLongAnswers((n) => (n === 0 ? 'a'.repeat(450_000) : ' done'));
    server = s;
    const dir = await tempDir();
    const file = await config(dir, s.url, '{ name: chat, input_tokens: 16, output_tokens: 20000, conversation: { turns: 2 } }');
    const out = join(dir, 'result.json');
    const t0 = performance.now();
    const ran = await cli(['run', '--config', file, '--out', out]);
    const seconds = (performance.now() - t0) / 1000;
    expect(ran.code, ran.stderr).toBe(0);
    // Whole, the answer's count alone took minutes (a run of one letter is one pre-token).
    expect(seconds).toBeLessThan(45);
    // Turn 2 sent the whole answer back as history.
    expect(s.seen.bodyBytes[1]!).toBeGreaterThan(450_000);
    const doc = await readResult(out);
    const counts = doc.cells[0]!.metrics.counts;
    expect(counts.completed).toBe(counts.attempted);
    expect(counts.failed).toBe(0);
  }, 120_000);

  it('ends a session whose answer is far past max_tokens as a failed turn, and keeps what was measured', async () => {
    // Session 1: a 2 MB answer to max_tokens 16; session 2: a short one.
    const s = await startLongAnswers((n) => (n === 0 ? 'b '.repeat(1_000_000) : ' ok'));
    server = s;
    const dir = await tempDir();
    const file = await config(dir, s.url, '{ name: chat, input_tokens: 16, output_tokens: 16, conversation: { turns: 3 } }');
    const out = join(dir, 'result.json');
    const ran = await cli(['run', '--config', file, '--out', out]);
    expect(ran.code, ran.stderr).toBe(0);
    const doc = await readResult(out);
    expect(doc.status).toBe('complete');
    const cell = doc.cells[0]!;
    // Session 1 stopped at its first turn (its 2 MB answer never became history); session 2 ran its 3 turns.
    expect(s.seen.bodyBytes).toHaveLength(4);
    expect(Math.max(...s.seen.bodyBytes)).toBeLessThan(10_000);
    expect(cell.metrics.counts).toMatchObject({ attempted: 4, completed: 3, failed: 1, not_sent: 2 });
    const examples = Object.values(cell.metrics.errors).flatMap((e) => e.examples);
    expect(examples.join('\n')).toMatch(/the answer was 2000000 characters, more than a history keeps for max_tokens 16 \(32 a token, 512\): the server ignored max_tokens/);
  }, 120_000);

  it('refuses, before any request, a conversation whose last turn cannot fit one request', async () => {
    const s = await startLongAnswers(() => ' ok');
    server = s;
    const dir = await tempDir();
    const file = await config(dir, s.url, '{ name: chat, input_tokens: 16, output_tokens: 1000000, conversation: { turns: 1000 } }');
    const ran = await cli(['run', '--config', file, '--out', join(dir, 'result.json')]);
    expect(ran.code).toBe(2);
    expect(ran.stderr).toMatch(/llm-perf\.yml:\d+:\d+: scenarios\[0\]\.conversation\.turns: 1000 turns can send a history of up to 999016000 tokens/);
    expect(ran.stderr).not.toMatch(/\n\s+at /);
    expect(s.seen.bodyBytes).toHaveLength(0);
  }, 60_000);
});
