// Telemetry against real servers: the embedded engine's /metrics (vLLM's
// format) and llama.cpp's llama-server with --metrics when its binary is
// built, each under load from this process; and a CPU hog beside a cell,
// flagged. The mapped values are printed for the record.
import { spawn, type ChildProcess } from 'node:child_process';
import { cpus } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCellTelemetry } from '../../src/telemetry/cell.js';
import { collectFingerprint } from '../../src/telemetry/fingerprint.js';
import type { CellTelemetry } from '../../src/telemetry/types.js';
import { buildDist, cli } from '../support/cli.js';
import { llamaServerBinary, serveEmbedded, startLlamaServer, type Served } from './support.js';

interface Usage {
  prompt_tokens: number;
  completion_tokens: number;
}

/** `n` requests, `concurrency` at a time; the usage the server reported, summed. */
async function load(url: string, n: number, concurrency: number, maxTokens: number): Promise<{ prompt: number; completion: number }> {
  let next = 0;
  const total = { prompt: 0, completion: 0 };
  const worker = async (): Promise<void> => {
    while (next < n) {
      const i = next++;
      const res = await fetch(`${url}/v1/completions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ prompt: `Request ${i}: tell a long story about the sea and the ships on it.`, max_tokens: maxTokens, ignore_eos: true, temperature: 0 }),
        signal: AbortSignal.timeout(60_000),
      });
      const body = (await res.json()) as { usage: Usage };
      total.prompt += body.usage.prompt_tokens;
      total.completion += body.usage.completion_tokens;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return total;
}

function show(label: string, t: CellTelemetry): void {
  const e = t.engine;
  console.log(
    `[telemetry] ${label}: engine=${e?.engine} scrapes=${e?.scrapes} failed=${e?.failed_scrapes} running.max=${e?.running?.max} running.mean=${e?.running?.mean} waiting.max=${e?.waiting?.max} ` +
      `kv.max=${e?.kv_cache_usage?.max ?? null} kv.mean=${e?.kv_cache_usage?.mean ?? null} hit_rate=${e?.prefix_cache_hit_rate} preemptions=${e?.preemptions} ` +
      `prompt=${e?.prompt_tokens} cached=${e?.cached_prompt_tokens} generation=${e?.generation_tokens} check=${JSON.stringify(e?.token_check)} ` +
      `gpu=${t.gpu.status} others_cpu=${t.neighbours.others_cpu_share} (${t.neighbours.others_cores} of ${t.neighbours.cpus} cores) flagged=${t.neighbours.flagged}`,
  );
}

describe('telemetry against the embedded engine', () => {
  let engine: Served;
  beforeAll(async () => {
    buildDist();
    engine = await serveEmbedded(['--parallel', '4', '--ctx', '1024']);
  }, 120_000);
  afterAll(async () => {
    if (engine && engine.child.exitCode === null) await engine.stop();
  });

  it('scrapes running, waiting, KV cache usage and token counters that match the client', async () => {
    const h = await startCellTelemetry({ baseUrl: engine.url, serverPids: [engine.child.pid!], scrapeIntervalMs: 100, maxOthersCpuShare: 1 });
    const client = await load(engine.url, 12, 8, 48);
    const t = await h.stop(client);
    show('embedded engine', t);
    const e = t.engine!;
    expect(e.engine).toBe('embedded');
    expect(e.failed_scrapes).toBe(0);
    expect(e.running!.max).toBeGreaterThanOrEqual(1);
    expect(e.running!.max).toBeLessThanOrEqual(4);
    // 8 clients on 4 slots: some wait.
    expect(e.waiting!.max).toBeGreaterThanOrEqual(1);
    expect(e.kv_cache_usage!.max).toBeGreaterThan(0);
    expect(e.kv_cache_usage!.max).toBeLessThanOrEqual(1);
    expect(e.preemptions).toBe(0);
    expect(e.generation_tokens).toBe(12 * 48);
    expect(e.token_check!.mismatches).toEqual([]);
    expect(t.gpu.status === 'absent' || t.gpu.status === 'ok').toBe(true);

    const env = await collectFingerprint({ baseUrl: engine.url, model: 'tiny' });
    console.log(`[telemetry] embedded engine fingerprint: ${JSON.stringify({ ...env, gpu_topology: env.gpu_topology ? '(…)' : null })}`);
    expect(env.engine?.name).toBe('embedded');
  });

  it('flags a cell run beside a CPU hog', async () => {
    const hog: ChildProcess = spawn(process.execPath, ['-e', 'const end = Date.now() + 30000; while (Date.now() < end) {}'], { stdio: 'ignore' });
    try {
      // Half a core taken by others is too much for this test's cell.
      const h = await startCellTelemetry({ baseUrl: engine.url, serverPids: [engine.child.pid!], scrapeIntervalMs: 200, maxOthersCpuShare: 0.5 / cpus().length });
      const client = await load(engine.url, 8, 4, 48);
      const t = await h.stop(client);
      show('embedded engine beside a CPU hog', t);
      expect(t.neighbours.flagged).toBe(true);
      expect(t.neighbours.reasons[0]).toMatch(/other processes used/);
    } finally {
      hog.kill('SIGKILL');
    }
  });
});

const found = llamaServerBinary();
if (!found.binary) console.warn(`[e2e] skipping the llama-server telemetry test: ${found.reason}`);

describe.skipIf(!found.binary)('telemetry against llama-server --metrics', () => {
  let server: Served;
  beforeAll(async () => {
    buildDist();
    const made = await cli(['make-model']);
    if (made.code !== 0) throw new Error(`make-model failed: ${made.stderr}`);
    server = await startLlamaServer(found.binary!, made.stdout.trim(), ['--metrics', '-np', '4', '-c', '4096', '-t', '1', '-tb', '1']);
  }, 120_000);
  afterAll(async () => {
    if (server) await server.stop();
  });

  it('maps its series and its counters match the client', async () => {
    const h = await startCellTelemetry({ baseUrl: server.url, serverPids: [server.child.pid!], scrapeIntervalMs: 100, maxOthersCpuShare: 1 });
    const client = await load(server.url, 12, 8, 48);
    const t = await h.stop(client);
    show('llama-server', t);
    const e = t.engine!;
    expect(e.engine).toBe('llama.cpp');
    expect(e.running!.max).toBeGreaterThanOrEqual(1);
    expect(e.generation_tokens).toBe(client.completion);
    expect(e.token_check!.mismatches).toEqual([]);
    const env = await collectFingerprint({ baseUrl: server.url, model: 'tiny' });
    console.log(`[telemetry] llama-server engine: ${JSON.stringify(env.engine)}`);
    expect(env.engine?.name).toBe('llama.cpp');
  });
});
