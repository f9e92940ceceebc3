import { createRequire as __llmPerfGateRequire } from 'node:module'; const require = __llmPerfGateRequire(import.meta.url);
import {
  InferenceClient,
  runCell
} from "./chunk-6SW2S6XT.js";
import {
  lazyTokenCounter
} from "./chunk-Y52YXPNT.js";
import "./chunk-DSTYHSYM.js";
import "./chunk-LWJVHEHR.js";
import "./chunk-SCGBAURB.js";
import "./chunk-EG4BBXMW.js";
import "./chunk-BF4Y2SSP.js";
import "./chunk-26N6UM4G.js";
import "./chunk-SK3CJ3HN.js";

// src/run/shard-worker.ts
import { parentPort, workerData } from "node:worker_threads";
import { performance } from "node:perf_hooks";
var PROGRESS_EVERY_MS = 100;
function shift(run, by) {
  const records = run.records.map((r) => ({
    ...r,
    tSched: r.tSched + by,
    tSend: r.tSend + by,
    tDone: r.tDone + by,
    tFirst: r.tFirst === null ? null : r.tFirst + by,
    tLast: r.tLast === null ? null : r.tLast + by
  }));
  return { ...run, records };
}
async function serveShardWorker() {
  const port = parentPort;
  const setup = workerData;
  const post = (m) => port.postMessage(m);
  const counter = lazyTokenCounter(setup.encoding);
  const client = new InferenceClient({
    target: setup.target,
    timeouts: setup.timeouts,
    limits: setup.limits,
    connections: setup.connections,
    apiKey: setup.apiKey,
    countTokens: counter.count,
    countTokensReady: counter.ready
  });
  const offset = performance.timeOrigin - setup.timeOrigin;
  let cancel = new AbortController();
  port.on("message", (m) => {
    if (m.type === "cancel") cancel.abort();
    else if (m.type === "close") {
      void (cancel.signal.aborted ? client.destroy() : client.close()).finally(() => {
        post({ type: "closed" });
        port.close();
      });
    } else {
      cancel = new AbortController();
      void runShard(m, client, cancel.signal, post).then((run) => post({ type: "cell", run: shift(run, offset) })).catch((err) => post({ type: "error", message: err instanceof Error ? err.message : String(err) }));
    }
  });
  post({ type: "ready" });
}
async function runShard(m, client, cancel, post) {
  const items = new Map(m.items);
  let pending = [];
  const flush = () => {
    if (pending.length > 0) post({ type: "progress", done: pending });
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
      maxTokens: (i) => items.get(i).maxTokens,
      send: (i, c) => client.stream(items.get(i), m.model, c),
      cancel,
      shard: m.shard,
      arrivalAt: (i) => items.get(i)?.atMs ?? 0,
      prepare: (i) => client.prepare(items.get(i), m.model),
      onDone: (r) => pending.push({ warmup: r.warmup, cancelled: r.cancelled, failure: r.failure, status: r.status, message: r.failure === null ? null : r.message })
    });
  } finally {
    clearInterval(timer);
    flush();
  }
}
export {
  serveShardWorker
};
