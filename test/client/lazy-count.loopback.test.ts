// A run's client loads its tokenizer only when a server sends no usage: a run
// against vLLM, SGLang or llama.cpp (which report usage when asked) never
// holds the BPE tables. A server without usage still gets every response
// counted on the client, by the real tokenizer, loaded on first need.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InferenceClient } from '../../src/client/http.js';
import { getTokenizer, lazyTokenCounter } from '../../src/workload/tokenizer.js';

let body = '';
let server: http.Server;
let url = '';
beforeAll(async () => {
  server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const chunk = (content: string, finish: string | null = null, usage?: object): string =>
  `data: ${JSON.stringify({ id: 'x', object: 'chat.completion.chunk', choices: [{ index: 0, delta: { content }, finish_reason: finish }], ...(usage ? { usage } : {}) })}\n\n`;
const TEXT = ' The quick brown fox jumps over the lazy dog.';

async function run(stream: string, requests: number): Promise<{ outs: Awaited<ReturnType<InferenceClient['stream']>>[]; loads: number }> {
  body = stream;
  const counter = lazyTokenCounter('o200k_base');
  let loads = 0;
  const client = new InferenceClient({
    target: { url, api: 'chat', model: null, apiKeyEnv: null, headers: {}, extraBody: {}, fixedOutput: false },
    timeouts: { connectMs: 5_000, requestMs: 10_000, idleMs: 5_000 },
    limits: { lineBytes: 1 << 20, eventBytes: 1 << 20, responseBytes: 1 << 27 },
    connections: 4,
    apiKey: null,
    countTokens: counter.count,
    countTokensReady: () => {
      loads++;
      return counter.ready();
    },
  });
  try {
    const outs = await Promise.all(Array.from({ length: requests }, () => client.stream({ prompt: 'hi', inputTokens: 1, maxTokens: 4096 }, 'm')));
    return { outs, loads };
  } finally {
    await client.destroy();
  }
}

describe('the lazily loaded token counter', () => {
  it('is never asked for when the server reports usage', async () => {
    const { outs, loads } = await run(chunk(TEXT) + chunk(TEXT, 'stop', { prompt_tokens: 1, completion_tokens: 20 }) + 'data: [DONE]\n\n', 8);
    expect(loads).toBe(0);
    for (const o of outs) expect([o.failure, o.tokenSource, o.nOut]).toEqual([null, 'server', 20]);
  });

  it('counts every response with the real tokenizer when the server sends none, short and long ones', async () => {
    const tok = await getTokenizer('o200k_base');
    // 300 events of 45 characters: 13,500 characters, past what the tally holds uncounted.
    const long = Array.from({ length: 300 }, () => chunk(TEXT)).join('');
    for (const stream of [chunk(TEXT) + chunk(TEXT, 'stop'), long + chunk('', 'stop')]) {
      const { outs, loads } = await run(stream + 'data: [DONE]\n\n', 6);
      expect(loads).toBe(6);
      const expected = tok.count(stream === long + chunk('', 'stop') ? TEXT.repeat(300) : TEXT.repeat(2));
      for (const o of outs) expect([o.failure, o.tokenSource, o.nOut]).toEqual([null, 'client', expected]);
    }
  });
});
