// A multi-turn scenario's cells in a run (issue 20, item 3): the sessions of
// each cell and trial, and one trial of them through the session runner.
// The sessions are built with the matrix's other work (so the workload hash
// covers them: each turn's user message, max_tokens and think time, and
// the synthetic answers) and kept beside the work items they hash as.
import type { LoadPlan, Plan, ScenarioPlan, Warmup } from '../config/plan.js';
import { inFlight } from '../shapes/index.js';
import type { ConversationClient } from '../load/conversation-client.js';
import { sessionSender } from '../load/conversation-client.js';
import type { RequestRecord } from '../load/record.js';
import type { CellRun } from '../load/run-cell.js';
import { runSessions } from '../load/sessions.js';
import type { ShardSpec } from '../load/shard.js';
import { buildSessions, sessionItems, type Session } from '../workload/conversation.js';
import type { WorkItem } from '../workload/synth.js';

/** The sessions behind each cell's work items (one array per cell and trial). */
const sessionsOf = new WeakMap<readonly WorkItem[], { sessions: Session[]; warmupSessions: number }>();

/**
 * Warm-up sessions of a cell: a warm-up count rounded up to whole sessions;
 * `auto` (which watches a stream of independent requests) is one session per
 * session slot of the load.
 */
function warmupSessions(warmup: Warmup, turns: number, load: LoadPlan): number {
  if (warmup === 'auto') return inFlight(load) ?? 1;
  return Math.ceil(warmup / turns);
}

/** Measured sessions of a cell: enough for run.requests requests. */
function measuredSessions(requests: number, turns: number): number {
  return Math.ceil(requests / turns);
}

/** A conversation cell's work for one trial: its sessions, as items (s * turns + k) for the workload hash. */
export async function conversationWork(plan: Plan, scenario: ScenarioPlan, load: LoadPlan, trial: number): Promise<WorkItem[]> {
  const conversation = scenario.conversation!;
  const warm = warmupSessions(plan.limits.warmup, conversation.turns, load);
  const count = warm + measuredSessions(plan.limits.requests, conversation.turns);
  // As for ordinary cells: each trial sends other words at the same lengths.
  const cellLabel = trial === 0 ? load.label : `${load.label}#${trial + 1}`;
  const sessions = await buildSessions({ seed: plan.seed, encoding: plan.encoding, scenario, conversation, cellLabel, count });
  const items = sessionItems(sessions);
  sessionsOf.set(items, { sessions, warmupSessions: warm });
  return items;
}

/** Warm-up requests among a conversation cell's items (whole sessions). */
export function conversationWarmupRequests(items: readonly WorkItem[], turns: number): number {
  return (sessionsOf.get(items)?.warmupSessions ?? 0) * turns;
}

/** One trial of a conversation cell. */
export async function runConversationTrial(o: {
  plan: Plan;
  scenario: ScenarioPlan;
  load: LoadPlan;
  items: readonly WorkItem[];
  trial: number;
  client: Pick<ConversationClient, 'send'>;
  model: string;
  countTokens: (text: string) => number;
  cancel: AbortSignal;
  onDone?: (rec: RequestRecord) => void;
  shard?: ShardSpec;
}): Promise<CellRun> {
  const work = sessionsOf.get(o.items);
  if (work === undefined) throw new Error(`scenario '${o.scenario.name}': its sessions were not built (conversationWork)`);
  const { sessions } = work;
  const turns = o.scenario.conversation!.turns;
  return runSessions({
    load: o.load,
    sessions: sessions.length,
    warmupSessions: work.warmupSessions,
    turns,
    maxDurationMs: o.plan.limits.maxDurationS * 1000,
    seedMaterial: `${o.plan.seed}|${o.scenario.name}|${o.trial}`,
    thinkMs: (s, k) => sessions[s]!.turns[k]!.thinkMs,
    maxTokens: (s, k) => sessions[s]!.turns[k]!.maxTokens,
    send: sessionSender(o.client, sessions, o.model, o.countTokens),
    cancel: o.cancel,
    ...(o.onDone === undefined ? {} : { onDone: o.onDone }),
    ...(o.shard === undefined ? {} : { shard: o.shard }),
  });
}
