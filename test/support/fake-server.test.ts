// Checks the fake server itself from the client side, with raw SSE text, so
// that the load tester's own tests can trust it as ground truth.
import { encode, countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { Agent, fetch } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { startFakeServer, TOKEN_TEXT, type FakeSchedule, type FakeServer } from './fake-server.js';

const servers: FakeServer[] = [];
const agents: Agent[] = [];

afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
  await Promise.all(agents.splice(0).map((a) => a.close()));
});

async function start(schedule: Partial<FakeSchedule> = {}): Promise<FakeServer> {
  const s = await startFakeServer(schedule);
  servers.push(s);
  return s;
}

function agent(options: Agent.Options = {}): Agent {
  const a = new Agent(options);
  agents.push(a);
  return a;
}

interface SseEvent {
  t: number;
  data: string;
}

interface SseResult {
  status: number;
  contentType: string | null;
  server: string | null;
  tSend: number;
  events: SseEvent[];
  raw: string;
  error: unknown;
}

interface Chunk {
  id: string;
  object: string;
  created: number;
  model: string;
  system_fingerprint?: string;
  choices: Array<{
    index: number;
    delta?: { role?: string; content?: string; reasoning_content?: string };
    text?: string;
    finish_reason: string | null;
  }>;
  usage?: { prompt_tokens: number; completion_tokens: number; total_tokens: number };
  error?: { code: number; message: string; type: string };
}

async function post(server: FakeServer, path: string, body: unknown, opts: { dispatcher?: Agent; signal?: AbortSignal } = {}): Promise<SseResult> {
  const tSend = performance.now();
  const res = await fetch(server.url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
    ...opts,
  });
  const events: SseEvent[] = [];
  const decoder = new TextDecoder();
  let raw = '';
  let buf = '';
  let error: unknown = null;
  try {
    for await (const piece of res.body!) {
      const t = performance.now();
      const text = decoder.decode(piece as Uint8Array, { stream: true });
      raw += text;
      buf += text;
      let end: number;
      while ((end = buf.indexOf('\n\n')) !== -1) {
        for (const line of buf.slice(0, end).split('\n')) {
          if (line.startsWith('data: ')) events.push({ t, data: line.slice(6) });
        }
        buf = buf.slice(end + 2);
      }
    }
  } catch (e) {
    error = e;
  }
  return {
    status: res.status,
    contentType: res.headers.get('content-type'),
    server: res.headers.get('server'),
    tSend,
    events,
    raw,
    error,
  };
}

function chat(maxTokens: number, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    model: 'm1',
    messages: [
      { role: 'system', content: 'You are terse.' },
      { role: 'user', content: 'Say something about load testing.' },
    ],
    max_tokens: maxTokens,
    stream: true,
    stream_options: { include_usage: true },
    ignore_eos: true,
    ...extra,
  };
}

function median(xs: number[]): number {
  const sorted = [...xs].sort((x, y) => x - y);
  return sorted[Math.floor(sorted.length / 2)]!;
}

function parse(r: SseResult): Chunk[] {
  return r.events.filter((e) => e.data !== '[DONE]').map((e) => JSON.parse(e.data) as Chunk);
}

function outputText(c: Chunk): string {
  // Error events carry no choices at all.
  const choice = c.choices?.[0];
  return choice?.delta?.content || choice?.delta?.reasoning_content || choice?.text || '';
}

/** Arrival times of events that carried generated output. */
function outputTimes(r: SseResult): number[] {
  return r.events.filter((e) => e.data !== '[DONE]' && outputText(JSON.parse(e.data) as Chunk) !== '').map((e) => e.t);
}

