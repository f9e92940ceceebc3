import { createRequire as __llmPerfGateRequire } from 'node:module'; const require = __llmPerfGateRequire(import.meta.url);

// src/run/worker-entry.ts
import { workerData } from "node:worker_threads";
if (workerData?.role === "llm-perf-gate-telemetry") {
  await (await import("./chunks/telemetry-worker-IZYKFJ7P.js")).serveTelemetryWorker();
} else {
  await (await import("./chunks/shard-worker-RAHITLGJ.js")).serveShardWorker();
}
