// Multi-turn conversations (issue 20, item 3): a scenario's `conversation`
// section, its normal form and the checks JSON Schema states badly. Building
// the sessions is src/workload/conversation.ts; running them is
// src/load/sessions.ts.
import { lengthIssues, normaliseLength, type Length, type RawLength } from './lengths.js';
import type { Issue, Segment } from './vocabulary.js';
import { isRecord } from '../util/record.js';

/** Where each turn's assistant message in the history comes from. */
export type ConversationAnswers = 'real' | 'synthetic';

export interface RawConversation {
  turns: number;
  user_tokens?: RawLength;
  think_time_ms?: RawLength;
  answers?: ConversationAnswers;
}

/** A scenario's conversation, defaults filled in (the result stores it). */
export interface NormalConversation {
  /** Requests per session: turn 1 is input_tokens long, each later one adds user_tokens to the history. */
  readonly turns: number;
  /** The new user message of turns 2..N: a count or a distribution. */
  readonly user_tokens: Length;
  /** Wait between an answer's end and the next turn's send, ms: 0, a count or a distribution. */
  readonly think_time_ms: Length | 0;
  readonly answers: ConversationAnswers;
}

const CONVERSATION_DEFAULTS = { thinkTimeMs: 0, answers: 'real' } as const;

/** A checked conversation with its defaults; user_tokens defaults to the scenario's input_tokens. */
export function normaliseConversation(c: RawConversation, inputTokens: RawLength): NormalConversation {
  return {
    turns: c.turns,
    user_tokens: normaliseLength(c.user_tokens ?? inputTokens),
    think_time_ms: c.think_time_ms === undefined ? CONVERSATION_DEFAULTS.thinkTimeMs : normaliseLength(c.think_time_ms),
    answers: c.answers ?? CONVERSATION_DEFAULTS.answers,
  };
}

/**
 * Most tokens a session's last turn may send (its history and new message):
 * what one prompt may be (input_tokens' own bound). Each field has its bound,
 * but turns x lengths multiply: 1,000 turns of 1,000,000-token answers passed
 * every field and then ran out of memory in silence.
 */
const MAX_CONVERSATION_TOKENS = 1_000_000;

/** The largest length a written length can take, or null when it is not one (the schema reports that). */
function lengthCeiling(value: unknown): number | null {
  if (typeof value === 'number') return value;
  if (!isRecord(value)) return null;
  const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
  switch (value.dist) {
    case 'fixed':
      return num(value.value);
    case 'uniform':
    case 'normal':
    case 'lognormal':
      return num(value.max);
    case 'empirical':
      return Array.isArray(value.values) && value.values.length > 0 && value.values.every((v) => num(v) !== null) ? Math.max(...(value.values as number[])) : null;
    default:
      return null;
  }
}

/**
 * Problems of scenario `sc` (at `at`) with a conversation: it builds its own
 * prompts (no dataset, no trace), needs chat messages (target.api chat), and
 * its distributions follow the length rules.
 */
export function conversationIssues(sc: Record<string, unknown>, at: Segment[], api: unknown): Issue[] {
  const c = sc.conversation;
  if (c === undefined) return [];
  const issues: Issue[] = [];
  for (const key of ['dataset', 'trace']) {
    if (Object.prototype.hasOwnProperty.call(sc, key)) {
      issues.push({ segs: [...at, key], reason: 'not allowed with conversation (a conversation builds its own messages, turn by turn)', echo: true, atKey: true });
    }
  }
  if (api === 'completions') {
    issues.push({ segs: [...at, 'conversation'], reason: 'needs target.api: chat (each turn sends the history as chat messages)', echo: false, atKey: true });
  }
  if (isRecord(c)) {
    for (const key of ['user_tokens', 'think_time_ms']) issues.push(...lengthIssues(c[key], [...at, 'conversation', key]));
    const turns = c.turns;
    const input = lengthCeiling(sc.input_tokens);
    const output = lengthCeiling(sc.output_tokens);
    const user = c.user_tokens === undefined ? input : lengthCeiling(c.user_tokens);
    if (typeof turns === 'number' && Number.isInteger(turns) && turns >= 1 && input !== null && output !== null && user !== null) {
      // The last turn sends turn 1's message, every earlier answer and user message, and its own.
      const most = input + (turns - 1) * (output + user);
      if (most > MAX_CONVERSATION_TOKENS) {
        issues.push({
          segs: [...at, 'conversation', 'turns'],
          reason: `${turns} turns can send a history of up to ${most} tokens at the last turn (input_tokens ${input} + ${turns - 1} x (output_tokens ${output} + user_tokens ${user})), more than the ${MAX_CONVERSATION_TOKENS} one request may hold: use fewer turns or shorter lengths`,
          echo: false,
        });
      }
    }
  }
  return issues;
}
