// A run against a server whose /v1/models states max_model_len says, before
// its first request, how many planned requests ask for more; and after a
// cell's first trial, how far the server's prompt counts are from those asked.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runPlan } from '../../src/run/run-plan.js';
import { plan, tempDir } from '../support/measure.js';

let server: http.Server | null = null;
afterEach(async () => {
  await new Promise((r) => server?.close(r) ?? r(undefined));
  server = null;
});

/**
 * The smallest OpenAI-compatible server: /v1/models with a context length,
 * and a one-token stream per request, logging when each came. Its usage
 * counts a prompt's words (the synthetic prompts' words are one token each
 * in the config's tokenizer) times `scale`.
 */
async function tinyServer(maxModelLen: number, log: string[], scale = 1): Promise<string> {
  server = http.createServer((req, res) => {
    if (req.method === 'GET' && req.url === '/v1/models') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ object: 'list', data: [{ id: 'tiny', object: 'model', max_model_len: maxModelLen }] }));
      return;
    }
    const parts: Buffer[] = [];
    req.on('data', (d: Buffer) => parts.push(d));
    req.on('end', () => {
      log.push('request');
      const body = JSON.parse(Buffer.concat(parts).toString('utf8')) as { messages: { content: string }[] };
      const words = body.messages[0]!.content.split(' ').filter((w) => w !== '').length;
      const promptTokens = Math.round(words * scale);
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write('data: {"id":"x","object":"chat.completion.chunk","created":1,"model":"tiny","choices":[{"index":0,"delta":{"content":" hi"},"finish_reason":null}]}\n\n');
      res.write(
        `data: {"id":"x","object":"chat.completion.chunk","created":1,"model":"tiny","choices":[{"index":0,"delta":{},"finish_reason":"length"}],"usage":{"prompt_tokens":${promptTokens},"completion_tokens":1,"total_tokens":${promptTokens + 1}}}\n\n`,
      );
      res.end('data: [DONE]\n\n');
    });
  });
  await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(server!.address() as AddressInfo).port}`;
}

describe("planned requests over the server's context length", () => {
  it('are reported before the first request is sent', async () => {
    const log: string[] = [];
    const url = await tinyServer(300, log);
    const p = plan(url, {
      target: { api: 'chat', fixed_output: false },
      run: { trials: 1, requests: 10, warmup: 0, max_duration_s: 30 },
      telemetry: { enabled: false },
      loads: [{ concurrency: 1 }],
      scenarios: [{ name: 'mixed', input_tokens: { dist: 'empirical', values: [100, 400] }, output_tokens: 1 }],
    });
    const progress = { cellStart: () => undefined, requestDone: () => undefined, cellEnd: () => undefined, note: (m: string) => log.push(`note ${m}`) };
    await runPlan({ plan: p, outPath: join(await tempDir(), 'r.json'), cwd: process.cwd(), env: {}, signal: new AbortController().signal, progress });
    const notes = log.filter((l) => l.startsWith('note ') && l.includes('context length'));
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatch(
      /^note mixed@c=1: \d+ of 10 planned requests \(\d+(\.\d)?%\) ask for more than the server's context length, 300 tokens \(max_model_len in \/v1\/models\), in prompt \+ max_tokens, \d+ of them by the prompt alone; the largest asks for 401\./,
    );
    // Before the first request.
    expect(log.indexOf(notes[0]!)).toBeLessThan(log.indexOf('request'));
  });

  it("after a cell's first trial: the server's prompt counts against those asked, said when more than 3% apart", async () => {
    for (const [scale, expected] of [
      [1.5, 1],
      [1, 0],
    ] as const) {
      const log: string[] = [];
      const url = await tinyServer(100_000, log, scale);
      const p = plan(url, {
        target: { api: 'chat', fixed_output: false },
        run: { trials: 2, requests: 6, warmup: 0, max_duration_s: 30 },
        telemetry: { enabled: false },
        loads: [{ concurrency: 1 }],
        scenarios: [{ name: 'fixed', input_tokens: 200, output_tokens: 1 }],
      });
      const progress = { cellStart: () => undefined, requestDone: () => undefined, cellEnd: () => undefined, note: (m: string) => log.push(m) };
      await runPlan({ plan: p, outPath: join(await tempDir(), 'r.json'), cwd: process.cwd(), env: {}, signal: new AbortController().signal, progress });
      const notes = log.filter((l) => l.includes('prompt tokens a request'));
      // Once per cell, after its first trial only.
      expect(notes).toHaveLength(expected);
      if (expected === 1) {
        expect(notes[0]).toBe(
          "fixed@c=1: the server counted 300 prompt tokens a request on average (usage.prompt_tokens, 6 requests) where 200 were asked (1.5x): the server's tokenizer differs from the config's, or its chat template adds tokens. Lengths here are met in the config's tokenizer: a figure compared with a tool that counts in the served model's tokens rests on other prompt lengths.",
        );
      }
      await new Promise((r) => server?.close(r));
      server = null;
    }
  });
});
