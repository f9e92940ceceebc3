// The session runner against a loopback server that answers every turn with
// text of its own (a counter in words): the history each turn sends holds
// the previous turns' real answers, word for word; synthetic answers replace
// them when asked; each turn waits its think time after the previous answer
// ended; a failed turn ends its session.
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConversationPlan, LoadPlan, ScenarioPlan, TargetPlan } from '../../src/config/plan.js';
import { ConversationClient, sessionSender } from '../../src/load/conversation-client.js';
import { runSessions } from '../../src/load/sessions.js';
import { buildSessions, type Session } from '../../src/workload/conversation.js';
import { getTokenizer } from '../../src/workload/tokenizer.js';
import { listenLoopback, type Listening } from '../support/loopback.js';

interface Seen {
  messages: { role: string; content: string }[];
  /** performance.now() when the request arrived, and when its answer ended. */
  at: number;
  end: number;
  answer: string;
}

let seen: Seen[] = [];
let failOn: ((messages: Seen['messages']) => boolean) | null = null;
let counter = 0;
let server: Listening;

beforeAll(async () => {
  server = await listenLoopback(
    http.createServer((req, res) => {
      const at = performance.now();
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString('utf8')));
      req.on('end', () => {
        const parsed = JSON.parse(body) as { messages: Seen['messages']; max_tokens: number };
        if (failOn?.(parsed.messages)) {
          res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":"boom"}');
          seen.push({ messages: parsed.messages, at, end: performance.now(), answer: '' });
          return;
        }
        const n = ++counter;
        // One word per token, the answer unique to this request.
        const words = Array.from({ length: parsed.max_tokens }, (_, i) => `${i === 0 ? '' : ' '}r${n}w${i}`);
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        for (const w of words) res.write(`data: ${JSON.stringify({ choices: [{ index: 0, delta: { content: w }, finish_reason: null }] })}\n\n`);
        res.write(`data: ${JSON.stringify({ choices: [{ index: 0, delta: {}, finish_reason: 'length' }], usage: { prompt_tokens: 7, completion_tokens: words.length } })}\n\n`);
        res.end('data: [DONE]\n\n');
        seen.push({ messages: parsed.messages, at, end: performance.now(), answer: words.join('') });
      });
    }),
  );
});

afterAll(async () => {
  await server?.close();
});

const scenario: ScenarioPlan = { name: 'chat', inputTokens: 16, outputTokens: 4, sharedPrefixTokens: 0, dataset: null };

async function run(conversation: ConversationPlan, load: LoadPlan, count: number, maxDurationMs = 20_000): Promise<{ sessions: Session[]; run: Awaited<ReturnType<typeof runSessions>> }> {
  seen = [];
  const tok = await getTokenizer('o200k_base');
  const sessions = await buildSessions({ seed: 3, encoding: 'o200k_base', scenario, conversation, cellLabel: load.label, count });
  const target: TargetPlan = { url: server.url, api: 'chat', model: 'm', apiKeyEnv: null, headers: {}, extraBody: {}, fixedOutput: true };
  const client = new ConversationClient({
    target,
    timeouts: { connectMs: 2000, requestMs: 10_000, idleMs: 5000 },
    limits: { lineBytes: 1 << 20, eventBytes: 1 << 20, responseBytes: 1 << 24 },
    connections: null,
    apiKey: null,
    countTokens: (t) => tok.count(t),
  });
  try {
    const r = await runSessions({
      load,
      sessions: count,
      warmupSessions: 0,
      turns: conversation.turns,
      maxDurationMs,
      seedMaterial: 'x',
      thinkMs: (s, k) => sessions[s]!.turns[k]!.thinkMs,
      maxTokens: (s, k) => sessions[s]!.turns[k]!.maxTokens,
      send: sessionSender(client, sessions, 'm', (t) => tok.count(t)),
      cancel: new AbortController().signal,
    });
    return { sessions, run: r };
  } finally {
    await client.close();
  }
}

/** The session a request belongs to: its first user message is that session's turn 1. */
function sessionOf(sessions: readonly Session[], s: Seen): number {
  return sessions.findIndex((x) => x.turns[0]!.user === s.messages[0]!.content);
}

