// The telemetry thread's side (src/run/telemetry-thread.ts): runs one trial's
// telemetry (GPU sampler, /metrics scrapes, /proc reads) on this thread's
// event loop, so none of it runs on the loop that sends and stamps requests.
import { performance } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';
import { startCellTelemetry } from '../telemetry/cell.js';
import type { FromTelemetryThread, TelemetrySetup, ToTelemetryThread } from './telemetry-thread.js';

export async function serveTelemetryWorker(): Promise<void> {
  const port = parentPort!;
  const setup = workerData as TelemetrySetup;
  const post = (m: FromTelemetryThread): void => port.postMessage(m);
  // A main-thread time plus this is the same instant on this thread's clock.
  const shift = setup.timeOrigin - performance.timeOrigin;
  try {
    const handle = await startCellTelemetry(setup.options);
    port.on('message', (m: ToTelemetryThread) => {
      const window = m.window === null ? null : { fromMs: m.window.fromMs + shift, toMs: m.window.toMs + shift };
      handle.stop(m.client, window).then(
        (telemetry) => post({ type: 'stopped', telemetry }),
        (err: unknown) => post({ type: 'error', message: err instanceof Error ? err.message : String(err) }),
      );
    });
    post({ type: 'started' });
  } catch (err) {
    post({ type: 'error', message: err instanceof Error ? err.message : String(err) });
  }
}