describe('fake server: plain endpoints', () => {
  it('answers /health, /v1/models, 404, and rejects bad requests with 400', async () => {
    const s = await start({ models: ['a', 'b'] });
    const health = await fetch(`${s.url}/health`);
    expect(health.status).toBe(200);
    expect(health.headers.get('server')).toBe('fake-llm/1.0');
    expect(await health.json()).toEqual({ status: 'ok' });

    const models = await fetch(`${s.url}/v1/models`);
    const list = (await models.json()) as { object: string; data: Array<{ id: string; object: string; owned_by: string }> };
    expect(list.object).toBe('list');
    expect(list.data.map((m) => [m.id, m.object, m.owned_by])).toEqual([
      ['a', 'model', 'fake'],
      ['b', 'model', 'fake'],
    ]);

    expect((await fetch(`${s.url}/nope`)).status).toBe(404);

    const badJson = await post(s, '/v1/chat/completions', '{"model": ');
    expect(badJson.status).toBe(400);
    expect(JSON.parse(badJson.raw)).toHaveProperty('error.message');

    const nonStream = await post(s, '/v1/chat/completions', chat(4, { stream: false }));
    expect(nonStream.status).toBe(400);

    expect(s.requests.map((r) => [r.method, r.path, r.completionIndex])).toEqual([
      ['GET', '/health', null],
      ['GET', '/v1/models', null],
      ['GET', '/nope', null],
      ['POST', '/v1/chat/completions', 0],
      ['POST', '/v1/chat/completions', 1],
    ]);
    expect(s.requests[3]!.body).toBe('{"model": ');
  });
});

describe('fake server: stream format and token counts', () => {
  it('streams chat chunks in the OpenAI format with usage and [DONE]', async () => {
    const s = await start({ ttftMs: 10, gapMs: 2 });
    const r = await post(s, '/v1/chat/completions', chat(6));
    expect(r.status).toBe(200);
    expect(r.contentType).toMatch(/^text\/event-stream/);
    expect(r.server).toBe('fake-llm/1.0');
    expect(r.error).toBeNull();
    expect(r.raw.endsWith('data: [DONE]\n\n')).toBe(true);
    expect(r.events.at(-1)!.data).toBe('[DONE]');

    const chunks = parse(r);
    expect(chunks).toHaveLength(1 + 6 + 1);
    for (const c of chunks) {
      expect(c.id).toBe('chatcmpl-fake-0');
      expect(c.object).toBe('chat.completion.chunk');
      expect(c.model).toBe('m1');
      expect(c.system_fingerprint).toBe('fp_fake');
      expect(typeof c.created).toBe('number');
    }
    expect(chunks[0]!.choices).toEqual([{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }]);
    const content = chunks.slice(1, 7);
    for (const [i, c] of content.entries()) {
      expect(c.choices).toEqual([{ index: 0, delta: { content: TOKEN_TEXT }, finish_reason: i === 5 ? 'length' : null }]);
    }
    const usage = chunks[7]!;
    expect(usage.choices).toEqual([]);
    const prompt = 'You are terse.Say something about load testing.';
    expect(usage.usage).toEqual({
      prompt_tokens: countTokens(prompt),
      completion_tokens: 6,
      total_tokens: countTokens(prompt) + 6,
    });
    // A client-side tokenizer must agree with the server's completion count.
    expect(encode(content.map(outputText).join('')).length).toBe(6);
  });

  it('streams text_completion chunks, several tokens per chunk, no usage unless asked', async () => {
    const s = await start({ ttftMs: 5, gapMs: 2, tokensPerChunk: 3 });
    const r = await post(s, '/v1/completions', { model: 'm2', prompt: 'Once upon a time', max_tokens: 10, stream: true });
    const chunks = parse(r);
    expect(chunks.map((c) => c.object)).toEqual(Array(4).fill('text_completion'));
    expect(chunks.map((c) => c.choices[0]!.text)).toEqual([TOKEN_TEXT.repeat(3), TOKEN_TEXT.repeat(3), TOKEN_TEXT.repeat(3), TOKEN_TEXT]);
    expect(chunks.map((c) => c.choices[0]!.finish_reason)).toEqual([null, null, null, 'length']);
    expect(chunks[0]!.choices[0]).toEqual({ index: 0, text: TOKEN_TEXT.repeat(3), finish_reason: null });
    expect(chunks.some((c) => c.usage)).toBe(false);
    expect(r.events.at(-1)!.data).toBe('[DONE]');
    expect(encode(chunks.map(outputText).join('')).length).toBe(10);
  });

  it('reports prompt tokens for completions with usage', async () => {
    const s = await start({ ttftMs: 1, gapMs: 1 });
    const prompt = 'The quick brown fox jumps over the lazy dog. '.repeat(20);
    const r = await post(s, '/v1/completions', {
      prompt,
      max_tokens: 3,
      stream: true,
      stream_options: { include_usage: true },
    });
    const usage = parse(r).at(-1)!.usage!;
    expect(usage).toEqual({ prompt_tokens: encode(prompt).length, completion_tokens: 3, total_tokens: encode(prompt).length + 3 });
    expect(parse(r)[0]!.model).toBe('fake-model');
  });

  it('stops early when min tokens are not honoured, and supports reasoning, no role chunk, no fingerprint', async () => {
    const s = await start({ ttftMs: 2, gapMs: 1, honourMinTokens: false, stopAfter: 5, reasoning: true, roleChunk: false, systemFingerprint: null, usage: false });
    const r = await post(s, '/v1/chat/completions', chat(12));
    const chunks = parse(r);
    expect(chunks).toHaveLength(5);
    expect(chunks[0]!.choices[0]!.delta).toEqual({ reasoning_content: TOKEN_TEXT });
    expect(chunks[1]!.choices[0]!.delta).toEqual({ content: TOKEN_TEXT });
    expect(chunks.at(-1)!.choices[0]!.finish_reason).toBe('stop');
    expect(chunks.every((c) => !('system_fingerprint' in c) && !c.usage)).toBe(true);
  });
});

