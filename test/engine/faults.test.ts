// Every fault ends in its failure class, a clear message, and a result that
// still holds everything measured: nothing is silently dropped.
import { readFile } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { TargetError } from '../../src/errors/target-error.js';
import type { FailureClass } from '../../src/load/record.js';
import type { ResultDoc } from '../../src/result/types.js';
import { validateResult } from '../../src/result/validate.js';
import { startFakeServer, type Fault, type FakeServer } from '../support/fake-server.js';
import { measure, oneCell } from '../support/measure.js';

let server: FakeServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

const cases: { name: string; fault: Fault; cls: FailureClass; message: RegExp }[] = [
  { name: 'HTTP 401', fault: { kind: 'http', status: 401, body: '{"error":{"message":"bad key"}}' }, cls: 'http-4xx', message: /HTTP 401: .*bad key/ },
  { name: 'HTTP 500', fault: { kind: 'http', status: 500 }, cls: 'http-5xx', message: /HTTP 500/ },
  { name: 'HTML page', fault: { kind: 'html' }, cls: 'bad-response', message: /expected text\/event-stream, got 'text\/html/ },
  { name: 'JSON instead of a stream', fault: { kind: 'not-sse' }, cls: 'bad-response', message: /expected text\/event-stream/ },
  { name: 'socket cut mid-stream', fault: { kind: 'cut', afterChunks: 3 }, cls: 'cut-off', message: /connection closed mid-stream|before \[DONE\]/ },
  { name: 'clean end without [DONE]', fault: { kind: 'end-early', afterChunks: 3 }, cls: 'cut-off', message: /before \[DONE\]/ },
  { name: 'error event after a 200', fault: { kind: 'error-event', afterChunks: 2, message: 'KV cache full' }, cls: 'stream-error', message: /KV cache full/ },
  { name: 'invalid JSON chunk', fault: { kind: 'invalid-json', afterChunks: 2 }, cls: 'bad-response', message: /JSON/i },
  { name: 'hang after the headers', fault: { kind: 'hang-after-headers' }, cls: 'timeout', message: /idle/ },
  { name: 'hang before the headers', fault: { kind: 'hang-before-headers' }, cls: 'timeout', message: /headers/ },
];

describe('failure classes', () => {
  for (const c of cases) {
    it(`${c.name} -> ${c.cls}`, async () => {
      // Every second request fails; the others must still be measured normally.
      server = await startFakeServer({ ttftMs: 5, gapMs: 2, faults: [{ fault: c.fault, every: 2 }] });
      const cfg = oneCell({ concurrency: 2 }, { requests: 6, output: 8, extra: { timeouts: { idle_s: 0.3, request_s: 5, connect_ms: 1000 } } });
      const { doc, outPath } = await measure(server.url, cfg);
      const m = doc.cells[0]!.metrics;
      expect(m.counts.attempted).toBe(6);
      expect(m.counts.failed).toBe(3);
      expect(m.counts.completed).toBe(3);
      expect(m.error_rate).toBe(0.5);
      expect(Object.keys(m.errors)).toEqual([c.cls]);
      expect(m.errors[c.cls]!.count).toBe(3);
      expect(m.errors[c.cls]!.examples[0]).toMatch(c.message);
      // Failed requests are out of the latency figures but never vanish.
      expect(m.e2e_ms!.n).toBe(3);
      const onDisk = JSON.parse(await readFile(outPath, 'utf8')) as ResultDoc;
      expect(validateResult(onDisk)).toEqual([]);
      expect(onDisk.cells[0]!.metrics.errors[c.cls]!.count).toBe(3);
    });
  }

  it('a whole-request deadline ends a slow stream as a timeout', async () => {
    server = await startFakeServer({ ttftMs: 5, gapMs: 100 });
    const cfg = oneCell({ concurrency: 1 }, { requests: 2, output: 50, extra: { timeouts: { request_s: 0.3 } } });
    const { doc } = await measure(server.url, cfg);
    expect(doc.cells[0]!.metrics.errors.timeout).toEqual({ count: 2, examples: ['request deadline passed (timeouts.request_s)'] });
  });
});

describe('the target as a whole', () => {
  it('refuses to start when nothing listens (connect error names method and URL)', async () => {
    server = await startFakeServer();
    const url = server.url;
    await server.close();
    await expect(measure(url, oneCell({ concurrency: 1 }))).rejects.toThrow(TargetError);
    await expect(measure(url, oneCell({ concurrency: 1 }))).rejects.toThrow(/cannot reach the target.*ECONNREFUSED.*\(GET http:\/\/127\.0\.0\.1:\d+\/v1\/models\)/);
  });

  it('names a 401 on /v1/models as a credentials problem', async () => {
    server = await startFakeServer();
    // A server that refuses every request: the probe gets the same answer.
    const { createServer } = await import('node:http');
    const s = createServer((_q, r) => r.writeHead(401).end('{"error":"no key"}'));
    await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
    const port = (s.address() as { port: number }).port;
    await expect(measure(`http://127.0.0.1:${port}`, oneCell({ concurrency: 1 }))).rejects.toThrow(/HTTP 401: no key is configured.*api_key_env/);
    s.close();
  });

  it('keeps what was measured when the server crashes mid-cell, and fails the rest as connect errors', async () => {
    server = await startFakeServer({ ttftMs: 5, gapMs: 5, faults: [{ fault: { kind: 'crash', afterChunks: 2 }, requests: [5] }] });
    const cfg = oneCell({ concurrency: 1 }, { requests: 10, output: 6, extra: { timeouts: { connect_ms: 500, idle_s: 1 } } });
    const { doc, outPath } = await measure(server.url, cfg);
    const m = doc.cells[0]!.metrics;
    expect(m.counts.attempted).toBe(10);
    expect(m.counts.completed).toBe(5);
    expect(m.errors['cut-off']?.count).toBe(1);
    expect(m.errors.connect?.count).toBe(4);
    expect(doc.status).toBe('complete');
    const onDisk = JSON.parse(await readFile(outPath, 'utf8')) as ResultDoc;
    expect(onDisk.cells[0]!.metrics.counts.completed).toBe(5);
  });

  it('writes what it measured when interrupted mid-cell', async () => {
    server = await startFakeServer({ ttftMs: 5, gapMs: 20 });
    const ac = new AbortController();
    const cfg = oneCell({ concurrency: 2 }, { requests: 100, output: 10 });
    (cfg.scenarios as unknown[]).push({ name: 'never', input_tokens: 8, output_tokens: 4 });
    setTimeout(() => ac.abort(), 900);
    const { doc, outPath } = await measure(server.url, cfg, ac.signal);
    expect(doc.status).toBe('interrupted');
    expect(doc.cells).toHaveLength(1);
    const cell = doc.cells[0]!;
    expect(cell.status).toBe('interrupted');
    expect(cell.metrics.counts.completed).toBeGreaterThanOrEqual(2);
    expect(cell.metrics.counts.cancelled).toBeGreaterThan(0);
    expect(cell.metrics.counts.failed).toBe(0);
    expect(cell.metrics.counts.not_sent).toBe(100 - cell.metrics.counts.attempted - cell.metrics.counts.cancelled);
    const onDisk = JSON.parse(await readFile(outPath, 'utf8')) as ResultDoc;
    expect(onDisk.status).toBe('interrupted');
    expect(validateResult(onDisk)).toEqual([]);
  });
});
