// Servers that misbehave on purpose (issue 11 items 1 and 3): a stream with no
// usage and a million one-character events, endless streams, an endless line,
// an endless event. Each ends in bounded time with a named class, and the
// client's memory stays bounded whatever the server sends. The server runs in
// its own process so the memory measured is the client's alone.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { afterEach, describe, expect, it } from 'vitest';
import { InferenceClient } from '../../src/client/http.js';
import type { RequestOutcome } from '../../src/client/outcome.js';
import { getTokenizer } from '../../src/workload/tokenizer.js';
import { measure, oneCell } from '../support/measure.js';

const SCRIPT = new URL('../support/hostile-server.mjs', import.meta.url).pathname;
let child: ChildProcess | null = null;
afterEach(async () => {
  if (child !== null && child.exitCode === null) {
    child.kill('SIGTERM');
    await once(child, 'exit');
  }
  child = null;
});

async function hostile(mode: string, n = 0): Promise<string> {
  child = spawn(process.execPath, [SCRIPT, mode, String(n)], { stdio: ['ignore', 'pipe', 'inherit'] });
  const [line] = (await once(createInterface({ input: child.stdout! }), 'line')) as [string];
  return `http://127.0.0.1:${(JSON.parse(line) as { port: number }).port}`;
}

const MiB = 1024 * 1024;

async function client(url: string, o: { requestMs?: number; lineBytes?: number; eventBytes?: number; responseBytes?: number } = {}): Promise<InferenceClient> {
  const tok = await getTokenizer('o200k_base');
  return new InferenceClient({
    target: { url, api: 'chat', model: null, apiKeyEnv: null, headers: {}, extraBody: {}, fixedOutput: false },
    timeouts: { connectMs: 5_000, requestMs: o.requestMs ?? 60_000, idleMs: 30_000 },
    limits: { lineBytes: o.lineBytes ?? MiB, eventBytes: o.eventBytes ?? MiB, responseBytes: o.responseBytes ?? 128 * MiB },
    connections: 1,
    apiKey: null,
    countTokens: (t) => tok.count(t),
  });
}

const ITEM = { prompt: 'hi', inputTokens: 1, maxTokens: 16 };

/** Streams one request and samples the process's RSS and heap meanwhile: their growth over the value before it. */
async function streamMeasured(c: InferenceClient): Promise<{ out: RequestOutcome; seconds: number; rssMiB: number; heapMiB: number }> {
  global.gc?.();
  const rss0 = process.memoryUsage().rss;
  const heap0 = process.memoryUsage().heapUsed;
  let rss = rss0;
  let heap = heap0;
  const sampler = setInterval(() => {
    const m = process.memoryUsage();
    rss = Math.max(rss, m.rss);
    heap = Math.max(heap, m.heapUsed);
  }, 20);
  const t0 = performance.now();
  try {
    const out = await c.stream(ITEM, 'hostile');
    return { out, seconds: (performance.now() - t0) / 1000, rssMiB: (rss - rss0) / MiB, heapMiB: (heap - heap0) / MiB };
  } finally {
    clearInterval(sampler);
    await c.destroy();
  }
}

describe('a stream without usage (issue 11.1)', () => {
  it('counts a million one-character events as they arrive, without blocking', async () => {
    const url = await hostile('chars', 1_000_000);
    const r = await streamMeasured(await client(url));
    expect(r.out.failure).toBeNull();
    expect(r.out.outputEvents).toBe(1_000_000);
    expect(r.out.tokenSource).toBe('client');
    // o200k_base reads 'x' x 8 as one token; slices of 1,024 keep that exact.
    expect(r.out.nOut).toBe(125_000);
    // Whole-text counting at the end never finished in 11 minutes; measured 1.1 s here.
    expect(r.seconds).toBeLessThan(45);
  }, 60_000);

  it('an endless one-character stream ends at timeouts.request_s, and Ctrl-C ends a run promptly', async () => {
    const url = await hostile('endless-chars');
    const t0 = performance.now();
    // No response cap in the way: the deadline is what ends it.
    const r = await streamMeasured(await client(url, { requestMs: 1_500, responseBytes: 16 * 1024 * MiB }));
    expect(r.out.failure).toBe('timeout');
    expect((performance.now() - t0) / 1000).toBeLessThan(6);

    const stop = new AbortController();
    setTimeout(() => stop.abort(), 1_000);
    const t1 = performance.now();
    const { doc } = await measure(url, oneCell({ concurrency: 2 }, { requests: 4, extra: { timeouts: { request_s: 600 }, limits: { response_bytes: 2 ** 34 } } }), stop.signal);
    expect((performance.now() - t1) / 1000).toBeLessThan(6);
    expect(doc.status).toBe('interrupted');
  }, 30_000);
});

describe('unbounded input (issue 11.3)', () => {
  // Was: one 50 MB line took 470 MB of RSS, an endless one 3.3 GB in 15 s before the request timeout.
  for (const { mode, limit, message } of [
    { mode: 'long-line', limit: { lineBytes: 8 * MiB }, message: `line over ${8 * MiB} bytes` },
    { mode: 'long-event', limit: { eventBytes: 4 * MiB }, message: `event over ${4 * MiB} bytes` },
  ]) {
    it(`${mode}: ends as bad-response at its cap, holding little memory`, async () => {
      const url = await hostile(mode);
      const r = await streamMeasured(await client(url, limit));
      expect(r.out.failure).toBe('bad-response');
      expect(r.out.message).toBe(message);
      expect(r.rssMiB).toBeLessThan(120);
      expect(r.seconds).toBeLessThan(10);
    }, 30_000);
  }

  it('endless valid chunks end at the response cap with bounded memory', async () => {
    const url = await hostile('endless-chunks');
    const r = await streamMeasured(await client(url, { responseBytes: 64 * MiB }));
    expect(r.out.failure).toBe('bad-response');
    expect(r.out.message).toBe(`response over ${64 * MiB} bytes`);
    // 64 MiB of chunks is ~780,000 events: their gaps (8 bytes each) are what is kept.
    expect(r.out.outputEvents).toBeGreaterThan(700_000);
    expect(r.heapMiB).toBeLessThan(100);
    expect(r.rssMiB).toBeLessThan(200);
  }, 60_000);
});