describe('fake server: timing', () => {
  it('sends the first token ttftMs after the body arrives and then one chunk every gapMs', async () => {
    const s = await start({ ttftMs: 40, gapMs: 8 });
    const a = agent({ connections: 1 });
    // Warm the connection so the measured requests pay no connect time.
    await fetch(`${s.url}/health`, { dispatcher: a }).then((res) => res.text());
    // Medians over three requests: one run can catch an OS scheduling hiccup
    // on a busy 2-core machine, and that says nothing about the server.
    const ttftServer: number[] = [];
    const ttftClient: number[] = [];
    const endError: number[] = [];
    const gapError: number[] = [];
    for (let run = 0; run < 3; run++) {
      const r = await post(s, '/v1/chat/completions', chat(10), { dispatcher: a });
      const times = outputTimes(r);
      expect(times).toHaveLength(10);
      const rec = s.requests.at(-1)!;
      ttftServer.push(times[0]! - rec.receivedAt);
      ttftClient.push(times[0]! - r.tSend);
      // Absolute targets: the last token lands at ttft + 9 gaps, no accumulated drift.
      endError.push(times[9]! - rec.receivedAt - (40 + 9 * 8));
      for (let i = 1; i < times.length; i++) gapError.push(times[i]! - times[i - 1]! - 8);
    }
    expect(median(ttftServer)).toBeGreaterThan(40 - 1.5);
    expect(median(ttftServer)).toBeLessThan(40 + 3);
    expect(median(ttftClient)).toBeGreaterThan(40 - 1.5);
    expect(median(ttftClient)).toBeLessThan(40 + 6);
    expect(Math.abs(median(endError))).toBeLessThan(3);
    expect(Math.abs(gapError.reduce((x, y) => x + y, 0) / gapError.length)).toBeLessThan(1);
    expect(median(gapError.map(Math.abs))).toBeLessThan(2);
    expect(s.lag.chunks).toBe(30);
    expect(s.lag.meanMs).toBeLessThan(2);
  });

  it('queues requests beyond the slot count FIFO', async () => {
    const s = await start({ ttftMs: 30, gapMs: 5, slots: 1 });
    const [a, b] = await Promise.all([post(s, '/v1/chat/completions', chat(4), { dispatcher: agent() }), post(s, '/v1/chat/completions', chat(4), { dispatcher: agent() })]);
    expect(s.maxInFlight).toBe(2);
    const [first, second] = a.events[1]!.t < b.events[1]!.t ? [a, b] : [b, a];
    const firstTimes = outputTimes(first);
    const secondTimes = outputTimes(second);
    // One full request (30 + 3*5 = 45 ms) then its own TTFT.
    const secondTtft = secondTimes[0]! - second.tSend;
    expect(secondTtft).toBeGreaterThan(75 - 3);
    expect(secondTtft).toBeLessThan(75 + 12);
    expect(secondTimes[0]! - firstTimes[3]!).toBeGreaterThan(30 - 2);
    // Both got headers and the role chunk at once, before any slot was free.
    expect(second.events[0]!.t - second.tSend).toBeLessThan(20);
    expect(s.inFlight).toBe(0);
  });

  it('frees the slot when a client goes away mid-stream', async () => {
    const s = await start({ ttftMs: 10, gapMs: 5, slots: 1 });
    const ctl = new AbortController();
    const aborted = post(s, '/v1/chat/completions', chat(100), { dispatcher: agent(), signal: ctl.signal });
    setTimeout(() => ctl.abort(), 30);
    await aborted.catch(() => undefined);
    const tAbort = performance.now();
    const r = await post(s, '/v1/chat/completions', chat(2), { dispatcher: agent() });
    // Granted a slot on arrival: its TTFT is its own, not the rest of the abandoned stream.
    expect(outputTimes(r)[0]! - s.requests[1]!.receivedAt).toBeLessThan(10 + 6);
    expect(outputTimes(r)[0]! - tAbort).toBeLessThan(10 + 15);
    expect(s.inFlight).toBe(0);
  });
});

