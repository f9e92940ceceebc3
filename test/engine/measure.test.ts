// The measured figures must match what the fake server was told to do.
import { afterEach, describe, expect, it } from 'vitest';
import { startFakeServer, type FakeServer } from '../support/fake-server.js';
import { measure, oneCell } from '../support/measure.js';
import { validateResult } from '../../src/result/validate.js';

let server: FakeServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

/** Within `tol` (absolute) of `want`. */
const near = (got: number | null | undefined, want: number, tol: number): void => {
  expect(got).not.toBeNull();
  expect(Math.abs((got as number) - want), `got ${got}, want ${want} ± ${tol}`).toBeLessThanOrEqual(tol);
};

describe('closed loop against a known schedule', () => {
  it('measures TTFT, TPOT, ITL, E2E, RPS and TPS at concurrency 1', async () => {
    server = await startFakeServer({ ttftMs: 40, gapMs: 10 });
    const { doc } = await measure(server.url, oneCell({ concurrency: 1 }, { requests: 12, output: 20, input: 50 }));
    expect(validateResult(doc)).toEqual([]);
    const m = doc.cells[0]!.metrics;
    expect(m.counts).toMatchObject({ attempted: 12, completed: 12, failed: 0 });
    near(m.ttft_ms!.p50, 40, 4);
    near(m.tpot_ms!.p50, 10, 1);
    near(m.itl_ms!.p50, 10, 1.5);
    expect(m.itl_ms!.n).toBe(12 * 19);
    const e2e = 40 + 19 * 10;
    near(m.e2e_ms!.p50, e2e, 8);
    near(m.rps, 1000 / e2e, 0.1 * (1000 / e2e));
    near(m.output_tps, (20 * 1000) / e2e, 0.1 * ((20 * 1000) / e2e));
    // Usage reports the server's prompt count (its tokenizer over the same text: 50 tokens).
    expect(m.tokens.input_mean).toBe(50);
    expect(m.input_tps).toBeCloseTo(50 * m.rps, 3);
    expect(m.total_tps).toBeCloseTo(m.input_tps + m.output_tps, 3);
    expect(m.tokens.sources).toEqual({ server: 12, client: 0 });
    expect(m.tokens.output_honoured).toBe(1);
    expect(m.concurrency.achieved_max).toBe(1);
    near(m.user_tps!.p50, 20 / ((19 * 10) / 1000), 12);
    expect(doc.target!.system_fingerprint).toBe('fp_fake');
    expect(doc.target!.server_headers.server).toBe('fake-llm/1.0');
  });

  it('scales throughput with concurrency and keeps connections alive', async () => {
    server = await startFakeServer({ ttftMs: 30, gapMs: 5 });
    const { doc } = await measure(server.url, oneCell({ concurrency: 8 }, { requests: 48, warmup: 8, output: 20 }));
    const m = doc.cells[0]!.metrics;
    const e2e = 30 + 19 * 5;
    near(m.e2e_ms!.p50, e2e, 10);
    // 8 users in parallel: ~8 / e2e requests per second (ramp-down makes it a little less).
    expect(m.rps).toBeGreaterThan(0.75 * (8000 / e2e));
    expect(m.rps).toBeLessThan(1.05 * (8000 / e2e));
    expect(m.concurrency.achieved_max).toBe(8);
    expect(m.concurrency.achieved_mean).toBeGreaterThan(6);
    // One pool per target: 8 connections for 56 requests, not one per request;
    // telemetry adds its own two (the environment's questions, the /metrics scrape).
    expect(server.connections).toBeLessThanOrEqual(11);
  });

  it('counts queueing behind busy batch slots in TTFT', async () => {
    server = await startFakeServer({ ttftMs: 10, gapMs: 5, slots: 1 });
    const { doc } = await measure(server.url, oneCell({ concurrency: 2 }, { requests: 10, output: 10 }));
    const m = doc.cells[0]!.metrics;
    // With one slot, one of two users always waits a whole request (10 + 9*5 = 55 ms).
    near(m.ttft_ms!.max, 10 + 55, 8);
    near(m.rps, 1000 / 55, 2);
  });

  it('reports ITL per chunk when chunks carry several tokens', async () => {
    server = await startFakeServer({ ttftMs: 20, gapMs: 12, tokensPerChunk: 4 });
    const { doc } = await measure(server.url, oneCell({ concurrency: 1 }, { requests: 6, output: 20 }));
    const m = doc.cells[0]!.metrics;
    expect(m.tokens.tokens_per_chunk_mean).toBe(4);
    near(m.itl_ms!.p50, 12, 1.5);
    expect(m.itl_ms!.n).toBe(6 * 4);
    // TPOT spreads the 4 gaps over 19 token intervals.
    near(m.tpot_ms!.p50, (4 * 12) / 19, 0.5);
  });

  it('counts tokens with the client tokenizer when the server sends no usage', async () => {
    server = await startFakeServer({ ttftMs: 5, gapMs: 1, usage: false });
    const { doc } = await measure(server.url, oneCell({ concurrency: 2 }, { requests: 6, output: 16, input: 64, api: 'completions' }));
    const m = doc.cells[0]!.metrics;
    expect(m.tokens.sources).toEqual({ server: 0, client: 6 });
    expect(m.tokens.output_mean).toBe(16);
    expect(m.tokens.input_mean).toBe(64);
  });

  it('flags a server that ignored the fixed output length', async () => {
    server = await startFakeServer({ ttftMs: 5, gapMs: 1, honourMinTokens: false, stopAfter: 8 });
    const { doc } = await measure(server.url, oneCell({ concurrency: 1 }, { requests: 4, output: 20 }));
    const m = doc.cells[0]!.metrics;
    expect(m.tokens.output_mean).toBe(8);
    expect(m.tokens.output_requested_mean).toBe(20);
    expect(m.tokens.output_honoured).toBe(0);
  });

  it('sends warm-up requests and leaves them out of every figure', async () => {
    server = await startFakeServer({ ttftMs: 5, gapMs: 1 });
    const { doc } = await measure(server.url, oneCell({ concurrency: 1 }, { requests: 5, warmup: 3, output: 4 }));
    const m = doc.cells[0]!.metrics;
    const completions = server.requests.filter((r) => r.completionIndex !== null);
    expect(completions).toHaveLength(8);
    expect(m.counts).toMatchObject({ attempted: 5, completed: 5, warmup: 3 });
    expect(m.e2e_ms!.n).toBe(5);
    expect(m.samples.e2e_ms).toHaveLength(5);
    // The window starts at the first measured send: after the warm-up finished.
    const firstMeasured = completions[3]!.receivedAt;
    const lastDone = Math.max(...completions.map((r) => r.receivedAt)) + 5 + 3;
    expect(m.window_s * 1000).toBeLessThan(lastDone - completions[0]!.receivedAt);
    expect(m.window_s * 1000).toBeGreaterThan(lastDone - firstMeasured - 10);
  });

  it('asks for usage, max_tokens and a fixed output length, and passes extra fields through', async () => {
    server = await startFakeServer({ ttftMs: 1, gapMs: 1 });
    await measure(server.url, oneCell({ concurrency: 1 }, { requests: 1, output: 7, extra: { target: { api: 'chat', headers: { 'X-Team': 'perf' }, extra_body: { temperature: 0 } } } }));
    const req = server.requests.find((r) => r.completionIndex === 0)!;
    expect(req.path).toBe('/v1/chat/completions');
    expect(req.body).toMatchObject({
      model: 'fake-model',
      stream: true,
      stream_options: { include_usage: true },
      max_tokens: 7,
      min_tokens: 7,
      ignore_eos: true,
      temperature: 0,
    });
    expect(req.body.messages[0].role).toBe('user');
    expect(req.headers['x-team']).toBe('perf');
  });
});

