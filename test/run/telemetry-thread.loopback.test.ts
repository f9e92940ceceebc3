// A trial's telemetry runs on a thread of its own: the same figures as on the
// calling thread (GPU samples from the fake nvidia-smi, the engine's series,
// the token check, the measured window's energy), while a large /metrics
// exposition is parsed off the loop that stamps requests.
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { afterEach, describe, expect, it } from 'vitest';
import { startCellTelemetryThread } from '../../src/run/telemetry-thread.js';
import { startCellTelemetry } from '../../src/telemetry/cell.js';
import { FAKE_SMI_DIR, vllmMetrics } from '../telemetry/metrics-fixtures.js';
import { closeAndRestore, metricsServer, type MetricsServer } from '../telemetry/metrics-server.js';

let server: MetricsServer | null = null;
afterEach(closeAndRestore(() => server));

const wait = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));
let ended = false;
const at = (n: number): string => vllmMetrics({ running: n % 4, waiting: n % 3, kv: (n % 10) / 10, prompt: ended ? 9000 : 1000, cached: 100, generation: ended ? 4500 : 500, preemptions: 0 });

describe('telemetry on its own thread', () => {
  it('measures what the calling thread measures: GPUs, engine series, token check, energy over the window', async () => {
    process.env.PATH = `${FAKE_SMI_DIR}:/usr/bin:/bin`;
    ended = false;
    server = await metricsServer((n) => ({ status: 200, body: at(n) }));
    const h = await startCellTelemetryThread({ baseUrl: server.url, gpuIntervalMs: 50, scrapeIntervalMs: 50 });
    const from = performance.now();
    await wait(500);
    const to = performance.now();
    ended = true;
    const t = await h.stop({ prompt: 8000, completion: 4000 }, { fromMs: from, toMs: to });
    expect(t.gpu.status).toBe('ok');
    expect(t.gpu.gpus).toHaveLength(2);
    expect(t.engine!.engine).toBe('vllm');
    expect(t.engine!.scrapes).toBeGreaterThanOrEqual(3);
    expect(t.engine!.token_check!.mismatches).toEqual([]);
    expect(t.neighbours.cpus).toBeGreaterThan(0);
    expect(t.duration_s).toBeGreaterThan(0.4);
    expect(server.scrapes).toBeGreaterThanOrEqual(3);
  });

  it('parses a large exposition off the calling thread: its event loop does not wait for the scrapes', async () => {
    process.env.PATH = '/nonexistent-telemetry-test-dir';
    // ~6 MB of samples, each scrape parsed in full: tens of ms of parsing per scrape.
    const filler = Array.from({ length: 60_000 }, (_, i) => `vllm:unmapped_series_total{model_name="m",shard="${i}"} ${i}`).join('\n');
    server = await metricsServer((n) => ({ status: 200, body: `${at(n)}\n${filler}\n` }));
    const stall = async (start: typeof startCellTelemetry): Promise<{ maxMs: number; scrapes: number }> => {
      const before = server!.scrapes;
      const h = await start({ baseUrl: server!.url, gpu: false, scrapeIntervalMs: 20 });
      const monitor = monitorEventLoopDelay({ resolution: 5 });
      monitor.enable();
      await wait(800);
      monitor.disable();
      await h.stop(null);
      return { maxMs: monitor.max / 1e6, scrapes: server!.scrapes - before };
    };
    const here = await stall(startCellTelemetry);
    const apart = await stall(startCellTelemetryThread);
    expect(here.scrapes).toBeGreaterThanOrEqual(3);
    expect(apart.scrapes).toBeGreaterThanOrEqual(3);
    // On the calling thread each parse stalls the loop; on its own thread the loop only waits for the 5 ms sampling.
    expect(apart.maxMs).toBeLessThan(here.maxMs);
  });
});
