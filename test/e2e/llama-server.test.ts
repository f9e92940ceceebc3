// End to end on llama.cpp's own server (llama-server, built from the source
// node-llama-cpp ships, by scripts/build-llama-server.mjs) with the generated
// tiny model: the quirks of a real server (its own usage reporting, slots
// splitting -c, HTTP 400 exceed_context_size_error, connections it closes).
// Skipped, with the reason printed, when the binary is not built and
// LLM_PERF_GATE_BUILD_LLAMA is not set; with it set, it is built first.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDist, cli } from '../support/cli.js';
import { ENGINE_RUN, expectPlausibleEngineRun, llamaServerBinary, runCli as runCliAt, startLlamaServer, type Served } from './support.js';

const found = llamaServerBinary();
if (!found.binary) console.warn(`[e2e] skipping the llama-server tests: ${found.reason}`);

const SLOTS = 4;
const CTX_PER_SLOT = 2048;

describe.skipIf(!found.binary)('llm-perf-gate run against llama.cpp llama-server', () => {
  let server: Served;

  beforeAll(async () => {
    buildDist();
    const made = await cli(['make-model']);
    if (made.code !== 0) throw new Error(`make-model failed: ${made.stderr}`);
    // -c is split across the slots: each holds CTX_PER_SLOT tokens.
    server = await startLlamaServer(found.binary!, made.stdout.trim(), ['-np', String(SLOTS), '-c', String(SLOTS * CTX_PER_SLOT), '-t', '1', '-tb', '1']);
  }, 120_000);

  afterAll(async () => {
    if (server) await server.stop();
  });

  const runCli = (config: Record<string, unknown>): ReturnType<typeof runCliAt> => runCliAt(server.url, config);

  // llama-server closes kept-alive connections after a streamed reply; the
  // client sends a request that hit such a socket once more on a fresh one
  // (src/client/http.ts), so a run against it has no failures at all.
  it('measures a run with server token counts, plausible TTFT and TPOT, and a fixed output honoured', async () => {
    expectPlausibleEngineRun(await runCli(ENGINE_RUN));
  }, 120_000);

  it('counts a prompt longer than a slot as http-4xx (exceed_context_size_error)', async () => {
    const { code, stderr, doc } = await runCli({
      target: { url: 'http://placeholder', api: 'completions', fixed_output: true },
      run: { requests: 3, warmup: 0, trials: 1, max_duration_s: 30 },
      // Every request fails here: not gated, and 3 requests stay 3 (a default-gated p95 would raise them to 60, the p50 to 6).
      gate: { metrics: { 'ttft_ms.p95': { gate: false }, 'tpot_ms.p50': { gate: false } } },
      scenarios: [{ name: 'huge', input_tokens: CTX_PER_SLOT * 2, output_tokens: 8 }],
      loads: [{ concurrency: 1 }],
    });
    expect(code, stderr).toBe(0);
    const m = doc.cells[0]!.metrics;
    expect(m.counts.completed).toBe(0);
    expect(m.errors['http-4xx']!.count).toBeGreaterThanOrEqual(1);
    expect(m.errors['http-4xx']!.examples.join('\n')).toMatch(/exceed|context/i);
  }, 60_000);
});
