// A trial's telemetry on a thread of its own. Scraping /metrics (a vLLM
// exposition is 100-200 KB of text, parsed every second), reading /proc for
// every process and running nvidia-smi all cost the event loop they run on,
// and a loop busy with them stamps the responses that arrive meanwhile late:
// on the measuring loop, each scrape was a stall of the client. Here they run
// on a worker thread, which the OS schedules on another core when there is
// one; the measuring loop only posts two messages per trial.
//
// A trial timed on an injected clock (tests) keeps its telemetry on the
// calling thread, since a clock cannot cross threads; so does a trial whose
// thread cannot start (the reason is kept, and the telemetry still runs).
import { rmSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import type { EnergyWindow } from '../telemetry/gpu-sampler.js';
import { startCellTelemetry, type CellTelemetryHandle, type TelemetryOptions } from '../telemetry/cell.js';
import type { ClientTokens } from '../telemetry/scrape.js';
import type { CellTelemetry } from '../telemetry/types.js';
import { workerScript } from './workers.js';

/** workerData of the telemetry thread. */
export interface TelemetrySetup {
  role: 'llm-perf-gate-telemetry';
  options: Omit<TelemetryOptions, 'clock'>;
  /** The main thread's performance.timeOrigin: the measured window arrives on its clock. */
  timeOrigin: number;
}

export type ToTelemetryThread = { type: 'stop'; client: ClientTokens | null; window: EnergyWindow | null };
export type FromTelemetryThread = { type: 'started' } | { type: 'stopped'; telemetry: CellTelemetry } | { type: 'error'; message: string };

let script: Promise<{ path: string; built: boolean }> | null = null;

/** The worker script, found (or, from the sources, bundled) once per process: every trial starts a thread. */
function telemetryScript(): Promise<{ path: string; built: boolean }> {
  script ??= workerScript().then((s) => {
    if (s.built) process.once('exit', () => rmSync(s.path, { force: true }));
    return s;
  });
  script.catch(() => (script = null));
  return script;
}

function reply(w: Worker): Promise<FromTelemetryThread> {
  return new Promise((resolve, reject) => {
    const onMessage = (m: FromTelemetryThread): void => {
      w.off('error', onError);
      w.off('exit', onExit);
      resolve(m);
    };
    const onError = (err: Error): void => {
      w.off('message', onMessage);
      w.off('exit', onExit);
      reject(err);
    };
    const onExit = (code: number): void => {
      w.off('message', onMessage);
      w.off('error', onError);
      reject(new Error(`the telemetry thread exited (${code})`));
    };
    w.once('message', onMessage);
    w.once('error', onError);
    w.once('exit', onExit);
  });
}

/** Starts a trial's telemetry on its own thread; resolves once its first scrape is done, as startCellTelemetry does. */
export async function startCellTelemetryThread(options: Omit<TelemetryOptions, 'clock'>): Promise<CellTelemetryHandle> {
  let w: Worker;
  let first: FromTelemetryThread;
  try {
    const { path } = await telemetryScript();
    const setup: TelemetrySetup = { role: 'llm-perf-gate-telemetry', options, timeOrigin: performance.timeOrigin };
    w = new Worker(path, { workerData: setup });
    first = await reply(w);
    if (first.type !== 'started') throw new Error(first.type === 'error' ? first.message : `unexpected '${first.type}'`);
  } catch {
    // No thread (a missing bundle, a thread that failed to start): the telemetry runs here, as before threads.
    return startCellTelemetry(options);
  }
  return {
    async stop(client, window) {
      w.postMessage({ type: 'stop', client: client ?? null, window: window ?? null } satisfies ToTelemetryThread);
      try {
        const m = await reply(w);
        if (m.type !== 'stopped') throw new Error(m.type === 'error' ? m.message : `unexpected '${m.type}'`);
        return m.telemetry;
      } finally {
        await w.terminate();
      }
    },
  };
}
