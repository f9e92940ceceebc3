// Multi-turn conversations (issue 20, item 3): the sessions of one cell and
// trial, and the messages each turn sends. A session of N turns sends, at
// turn k, every earlier user message and answer plus a new user message, so
// a server with a prefix cache finds all but the newest message cached.
//
// Like every workload here, a pure function of (seed, scenario, cell, session,
// turn): turn 1's message is the scenario's synthetic prompt of request
// `session` (input_tokens long, its shared prefix included), later messages
// are user_tokens long, each answer asks for output_tokens, and the think
// times are drawn from think_time_ms. Lengths and think times depend on the
// seed, the scenario, the session and the turn alone (every cell and trial
// asks for the same); the words change per cell and trial, so a prefix cache
// cannot carry one trial's sessions into the next.
import type { ConversationPlan, Encoding, ScenarioPlan } from '../config/plan.js';
import { createRng } from '../util/rng.js';
import { drawLength } from './lengths.js';
import { buildPrompt, synthesisWords, synthesizeItems, type ChatMessage, type WorkItem } from './synth.js';
import { getTokenizer } from './tokenizer.js';

export interface Turn {
  /** The new user message of this turn. */
  readonly user: string;
  readonly userTokens: number;
  /** max_tokens of this turn's answer. */
  readonly maxTokens: number;
  /** Wait after the previous turn's answer ended before this turn is due, ms (0 for turn 1). */
  readonly thinkMs: number;
  /** answers: synthetic: the assistant message that stands for this turn's answer in later turns (maxTokens tokens); null for real answers. */
  readonly syntheticAnswer: string | null;
}

export interface Session {
  readonly turns: readonly Turn[];
}

function stream(tag: string, ...parts: (string | number)[]): ReturnType<typeof createRng> {
  return createRng(JSON.stringify([tag, ...parts]));
}

/**
 * The first `count` sessions of a cell (warm-up sessions first). Session s
 * is the same for a given seed, scenario and cell whatever `count` is.
 */
export async function buildSessions(args: { seed: number; encoding: Encoding; scenario: ScenarioPlan; conversation: ConversationPlan; cellLabel: string; count: number }): Promise<Session[]> {
  const { seed, encoding, scenario, conversation, cellLabel, count } = args;
  if (scenario.outputTokens === null) throw new Error(`scenario '${scenario.name}': a conversation needs output_tokens`);
  const output = scenario.outputTokens;
  // Turn 1 of session s is the scenario's ordinary request s: its length, its shared prefix, its words.
  const firsts = await synthesizeItems({ seed, encoding, scenario, cellLabel, count });
  const tok = await getTokenizer(encoding);
  const words = await synthesisWords(encoding);
  const name = scenario.name;
  return firsts.map((first, s): Session => {
    const turns: Turn[] = [];
    for (let k = 0; k < conversation.turns; k++) {
      const maxTokens = k === 0 ? first.maxTokens : drawLength(output, stream('conversation-output', seed, name, s, k));
      const userTokens = k === 0 ? first.inputTokens : drawLength(conversation.userTokens, stream('conversation-user-length', seed, name, s, k));
      const user = k === 0 ? first.prompt : buildPrompt(tok, words, [], stream('conversation-user', seed, name, cellLabel, s, k), userTokens);
      const think = conversation.thinkTimeMs;
      const thinkMs = k === 0 || think === 0 ? 0 : drawLength(think, stream('conversation-think', seed, name, s, k));
      const syntheticAnswer = conversation.answers === 'synthetic' ? buildPrompt(tok, words, [], stream('conversation-answer', seed, name, cellLabel, s, k), maxTokens) : null;
      turns.push({ user, userTokens, maxTokens, thinkMs, syntheticAnswer });
    }
    return { turns };
  });
}

/**
 * The chat messages of turn `k`: each earlier turn's user message and its
 * answer (`answers[j]`: the real answer's text, or the synthetic one), then
 * turn k's user message.
 */
export function turnMessages(session: Session, k: number, answers: readonly string[]): ChatMessage[] {
  const messages: ChatMessage[] = [];
  for (let j = 0; j < k; j++) {
    const answer = answers[j];
    if (answer === undefined) throw new Error(`turn ${k + 1} needs the answer of turn ${j + 1}, which is missing`);
    messages.push({ role: 'user', content: session.turns[j]!.user }, { role: 'assistant', content: answer });
  }
  messages.push({ role: 'user', content: session.turns[k]!.user });
  return messages;
}

/**
 * The sessions as work items, turn by turn (item s * turns + k is turn k of
 * session s), for the workload hash: each turn's user message, max_tokens
 * and think time, and a synthetic answer as an assistant message. Real
 * answers are the server's and are not part of the work asked for.
 */
export function sessionItems(sessions: readonly Session[]): WorkItem[] {
  return sessions.flatMap((s) =>
    s.turns.map((t): WorkItem => ({
      prompt: t.user,
      inputTokens: t.userTokens,
      maxTokens: t.maxTokens,
      atMs: t.thinkMs,
      ...(t.syntheticAnswer === null ? {} : { messages: [{ role: 'assistant', content: t.syntheticAnswer }] }),
    })),
  );
}
