// Issue 19, item 9 (d): a 200 stream that ends properly but carries no output
// (only `data: [DONE]`, or only empty deltas) counted as an ok request with 0
// tokens, so a server that answered [DONE] at once looked fast and error-free;
// and a server's usage was taken even where the stream contradicts it
// (completion_tokens 5 with nothing streamed; 0 with text streamed). Now such
// a stream is a failed request of class bad-response, named as empty, and a
// usage count of 0 beside streamed output gives way to the client's count
// (stream-call.ts, emptyStreamMessage; docs/metrics.md, Failure classes).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiKind } from '../../src/config/plan.js';
import { InferenceClient } from '../../src/client/http.js';
import { getTokenizer } from '../../src/workload/tokenizer.js';
import { measure, oneCell } from '../support/measure.js';

/** What the server answers every POST with (a 200 event stream), set per test. */
let body = '';
let server: http.Server;
let url = '';
beforeAll(async () => {
  server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      if (req.method === 'GET') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ object: 'list', data: [{ id: 'm', object: 'model' }] }));
        return;
      }
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const DONE = 'data: [DONE]\n\n';
const chat = (delta: object, finish: string | null = null, usage?: object): string =>
  `data: ${JSON.stringify({ id: 'x', object: 'chat.completion.chunk', choices: [{ index: 0, delta, finish_reason: finish }], ...(usage ? { usage } : {}) })}\n\n`;
const completion = (text: string, finish: string | null = null, usage?: object): string =>
  `data: ${JSON.stringify({ id: 'x', object: 'text_completion', choices: [{ index: 0, text, finish_reason: finish }], ...(usage ? { usage } : {}) })}\n\n`;
const usage = (completionTokens: number): object => ({ prompt_tokens: 3, completion_tokens: completionTokens, total_tokens: 3 + completionTokens });

async function streamOnce(stream: string, api: ApiKind = 'chat') {
  body = stream;
  const tok = await getTokenizer('o200k_base');
  const client = new InferenceClient({
    target: { url, api, model: null, apiKeyEnv: null, headers: {}, extraBody: {}, fixedOutput: false },
    timeouts: { connectMs: 5_000, requestMs: 10_000, idleMs: 5_000 },
    limits: { lineBytes: 1 << 20, eventBytes: 1 << 20, responseBytes: 1 << 27 },
    connections: 1,
    apiKey: null,
    countTokens: (t) => tok.count(t),
  });
  try {
    return await client.stream({ prompt: 'hi', inputTokens: 1, maxTokens: 16 }, 'm');
  } finally {
    await client.destroy();
  }
}

describe('a 200 stream without any output', () => {
  const cases: [string, string, ApiKind, RegExp][] = [
    ['only [DONE]', DONE, 'chat', /^the stream ended \(\[DONE\]\) without any output: no content, reasoning or tool-call text$/],
    ['a role chunk and an empty final delta', chat({ role: 'assistant', content: '' }) + chat({}, 'stop') + DONE, 'chat', /\(finish_reason 'stop' and \[DONE\]\) without any output/],
    ['empty deltas and a finish_reason, no [DONE]', chat({ content: '' }) + chat({}, 'length'), 'chat', /\(finish_reason 'length'\) without any output/],
    ['empty completions text', completion('') + completion('', 'stop') + DONE, 'completions', /without any output/],
    ['usage that claims 5 tokens never streamed', chat({ content: '' }) + chat({}, 'length', usage(5)) + DONE, 'chat', /; the server's usage claims 5 completion tokens it did not stream$/],
    ['usage that says 0', chat({}, 'stop', usage(0)) + DONE, 'chat', /; the server's usage says 0 completion tokens$/],
  ];
  for (const [name, stream, api, message] of cases) {
    it(`${name}: a failed request, bad-response, with no token counts`, async () => {
      const out = await streamOnce(stream, api);
      // Before: failure null, nOut 0 (or the usage's 5), tokenSource client (or server).
      expect(out.failure).toBe('bad-response');
      expect(out.message).toMatch(message);
      expect(out.nOut).toBeNull();
      expect(out.tokenSource).toBeNull();
      expect(out.outputEvents).toBe(0);
      expect(out.tFirst).toBeNull();
    });
  }
});

describe("the server's usage against the stream", () => {
  it('streamed output with usage 0: ok, counted by the client', async () => {
    const out = await streamOnce(chat({ content: ' tok tok' }) + chat({ content: ' tok' }, 'length', usage(0)) + DONE);
    expect(out.failure).toBeNull();
    expect(out.tokenSource).toBe('client');
    expect(out.nOut).toBe(3);
  });

  it('streamed output with a usage count: the server count stands (too-high counts are judged per request in metrics/cell.ts)', async () => {
    const out = await streamOnce(chat({ content: ' tok tok' }) + chat({ content: ' tok' }, 'length', usage(3)) + DONE);
    expect(out.failure).toBeNull();
    expect(out.tokenSource).toBe('server');
    expect(out.nOut).toBe(3);
  });
});

describe('a cell against a server that answers only [DONE]', () => {
  it('reads as every request failed, bad-response, not as a fast error-free server', async () => {
    body = DONE;
    const { doc } = await measure(url, oneCell({ concurrency: 2 }, { requests: 10 }));
    const cell = doc.cells[0]!;
    // Before: error_rate 0, 10 ok requests of 0 tokens.
    expect(cell.metrics.error_rate).toBe(1);
    expect(cell.metrics.errors['bad-response']?.count).toBe(10);
    expect(cell.metrics.errors['bad-response']?.examples[0]).toContain('without any output');
  });
});
