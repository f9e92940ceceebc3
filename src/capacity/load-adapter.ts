// The one place the capacity probe touches the load engine and the HTTP
// client (load/run-cell.ts, client/http.ts). Both are being reshaped; when
// their signatures change, this file is the only one to follow.
import { InferenceClient } from '../client/http.js';
import type { RequestRecord } from '../load/record.js';
import type { LoadPlan, Plan } from '../config/plan.js';
import { runCell } from '../load/run-cell.js';
import { getTokenizer, type WorkItem } from '../workload/index.js';

export interface StepTarget {
  client: InferenceClient;
  model: string;
}

interface StepRun {
  /** Every request sent, warm-up included, in index order. */
  records: RequestRecord[];
  notSent: number;
  stoppedBy: 'count' | 'duration' | 'interrupt';
}

/** Sends `items` (warm-up first) at `load` and returns the records. */
export async function runLoadStep(target: StepTarget, load: LoadPlan, items: readonly WorkItem[], warmup: number, maxDurationMs: number, seedMaterial: string, cancel: AbortSignal): Promise<StepRun> {
  const run = await runCell({
    load,
    count: items.length,
    warmup,
    maxDurationMs,
    seedMaterial,
    maxTokens: (i) => items[i]!.maxTokens,
    send: (i, signal) => target.client.stream(items[i]!, target.model, signal),
    cancel,
  });
  return { records: run.records, notSent: run.notSent, stoppedBy: run.stoppedBy };
}

/**
 * A client for the plan's target, for callers outside the run stage (the
 * measuring script, tests); the run stage passes its own client instead.
 * The model is the plan's, else the first the server lists.
 */
export async function openStepTarget(plan: Plan, apiKey: string | null = null): Promise<StepTarget & { close(): Promise<void> }> {
  const tokenizer = await getTokenizer(plan.encoding);
  const client = new InferenceClient({ target: plan.target, timeouts: plan.timeouts, limits: plan.responseLimits, connections: null, apiKey, countTokens: (t) => tokenizer.count(t) });
  try {
    const model = plan.target.model ?? (await client.serverInfo()).models[0];
    if (model === undefined) throw new Error(`${plan.target.url}/v1/models lists no model; set target.model`);
    return { client, model, close: () => client.destroy() };
  } catch (err) {
    await client.destroy();
    throw err;
  }
}
