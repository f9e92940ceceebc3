// The workload of a run: what each request of each cell sends. Baseline and
// candidate runs compare only if they sent the same thing, which is what
// workloadHash lets the result record and the comparison check.
import { createHash } from 'node:crypto';
import type { LoadPlan, Plan, ScenarioPlan } from '../config/plan.js';
import { datasetItems } from './dataset.js';
import { synthesizeItems, type WorkItem } from './synth.js';

export type { WorkItem } from './synth.js';
export { getTokenizer } from './tokenizer.js';

/**
 * The first `count` requests of the cell (scenario x load): from the
 * scenario's dataset when it has one, synthesised otherwise. Request i is the
 * same for a given plan seed whatever `count` is, so warm-up plus measured
 * requests can be asked for in one call.
 */
export async function buildCellWorkload(plan: Plan, scenario: ScenarioPlan, load: LoadPlan, count: number, trial = 0): Promise<WorkItem[]> {
  // Each trial sends prompts of its own (same lengths, other words): a server's
  // prompt cache must not make trial 2 faster than trial 1.
  const cellLabel = trial === 0 ? load.label : `${load.label}#${trial + 1}`;
  const common = { seed: plan.seed, encoding: plan.encoding, scenario, cellLabel, count };
  if (scenario.dataset !== null) return datasetItems({ ...common, file: scenario.dataset });
  return synthesizeItems(common);
}

/**
 * sha256 (hex) over every cell's label and its requests' prompts, messages
 * and max tokens, in the order given. Token counts are left out on purpose:
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
      hash.update(`${JSON.stringify([item.prompt, messages, item.maxTokens])}\n`);
    }
  }
  return hash.digest('hex');
}