describe('goodput under SLOs', () => {
  it('counts a request as good only when it meets every bound', async () => {
    server = await startFakeServer({ ttftMs: 20, gapMs: 2 });
    const pass = await measure(server.url, oneCell({ concurrency: 1 }, { requests: 5, output: 5, extra: { slos: { ttft_ms: 60, tpot_ms: 10 } } }));
    expect(pass.doc.cells[0]!.metrics.goodput_ratio).toBe(1);
    expect(pass.doc.cells[0]!.metrics.goodput_rps).toBeCloseTo(pass.doc.cells[0]!.metrics.rps, 6);
    const fail = await measure(server.url, oneCell({ concurrency: 1 }, { requests: 5, output: 5, extra: { slos: { ttft_ms: 10 } } }));
    expect(fail.doc.cells[0]!.metrics.goodput_ratio).toBe(0);
    expect(fail.doc.cells[0]!.metrics.goodput_rps).toBe(0);
    const none = await measure(server.url, oneCell({ concurrency: 1 }, { requests: 2, output: 2 }));
    expect(none.doc.cells[0]!.metrics.goodput_rps).toBeNull();
  });
});

describe('wire details', () => {
  it('counts reasoning text as the first output', async () => {
    server = await startFakeServer({ ttftMs: 15, gapMs: 3, reasoning: true });
    const { doc } = await measure(server.url, oneCell({ concurrency: 1 }, { requests: 6, output: 6 }));
    near(doc.cells[0]!.metrics.ttft_ms!.p50, 15, 4);
    expect(doc.cells[0]!.metrics.counts.completed).toBe(6);
  });

  it('sends the API key from the named variable and never stores it', async () => {
    server = await startFakeServer({ ttftMs: 1, gapMs: 1 });
    const { runPlan } = await import('../../src/run/run-plan.js');
    const { plan } = await import('../support/measure.js');
    const { tempDir } = await import('../support/measure.js');
    const { readFile } = await import('node:fs/promises');
    const out = `${await tempDir()}/r.json`;
    const p = plan(server.url, oneCell({ concurrency: 1 }, { requests: 2, output: 2, extra: { target: { api: 'chat', api_key_env: 'TEST_KEY', headers: { 'X-Secret': 'hush' } } } }));
    await runPlan({ plan: p, outPath: out, cwd: process.cwd(), env: { TEST_KEY: 'sk-very-secret' }, signal: new AbortController().signal });
    const req = server.requests.find((r) => r.completionIndex === 0)!;
    expect(req.headers.authorization).toBe('Bearer sk-very-secret');
    expect(req.headers['x-secret']).toBe('hush');
    const text = await readFile(out, 'utf8');
    expect(text).not.toContain('sk-very-secret');
    expect(text).not.toContain('hush');
    expect(text).toContain('TEST_KEY');
    await expect(runPlan({ plan: p, outPath: out, cwd: process.cwd(), env: {}, signal: new AbortController().signal })).rejects.toThrow(/TEST_KEY.*not set/);
  });

  it('replays a JSONL dataset with per-row max tokens', async () => {
    server = await startFakeServer({ ttftMs: 1, gapMs: 1 });
    const { writeFile } = await import('node:fs/promises');
    const { tempDir } = await import('../support/measure.js');
    const dir = await tempDir();
    await writeFile(`${dir}/p.jsonl`, '{"prompt":"hello there","max_tokens":3}\n{"messages":[{"role":"user","content":"hi"}]}\n');
    const cfg = {
      target: { api: 'chat' },
      run: { requests: 4, warmup: 0, max_duration_s: 10, trials: 1 },
      scenarios: [{ name: 'd', dataset: `${dir}/p.jsonl`, output_tokens: 5 }],
      loads: [{ concurrency: 1 }],
    };
    const { doc } = await measure(server.url, cfg);
    const bodies = server.requests.filter((r) => r.completionIndex !== null).map((r) => r.body);
    expect(bodies.map((b) => b.max_tokens).sort()).toEqual([3, 3, 5, 5]);
    expect(bodies.some((b) => b.messages[0].content === 'hello there')).toBe(true);
    expect(doc.cells[0]!.metrics.tokens.output_mean).toBe(4);
  });
});
