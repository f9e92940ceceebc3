// Sends the turns of multi-turn sessions (issue 20, item 3) and keeps each
// session's history. With `answers: real` a turn's history holds the text the
// server streamed for the earlier turns, so these requests go through
// InferenceClient.streamText, which keeps a response's text (the same
// request path as every other request: the same body, stamps, stale-socket
// retry and failure classes; other requests keep no text, since a run holds
// millions of records). Its own client, and so its own pool: the sessions'
// connections are not the matrix's.
import { performance } from 'node:perf_hooks';
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
  /** The generated text, at most the units asked to keep; '' when the request failed. */
  answer: string;
  /** UTF-16 units the server generated, kept or not (0 when the request failed). */
  answerUnits: number;
}

export class ConversationClient {
  private readonly client: InferenceClient;

  constructor(opts: ConversationClientOptions) {
    this.client = new InferenceClient(opts);
  }

  /** One chat request with these messages, keeping at most what a history may keep of its answer; never throws for request failures (they are data). */
  send(messages: ChatMessage[], maxTokens: number, inputTokens: number, model: string, cancel: AbortSignal): Promise<TurnOutcome> {
    return this.client.streamText({ prompt: '', messages, inputTokens, maxTokens }, model, cancel, maxTokens * ANSWER_UNITS_PER_TOKEN);
  }

  close(): Promise<void> {
    return this.client.close();
  }

  destroy(): Promise<void> {
    return this.client.destroy();
  }
}

/**
 * Most UTF-16 units an answer may keep in a session's history per max_tokens
 * token. No token of o200k_base or cl100k_base is longer than 128 units and
 * English averages about 4; 32 a token over a whole answer is far past any
 * real one. A longer answer means the server ignored max_tokens: kept, a few
 * such turns (120 MB each, under the response cap) made the history too big
 * for a request body and ended the whole run. With the config's bound on a
 * session's tokens (MAX_CONVERSATION_TOKENS) a history then stays bounded.
 */
export const ANSWER_UNITS_PER_TOKEN = 32;

/** The outcome of a turn whose answer cannot be kept in the history: failed, so its session ends here. */
function refused(outcome: RequestOutcome, message: string): RequestOutcome {
  return { ...outcome, nIn: null, nOut: null, tokenSource: null, failure: 'bad-response', message };
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
    const { outcome: sent, answer, answerUnits } = await sendOrFail(client, messages, turn.maxTokens, inputTokens, model, cancel);
    let outcome = sent;
    const most = turn.maxTokens * ANSWER_UNITS_PER_TOKEN;
    if (outcome.failure === null && !outcome.cancelled && answerUnits > most) {
      outcome = refused(
        outcome,
        `the answer was ${answerUnits} characters, more than a history keeps for max_tokens ${turn.maxTokens} (${ANSWER_UNITS_PER_TOKEN} a token, ${most}): the server ignored max_tokens; the session ends at this turn`,
      );
    }
    const last = k === session.turns.length - 1;
    if (outcome.failure !== null || outcome.cancelled || last) histories.delete(s);
    else {
      const kept = turn.syntheticAnswer ?? answer;
      h.answers.push(kept);
      // The answer's count as the request already made it (the server's usage, or
      // the client's count slice by slice as it streamed): never a second pass
      // over the whole text.
      const answerTokens = turn.syntheticAnswer !== null ? turn.maxTokens : (outcome.nOut ?? countTokens(kept));
      h.tokens = inputTokens + answerTokens;
    }
    return outcome;
  };
}

/**
 * client.send, with an exception turned into this turn's failure: a turn the
 * client could not make (a body it could not build) ends its session, not the
 * run, so every turn measured before it is kept.
 */
async function sendOrFail(client: Pick<ConversationClient, 'send'>, messages: ChatMessage[], maxTokens: number, inputTokens: number, model: string, cancel: AbortSignal): Promise<TurnOutcome> {
  const tSend = performance.now();
  try {
    return await client.send(messages, maxTokens, inputTokens, model, cancel);
  } catch (err) {
    const why = err instanceof Error ? err.message : String(err);
    const tDone = performance.now();
    const outcome: RequestOutcome = {
      tSend,
      tFirst: null,
      tLast: null,
      tDone,
      gaps: [],
      outputEvents: 0,
      nIn: null,
      nOut: null,
      tokenSource: null,
      status: null,
      failure: 'bad-response',
      message: `the turn could not be sent: ${why.slice(0, 200)}`,
      finishReason: null,
      systemFingerprint: null,
      cancelled: false,
    };
    return { outcome, answer: '', answerUnits: 0 };
  }
}
