// The embedded engine serves vLLM's metric names so that one mapping reads
// both, but it is not vLLM: its telemetry and environment must say which
// engine was measured (issue 23, item 6: the terminal line said "vllm:" for
// the embedded engine). Real vLLM output, without the marker, stays vLLM.
import { afterEach, describe, expect, it } from 'vitest';
import { EMBEDDED_MARKER as ENGINE_MARKER, renderMetrics } from '../../engine/metrics.js';
import { telemetryLine } from '../../src/report/telemetry-line.js';
import { detectEngine, EMBEDDED_MARKER, readEngine } from '../../src/telemetry/engine-series.js';
import { engineVersion } from '../../src/telemetry/fingerprint.js';
import { parseExposition } from '../../src/telemetry/prometheus.js';
import { startScraper } from '../../src/telemetry/scrape.js';
import type { CellTelemetry } from '../../src/telemetry/types.js';
import { vllmMetrics } from './metrics-fixtures.js';
import { metricsServer, type MetricsServer } from './metrics-server.js';

const stats = { slots: 4, busy: 3, queued: 2, maxBusy: 4, maxQueued: 2, requests: 10, promptTokens: 900, cachedTokens: 100, completionTokens: 480, kvTokens: 512, kvCapacity: 4096 };
const build = { llamaCpp: 'b6100', nodeLlamaCpp: '3.21.1' };

let server: MetricsServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

describe("the embedded engine's series", () => {
  it("are read with vLLM's mapping and labelled embedded", () => {
    expect(ENGINE_MARKER).toBe(EMBEDDED_MARKER);
    const samples = parseExposition(renderMetrics(stats, 'tiny', build)).samples;
    const e = detectEngine(samples)!;
    expect(e.engine).toBe('embedded');
    const r = readEngine(e, samples);
    expect(r).toMatchObject({ running: 3, waiting: 2, kvUsage: 0.125, promptTokens: 900, generationTokens: 480, prefixHits: 100, prefixQueries: 900 });
  });

  it('leave real vLLM output labelled vllm', () => {
    const samples = parseExposition(vllmMetrics({ running: 1, waiting: 0, kv: 0.5, prompt: 10, cached: 0, generation: 5, preemptions: 0 })).samples;
    expect(detectEngine(samples)!.engine).toBe('vllm');
  });

  it('give the terminal line and the environment the embedded engine, with its builds as the version', async () => {
    let n = 0;
    server = await metricsServer(() => ({ status: 200, body: renderMetrics({ ...stats, busy: n++ % 4 }, 'tiny', build) }));
    const s = await startScraper({ baseUrl: server.url, intervalMs: 20 });
    await new Promise((r) => setTimeout(r, 100));
    const t = (await s.stop({ prompt: 0, completion: 0 }))!;
    expect(t.engine).toBe('embedded');
    const cell: CellTelemetry = {
      started_at: '2026-01-01T00:00:00.000Z',
      duration_s: 1,
      gpu: { status: 'absent', message: null, interval_ms: 500, gpus: [], other_processes: [] },
      engine: t,
      neighbours: { others_cpu_share: null, others_cores: null, cpus: 2, limit: 0.25, flagged: false, reasons: [] },
    };
    expect(telemetryLine(cell)).toMatch(/^embedded: KV cache peak 13%/);
    expect(telemetryLine(cell)).not.toContain('vllm');
    const env = await engineVersion(server.url, { server: 'llm-perf-gate-embedded (llama.cpp b6100; node-llama-cpp 3.21.1)' });
    expect(env).toEqual({ name: 'embedded', version: 'llama.cpp b6100; node-llama-cpp 3.21.1', source: '/metrics' });
  });
});
