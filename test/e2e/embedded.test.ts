// End to end on a real inference engine: llama.cpp (node-llama-cpp's CPU
// build) serving the generated tiny model through `llm-perf-gate
// serve-embedded`, load-tested by the built CLI as a user runs it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDist, cli } from '../support/cli.js';
import { ENGINE_RUN, expectPlausibleEngineRun, runCli as runCliAt, serveEmbedded, type Served } from './support.js';

const CTX = 2048;
let engine: Served;

beforeAll(async () => {
  buildDist();
  // Makes the model first when this machine's cache lacks it (about a second).
  engine = await serveEmbedded(['--parallel', '4', '--ctx', String(CTX)]);
}, 120_000);

afterAll(async () => {
  if (engine && engine.child.exitCode === null) await engine.stop();
});

interface SseEvent {
  data: string;
  json: Record<string, unknown> | null;
}

async function sse(path: string, body: Record<string, unknown>, signal?: AbortSignal): Promise<{ status: number; type: string; events: SseEvent[] }> {
  const res = await fetch(`${engine.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), signal: signal ?? null });
  const text = await res.text();
  const events = text
    .split('\n\n')
    .filter((b) => b.startsWith('data: '))
    .map((b) => {
      const data = b.slice(6);
      return { data, json: data === '[DONE]' ? null : (JSON.parse(data) as Record<string, unknown>) };
    });
  return { status: res.status, type: res.headers.get('content-type') ?? '', events };
}

async function post(path: string, body: Record<string, unknown>): Promise<{ status: number; json: Record<string, unknown> }> {
  const res = await fetch(`${engine.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

interface Stats {
  busy: number;
  maxBusy: number;
  maxQueued: number;
  requests: number;
}

async function stats(): Promise<Stats> {
  return (await (await fetch(`${engine.url}/stats`)).json()) as Stats;
}

type Choice = { delta?: Record<string, unknown>; text?: string; finish_reason: string | null; message?: { content: string } };
const choices = (e: SseEvent): Choice[] => (e.json?.choices ?? []) as Choice[];

const runCli = (config: Record<string, unknown>): ReturnType<typeof runCliAt> => runCliAt(engine.url, config);

describe('the embedded engine speaks the OpenAI/vLLM streaming format', () => {
  it('serves /health and /v1/models', async () => {
    expect((await fetch(`${engine.url}/health`)).status).toBe(200);
    const models = (await (await fetch(`${engine.url}/v1/models`)).json()) as { data: Array<{ id: string; max_model_len: number }> };
    expect(models.data[0]!.id).toMatch(/^tiny-llama-1-[0-9a-f]{12}$/);
    expect(models.data[0]!.max_model_len).toBe(CTX);
  });

  it('streams chat: a role-only first chunk, one chunk per token, finish reason, usage in a last choices: [] chunk, [DONE]', async () => {
    const r = await sse('/v1/chat/completions', {
      messages: [{ role: 'user', content: 'Say something.' }],
      max_tokens: 12,
      stream: true,
      stream_options: { include_usage: true },
      ignore_eos: true,
    });
    expect(r.status).toBe(200);
    expect(r.type).toContain('text/event-stream');
    const ev = r.events;
    expect(ev.at(-1)!.data).toBe('[DONE]');
    expect(choices(ev[0]!)[0]!.delta).toEqual({ role: 'assistant', content: '' });
    const usage = ev.at(-2)!.json!;
    expect(usage.choices).toEqual([]);
    expect(usage.usage).toMatchObject({ completion_tokens: 12 });
    const u = usage.usage as { prompt_tokens: number; total_tokens: number };
    expect(u.total_tokens).toBe(u.prompt_tokens + 12);
    const content = ev.slice(1, -2);
    expect(content).toHaveLength(12);
    for (const e of content.slice(0, -1)) expect(choices(e)[0]!.finish_reason).toBeNull();
    expect(choices(content.at(-1)!)[0]!.finish_reason).toBe('length');
    const text = content.map((e) => choices(e)[0]!.delta!.content as string).join('');
    // Byte and control tokens are unsampleable: always valid, printable text.
    expect(text.length).toBeGreaterThan(0);
    expect(text).not.toMatch(/\uFFFD|<0x|<\/?s>|<unk>/);
    for (const e of ev.slice(0, -1)) expect(e.json!.object).toBe('chat.completion.chunk');
  });

  it('streams completions and sends no usage unless asked', async () => {
    const r = await sse('/v1/completions', { prompt: 'Once upon a time', max_tokens: 5, stream: true, ignore_eos: true });
    expect(r.status).toBe(200);
    const ev = r.events;
    expect(ev.at(-1)!.data).toBe('[DONE]');
    expect(ev).toHaveLength(6);
    expect(ev.every((e) => e.json === null || (e.json.object === 'text_completion' && !('usage' in e.json)))).toBe(true);
    expect(choices(ev[4]!)[0]!.finish_reason).toBe('length');
    expect(typeof choices(ev[0]!)[0]!.text).toBe('string');
  });

  it('answers without stream: true in one JSON body', async () => {
    const r = await post('/v1/chat/completions', { messages: [{ role: 'user', content: 'hi' }], max_tokens: 7, ignore_eos: true });
    expect(r.status).toBe(200);
    expect(r.json.object).toBe('chat.completion');
    expect((r.json.choices as Choice[])[0]!.finish_reason).toBe('length');
    expect(r.json.usage).toMatchObject({ completion_tokens: 7 });
  });

  it('rejects a prompt longer than the context with HTTP 400 and keeps serving', async () => {
    const r = await post('/v1/completions', { prompt: 'word '.repeat(CTX * 2), max_tokens: 4, stream: true });
    expect(r.status).toBe(400);
    const err = r.json.error as { message: string; code: string };
    expect(err.message).toContain(`maximum context length is ${CTX} tokens`);
    expect(err.code).toBe('context_length_exceeded');
    const tooMuch = await post('/v1/completions', { prompt: 'hi', max_tokens: CTX, stream: true });
    expect(tooMuch.status).toBe(400);
    const bad = await post('/v1/completions', { prompt: 'hi', max_tokens: -1 });
    expect(bad.status).toBe(400);
    expect((await fetch(`${engine.url}/health`)).status).toBe(200);
  });

  it('honours ignore_eos and min_tokens; without them an answer may stop by itself', async () => {
    const ask = (extra: Record<string, unknown>) => Promise.all(Array.from({ length: 8 }, (_, i) => post('/v1/completions', { prompt: `Story ${i}:`, max_tokens: 300, seed: i, ...extra })));
    const free = await ask({});
    const reasons = free.map((r) => (r.json.choices as Choice[])[0]!.finish_reason);
    // EOS has a probability of about 1/200 per token: 8 x 300 tokens without one is practically impossible.
    expect(reasons).toContain('stop');
    for (const extra of [{ ignore_eos: true }, { min_tokens: 300 }]) {
      const fixed = await ask(extra);
      for (const r of fixed) {
        expect((r.json.choices as Choice[])[0]!.finish_reason).toBe('length');
        expect((r.json.usage as { completion_tokens: number }).completion_tokens).toBe(300);
      }
    }
  }, 60_000);

  it('reuses a cached prompt prefix unless cache_prompt is false', async () => {
    const prompt = `A shared document: ${'the quick brown fox jumps over the lazy dog. '.repeat(20)}`;
    const first = await post('/v1/completions', { prompt, max_tokens: 2 });
    const second = await post('/v1/completions', { prompt, max_tokens: 2 });
    const promptTokens = (first.json.usage as { prompt_tokens: number }).prompt_tokens;
    const cached = (r: { json: Record<string, unknown> }): number => (r.json.usage as { prompt_tokens_details: { cached_tokens: number } }).prompt_tokens_details.cached_tokens;
    expect(cached(second)).toBe(promptTokens - 1);
    const off = await post('/v1/completions', { prompt, max_tokens: 2, cache_prompt: false });
    expect(cached(off)).toBe(0);
  });

  it('generates --parallel requests at once and queues the rest', async () => {
    const before = await stats();
    const all = await Promise.all(Array.from({ length: 10 }, (_, i) => sse('/v1/completions', { prompt: `queue ${i}`, max_tokens: 40, stream: true, ignore_eos: true })));
    for (const r of all) expect(r.events.at(-1)!.data).toBe('[DONE]');
    const after = await stats();
    expect(after.maxBusy).toBe(4);
    expect(after.maxQueued).toBeGreaterThanOrEqual(1);
    expect(after.requests - before.requests).toBe(10);
    expect(after.busy).toBe(0);
  });

  it('frees the slot when the client goes away mid-stream', async () => {
    const ac = new AbortController();
    const res = await fetch(`${engine.url}/v1/completions`, {
      method: 'POST',
      body: JSON.stringify({ prompt: 'a long answer', max_tokens: 1500, stream: true, ignore_eos: true }),
      signal: ac.signal,
    });
    const reader = res.body!.getReader();
    await reader.read();
    ac.abort();
    const deadline = Date.now() + 5000;
    while ((await stats()).busy > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect((await stats()).busy).toBe(0);
  });
});

describe('llm-perf-gate run against the embedded engine', () => {
  it('measures a run with server token counts, plausible TTFT and TPOT, and a fixed output honoured', async () => {
    const ran = await runCli(ENGINE_RUN);
    expectPlausibleEngineRun(ran);
    const { doc } = ran;
    expect(doc.target!.server_headers.server).toMatch(/^llm-perf-gate-embedded/);
    for (const cell of doc.cells) {
      const m = cell.metrics;
      expect(m.tokens.tokens_per_chunk_mean).toBe(1);
      // The server's tokenizer (Llama-2's) counts the prompt, not the client's o200k: close, not equal.
      expect(m.tokens.input_mean!).toBeLessThan(400);
      expect(m.output_tps).toBeGreaterThan(10);
    }
    // Four users share four slots: more tokens per second than one user.
    expect(doc.cells[1]!.metrics.concurrency.achieved_max).toBe(4);
  }, 120_000);

  it('counts a prompt longer than the context as http-4xx', async () => {
    const { code, stderr, doc } = await runCli({
      target: { url: 'http://placeholder', api: 'completions', fixed_output: true },
      run: { requests: 3, warmup: 0, trials: 1, max_duration_s: 30 },
      // Every request fails here: not gated, and 3 requests stay 3 (a default-gated p95 would raise them to 60, the p50 to 6).
      gate: { metrics: { 'ttft_ms.p95': { gate: false }, 'tpot_ms.p50': { gate: false } } },
      scenarios: [{ name: 'huge', input_tokens: CTX * 2, output_tokens: 8 }],
      loads: [{ concurrency: 1 }],
    });
    expect(code, stderr).toBe(0);
    const m = doc.cells[0]!.metrics;
    expect(m.error_rate).toBe(1);
    expect(m.errors['http-4xx']!.count).toBe(3);
    expect(m.errors['http-4xx']!.examples[0]).toContain('maximum context length');
  }, 60_000);
});

describe('serve-embedded', () => {
  it('makes the model once per machine and prints its path', async () => {
    const ran = await cli(['make-model']);
    expect(ran.code, ran.stderr).toBe(0);
    expect(ran.stdout.trim()).toMatch(/tiny-llama-1-[0-9a-f]{12}\.gguf$/);
    expect(ran.stderr).toMatch(/^cached/);
  });

  it('stops cleanly on SIGTERM', async () => {
    const r = await engine.stop();
    expect(r.code).toBe(0);
    expect(r.output).toContain('stopped');
    expect(r.output).not.toMatch(/unexpected error|Error:/);
  });
});