describe('multi-turn sessions on a loopback server', () => {
  it('sends each turn with the whole history: earlier user messages and the real answers as streamed', async () => {
    const { sessions, run: r } = await run({ turns: 3, userTokens: 6, thinkTimeMs: 0, answers: 'real' }, { shape: 'concurrency', label: 'c=2', concurrency: 2 }, 4);
    expect(r.records).toHaveLength(12);
    expect(r.records.map((x) => x.failure)).toEqual(Array(12).fill(null));
    expect(r.notSent).toBe(0);
    expect(seen).toHaveLength(12);
    for (const [s, session] of sessions.entries()) {
      const mine = seen.filter((x) => sessionOf(sessions, x) === s).sort((a, b) => a.messages.length - b.messages.length);
      expect(mine.map((x) => x.messages.length)).toEqual([1, 3, 5]);
      for (let k = 0; k < 3; k++) {
        const msgs = mine[k]!.messages;
        expect(msgs.filter((m) => m.role === 'user').map((m) => m.content)).toEqual(session.turns.slice(0, k + 1).map((t) => t.user));
        // The assistant messages are the server's answers to this session's earlier turns, word for word.
        expect(msgs.filter((m) => m.role === 'assistant').map((m) => m.content)).toEqual(mine.slice(0, k).map((x) => x.answer));
      }
    }
    // Request s * turns + k is turn k of session s; each turn waits for the previous one's answer.
    for (let s = 0; s < 4; s++) {
      for (let k = 1; k < 3; k++) expect(r.records[s * 3 + k]!.tSend).toBeGreaterThanOrEqual(r.records[s * 3 + k - 1]!.tDone);
    }
  }, 30_000);

  it("synthetic answers: the history holds the planned text, not the server's", async () => {
    const { sessions } = await run({ turns: 2, userTokens: 6, thinkTimeMs: 0, answers: 'synthetic' }, { shape: 'concurrency', label: 'c=1', concurrency: 1 }, 2);
    const second = seen.filter((x) => x.messages.length === 3);
    expect(second).toHaveLength(2);
    for (const x of second) {
      const s = sessionOf(sessions, x);
      expect(x.messages[1]).toEqual({ role: 'assistant', content: sessions[s]!.turns[0]!.syntheticAnswer });
      expect(x.messages[1]!.content).not.toMatch(/r\d+w0/);
    }
  }, 30_000);

  it("waits each turn's think time after the previous answer ended, and measures the turn from then", async () => {
    const think = 250;
    const { run: r } = await run({ turns: 3, userTokens: 4, thinkTimeMs: think, answers: 'real' }, { shape: 'concurrency', label: 'c=2', concurrency: 2 }, 2);
    for (let s = 0; s < 2; s++) {
      for (let k = 1; k < 3; k++) {
        const prev = r.records[s * 3 + k - 1]!;
        const cur = r.records[s * 3 + k]!;
        // Due exactly its think time after the answer ended; sent no earlier, and not much later.
        expect(cur.tSched - prev.tDone).toBeCloseTo(think, 6);
        expect(cur.tSend).toBeGreaterThanOrEqual(cur.tSched - 0.01);
        expect(cur.tSend - cur.tSched).toBeLessThan(50);
      }
    }
    // The server saw the gap too: each later turn arrived at least the think time after the previous answer ended (less a timer's slack).
    const bySession = new Map<string, Seen[]>();
    for (const x of seen) bySession.set(x.messages[0]!.content, [...(bySession.get(x.messages[0]!.content) ?? []), x]);
    for (const list of bySession.values()) {
      list.sort((a, b) => a.at - b.at);
      for (let k = 1; k < list.length; k++) expect(list[k]!.at - list[k - 1]!.end).toBeGreaterThanOrEqual(think - 5);
    }
  }, 30_000);

  it('a failed turn ends its session: later turns are not sent and count as not sent', async () => {
    // Fail every session's second turn.
    failOn = (messages) => messages.length === 3;
    try {
      const { run: r } = await run({ turns: 3, userTokens: 4, thinkTimeMs: 0, answers: 'real' }, { shape: 'concurrency', label: 'c=2', concurrency: 2 }, 3);
      expect(r.records.map((x) => [x.index, x.failure])).toEqual([
        [0, null],
        [1, 'http-5xx'],
        [3, null],
        [4, 'http-5xx'],
        [6, null],
        [7, 'http-5xx'],
      ]);
      expect(r.notSent).toBe(3);
      expect(seen.some((x) => x.messages.length === 5)).toBe(false);
    } finally {
      failOn = null;
    }
  }, 30_000);

  it("an open loop starts sessions at the rate, each session's turns in order", async () => {
    const { run: r } = await run({ turns: 2, userTokens: 4, thinkTimeMs: 0, answers: 'real' }, { shape: 'poisson', label: 'r=20/s', rate: 20, maxConcurrency: null }, 6);
    expect(r.records).toHaveLength(12);
    // Turn 1 of each session is due at its arrival; its lateness is recorded for every turn sent.
    expect(r.dispatchLagMs).toHaveLength(12);
    const firsts = r.records.filter((x) => x.index % 2 === 0).map((x) => x.tSched);
    expect([...firsts].sort((a, b) => a - b)).toEqual(firsts);
    for (let s = 0; s < 6; s++) expect(r.records[s * 2 + 1]!.tSched).toBe(r.records[s * 2]!.tDone);
  }, 30_000);

  it('an open loop with max_concurrency holds a session back until one ends, its first turn still due at its arrival', async () => {
    const { run: r } = await run({ turns: 2, userTokens: 4, thinkTimeMs: 30, answers: 'real' }, { shape: 'poisson', label: 'r=50/s,max=1', rate: 50, maxConcurrency: 1 }, 4);
    expect(r.records).toHaveLength(8);
    // One session at a time: each starts after the previous one's last answer.
    for (let s = 1; s < 4; s++) expect(r.records[s * 2]!.tSend).toBeGreaterThanOrEqual(r.records[s * 2 - 1]!.tDone);
    // Sessions arrive every 20 ms on average but each takes 30 ms of think time alone: the later ones waited, and their
    // first turn keeps its arrival time, so the wait is in queued TTFT (no coordinated omission).
    const waited = [1, 2, 3].map((s) => r.records[s * 2]!.tSend - r.records[s * 2]!.tSched);
    expect(Math.max(...waited)).toBeGreaterThan(10);
    // Only sends with a free slot count as lateness: the held-back sessions' first turns are not in it.
    expect(r.dispatchLagMs.length).toBeLessThan(8);
  }, 30_000);

  it('stops at max_duration: a session waiting out its think time ends, its later turns counted as not sent', async () => {
    const { run: r } = await run({ turns: 3, userTokens: 4, thinkTimeMs: 400, answers: 'real' }, { shape: 'concurrency', label: 'c=2', concurrency: 2 }, 2, 250);
    expect(r.stoppedBy).toBe('duration');
    // Turn 1 of both sessions went out; turns 2 and 3 were due after the cell's end.
    expect(r.records.map((x) => x.index)).toEqual([0, 3]);
    expect(r.notSent).toBe(4);
  }, 30_000);
});
