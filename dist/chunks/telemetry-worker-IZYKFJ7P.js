import { createRequire as __llmPerfGateRequire } from 'node:module'; const require = __llmPerfGateRequire(import.meta.url);
import {
  startCellTelemetry
} from "./chunk-EBMJRDST.js";
import "./chunk-KITUZ5SU.js";
import "./chunk-DSTYHSYM.js";
import "./chunk-HN4QBAMF.js";
import "./chunk-SK3CJ3HN.js";

// src/run/telemetry-worker.ts
import { performance } from "node:perf_hooks";
import { parentPort, workerData } from "node:worker_threads";
async function serveTelemetryWorker() {
  const port = parentPort;
  const setup = workerData;
  const post = (m) => port.postMessage(m);
  const shift = setup.timeOrigin - performance.timeOrigin;
  try {
    const handle = await startCellTelemetry(setup.options);
    port.on("message", (m) => {
      const window = m.window === null ? null : { fromMs: m.window.fromMs + shift, toMs: m.window.toMs + shift };
      handle.stop(m.client, window).then(
        (telemetry) => post({ type: "stopped", telemetry }),
        (err) => post({ type: "error", message: err instanceof Error ? err.message : String(err) })
      );
    });
    post({ type: "started" });
  } catch (err) {
    post({ type: "error", message: err instanceof Error ? err.message : String(err) });
  }
}
export {
  serveTelemetryWorker
};
