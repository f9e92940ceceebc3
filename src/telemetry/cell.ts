// The run stage's one entry to telemetry: start before a cell (or trial), stop
// after it. Starts the GPU sampler, the /metrics scraper and the CPU window
// together and never lets any of them fail or hold up the cell: everything is
// bounded, and what could not be measured says so in the result instead.
import { computeApps, type ComputeApp } from './nvidia-smi.js';
import { startGpuSampler, type EnergyWindow } from './gpu-sampler.js';
import { processTree, startCpuWindow } from './neighbours.js';
import { startScraper, type ClientTokens, type EngineScraper } from './scrape.js';
import type { CellTelemetry, GpuProcess } from './types.js';
import { systemClock, type Clock } from '../util/clock.js';

export interface TelemetryOptions {
  /** Server base URL (scheme://host:port); null skips /metrics. */
  baseUrl: string | null;
  /** Pids of the server under test when this tool started it: their trees are not "others". */
  serverPids?: number[];
  /**
   * Processes listening on the target's port when this tool did not start the
   * server: their CPU is the server's, but GPU processes are not judged by
   * them (a container's GPU processes are not children of its port's listener).
   */
  listenerPids?: number[];
  /** GPU sampling interval, ms (default 500). */
  gpuIntervalMs?: number;
  /** /metrics scrape interval during the cell, ms (default 1000). */
  scrapeIntervalMs?: number;
  /** Flag the cell when others used more than this share (0..1) of the machine's CPU (default 0.25). */
  maxOthersCpuShare?: number;
  /** Off: no GPU sampling (nvidia-smi is not even looked for). */
  gpu?: boolean;
  /** Off: no /metrics scraping. */
  metrics?: boolean;
  /** What the cell's duration and the GPU sampler's silence are timed on (default systemClock). */
  clock?: Clock;
}

export interface CellTelemetryHandle {
  /**
   * Client token totals of every request sent since start (warm-up included) let the server counters be checked;
   * `window`, the measured requests' span on the telemetry's clock, gets the GPUs' energy over it.
   */
  stop(client?: ClientTokens | null, window?: EnergyWindow | null): Promise<CellTelemetry>;
}

const SMI_TIMEOUT_MS = 3000;

function others(apps: ComputeApp[] | null, serverPids: readonly number[]): GpuProcess[] {
  if (apps === null) return [];
  // Without the server's pids every GPU process could be the server itself: name none as a neighbour.
  if (serverPids.length === 0) return [];
  const mine = processTree([...serverPids, process.pid]).pids;
  return apps.filter((a) => !mine.has(a.pid)).map((a) => ({ pid: a.pid, name: a.name, used_memory_mib: a.usedMemory, gpu_uuid: a.gpuUuid }));
}

export async function startCellTelemetry(o: TelemetryOptions): Promise<CellTelemetryHandle> {
  const startedAt = new Date();
  const clock = o.clock ?? systemClock;
  const t0 = clock.now();
  const serverPids = o.serverPids ?? [];
  const limit = o.maxOthersCpuShare ?? 0.25;
  const sampler = o.gpu === false ? null : startGpuSampler({ intervalMs: o.gpuIntervalMs ?? 500, clock });
  const appsBefore = o.gpu === false ? Promise.resolve(null) : computeApps(SMI_TIMEOUT_MS);
  let scraper: EngineScraper | null = null;
  if (o.metrics !== false && o.baseUrl !== null) scraper = await startScraper({ baseUrl: o.baseUrl, intervalMs: o.scrapeIntervalMs ?? 1000 });
  const cpu = startCpuWindow([...serverPids, ...(o.listenerPids ?? [])]);

  return {
    async stop(client, window) {
      const c = cpu.stop();
      const [gpu, engine, before, after] = await Promise.all([
        sampler ? sampler.stop(window) : Promise.resolve({ status: 'absent' as const, message: 'GPU sampling is off', interval_ms: o.gpuIntervalMs ?? 500, gpus: [] }),
        scraper ? scraper.stop(client ?? null) : Promise.resolve(null),
        appsBefore,
        o.gpu === false ? Promise.resolve(null) : computeApps(SMI_TIMEOUT_MS),
      ]);
      const seen = new Map<number, GpuProcess>();
      for (const p of [...others(before, serverPids), ...others(after, serverPids)]) seen.set(p.pid, p);
      const otherGpu = [...seen.values()];
      const reasons: string[] = [];
      if (c.share !== null && c.share > limit) {
        reasons.push(`other processes used ${(c.share * 100).toFixed(1)}% of the machine's CPU (${c.cores} of ${c.cpus} cores), over the ${(limit * 100).toFixed(0)}% limit`);
      }
      if (otherGpu.length > 0) reasons.push(`other processes held the GPU: ${otherGpu.map((p) => `${p.name} (pid ${p.pid})`).join(', ')}`);
      return {
        started_at: startedAt.toISOString(),
        duration_s: Math.round(clock.now() - t0) / 1000,
        gpu: { ...gpu, other_processes: otherGpu },
        engine,
        neighbours: { others_cpu_share: c.share, others_cores: c.cores, cpus: c.cpus, limit, flagged: reasons.length > 0, reasons },
      };
    },
  };
}
