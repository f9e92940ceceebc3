// What a real nvidia-smi printed (one NVIDIA H200, driver 580.159.04, CUDA 13.0;
// saved by bench/gpu/gpu-check.sh into test/fixtures/nvidia-smi-h200 on
// 2026-12-04), replayed by test/support/fixture-nvidia-smi: the tool reads
// each of its queries as the real tool answers them.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startGpuSampler } from '../../src/telemetry/gpu-sampler.js';
import { computeApps, gpuInventory, parseGpuLine } from '../../src/telemetry/nvidia-smi.js';
import { collectFingerprint } from '../../src/telemetry/fingerprint.js';

const FIXTURE = fileURLToPath(new URL('../fixtures/nvidia-smi-h200', import.meta.url));
const FAKE = fileURLToPath(new URL('../support/fixture-nvidia-smi', import.meta.url));
const saved = { PATH: process.env.PATH, SMI_FIXTURE: process.env.SMI_FIXTURE, SMI_FIXTURE_GPUS: process.env.SMI_FIXTURE_GPUS };

beforeEach(() => {
  process.env.PATH = `${FAKE}:/usr/bin:/bin`;
  process.env.SMI_FIXTURE = FIXTURE;
  delete process.env.SMI_FIXTURE_GPUS;
});
afterEach(() => {
  for (const [k, v] of Object.entries(saved)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
});

const lines = (file: string): string[] =>
  readFileSync(`${FIXTURE}/${file}`, 'utf8')
    .split('\n')
    .filter((l) => l !== '');

describe('a real nvidia-smi (H200, driver 580)', () => {
  it('parses every sampler line, idle and under load', () => {
    const idle = lines('sampler-idle.csv').map(parseGpuLine);
    const load = lines('sampler-load.csv').map(parseGpuLine);
    expect(idle.length).toBeGreaterThan(5);
    expect(load.length).toBeGreaterThan(5);
    for (const g of [...idle, ...load]) {
      expect(g).not.toBeNull();
      expect(g!.index).toBe(0);
      expect(g!.name).toBe('NVIDIA H200');
      expect(g!.memoryTotal).toBe(143771);
      for (const v of [g!.utilization, g!.memoryUsed, g!.power, g!.smClock, g!.memClock, g!.temperature]) expect(v).toEqual(expect.any(Number));
    }
    expect(idle[0]).toEqual({ index: 0, name: 'NVIDIA H200', utilization: 0, memoryUsed: 0, memoryTotal: 143771, power: 81.85, smClock: 345, memClock: 3201, temperature: 39 });
    expect(load[0]).toEqual({ index: 0, name: 'NVIDIA H200', utilization: 96, memoryUsed: 31375, memoryTotal: 143771, power: 593.33, smClock: 1875, memClock: 3201, temperature: 55 });
  });

  it('reads the inventory, driver and CUDA version; no topology for one GPU', async () => {
    const r = await gpuInventory();
    expect(r).toEqual({
      status: 'ok',
      inventory: { gpus: [{ index: 0, name: 'NVIDIA H200', memoryTotal: 143771 }], driver: '580.159.04', cuda: '13.0', topology: null },
    });
  });

  it('keeps the terminal escapes of `topo -m` out of the topology', async () => {
    expect(readFileSync(`${FIXTURE}/topo.txt`, 'utf8')).toContain('\u001b[4m');
    process.env.SMI_FIXTURE_GPUS = '2';
    const topology = (await gpuInventory()).inventory!.topology!;
    expect(topology).not.toContain('\u001b');
    expect(topology.split('\n')[0]).toBe('GPU0\tCPU Affinity\tNUMA Affinity\tGPU NUMA ID');
    expect(topology).toContain('GPU0\t X \t0-15\t0\t\tN/A');
  });

  it('reads the GPU processes', async () => {
    expect(await computeApps()).toEqual([{ pid: 469, name: 'python3', usedMemory: 31366, gpuUuid: 'GPU-f7864e2a-1264-0213-3f95-36d617d2ac90' }]);
  });

  it('puts them in the environment fingerprint', async () => {
    const f = await collectFingerprint({ baseUrl: null, model: null, env: {} });
    expect(f).toMatchObject({ gpu_status: 'ok', gpus: [{ index: 0, name: 'NVIDIA H200', memory_total_mib: 143771 }], driver_version: '580.159.04', cuda_version: '13.0', gpu_topology: null });
  });

  it('samples the load lines into a summary and an energy', async () => {
    const s = startGpuSampler({ intervalMs: 40 });
    const from = performance.now();
    await new Promise((r) => setTimeout(r, 500));
    const t = await s.stop({ fromMs: from, toMs: performance.now() });
    expect(t.status).toBe('ok');
    const g = t.gpus[0]!;
    expect(g.name).toBe('NVIDIA H200');
    expect(g.memory_total_mib).toBe(143771);
    const watts = lines('sampler-load.csv').map((l) => parseGpuLine(l)!.power!);
    expect(g.power_w!.max).toBeLessThanOrEqual(Math.max(...watts));
    expect(g.power_w!.mean).toBeGreaterThanOrEqual(Math.min(...watts));
    // The joules over the window lie between the lowest and highest draw held over it.
    const e = t.energy!;
    expect(e.gpus_counted).toBe(1);
    expect(e.joules! / e.window_s).toBeGreaterThanOrEqual(Math.min(...watts) - 1e-6);
    expect(e.joules! / e.window_s).toBeLessThanOrEqual(Math.max(...watts) + 1e-6);
  });
});
