import { afterEach, describe, expect, it } from 'vitest';
import { startScraper } from '../../src/telemetry/scrape.js';
import { llamacppMetrics, vllmMetrics, type EngineState } from './metrics-fixtures.js';
import { metricsServer, type Answer, type MetricsServer } from './metrics-server.js';

let server: MetricsServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

const idle: EngineState = { running: 0, waiting: 0, kv: 0, prompt: 10_000, cached: 2_000, generation: 4_000, preemptions: 1 };

/** An engine through a cell: idle before, busy while scraped during, counters grown after. */
function play(render: (s: EngineState) => string, busy: EngineState[], after: EngineState): (n: number) => Answer {
  return (n) => {
    const s = n === 0 ? idle : (busy[n - 1] ?? after);
    return { status: 200, body: render(s) };
  };
}

const busy: EngineState[] = [
  { ...idle, running: 8, waiting: 3, kv: 0.55, prompt: 11_000, cached: 2_400, generation: 4_500 },
  { ...idle, running: 8, waiting: 6, kv: 0.81, prompt: 12_000, cached: 2_800, generation: 5_000, preemptions: 2 },
];
const after: EngineState = { ...idle, prompt: 12_560, cached: 3_000, generation: 5_280, preemptions: 3 };
const client = { prompt: 2_560, completion: 1_280 };

async function cell(ms: number): Promise<void> {
  await new Promise((r) => setTimeout(r, ms));
}

describe('scraping /metrics around a cell', () => {
  it('summarises a vLLM server: gauges over the cell, counter deltas, hit rate, and the token cross-check', async () => {
    server = await metricsServer(play(vllmMetrics, busy, after));
    const s = await startScraper({ baseUrl: server.url, intervalMs: 50 });
    // Two scrapes during the cell: wait until the server has seen them.
    for (let i = 0; i < 100 && server.scrapes < 3; i++) await cell(20);
    const t = (await s.stop(client))!;
    expect(t.engine).toBe('vllm');
    expect(t.failed_scrapes).toBe(0);
    expect(t.running!.max).toBe(8);
    expect(t.waiting!.max).toBe(6);
    expect(t.kv_cache_usage!.max).toBe(0.81);
    expect(t.preemptions).toBe(2);
    expect(t.prompt_tokens).toBe(2_560);
    expect(t.generation_tokens).toBe(1_280);
    expect(t.cached_prompt_tokens).toBe(1_000);
    expect(t.prefix_cache_hit_rate).toBe(0.3906);
    expect(t.token_check).toEqual({ client_prompt: 2_560, client_completion: 1_280, server_prompt: 2_560, server_generation: 1_280, mismatches: [] });
    // Unknown series kept raw, summed over label sets; buckets left out.
    expect(t.raw['vllm:request_success_total']).toBe(42);
    expect(t.raw['process_resident_memory_bytes']).toBe(3170222080);
    expect(Object.keys(t.raw).some((k) => k.endsWith('_bucket'))).toBe(false);
  });

  it('reports a mismatch when the server counted other tokens than the client', async () => {
    server = await metricsServer(play(vllmMetrics, [], after));
    const s = await startScraper({ baseUrl: server.url, intervalMs: 10_000 });
    const t = (await s.stop({ prompt: 2_560, completion: 1_000 }))!;
    expect(t.token_check!.mismatches).toEqual(['server counted 1280 generated tokens, the client 1000']);
  });

  it('summarises llama.cpp: prompt tokens are evaluated + cached, and the hit rate comes from them', async () => {
    server = await metricsServer(play(llamacppMetrics, busy, after));
    const s = await startScraper({ baseUrl: server.url, intervalMs: 50 });
    for (let i = 0; i < 100 && server.scrapes < 3; i++) await cell(20);
    const t = (await s.stop(client))!;
    expect(t.engine).toBe('llama.cpp');
    expect(t.running!.max).toBe(8);
    expect(t.waiting!.max).toBe(6);
    expect(t.kv_cache_usage).toBeNull();
    expect(t.preemptions).toBeNull();
    expect(t.prompt_tokens).toBe(1_560);
    expect(t.cached_prompt_tokens).toBe(1_000);
    expect(t.prefix_cache_hit_rate).toBe(0.3906);
    expect(t.token_check!.server_prompt).toBe(2_560);
    expect(t.token_check!.mismatches).toEqual([]);
    expect(t.raw['llamacpp:n_busy_slots_per_decode']).toBe(3.61);
  });

  it('keeps at most maxRaw unknown series and counts the rest', async () => {
    server = await metricsServer(play(vllmMetrics, [], after));
    const s = await startScraper({ baseUrl: server.url, intervalMs: 10_000, maxRaw: 2 });
    const t = (await s.stop(null))!;
    expect(Object.keys(t.raw)).toHaveLength(2);
    expect(t.raw_dropped).toBeGreaterThan(0);
    expect(t.token_check).toBeNull();
  });

  it('gives null for a server without /metrics, and stops asking after the first 404', async () => {
    server = await metricsServer(null);
    const s = await startScraper({ baseUrl: server.url, intervalMs: 20 });
    await cell(150);
    expect(await s.stop(client)).toBeNull();
    expect(server.scrapes).toBe(0);
  });

  it('bounds a /metrics that never answers, and counts the failed scrapes', async () => {
    let n = 0;
    server = await metricsServer((i) => (i === 0 || i > 5 ? { status: 200, body: vllmMetrics(idle) } : ((n += 1), 'hang')));
    const s = await startScraper({ baseUrl: server.url, intervalMs: 20, timeoutMs: 200 });
    await cell(300);
    const t0 = Date.now();
    const t = (await s.stop(null))!;
    expect(Date.now() - t0).toBeLessThan(2_000);
    expect(n).toBeGreaterThan(0);
    expect(t.failed_scrapes).toBeGreaterThan(0);
    expect(t.errors[0]).toMatch(/GET http:\/\/127\.0\.0\.1:\d+\/metrics: /);
  });

  it('counts a body that is not Prometheus text as a failed scrape', async () => {
    server = await metricsServer(() => ({ status: 200, body: '<html><body>dashboard</body></html>', type: 'text/html' }));
    const s = await startScraper({ baseUrl: server.url, intervalMs: 10_000 });
    expect(await s.stop(null)).toBeNull();
  });
});
