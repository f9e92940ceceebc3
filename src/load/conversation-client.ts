// Sends the turns of multi-turn sessions (issue 20, item 3) and keeps each
// session's history. With `answers: real` a turn's history holds the text the
// server streamed for the earlier turns, so these requests go through
// InferenceClient.streamText, which keeps a response's text (the same
// request path as every other request: the same body, stamps, stale-socket
// retry and failure classes; other requests keep no text, since a run holds
// millions of records). Its own client, and so its own pool: the sessions'
// connections are not the matrix's.
import { InferenceClient } from '../client/http.js';
import type { ResponseLimitsPlan, TargetPlan, TimeoutsPlan } from '../config/plan.js';
import { turnMessages, type Session } from '../workload/conversation.js';
import type { ChatMessage } from '../workload/synth.js';
import type { RequestOutcome } from './record.js';

interface ConversationClientOptions {
  target: TargetPlan;
  timeouts: TimeoutsPlan;
  limits: ResponseLimitsPlan;
  /** Most connections; null: as many as the sessions in flight need. */
  connections: number | null;
  apiKey: string | null;
  countTokens: (text: string) => number;
}

interface TurnOutcome {
  outcome: RequestOutcome;
  /** The generated text; '' when the request failed. */
  answer: string;
}

export class ConversationClient {
  private readonly client: InferenceClient;

  constructor(opts: ConversationClientOptions) {
    this.client = new InferenceClient(opts);
  }

  /** One chat request with these messages; never throws for request failures (they are data). */
  send(messages: ChatMessage[], maxTokens: number, inputTokens: number, model: string, cancel: AbortSignal): Promise<TurnOutcome> {
    return this.client.streamText({ prompt: '', messages, inputTokens, maxTokens }, model, cancel);
  }

  close(): Promise<void> {
    return this.client.close();
  }

  destroy(): Promise<void> {
    return this.client.destroy();
  }
}

/**
 * The send of a cell's sessions: turn k of session s goes out with the
 * session's history (real answers as they arrived, or the synthetic ones).
 * A session's history is dropped after its last turn or its first failure.
 */
export function sessionSender(
  client: Pick<ConversationClient, 'send'>,
  sessions: readonly Session[],
  model: string,
  countTokens: (text: string) => number,
): (session: number, turn: number, cancel: AbortSignal) => Promise<RequestOutcome> {
  const histories = new Map<number, { answers: string[]; tokens: number }>();
  return async (s, k, cancel) => {
    const session = sessions[s]!;
    const turn = session.turns[k]!;
    let h = histories.get(s);
    if (h === undefined || k === 0) histories.set(s, (h = { answers: [], tokens: 0 }));
    const messages = turnMessages(session, k, h.answers);
    // The client's count of the messages, for a server that reports no usage.
    const inputTokens = h.tokens + turn.userTokens;
    const { outcome, answer } = await client.send(messages, turn.maxTokens, inputTokens, model, cancel);
    const last = k === session.turns.length - 1;
    if (outcome.failure !== null || outcome.cancelled || last) histories.delete(s);
    else {
      const kept = turn.syntheticAnswer ?? answer;
      h.answers.push(kept);
      h.tokens = inputTokens + (turn.syntheticAnswer === null ? countTokens(kept) : turn.maxTokens);
    }
    return outcome;
  };
}
