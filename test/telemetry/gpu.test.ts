// The GPU side against a fake nvidia-smi on the PATH (test/support/fake-nvidia-smi),
// which prints the real formats for a two-GPU machine, or dies, or hangs.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAX_GPUS, MAX_LINE, startGpuSampler } from '../../src/telemetry/gpu-sampler.js';
import { computeApps, gpuInventory, parseGpuLine } from '../../src/telemetry/nvidia-smi.js';
import { startCellTelemetry } from '../../src/telemetry/cell.js';
import { FAKE_SMI_DIR } from './metrics-fixtures.js';

const saved = { PATH: process.env.PATH, FAKE_SMI_MODE: process.env.FAKE_SMI_MODE, FAKE_SMI_APPS: process.env.FAKE_SMI_APPS };

function useFake(mode: 'ok' | 'die' | 'hang' | 'nogpu' | 'flood' | 'newgpus' | 'longline', apps?: string): void {
  process.env.PATH = `${FAKE_SMI_DIR}:/usr/bin:/bin`;
  process.env.FAKE_SMI_MODE = mode;
  if (apps === undefined) delete process.env.FAKE_SMI_APPS;
  else process.env.FAKE_SMI_APPS = apps;
}

beforeEach(() => useFake('ok'));
afterEach(() => {
  for (const [k, v] of Object.entries(saved)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
});

const wait = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

describe('nvidia-smi output', () => {
  it('parses a sampler line, with [N/A] as null', () => {
    expect(parseGpuLine('1, NVIDIA H100 80GB HBM3, 0, 1024, 81559, [N/A], 345, 2619, 34')).toEqual({
      index: 1,
      name: 'NVIDIA H100 80GB HBM3',
      utilization: 0,
      memoryUsed: 1024,
      memoryTotal: 81559,
      power: null,
      smClock: 345,
      memClock: 2619,
      temperature: 34,
    });
    expect(parseGpuLine('index, name, utilization.gpu [%]')).toBeNull();
    expect(parseGpuLine('0, NVIDIA H1')).toBeNull();
  });

  it('reads the inventory: two GPUs, driver, CUDA version, topology', async () => {
    const r = await gpuInventory();
    expect(r.status).toBe('ok');
    expect(r.inventory!.gpus).toEqual([
      { index: 0, name: 'NVIDIA H100 80GB HBM3', memoryTotal: 81559 },
      { index: 1, name: 'NVIDIA H100 80GB HBM3', memoryTotal: 81559 },
    ]);
    expect(r.inventory!.driver).toBe('550.54.15');
    expect(r.inventory!.cuda).toBe('12.4');
    expect(r.inventory!.topology).toMatch(/GPU0\tNV18|NV18/);
  });

  it('says absent without nvidia-smi and unavailable when it has no GPU', async () => {
    process.env.PATH = mkdtempSync(join(tmpdir(), 'no-smi-'));
    expect((await gpuInventory()).status).toBe('absent');
    expect(await computeApps()).toBeNull();
    useFake('nogpu');
    expect((await gpuInventory()).status).toBe('unavailable');
  });
});

describe('GPU sampler', () => {
  it('summarises each GPU over the cell', async () => {
    const s = startGpuSampler({ intervalMs: 50 });
    await wait(600);
    const t = await s.stop();
    expect(t.status).toBe('ok');
    expect(t.message).toBeNull();
    expect(t.gpus.map((g) => g.index)).toEqual([0, 1]);
    const g0 = t.gpus[0]!;
    expect(g0.name).toBe('NVIDIA H100 80GB HBM3');
    expect(g0.utilization_pct!.samples).toBeGreaterThanOrEqual(3);
    // The fake cycles 40, 50, 60, 70, 80 %, and memory grows 100 MiB a reading from 60000.
    expect(g0.utilization_pct!.max).toBeLessThanOrEqual(80);
    expect(g0.utilization_pct!.mean).toBeGreaterThanOrEqual(40);
    expect(g0.memory_used_mib!.max).toBe(60000 + (g0.memory_used_mib!.samples - 1) * 100);
    expect(g0.memory_total_mib).toBe(81559);
    expect(g0.power_w!.mean).toBe(612.34);
    expect(t.gpus[1]!.power_w).toBeNull();
  });

  it('records a machine without nvidia-smi silently', async () => {
    process.env.PATH = mkdtempSync(join(tmpdir(), 'no-smi-'));
    const t = await startGpuSampler({ intervalMs: 50 }).stop();
    expect(t).toEqual({ status: 'absent', message: null, interval_ms: 50, gpus: [] });
  });

  it('once stopped, holds the event loop with no timer: a CLI run exits when its work is done', async () => {
    // A grace timer left running after a sampler whose nvidia-smi had already left kept every CLI run open for
    // the grace period (1 s by default) after its last cell. A long grace makes a leftover timer plain to see.
    const timers = (): number => process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;
    const before = timers();
    process.env.PATH = mkdtempSync(join(tmpdir(), 'no-smi-'));
    await startGpuSampler({ intervalMs: 50, stopGraceMs: 5_000 }).stop();
    useFake('nogpu');
    const s = startGpuSampler({ intervalMs: 50, stopGraceMs: 5_000 });
    await wait(300);
    expect((await s.stop()).status).toBe('unavailable');
    expect(timers()).toBeLessThanOrEqual(before);
  });

  it('reports nvidia-smi without a driver as unavailable', async () => {
    useFake('nogpu');
    const s = startGpuSampler({ intervalMs: 50 });
    await wait(300);
    const t = await s.stop();
    expect(t.status).toBe('unavailable');
    expect(t.message).toMatch(/couldn't communicate with the NVIDIA driver/);
  });

  it('reports a sampler that died mid-cell, keeping what it read', async () => {
    useFake('die');
    const s = startGpuSampler({ intervalMs: 50 });
    await wait(500);
    const t = await s.stop();
    expect(t.status).toBe('died');
    expect(t.message).toMatch(/exited during the cell after 4 GPU readings: Unable to determine the device handle/);
    expect(t.gpus[0]!.utilization_pct!.samples).toBe(2);
  });

  it('kills a sampler that went silent (and ignores SIGTERM), within bounded time', async () => {
    useFake('hang');
    const s = startGpuSampler({ intervalMs: 50, silenceMs: 300, stopGraceMs: 300 });
    await wait(1_000);
    const t0 = Date.now();
    const t = await s.stop();
    expect(Date.now() - t0).toBeLessThan(1_000);
    expect(t.status).toBe('hung');
    expect(t.message).toMatch(/printed nothing for 300 ms \(after 2 GPU readings\); stopped/);
  });

  it('stops a silent sampler that the watchdog has not caught yet: SIGTERM ignored, then SIGKILL', async () => {
    useFake('hang');
    const s = startGpuSampler({ intervalMs: 50, silenceMs: 60_000, stopGraceMs: 200 });
    await wait(300);
    const t0 = Date.now();
    const t = await s.stop();
    expect(Date.now() - t0).toBeLessThan(1_500);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(150);
    expect(t.gpus).toHaveLength(2);
  });
});

describe('a hostile nvidia-smi (issue 19, item 5)', () => {
  it('stops a flood without a newline, quickly and with a note, keeping the loop responsive', async () => {
    useFake('flood');
    // The event loop's worst stall while the flood is read: re-splitting a growing buffer made it seconds.
    let worst = 0;
    let last = performance.now();
    const tick = setInterval(() => {
      const now = performance.now();
      worst = Math.max(worst, now - last);
      last = now;
    }, 5);
    const t0 = Date.now();
    const s = startGpuSampler({ intervalMs: 50, silenceMs: 60_000 });
    await wait(1_000);
    const t = await s.stop();
    clearInterval(tick);
    expect(Date.now() - t0).toBeLessThan(3_000);
    expect(t.status).toBe('died');
    expect(t.message).toMatch(/^nvidia-smi printed \d+ bytes in \d+ ms, more than 64 GPUs' readings could take; stopped after 0 GPU readings/);
    expect(t.gpus).toEqual([]);
    expect(worst).toBeLessThan(250);
    expect(JSON.stringify(t).length).toBeLessThan(2_000);
  });

  it('keeps at most 64 GPUs of ever-new indices, and notes the rest', async () => {
    useFake('newgpus');
    const s = startGpuSampler({ intervalMs: 50 });
    await wait(600);
    const t = await s.stop();
    expect(t.status).toBe('ok');
    expect(t.gpus).toHaveLength(MAX_GPUS);
    expect(t.gpus.map((g) => g.index)).toEqual(Array.from({ length: MAX_GPUS }, (_, i) => i));
    expect(t.message).toMatch(/^nvidia-smi: \d+ readings of GPUs beyond the first 64 ignored$/);
    expect(JSON.stringify(t).length).toBeLessThan(64 * 1_000);
  });

  it('skips overlong lines without holding them, and the watchdog counts lines, not bytes', async () => {
    useFake('longline');
    const s = startGpuSampler({ intervalMs: 50 });
    await wait(500);
    const t = await s.stop();
    expect(t.status).toBe('ok');
    expect(t.gpus).toHaveLength(2);
    expect(t.message).toMatch(new RegExp(`^nvidia-smi: \\d+ lines over ${MAX_LINE} bytes skipped$`));
    // Bytes that never end a line are no sign of life: a sampler printing only those is hung.
    useFake('flood');
    const h = startGpuSampler({ intervalMs: 50, silenceMs: 300, bytesPerInterval: Number.MAX_SAFE_INTEGER });
    await wait(1_500);
    const th = await h.stop();
    expect(th.status).toBe('hung');
    expect(th.message).toMatch(/printed nothing for 300 ms/);
  });
});

describe('other processes on the GPU', () => {
  it('names GPU processes outside the server tree, and only when the server is known', async () => {
    const server = spawn('sleep', ['30'], { stdio: 'ignore' });
    try {
      useFake('ok', `${server.pid}, python3 -m vllm.entrypoints.openai.api_server, 70000, GPU-1;999999, ollama_llama_server, 4000, GPU-2`);
      const h = await startCellTelemetry({ baseUrl: null, serverPids: [server.pid!], gpuIntervalMs: 50 });
      await wait(200);
      const t = await h.stop();
      expect(t.gpu.other_processes).toEqual([{ pid: 999999, name: 'ollama_llama_server', used_memory_mib: 4000, gpu_uuid: 'GPU-2' }]);
      expect(t.neighbours.flagged).toBe(true);
      expect(t.neighbours.reasons.join('\n')).toMatch(/other processes held the GPU: ollama_llama_server \(pid 999999\)/);
      const unknown = await (await startCellTelemetry({ baseUrl: null, gpuIntervalMs: 50 })).stop();
      expect(unknown.gpu.other_processes).toEqual([]);
    } finally {
      server.kill('SIGKILL');
    }
  });
});
