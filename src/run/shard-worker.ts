// A worker thread of `run.workers`: its own event loop and connection pool,
// running its shard of each cell the main thread hands it. Time stamps are
// taken here, where the responses are read, and shifted onto the main
// thread's clock before they are sent back.
import { parentPort, workerData } from 'node:worker_threads';
import { performance } from 'node:perf_hooks';
import { InferenceClient } from '../client/http.js';
import { runCell, type CellRun } from '../load/run-cell.js';
import type { RequestRecord } from '../load/record.js';
import { lazyTokenCounter } from '../workload/tokenizer.js';
import type { DoneNote, FromWorker, ToWorker, WorkerSetup } from './worker-protocol.js';

/** Progress is sent in batches this often: a message per request would cost more than the request. */
const PROGRESS_EVERY_MS = 100;

function shift(run: CellRun, by: number): CellRun {
  const records = run.records.map((r): RequestRecord => ({
    ...r,
    tSched: r.tSched + by,
    tSend: r.tSend + by,
    tDone: r.tDone + by,
    tFirst: r.tFirst === null ? null : r.tFirst + by,
    tLast: r.tLast === null ? null : r.tLast + by,
  }));
  return { ...run, records };
}

export async function serveShardWorker(): Promise<void> {
  const port = parentPort!;
  const setup = workerData as WorkerSetup;
  const post = (m: FromWorker): void => port.postMessage(m);
  const counter = lazyTokenCounter(setup.encoding);
  const client = new InferenceClient({
    target: setup.target,
    timeouts: setup.timeouts,
    limits: setup.limits,
    connections: setup.connections,
    apiKey: setup.apiKey,
    countTokens: counter.count,
    countTokensReady: counter.ready,
  });
  // This thread's clock minus the main thread's: add it to a stamp taken here.
  const offset = performance.timeOrigin - setup.timeOrigin;
  let cancel = new AbortController();
  port.on('message', (m: ToWorker) => {
    if (m.type === 'cancel') cancel.abort();
    else if (m.type === 'close') {
      void (cancel.signal.aborted ? client.destroy() : client.close()).finally(() => {
        post({ type: 'closed' });
        port.close();
      });
    } else {
      cancel = new AbortController();
      void runShard(m, client, cancel.signal, post)
        .then((run) => post({ type: 'cell', run: shift(run, offset) }))
        .catch((err: unknown) => post({ type: 'error', message: err instanceof Error ? err.message : String(err) }));
    }
  });
  post({ type: 'ready' });
}

async function runShard(m: Extract<ToWorker, { type: 'cell' }>, client: InferenceClient, cancel: AbortSignal, post: (m: FromWorker) => void): Promise<CellRun> {
  const items = new Map(m.items);
  let pending: DoneNote[] = [];
  const flush = (): void => {
    if (pending.length > 0) post({ type: 'progress', done: pending });
    pending = [];
  };
  const timer = setInterval(flush, PROGRESS_EVERY_MS);
  try {
    return await runCell({
      load: m.load,
      count: m.count,
      warmup: m.warmup,
      maxDurationMs: m.maxDurationMs,
      seedMaterial: m.seedMaterial,
      maxTokens: (i) => items.get(i)!.maxTokens,
      send: (i, c) => client.stream(items.get(i)!, m.model, c),
      cancel,
      shard: m.shard,
      arrivalAt: (i) => items.get(i)?.atMs ?? 0,
      prepare: (i) => client.prepare(items.get(i)!, m.model),
      onDone: (r) => pending.push({ warmup: r.warmup, cancelled: r.cancelled, failure: r.failure, status: r.status, message: r.failure === null ? null : r.message }),
    });
  } finally {
    clearInterval(timer);
    flush();
  }
}
