// End to end on llama.cpp's own server (llama-server, built from the source
// node-llama-cpp ships, by scripts/build-llama-server.mjs) with the generated
// tiny model: the quirks of a real server (its own usage reporting, slots
// splitting -c, HTTP 400 exceed_context_size_error, connections it closes).
// Skipped, with the reason printed, when the binary is not built and
// LLM_PERF_GATE_BUILD_LLAMA is not set; with it set, it is built first.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ResultDoc } from '../../src/result/types.js';
import { validateResult } from '../../src/result/validate.js';
import { buildDist, cli } from '../support/cli.js';
import { tempDir } from '../support/measure.js';
import { llamaServerBinary, startLlamaServer, writeConfig, type Cell, type Served } from './support.js';

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

  async function runCli(config: Record<string, unknown>): Promise<{ code: number | null; stderr: string; doc: ResultDoc }> {
    const out = join(await tempDir(), 'result.json');
    const ran = await cli(['run', '--config', await writeConfig(config), '--url', server.url, '--out', out]);
    return { code: ran.code, stderr: ran.stderr, doc: JSON.parse(await readFile(out, 'utf8')) as ResultDoc };
  }

  /**
   * llama-server closes kept-alive connections after a streamed reply; the
   * client sends a request that hit such a socket once more on a fresh one
   * (src/client/http.ts), so a run against it has no failures at all.
   */
  function noFailures(cell: Cell): void {
    expect(cell.metrics.errors, cell.id).toEqual({});
  }

  it('measures a run with server token counts, plausible TTFT and TPOT, and a fixed output honoured', async () => {
    const { code, stderr, doc } = await runCli({
      target: { url: 'http://placeholder', api: 'chat', fixed_output: true },
      seed: 3,
      run: { requests: 8, warmup: 1, trials: 1, max_duration_s: 60 },
      scenarios: [{ name: 'chat', input_tokens: 128, output_tokens: 32 }],
      loads: [{ concurrency: 1 }, { concurrency: 4 }],
    });
    expect(code, stderr).toBe(0);
    expect(validateResult(doc)).toEqual([]);
    expect(doc.status).toBe('complete');
    for (const cell of doc.cells) {
      const m = cell.metrics;
      noFailures(cell);
      const ok = m.counts.completed;
      expect(ok).toBe(m.counts.attempted);
      expect(m.tokens.sources).toEqual({ server: ok, client: 0 });
      expect(m.tokens.output_honoured).toBe(1);
      expect(m.tokens.output_mean).toBe(32);
      expect(m.tokens.input_mean!).toBeGreaterThan(100);
      expect(m.ttft_ms!.min).toBeGreaterThan(0.5);
      expect(m.ttft_ms!.max).toBeLessThan(10_000);
      expect(m.tpot_ms!.min).toBeGreaterThan(0.05);
      expect(m.tpot_ms!.max).toBeLessThan(500);
    }
  }, 120_000);

  it('counts a prompt longer than a slot as http-4xx (exceed_context_size_error)', async () => {
    const { code, stderr, doc } = await runCli({
      target: { url: 'http://placeholder', api: 'completions', fixed_output: true },
      run: { requests: 3, warmup: 0, trials: 1, max_duration_s: 30 },
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
