// Entry point of the run's worker threads (bundled as dist/worker.js): a
// `run.workers` shard, or the telemetry thread of a trial (src/run/telemetry-thread.ts).
import { workerData } from 'node:worker_threads';

if ((workerData as { role?: string } | null)?.role === 'llm-perf-gate-telemetry') {
  await (await import('./telemetry-worker.js')).serveTelemetryWorker();
} else {
  await (await import('./shard-worker.js')).serveShardWorker();
}
