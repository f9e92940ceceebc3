// `run.workers`: worker threads that each run their shard of every cell (the
// split of src/load/shard.ts, the one `run --shard` uses across machines),
// with their own event loop and connection pool, so one client machine's
// cores all send and read. The main thread hands out cells, relays progress
// and joins the shards' records into one run of the cell: the records carry
// the workers' stamps on the main thread's clock, so the cell's metrics are
// computed from them exactly as if one loop had sent everything.
import { existsSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type * as Esbuild from 'esbuild';
import type { Plan, TargetPlan } from '../config/plan.js';
import { emptyOutcome, newRecord, type RequestRecord } from '../load/record.js';
import type { CellRun, StopReason } from '../load/run-cell.js';
import { ownsRequest, shardLoad, type ShardSpec } from '../load/shard.js';
import { inFlight } from '../shapes/index.js';
import type { WorkItem } from '../workload/synth.js';
import type { FromWorker, ToWorker, WorkerSetup } from './worker-protocol.js';

/** A cell as the workers get it, but with the whole workload: each worker is sent its own items only. */
export interface WorkerCell extends Omit<Extract<ToWorker, { type: 'cell' }>, 'type' | 'shard' | 'items'> {
  items: readonly WorkItem[];
  cancel: AbortSignal;
  onDone?(rec: RequestRecord): void;
}

export interface WorkerGroup {
  readonly size: number;
  runCell(cell: WorkerCell): Promise<CellRun>;
  /** Closes the workers' pools (destroying them when `abort`) and ends the threads. */
  close(abort: boolean): Promise<void>;
}

/** Worker `i` of `w` within machine shard s of n is shard i*n + s of n*w: the workers of a shard split exactly its requests. */
export function workerShard(i: number, w: number, machine: ShardSpec): ShardSpec {
  return { index: i * machine.count + machine.index, count: machine.count * w };
}

/** The worker script: next to the bundle (dist/worker.js), else bundled now from the sources (tests, bench scripts). */
export async function workerScript(): Promise<{ path: string; built: boolean }> {
  const here = import.meta.url;
  if (!here.endsWith('.ts')) {
    for (const rel of ['./worker.js', '../worker.js']) {
      const p = fileURLToPath(new URL(rel, here));
      if (existsSync(p)) return { path: p, built: false };
    }
  }
  const source = here.endsWith('.ts') ? fileURLToPath(new URL('./worker-entry.ts', here)) : join(process.cwd(), 'src', 'run', 'worker-entry.ts');
  if (!existsSync(source)) throw new Error(`the worker script is missing: neither dist/worker.js next to ${fileURLToPath(here)} nor ${source}; run 'npm run build'`);
  // A variable specifier keeps esbuild (a dev dependency) out of the bundle.
  const bundler = 'esbuild';
  const { build } = (await import(bundler)) as typeof Esbuild;
  // Inside node_modules so the bundle's bare imports resolve to this project's packages.
  const dir = join(process.cwd(), 'node_modules', '.cache', 'llm-perf-gate-worker');
  await mkdir(dir, { recursive: true });
  const out = join(dir, `worker-${process.pid}.mjs`);
  await build({ entryPoints: [source], outfile: out, bundle: true, platform: 'node', format: 'esm', target: 'node24', packages: 'external', logLevel: 'warning' });
  return { path: out, built: true };
}

const RANK: Record<StopReason, number> = { count: 0, duration: 1, interrupt: 2 };

/** The shards' runs of one cell as one run: records by index, counts summed, the worst stop and loop delay. */
function joinRuns(runs: readonly CellRun[]): CellRun {
  const records = runs.flatMap((r) => r.records).sort((a, b) => a.index - b.index);
  // The planned rate of the whole schedule, from the due times of the measured requests sent (as one loop computes it).
  const due = records.filter((r) => !r.warmup).map((r) => r.tSched);
  const span = due.length > 1 ? Math.max(...due) - Math.min(...due) : 0;
  const open = runs.some((r) => r.plannedRps !== null);
  return {
    records,
    notSent: runs.reduce((s, r) => s + r.notSent, 0),
    stoppedBy: runs.reduce<StopReason>((w, r) => (RANK[r.stoppedBy] > RANK[w] ? r.stoppedBy : w), 'count'),
    loopDelay: { p99Ms: Math.max(0, ...runs.map((r) => r.loopDelay.p99Ms)), maxMs: Math.max(0, ...runs.map((r) => r.loopDelay.maxMs)) },
    dispatchLagMs: runs.flatMap((r) => r.dispatchLagMs),
    plannedRps: open && span > 0 ? (due.length - 1) / (span / 1000) : null,
  };
}

export async function openWorkers(o: { plan: Plan; target: TargetPlan; apiKey: string | null; size: number; machine: ShardSpec; connections: number | null }): Promise<WorkerGroup> {
  const script = await workerScript();
  const setup = (i: number): WorkerSetup => {
    const spec = workerShard(i, o.size, o.machine);
    const most = Math.max(1, ...o.plan.loads.map((l) => shardLoad(l, spec)).map((l) => inFlight(l) ?? 0));
    return {
      role: 'llm-perf-gate-shard',
      target: o.target,
      timeouts: o.plan.timeouts,
      limits: o.plan.responseLimits,
      connections: o.connections === null ? null : most,
      apiKey: o.apiKey,
      encoding: o.plan.encoding,
      timeOrigin: performance.timeOrigin,
    };
  };
  const workers = Array.from({ length: o.size }, (_, i) => new Worker(script.path, { workerData: setup(i) }));
  const next = (w: Worker, want: FromWorker['type']): Promise<FromWorker> =>
    new Promise((resolve, reject) => {
      const onMessage = (m: FromWorker): void => {
        if (m.type === want || m.type === 'error') {
          w.off('message', onMessage);
          w.off('error', reject);
          if (m.type === 'error') reject(new Error(`worker: ${m.message}`));
          else resolve(m);
        }
      };
      w.on('message', onMessage);
      w.once('error', reject);
    });
  try {
    await Promise.all(workers.map((w) => next(w, 'ready')));
  } catch (err) {
    await Promise.all(workers.map((w) => w.terminate()));
    throw err;
  } finally {
    // Loaded by every worker once ready: a bundle made for this run is not needed any more.
    if (script.built) await rm(script.path, { force: true });
  }
  return {
    size: o.size,
    async runCell(cell) {
      const progress = (m: FromWorker): void => {
        if (m.type !== 'progress' || cell.onDone === undefined) return;
        for (const d of m.done) cell.onDone(newRecord(0, d.warmup, 0, 0, { ...emptyOutcome(0), failure: d.failure, cancelled: d.cancelled, status: d.status, message: d.message }));
      };
      const onAbort = (): void => workers.forEach((w) => w.postMessage({ type: 'cancel' } satisfies ToWorker));
      cell.cancel.addEventListener('abort', onAbort, { once: true });
      try {
        const runs = await Promise.all(
          workers.map(async (w, i) => {
            const shard = workerShard(i, o.size, o.machine);
            const items: [number, WorkItem][] = [];
            for (let j = 0; j < cell.count; j++) if (ownsRequest(cell.load, j, shard)) items.push([j, cell.items[j]!]);
            w.on('message', progress);
            const done = next(w, 'cell');
            const msg: ToWorker = {
              type: 'cell',
              load: cell.load,
              count: cell.count,
              warmup: cell.warmup,
              maxDurationMs: cell.maxDurationMs,
              seedMaterial: cell.seedMaterial,
              model: cell.model,
              shard,
              items,
            };
            w.postMessage(msg);
            try {
              return ((await done) as Extract<FromWorker, { type: 'cell' }>).run;
            } finally {
              w.off('message', progress);
            }
          }),
        );
        return joinRuns(runs);
      } finally {
        cell.cancel.removeEventListener('abort', onAbort);
      }
    },
    async close(abort) {
      await Promise.all(
        workers.map(async (w) => {
          if (abort) w.postMessage({ type: 'cancel' } satisfies ToWorker);
          const closed = next(w, 'closed').catch(() => undefined);
          w.postMessage({ type: 'close' } satisfies ToWorker);
          await closed;
          await w.terminate();
        }),
      );
    },
  };
}
