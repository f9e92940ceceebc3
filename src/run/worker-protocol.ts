// Messages between the run stage (src/run/workers.ts) and its worker threads
// (src/run/shard-worker.ts): plain data, since they cross threads by
// structured clone.
import type { Encoding, LoadPlan, ResponseLimitsPlan, TargetPlan, TimeoutsPlan } from '../config/plan.js';
import type { CellRun } from '../load/run-cell.js';
import type { FailureClass } from '../load/record.js';
import type { ShardSpec } from '../load/shard.js';
import type { WorkItem } from '../workload/synth.js';

/** workerData: what a worker needs to open its own client. */
export interface WorkerSetup {
  /** Marks the thread as one of ours when the bundle is loaded as a worker. */
  role: 'llm-perf-gate-shard';
  target: TargetPlan;
  timeouts: TimeoutsPlan;
  limits: ResponseLimitsPlan;
  connections: number | null;
  apiKey: string | null;
  encoding: Encoding;
  /** The main thread's performance.timeOrigin: workers report times on its clock. */
  timeOrigin: number;
}

export type ToWorker =
  | {
      type: 'cell';
      load: LoadPlan;
      count: number;
      warmup: number;
      maxDurationMs: number;
      seedMaterial: string;
      model: string;
      shard: ShardSpec;
      /** This worker's requests only: [index, item]. */
      items: [number, WorkItem][];
    }
  | { type: 'cancel' }
  | { type: 'close' };

/** Per finished request, what progress shows, and a failure's status and message (the run's first refusals stop it: src/load/first-failures.ts). */
export interface DoneNote {
  warmup: boolean;
  cancelled: boolean;
  failure: FailureClass | null;
  status: number | null;
  /** Only with a failure (null otherwise): a success's message is null anyway. */
  message: string | null;
}

export type FromWorker = { type: 'ready' } | { type: 'progress'; done: DoneNote[] } | { type: 'cell'; run: CellRun } | { type: 'error'; message: string } | { type: 'closed' };
