import { describe, expect, it } from 'vitest';
import type { ConversationPlan, ScenarioPlan } from '../../src/config/plan.js';
import { newRecord } from '../../src/load/record.js';
import { turnMetrics } from '../../src/metrics/turns.js';
import { workloadHash } from '../../src/workload/index.js';
import { buildSessions, sessionItems, turnMessages } from '../../src/workload/conversation.js';
import { getTokenizer } from '../../src/workload/tokenizer.js';

const scenario: ScenarioPlan = { name: 'chat', inputTokens: 40, outputTokens: 12, sharedPrefixTokens: 8, dataset: null };
const conversation: ConversationPlan = { turns: 3, userTokens: { dist: 'uniform', min: 5, max: 9 }, thinkTimeMs: { dist: 'uniform', min: 100, max: 300 }, answers: 'synthetic' };
const build = (over: Partial<{ conversation: ConversationPlan; cellLabel: string; count: number; seed: number }> = {}) =>
  buildSessions({ seed: over.seed ?? 1, encoding: 'o200k_base', scenario, conversation: over.conversation ?? conversation, cellLabel: over.cellLabel ?? 'c=2', count: over.count ?? 4 });

describe('conversation sessions', () => {
  it('builds turns of exact lengths: turn 1 input_tokens with the shared prefix, later ones user_tokens, answers output_tokens', async () => {
    const tok = await getTokenizer('o200k_base');
    const sessions = await build();
    expect(sessions).toHaveLength(4);
    const prefix = sessions[0]!.turns[0]!.user.split(' ').slice(0, 8).join(' ');
    for (const s of sessions) {
      expect(s.turns).toHaveLength(3);
      const [first, ...later] = s.turns;
      expect(first!.userTokens).toBe(40);
      expect(tok.count(first!.user)).toBe(40);
      expect(first!.user.startsWith(prefix)).toBe(true);
      expect(first!.thinkMs).toBe(0);
      for (const t of later) {
        expect(t.userTokens).toBeGreaterThanOrEqual(5);
        expect(t.userTokens).toBeLessThanOrEqual(9);
        expect(tok.count(t.user)).toBe(t.userTokens);
        expect(t.thinkMs).toBeGreaterThanOrEqual(100);
        expect(t.thinkMs).toBeLessThanOrEqual(300);
      }
      for (const t of s.turns) {
        expect(t.maxTokens).toBe(12);
        expect(tok.count(t.syntheticAnswer!)).toBe(12);
      }
    }
  });

  it('is deterministic; lengths and think times are the same in every cell, the words are not', async () => {
    const a = await build();
    expect(await build()).toEqual(a);
    // A longer cell starts with the same sessions.
    expect((await build({ count: 6 })).slice(0, 4)).toEqual(a);
    const other = await build({ cellLabel: 'c=2#2' });
    const shape = (ss: typeof a) => ss.map((s) => s.turns.map((t) => [t.userTokens, t.maxTokens, t.thinkMs]));
    expect(shape(other)).toEqual(shape(a));
    expect(other[0]!.turns[1]!.user).not.toBe(a[0]!.turns[1]!.user);
    expect(other[0]!.turns[0]!.user).not.toBe(a[0]!.turns[0]!.user);
  });

  it('turn k sends every earlier user message and answer, then its own message', async () => {
    const [s] = await build({ count: 1 });
    const answers = ['first answer', 'second answer'];
    expect(turnMessages(s!, 0, [])).toEqual([{ role: 'user', content: s!.turns[0]!.user }]);
    expect(turnMessages(s!, 2, answers)).toEqual([
      { role: 'user', content: s!.turns[0]!.user },
      { role: 'assistant', content: 'first answer' },
      { role: 'user', content: s!.turns[1]!.user },
      { role: 'assistant', content: 'second answer' },
      { role: 'user', content: s!.turns[2]!.user },
    ]);
    expect(() => turnMessages(s!, 2, ['only one'])).toThrow(/answer of turn 2/);
  });

  it('hashes the conversation: turns, think times and where the answers come from change the workload hash', async () => {
    const hash = async (c: ConversationPlan): Promise<string> => workloadHash([{ cell: 'chat@c=2', items: sessionItems(await build({ conversation: c })) }]);
    const base = await hash(conversation);
    expect(await hash(conversation)).toBe(base);
    expect(await hash({ ...conversation, turns: 4 })).not.toBe(base);
    expect(await hash({ ...conversation, thinkTimeMs: 0 })).not.toBe(base);
    expect(await hash({ ...conversation, answers: 'real' })).not.toBe(base);
    const items = sessionItems(await build());
    expect(items).toHaveLength(12);
    // Item s * turns + k is turn k of session s.
    expect(items[4]!.prompt).toBe((await build())[1]!.turns[1]!.user);
  });
});

describe('per-turn metrics', () => {
  it('pools each turn over sessions, warm-up, cancelled and failed requests apart', () => {
    const rec = (index: number, ttft: number, nIn: number, o: { warmup?: boolean; failed?: boolean } = {}) =>
      newRecord(index, o.warmup ?? false, 100, 8, {
        tSend: 100,
        tFirst: 100 + ttft,
        tLast: 100 + ttft + 10,
        tDone: 100 + ttft + 10,
        gaps: [],
        outputEvents: 8,
        nIn,
        nOut: 8,
        tokenSource: 'server',
        status: 200,
        failure: o.failed ? 'http-5xx' : null,
        message: null,
        finishReason: 'length',
        systemFingerprint: null,
        cancelled: false,
      });
    // 3 turns; sessions 0 (warm-up), 1, 2, 3; session 3's turn 2 failed and its turn 3 was never sent.
    const records = [rec(0, 999, 1, { warmup: true }), rec(1, 999, 1, { warmup: true }), rec(2, 999, 1, { warmup: true })];
    for (const s of [1, 2]) records.push(rec(s * 3, 50 + s, 40), rec(s * 3 + 1, 10 + s, 60), rec(s * 3 + 2, 5 + s, 80));
    records.push(rec(9, 60, 40), rec(10, 0, 0, { failed: true }));
    const t = turnMetrics(records, 3);
    expect(t.map((x) => [x.turn, x.attempted, x.completed, x.input_tokens_mean])).toEqual([
      [1, 3, 3, 40],
      [2, 3, 2, 60],
      [3, 2, 2, 80],
    ]);
    expect(t[0]!.ttft_ms).toMatchObject({ n: 3, min: 51, max: 60 });
    expect(t[1]!.ttft_ms).toMatchObject({ n: 2, min: 11, max: 12 });
    expect(t[2]!.queued_ttft_ms).toMatchObject({ n: 2, min: 6, max: 7 });
  });
});
