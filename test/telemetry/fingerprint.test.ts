import { afterEach, describe, expect, it } from 'vitest';
import { collectFingerprint, compareFingerprints, engineVersion } from '../../src/telemetry/fingerprint.js';
import type { EnvironmentFingerprint } from '../../src/telemetry/types.js';
import { FAKE_SMI_DIR, H100_ENV, llamacppMetrics, vllmMetrics } from './metrics-fixtures.js';
import { closeAndRestore, metricsServer, type MetricsServer } from './metrics-server.js';

let server: MetricsServer | null = null;
afterEach(closeAndRestore(() => server));

const state = { running: 0, waiting: 0, kv: 0, prompt: 0, cached: 0, generation: 0, preemptions: 0 };
const json = (body: unknown): { status: number; body: string; type: string } => ({ status: 200, body: JSON.stringify(body), type: 'application/json' });

describe('environment fingerprint', () => {
  it('collects GPUs, driver, CUDA, topology, engine version, model and the Actions runner', async () => {
    process.env.PATH = `${FAKE_SMI_DIR}:/usr/bin:/bin`;
    server = await metricsServer(() => ({ status: 200, body: vllmMetrics(state) }), { '/version': json({ version: '0.10.1.1' }) });
    const f = await collectFingerprint({
      baseUrl: server.url,
      model: 'meta-llama/Llama-3.1-8B-Instruct',
      env: { GITHUB_ACTIONS: 'true', RUNNER_NAME: 'gpu-runner-3', RUNNER_OS: 'Linux', ImageOS: 'ubuntu24', ImageVersion: '20251124.1' },
    });
    expect(f.gpu_status).toBe('ok');
    expect(f.gpus).toHaveLength(2);
    expect(f.driver_version).toBe('550.54.15');
    expect(f.cuda_version).toBe('12.4');
    expect(f.gpu_topology).toContain('NV18');
    expect(f.engine).toEqual({ name: 'vllm', version: '0.10.1.1', source: '/version' });
    expect(f.runner).toEqual({ name: 'gpu-runner-3', os: 'Linux', image_os: 'ubuntu24', image_version: '20251124.1' });
    expect(f.cpus).toBeGreaterThan(0);
  });

  it('finds llama.cpp by /props build_info and TGI by /info; a bare server by its header; none without', async () => {
    server = await metricsServer(() => ({ status: 200, body: llamacppMetrics(state) }), { '/props': json({ build_info: 'b6402-a81a5697' }) });
    expect(await engineVersion(server.url, { server: 'llama.cpp' })).toEqual({ name: 'llama.cpp', version: 'b6402-a81a5697', source: '/props' });
    await server.close();
    server = await metricsServer(null, { '/info': json({ model_id: 'bigscience/bloom-560m', version: '3.3.6' }) });
    expect(await engineVersion(server.url, {})).toEqual({ name: 'tgi', version: '3.3.6', source: '/info' });
    await server.close();
    server = await metricsServer(null);
    expect(await engineVersion(server.url, { server: 'uvicorn' })).toEqual({ name: 'unknown', version: 'uvicorn', source: 'server header' });
    expect(await engineVersion(server.url, {})).toBeNull();
  });

  it('bounds a server that never answers', async () => {
    server = await metricsServer(() => 'hang', { '/version': 'hang', '/info': 'hang', '/props': 'hang' });
    const t0 = Date.now();
    expect(await engineVersion(server.url, {}, 300)).toBeNull();
    expect(Date.now() - t0).toBeLessThan(3_000);
  });
});

const base = H100_ENV;

describe('comparing fingerprints', () => {
  it('finds nothing between equal fingerprints', () => {
    expect(compareFingerprints(base, structuredClone(base))).toEqual([]);
  });

  it('names each difference with its severity', () => {
    const other: EnvironmentFingerprint = {
      ...base,
      gpus: [{ index: 0, name: 'NVIDIA A10G', memory_total_mib: 23028 }],
      driver_version: '560.35.03',
      engine: { name: 'vllm', version: '0.11.0', source: '/version' },
    };
    expect(compareFingerprints(base, other)).toEqual([
      { field: 'gpu', baseline: 'NVIDIA H100 80GB HBM3', candidate: 'NVIDIA A10G', severity: 'major' },
      { field: 'gpu memory (MiB)', baseline: '81559', candidate: '23028', severity: 'major' },
      { field: 'engine version', baseline: '0.10.1', candidate: '0.11.0', severity: 'major' },
      { field: 'driver', baseline: '550.54.15', candidate: '560.35.03', severity: 'minor' },
    ]);
    const noGpu: EnvironmentFingerprint = { ...base, gpu_status: 'absent', gpus: [], driver_version: null, cuda_version: null };
    expect(
      compareFingerprints(base, noGpu)
        .map((d) => `${d.field}: ${d.baseline} -> ${d.candidate}`)
        .slice(0, 2),
    ).toEqual(['gpu: NVIDIA H100 80GB HBM3 -> absent', 'gpu count: 1 -> 0']);
  });
});
