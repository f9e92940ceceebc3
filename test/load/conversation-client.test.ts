// The send of a conversation's turns, with a stand-in client: what a history
// keeps, and what a turn the client cannot send does to its session.
import { describe, expect, it } from 'vitest';
import type { RequestOutcome } from '../../src/client/outcome.js';
import { ANSWER_UNITS_PER_TOKEN, sessionSender } from '../../src/load/conversation-client.js';
import type { Session } from '../../src/workload/conversation.js';
import type { ChatMessage } from '../../src/workload/synth.js';

const ok = (nOut: number): RequestOutcome => ({
  tSend: 0,
  tFirst: 1,
  tLast: 2,
  tDone: 3,
  gaps: [],
  outputEvents: 2,
  nIn: 8,
  nOut,
  tokenSource: 'server',
  status: 200,
  failure: null,
  message: null,
  finishReason: 'stop',
  systemFingerprint: null,
  cancelled: false,
});
const session: Session = { turns: [0, 1, 2].map((k) => ({ user: `user ${k}`, userTokens: 2, maxTokens: 16, thinkMs: 0, syntheticAnswer: null })) };
const never = (): number => {
  throw new Error('the answer was tokenized a second time');
};

describe('sessionSender', () => {
  it('counts an answer as the request did, never tokenizing it again', async () => {
    const sent: ChatMessage[][] = [];
    const send = sessionSender({ send: async (messages) => (sent.push(messages), { outcome: ok(5), answer: 'five tokens of answer', answerUnits: 21 }) }, [session], 'm', never);
    for (const k of [0, 1, 2]) expect((await send(0, k, new AbortController().signal)).failure).toBeNull();
    expect(sent[2]!.map((m) => m.content)).toEqual(['user 0', 'five tokens of answer', 'user 1', 'five tokens of answer', 'user 2']);
  });

  it('fails a turn whose answer is longer than max_tokens allows, and keeps none of it', async () => {
    const sent: ChatMessage[][] = [];
    const long = 'x'.repeat(16 * ANSWER_UNITS_PER_TOKEN + 1);
    const send = sessionSender({ send: async (messages) => (sent.push(messages), { outcome: ok(16), answer: long.slice(0, 512), answerUnits: long.length }) }, [session], 'm', never);
    const first = await send(0, 0, new AbortController().signal);
    expect(first).toMatchObject({ failure: 'bad-response', nOut: null });
    expect(first.message).toBe(`the answer was ${long.length} characters, more than a history keeps for max_tokens 16 (32 a token, 512): the server ignored max_tokens; the session ends at this turn`);
  });

  it("turns a client that throws (a body it cannot build) into that turn's failure, not the run's", async () => {
    const send = sessionSender({ send: () => Promise.reject(new RangeError('Invalid string length')) }, [session], 'm', never);
    const outcome = await send(0, 0, new AbortController().signal);
    expect(outcome).toMatchObject({ failure: 'bad-response', cancelled: false, nOut: null, message: 'the turn could not be sent: Invalid string length' });
  });
});
