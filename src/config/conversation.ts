// Multi-turn conversations (issue 20, item 3): a scenario's `conversation`
// section, its normal form and the checks JSON Schema states badly. Building
// the sessions is src/workload/conversation.ts; running them is
// src/load/sessions.ts.
import { lengthIssues, normaliseLength, type Length, type RawLength } from './lengths.js';
import type { Segment } from './vocabulary.js';

/** An issues.ts Issue (declared here too: issues.ts imports this file). */
interface Issue {
  segs: Segment[];
  reason: string;
  echo: boolean;
  atKey?: boolean;
}

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

function isRecord(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
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
  }
  return issues;
}
