// The run stage's calls, end to end on loopback: start before a cell, stop
// after; the telemetry and the fingerprint go into a result that still
// validates against result@1, and results without them read as before.
import { afterEach, describe, expect, it } from 'vitest';
import { startCellTelemetry } from '../../src/telemetry/cell.js';
import { collectFingerprint } from '../../src/telemetry/fingerprint.js';
import { validateResult } from '../../src/result/validate.js';
import { syntheticResult } from '../support/synthetic.js';
import { FAKE_SMI_DIR, vllmMetrics } from './metrics-fixtures.js';
import { closeAndRestore, metricsServer, type MetricsServer } from './metrics-server.js';

let server: MetricsServer | null = null;
afterEach(closeAndRestore(() => server));

const wait = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));
/** Gauges move with every scrape; the counters jump once the cell's requests are done. */
let ended = false;
const at = (n: number): string => vllmMetrics({ running: n % 4, waiting: n % 3, kv: (n % 10) / 10, prompt: ended ? 9000 : 1000, cached: 100, generation: ended ? 4500 : 500, preemptions: 0 });

describe('telemetry around a cell', () => {
  it('fills the result with GPU, engine and neighbour telemetry, and the result validates', async () => {
    process.env.PATH = `${FAKE_SMI_DIR}:/usr/bin:/bin`;
    server = await metricsServer((n) => ({ status: 200, body: at(n) }));
    const h = await startCellTelemetry({ baseUrl: server.url, gpuIntervalMs: 50, scrapeIntervalMs: 50 });
    await wait(500);
    ended = true;
    const t = await h.stop({ prompt: 8000, completion: 4000 });
    expect(t.gpu.status).toBe('ok');
    expect(t.gpu.gpus).toHaveLength(2);
    expect(t.engine!.engine).toBe('vllm');
    expect(t.engine!.scrapes).toBeGreaterThanOrEqual(3);
    expect(t.engine!.token_check!.mismatches).toEqual([]);
    expect(t.neighbours.cpus).toBeGreaterThan(0);

    const doc = syntheticResult('telemetry');
    const env = await collectFingerprint({ baseUrl: server.url, model: doc.target?.model ?? null });
    const withTelemetry = { ...doc, environment: env, cells: doc.cells.map((c) => ({ ...c, telemetry: t, trials: c.trials.map((tr) => ({ ...tr, telemetry: t })) })) };
    expect(validateResult(withTelemetry)).toEqual([]);
    expect(validateResult(doc)).toEqual([]);
    expect(validateResult({ ...withTelemetry, environment: { ...env, gpus: 'two' } })).toEqual(['/environment/gpus: must be array']);
  });

  it('without a GPU and without /metrics changes nothing else, and the result validates', async () => {
    process.env.PATH = '/nonexistent-telemetry-test-dir';
    server = await metricsServer(null);
    const h = await startCellTelemetry({ baseUrl: server.url });
    await wait(100);
    const t = await h.stop({ prompt: 10, completion: 10 });
    expect(t.gpu).toEqual({ status: 'absent', message: null, interval_ms: 500, gpus: [], other_processes: [] });
    expect(t.engine).toBeNull();
    const env = await collectFingerprint({ baseUrl: server.url, model: null });
    expect(env.gpu_status).toBe('absent');
    expect(env.engine).toBeNull();
    const doc = syntheticResult('plain');
    expect(validateResult({ ...doc, environment: env, cells: doc.cells.map((c) => ({ ...c, telemetry: t })) })).toEqual([]);
  });
});
