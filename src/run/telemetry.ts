// The run stage's side of telemetry: one recorder per measured target, which
// starts the telemetry of each trial before its load and stops it after, and
// takes the environment fingerprint once. Everything here runs outside the
// load loop: the sampler, scrapes and CPU windows are started before runCell
// and read after it, and the scrapes during the trial run on their own
// connection at a bounded rate (src/telemetry/scrape.ts).
import type { RequestRecord } from '../load/record.js';
import type { TelemetryPlan } from '../config/plan.js';
import type { ResultDoc } from '../result/types.js';
import type { Clock } from '../util/clock.js';
import { startCellTelemetry, type CellTelemetryHandle } from '../telemetry/cell.js';
import { startCellTelemetryThread } from './telemetry-thread.js';
import { collectFingerprint } from '../telemetry/fingerprint.js';
import { loopbackPort, pidsListeningOn } from '../telemetry/listener.js';
import type { CellTelemetry } from '../telemetry/types.js';

export interface TelemetryRecorder {
  /** Called once the target probe has filled doc.target: records doc.environment. */
  fingerprint(doc: ResultDoc): Promise<void>;
  /** Starts one trial's telemetry; null when telemetry is off. */
  startTrial(): Promise<CellTelemetryHandle | null>;
  /** Stops it with the client's token counts over every record of the trial, warm-up included. */
  stopTrial(handle: CellTelemetryHandle | null, records: readonly RequestRecord[]): Promise<CellTelemetry | undefined>;
}

/** Token totals the client counted, for the cross-check against the server's counters. */
function clientTokens(records: readonly RequestRecord[]): { prompt: number; completion: number } {
  let prompt = 0;
  let completion = 0;
  for (const r of records) {
    prompt += r.nIn ?? 0;
    completion += r.nOut ?? 0;
  }
  return { prompt, completion };
}

/** First send to last done of the measured requests (request stamps are on performance.now, the telemetry's clock); null without any. */
function measuredWindow(records: readonly RequestRecord[]): { fromMs: number; toMs: number } | null {
  let fromMs = Infinity;
  let toMs = -Infinity;
  for (const r of records) {
    if (r.warmup || r.cancelled) continue;
    if (r.tSend < fromMs) fromMs = r.tSend;
    if (r.tDone > toMs) toMs = r.tDone;
  }
  return toMs > fromMs ? { fromMs, toMs } : null;
}

/**
 * `serverPids`: the server's process when this tool started it, so its CPU is
 * not counted as a neighbour's and its GPU processes are not "others". When
 * none was started but the target is on this machine, the processes listening
 * on its port are the server (looked up once, before the first trial).
 * `clock`: what a trial's telemetry is timed on (default systemClock).
 */
export function telemetryRecorder(plan: TelemetryPlan, baseUrl: string, serverPids: readonly number[], clock?: Clock): TelemetryRecorder {
  // A server without /metrics is asked once, not once per trial: after the
  // first trial that found no engine series, scraping stays off for this target.
  let metrics = true;
  let listeners: number[] | null = serverPids.length > 0 ? [] : null;
  const listening = (): number[] => {
    if (listeners === null) {
      const port = loopbackPort(baseUrl);
      // This process is counted as the client already; a loopback test server inside it must not be subtracted twice.
      listeners = port === null ? [] : pidsListeningOn(port).filter((p) => p !== process.pid);
    }
    return listeners;
  };
  return {
    async fingerprint(doc) {
      if (!plan.enabled || doc.target === null) return;
      doc.environment = await collectFingerprint({ baseUrl: doc.target.url, serverHeaders: doc.target.server_headers, model: doc.target.model });
    },
    async startTrial() {
      if (!plan.enabled) return null;
      const options = {
        baseUrl,
        serverPids: [...serverPids],
        listenerPids: listening(),
        gpuIntervalMs: plan.gpuIntervalMs,
        scrapeIntervalMs: plan.scrapeIntervalMs,
        maxOthersCpuShare: plan.maxNeighbourCpuShare,
        metrics,
      };
      // Off the measuring loop, on a thread of its own (telemetry-thread.ts); an injected clock keeps it here.
      return clock === undefined ? startCellTelemetryThread(options) : startCellTelemetry({ ...options, clock });
    },
    async stopTrial(handle, records) {
      if (handle === null) return undefined;
      const t = await handle.stop(clientTokens(records), measuredWindow(records));
      if (t.engine === null) metrics = false;
      return t;
    },
  };
}
