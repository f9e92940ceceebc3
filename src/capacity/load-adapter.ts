// The one place the capacity probe touches the load engine and the HTTP
// client (load/run-cell.ts, client/http.ts). Both are being reshaped; when
// their signatures change, this file is the only one to follow.
import type { InferenceClient } from '../client/http.js';
import type { RequestRecord } from '../client/record.js';
import type { LoadPlan } from '../config/plan.js';
import { runCell } from '../load/run-cell.js';
import type { WorkItem } from '../workload/index.js';

export interface StepTarget {
  client: InferenceClient;
  model: string;
}

export interface StepRun {
  /** Every request sent, warm-up included, in index order. */
  records: RequestRecord[];
  notSent: number;
  stoppedBy: 'count' | 'duration' | 'interrupt';
}

/** Sends `items` (warm-up first) at `load` and returns the records. */
export async function runLoadStep(
  target: StepTarget,
  load: LoadPlan,
  items: readonly WorkItem[],
  warmup: number,
  maxDurationMs: number,
  seedMaterial: string,
  cancel: AbortSignal,
): Promise<StepRun> {
  // Bodies are serialised before the clock starts (as the run stage does):
  // JSON.stringify of a long prompt must not sit between t_sched and t_send.
  const bodies = items.map((it) => target.client.body(it, target.model));
  const run = await runCell({
    load,
    count: items.length,
    warmup,
    maxDurationMs,
    seedMaterial,
    maxTokens: (i) => items[i]!.maxTokens,
    send: (i, rec, signal) => target.client.stream(items[i]!, bodies[i]!, rec, signal),
    cancel,
  });
  return { records: run.records, notSent: run.notSent, stoppedBy: run.stoppedBy };
}
