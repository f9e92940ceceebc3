// The workload of a run: what each request of each cell sends. Baseline and
// candidate runs compare only if they sent the same thing, which is what
// workloadHash lets the result record and the comparison check.
import { createHash } from 'node:crypto';
import type { LoadPlan, Plan, ScenarioPlan, TracePlan } from '../config/plan.js';
import { datasetItems } from './dataset.js';
import { summariseLengths } from './lengths.js';
import { synthesizeItems, type WorkItem } from './synth.js';
import type { LengthMap } from './server-lengths.js';
import { readTrace, traceItems } from './trace.js';

export type { WorkItem } from './synth.js';
export { getTokenizer } from './tokenizer.js';

// A trace is read once per plan: every trial replays the same requests.
const traces = new WeakMap<TracePlan, ReturnType<typeof readTrace>>();

/** A trace scenario's requests (windowed) and the file's sha256; read once per plan. */
export function scenarioTrace(trace: TracePlan): ReturnType<typeof readTrace> {
  let pending = traces.get(trace);
  if (pending === undefined) {
    pending = readTrace(trace);
    pending.catch(() => traces.delete(trace));
    traces.set(trace, pending);
  }
  return pending;
}

export { TRACE_LOAD_LABEL } from '../shapes/index.js';

/** What the result records of the lengths asked for: input tokens and max_tokens of the given requests. */
export function lengthsOf(items: readonly WorkItem[]): { input_tokens: ReturnType<typeof summariseLengths>; output_tokens: NonNullable<ReturnType<typeof summariseLengths>> } | null {
  const output = summariseLengths(items.map((i) => i.maxTokens));
  if (output === null) return null;
  return { input_tokens: summariseLengths(items.map((i) => i.inputTokens)), output_tokens: output };
}

/**
 * The first `count` requests of the cell (scenario x load): from the
 * scenario's dataset when it has one, synthesised otherwise. Request i is the
 * same for a given plan seed whatever `count` is, so warm-up plus measured
 * requests can be asked for in one call.
 */
export async function buildCellWorkload(plan: Plan, scenario: ScenarioPlan, load: LoadPlan, count: number, trial = 0, map: LengthMap | null = null): Promise<WorkItem[]> {
  // Each trial sends prompts of its own (same lengths, other words): a server's
  // prompt cache must not make trial 2 faster than trial 1.
  const cellLabel = trial === 0 ? load.label : `${load.label}#${trial + 1}`;
  const common = { seed: plan.seed, encoding: plan.encoding, scenario, cellLabel, count };
  // A trace sends its own requests, as many as its window holds, whatever `count` is.
  if (scenario.trace != null) {
    const { requests } = await scenarioTrace(scenario.trace);
    return traceItems({ requests, blockTokens: scenario.trace.blockTokens, seed: plan.seed, encoding: plan.encoding, scenario, cellLabel, map });
  }
  // A dataset's trials take disjoint slices of its rows (the offset is the cell's, the trial moves it on); its prompts are its own text, whatever the map.
  if (scenario.dataset !== null) return datasetItems({ ...common, cellLabel: load.label, trial, file: scenario.dataset });
  return synthesizeItems({ ...common, map });
}

/**
 * sha256 (hex) over every cell's label and its requests' prompts, messages
 * and max tokens (and a trace's scheduled times), in the order given. Token counts are left out on purpose:
 * they depend on the client-side encoding, not on what the server receives.
 */
export function workloadHash(items: Iterable<{ cell: string; items: readonly WorkItem[] }>): string {
  const hash = createHash('sha256');
  // Versioned so a change to this layout can never collide with old hashes.
  hash.update('llm-perf-gate/workload/v1\n');
  for (const { cell, items: cellItems } of items) {
    // JSON strings are self-delimiting, so no two inputs serialise alike.
    hash.update(`${JSON.stringify(['cell', cell, cellItems.length])}\n`);
    for (const item of cellItems) {
      const messages = item.messages === undefined ? null : item.messages.map((m) => [m.role, m.content]);
      // A trace's times are part of its work; items without one hash as before.
      const row = item.atMs === undefined ? [item.prompt, messages, item.maxTokens] : [item.prompt, messages, item.maxTokens, item.atMs];
      hash.update(`${JSON.stringify(row)}\n`);
    }
  }
  return hash.digest('hex');
}