describe('fake server: connections', () => {
  it('keeps connections alive across requests', async () => {
    const s = await start({ ttftMs: 1, gapMs: 1 });
    // One connection at most: a server that closed after a response would
    // force a second. (undici's default Agent opens a second connection for a
    // request issued in the same tick the previous body finished.)
    const a = agent({ connections: 1 });
    const r1 = await post(s, '/v1/chat/completions', chat(3), { dispatcher: a });
    const r2 = await post(s, '/v1/completions', { prompt: 'x', max_tokens: 3, stream: true }, { dispatcher: a });
    expect(r1.error).toBeNull();
    expect(r2.error).toBeNull();
    expect(s.connections).toBe(1);
  });

  it('close() ends hanging streams and is idempotent', async () => {
    const s = await startFakeServer({ faults: [{ fault: { kind: 'hang-after-headers' } }] });
    const pending = post(s, '/v1/chat/completions', chat(3), { dispatcher: agent() });
    await new Promise((r) => setTimeout(r, 30));
    await Promise.all([s.close(), s.close()]);
    const r = await pending;
    expect(r.status).toBe(200);
    expect(r.events).toEqual([]);
    expect(r.error).not.toBeNull();
  });
});

describe('fake server: faults', () => {
  it('http: responds with the status and a JSON error at once', async () => {
    const s = await start({
      ttftMs: 1,
      gapMs: 1,
      faults: [
        { fault: { kind: 'http', status: 401 }, requests: [0] },
        { fault: { kind: 'http', status: 503, body: 'overloaded' }, requests: [1] },
      ],
    });
    const a = await post(s, '/v1/chat/completions', chat(3));
    expect(a.status).toBe(401);
    expect(a.contentType).toMatch(/application\/json/);
    expect(JSON.parse(a.raw)).toMatchObject({ error: { code: 401 } });
    const b = await post(s, '/v1/chat/completions', chat(3));
    expect(b.status).toBe(503);
    expect(b.raw).toBe('overloaded');
    const c = await post(s, '/v1/chat/completions', chat(3));
    expect(c.status).toBe(200);
  });

  it('every: hits the n-th completions requests only', async () => {
    const s = await start({ ttftMs: 1, gapMs: 1, faults: [{ fault: { kind: 'http', status: 500 }, every: 2 }] });
    await fetch(`${s.url}/health`).then((res) => res.text());
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await post(s, '/v1/completions', { prompt: 'x', max_tokens: 1, stream: true })).status);
    expect(statuses).toEqual([200, 500, 200, 500]);
  });

  it('html and not-sse: 200 with the wrong content type', async () => {
    const s = await start({
      faults: [
        { fault: { kind: 'html' }, requests: [0] },
        { fault: { kind: 'not-sse' }, requests: [1] },
      ],
    });
    const html = await post(s, '/v1/chat/completions', chat(3));
    expect(html.status).toBe(200);
    expect(html.contentType).toMatch(/^text\/html/);
    expect(html.raw).toContain('<html>');
    const json = await post(s, '/v1/chat/completions', chat(3));
    expect(json.status).toBe(200);
    expect(json.contentType).toMatch(/^application\/json/);
    expect(JSON.parse(json.raw)).toMatchObject({
      object: 'chat.completion',
      choices: [{ message: { content: TOKEN_TEXT.repeat(3) }, finish_reason: 'length' }],
      usage: { completion_tokens: 3 },
    });
  });

  it('hang-before-headers: never answers', async () => {
    const s = await start({ faults: [{ fault: { kind: 'hang-before-headers' } }] });
    await expect(post(s, '/v1/chat/completions', chat(3), { signal: AbortSignal.timeout(80) })).rejects.toThrow();
    expect(s.requests).toHaveLength(1);
  });

  it('hang-after-headers: headers then silence', async () => {
    const s = await start({ faults: [{ fault: { kind: 'hang-after-headers' } }] });
    const r = await post(s, '/v1/chat/completions', chat(3), { signal: AbortSignal.timeout(80) });
    expect(r.status).toBe(200);
    expect(r.contentType).toMatch(/^text\/event-stream/);
    expect(r.events).toEqual([]);
    expect(r.error).not.toBeNull();
  });

  it('cut: some chunks, then the socket dies without [DONE]', async () => {
    const s = await start({ ttftMs: 5, gapMs: 2, faults: [{ fault: { kind: 'cut', afterChunks: 2 } }] });
    const r = await post(s, '/v1/chat/completions', chat(6));
    expect(r.status).toBe(200);
    expect(r.error).not.toBeNull();
    expect(outputTimes(r)).toHaveLength(2);
    expect(r.raw).not.toContain('[DONE]');
  });

  it('end-early: some chunks, then a clean end without finish_reason or [DONE]', async () => {
    const s = await start({ ttftMs: 5, gapMs: 2, faults: [{ fault: { kind: 'end-early', afterChunks: 3 } }] });
    const r = await post(s, '/v1/chat/completions', chat(6));
    expect(r.error).toBeNull();
    const chunks = parse(r);
    expect(chunks.map(outputText).filter(Boolean)).toHaveLength(3);
    expect(chunks.every((c) => c.choices.every((ch) => ch.finish_reason === null))).toBe(true);
    expect(r.raw).not.toContain('[DONE]');
  });

  it('error-event: an {"error": ...} data line, then the end', async () => {
    const s = await start({ ttftMs: 5, gapMs: 2, faults: [{ fault: { kind: 'error-event', afterChunks: 1, message: 'boom' } }] });
    const r = await post(s, '/v1/chat/completions', chat(6));
    expect(r.error).toBeNull();
    const chunks = parse(r);
    expect(chunks.map(outputText).filter(Boolean)).toHaveLength(1);
    expect(chunks.at(-1)).toEqual({ error: { code: 500, message: 'boom', type: 'server_error' } });
    expect(r.raw).not.toContain('[DONE]');
  });

  it('invalid-json: one unparsable data line inside an otherwise complete stream', async () => {
    const s = await start({ ttftMs: 5, gapMs: 2, faults: [{ fault: { kind: 'invalid-json', afterChunks: 2 } }] });
    const r = await post(s, '/v1/chat/completions', chat(4));
    const bad = r.events.filter((e) => {
      try {
        JSON.parse(e.data);
        return false;
      } catch {
        return e.data !== '[DONE]';
      }
    });
    expect(bad).toHaveLength(1);
    expect(r.events.indexOf(bad[0]!)).toBe(3); // role, tok, tok, bad
    expect(r.events.at(-1)!.data).toBe('[DONE]');
  });

  it('crash: every open stream dies and later connects are refused', async () => {
    const s = await start({ ttftMs: 10, gapMs: 5, faults: [{ fault: { kind: 'crash', afterChunks: 2 } }] });
    const [a, b] = await Promise.all([post(s, '/v1/chat/completions', chat(50), { dispatcher: agent() }), post(s, '/v1/chat/completions', chat(50), { dispatcher: agent() })]);
    for (const r of [a, b]) {
      expect(r.error).not.toBeNull();
      expect(r.raw).not.toContain('[DONE]');
      expect(outputTimes(r).length).toBeLessThanOrEqual(2);
    }
    expect(s.crashed).toBe(true);
    const refused = await fetch(`${s.url}/health`, { dispatcher: agent() }).then(
      () => null,
      (e: Error & { cause?: { code?: string } }) => e.cause?.code,
    );
    expect(refused).toBe('ECONNREFUSED');
  });
});
