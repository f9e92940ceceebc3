// What a run writes, its reader accepts; crafted files are refused, naming the
// field, in bounded time and memory (issue 19, items 1 and 6).
import { readFile, writeFile } from 'node:fs/promises';
import { delimiter, join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ResultFileError } from '../../src/errors/result-file-error.js';
import { emptyOutcome, newRecord } from '../../src/load/record.js';
import type { CellRun } from '../../src/load/run-cell.js';
import { parseResult, readResult } from '../../src/result/read.js';
import type { ResultDoc } from '../../src/result/types.js';
import { writeResult } from '../../src/result/write.js';
import { assembleCell, type TrialOutcome } from '../../src/run/cell-result.js';
import type { CellTelemetry } from '../../src/telemetry/types.js';
import { buildDist, cli } from '../support/cli.js';
import { craftedResult, writeJson } from '../support/crafted.js';
import { startFakeServer } from '../support/fake-server.js';
import { tempDir } from '../support/measure.js';
import { syntheticResult } from '../support/synthetic.js';
import { vllmMetrics } from '../telemetry/metrics-fixtures.js';

/** A child Node with a 256 MB heap: a read that needed 790 MB or 1.3 GB dies there instead of passing. */
const SMALL_HEAP = { NODE_OPTIONS: '--max-old-space-size=256' };

const noStack = (text: string): void => expect(text).not.toMatch(/^\s+at /m);

/** Telemetry as nvidia-smi and /metrics could report it: memory.used 1e300, a KV cache "usage" of 1e13, a 2 TB host's virtual memory. */
function hostileTelemetry(): CellTelemetry {
  const stat = (x: number) => ({ mean: x, max: x, p95: x, samples: 3 });
  return {
    started_at: '2026-01-01T00:00:00.000Z',
    duration_s: 2,
    gpu: {
      status: 'ok',
      message: null,
      interval_ms: 100,
      gpus: [{ index: 0, name: 'GPU', utilization_pct: stat(50), memory_used_mib: stat(1e300), memory_total_mib: 81559, power_w: null, sm_clock_mhz: null, mem_clock_mhz: null, temperature_c: null }],
      other_processes: [],
    },
    engine: {
      engine: 'vllm',
      scrapes: 3,
      failed_scrapes: 0,
      errors: [],
      running: stat(1),
      waiting: stat(0),
      kv_cache_usage: stat(1e13),
      prefix_cache_hit_rate: 7,
      preemptions: 0,
      prompt_tokens: 100,
      cached_prompt_tokens: 0,
      generation_tokens: Infinity,
      token_check: null,
      raw: { process_virtual_memory_bytes: 2.1e12, process_open_fds: 12 },
      raw_dropped: 0,
    },
    neighbours: { others_cpu_share: 0, others_cores: 0, cpus: 2, limit: 1, flagged: false, reasons: [] },
  };
}

/** `doc` with its one cell measured again through the real metrics pipeline: 3 trials of 20 requests, the server claiming `completionTokens` for each. */
function remeasured(doc: ResultDoc, completionTokens: number, telemetry?: CellTelemetry): ResultDoc {
  const trials: TrialOutcome[] = [0, 1, 2].map((index) => {
    const records = Array.from({ length: 20 }, (_, i) => {
      const send = i * 100;
      const gaps = Array.from({ length: 31 }, () => 2);
      return newRecord(i, false, send, 32, {
        ...emptyOutcome(send),
        tFirst: send + 20,
        gaps,
        tLast: send + 82,
        tDone: send + 83,
        outputEvents: 32,
        nOut: completionTokens,
        nIn: 256,
        tokenSource: 'server',
        status: 200,
      });
    });
    const run: CellRun = { records, notSent: 0, stoppedBy: 'count', loopDelay: { p99Ms: 11, maxMs: 12 }, dispatchLagMs: [], plannedRps: null };
    return { index, pair: null, run, startedAt: doc.started_at, durationS: 2, ...(telemetry ? { telemetry } : {}) };
  });
  const c = doc.cells[0]!;
  const scenario = { name: c.scenario.name, inputTokens: c.scenario.input_tokens, outputTokens: c.scenario.output_tokens, sharedPrefixTokens: 0, dataset: null };
  const load = { shape: 'concurrency' as const, label: 'c=4', concurrency: 4 };
  const cell = assembleCell({ id: c.id, scenario, datasetLabel: null, load, slos: { ttftMs: null, tpotMs: null, e2eMs: null }, workloadHash: c.workload_hash, trials });
  return { ...doc, cells: [cell] };
}

describe('a run writes only what its reader accepts (issue 19, item 1)', () => {
  it('out-of-range telemetry is dropped and noted where it was, and the result reads back', async () => {
    const dir = await tempDir();
    const out = join(dir, 'r.json');
    await writeResult(out, remeasured(syntheticResult('tel'), 32, hostileTelemetry()));
    const doc = await readResult(out);
    const cell = doc.cells[0]!;
    for (const t of [cell.trials[0]!.telemetry!, cell.telemetry!]) {
      expect(t.gpu.gpus[0]!.memory_used_mib).toBeNull();
      expect(t.gpu.gpus[0]!.utilization_pct!.mean).toBe(50);
      expect(t.engine!.kv_cache_usage).toBeNull();
      expect(t.engine!.prefix_cache_hit_rate).toBeNull();
      expect(t.engine!.raw).toEqual({ process_open_fds: 12 });
    }
    expect(cell.trials[0]!.telemetry!.dropped).toEqual([
      'gpu/gpus/0/memory_used_mib/mean: 1e+300',
      'engine/raw/process_virtual_memory_bytes: 2100000000000',
      'engine/kv_cache_usage/mean: 10000000000000',
      'engine/prefix_cache_hit_rate: 7',
      'engine/generation_tokens: Infinity',
    ]);
    // The cell keeps its trials' notes, each with its trial.
    expect(cell.telemetry!.dropped).toContain('trial 2: engine/raw/process_virtual_memory_bytes: 2100000000000');
  });

  it("a server's completion_tokens of 1e15 is replaced by the client's count, and the run says how many", async () => {
    const dir = await tempDir();
    const out = join(dir, 'tokens.json');
    await writeResult(out, remeasured(syntheticResult('tok'), 1e15));
    const cell = (await readResult(out)).cells[0]!;
    expect(Math.max(...cell.metrics.samples.n_out)).toBe(32);
    expect(cell.metrics.tokens).toMatchObject({ sources: { server: 0, client: 60 }, server_counts_refused: 60 });
    expect(cell.trials[0]!.metrics.tokens.server_counts_refused).toBe(20);
    // A plausible count is the server's, as before.
    expect(remeasured(syntheticResult('tok'), 30).cells[0]!.metrics.tokens).toMatchObject({ sources: { server: 60, client: 0 } });
  });

  it('`run` against a /metrics page with a 2.1e12 series, then `compare` on its own result, exits 0', async () => {
    buildDist();
    const dir = await tempDir();
    const server = await startFakeServer({
      metrics: () => `${vllmMetrics({ running: 1, waiting: 0, kv: 0.2, prompt: 100, cached: 0, generation: 50, preemptions: 0 })}process_virtual_memory_bytes 2.1e12\n`,
    });
    try {
      const config = join(dir, 'c.yml');
      await writeFile(
        config,
        'version: 1\ntarget: { url: "http://127.0.0.1:9/x" }\nrun: { requests: 8, warmup: 0, trials: 1 }\ngate: { metrics: { ttft_ms.p95: { gate: false } } }\nscenarios:\n  - { name: s, input_tokens: 16, output_tokens: 8 }\nloads:\n  - concurrency: 2\ntelemetry: { max_neighbour_cpu_share: 1, scrape_interval_ms: 200 }\n',
      );
      const out = join(dir, 'run.json');
      const path = (process.env.PATH ?? '')
        .split(delimiter)
        .filter((d) => !d.includes('nvidia'))
        .join(delimiter);
      const ran = await cli(['run', '--config', config, '--url', server.url, '--out', out], { env: { PATH: path } });
      expect(ran.code, ran.stdout + ran.stderr).toBe(0);
      const doc = JSON.parse(await readFile(out, 'utf8')) as ResultDoc;
      expect(doc.cells[0]!.telemetry!.dropped).toContain('engine/raw/process_virtual_memory_bytes: 2100000000000');
      // Before: exit 2, "is not a result this tool wrote: /cells/0/telemetry/...: 2100000000000 is beyond ±1000000000000".
      const compared = await cli(['compare', '--baseline', out, '--candidate', out]);
      expect(compared.code, compared.stdout + compared.stderr).toBe(0);
    } finally {
      await server.close();
    }
  }, 90_000);
});

describe('crafted files are refused, naming the field, never an internal error (issue 19, item 6)', () => {
  let dir: string;
  let good: string;
  beforeAll(async () => {
    buildDist();
    dir = await tempDir();
    good = await writeJson(dir, 'good.json', syntheticResult('good'));
  });

  it('`"config": {}` and a gate section of the wrong shape: exit 2 naming /config, no stack trace', async () => {
    const empty = await writeJson(
      dir,
      'empty-config.json',
      craftedResult((d) => ((d as { config: unknown }).config = {})),
    );
    const gate = await writeJson(
      dir,
      'gate.json',
      craftedResult((d) => ((d.config.gate as unknown as { metrics: unknown }).metrics = 'all')),
    );
    for (const [file, field] of [
      [empty, "/config: must have required property 'target'"],
      [gate, '/config/gate/metrics: must be object'],
    ] as const) {
      // Before: exit 70, "Cannot read properties of undefined (reading 'map')" and a stack trace.
      const ran = await cli(['compare', '--baseline', good, '--candidate', file]);
      expect(ran.code, ran.stdout + ran.stderr).toBe(2);
      expect(ran.stderr).toContain(field);
      noStack(ran.stderr);
    }
  }, 60_000);

  it('config.gate nested 200,000 deep: exit 2 naming the depth, within 256 MB', async () => {
    const doc = JSON.stringify(syntheticResult('deep')).replace('"gate":{', `"gate":{"x":${'['.repeat(200_000)}${']'.repeat(200_000)},`);
    const file = join(dir, 'deep.json');
    await writeFile(file, doc);
    // Before: RangeError: Maximum call stack size exceeded, exit 70.
    const t0 = performance.now();
    const ran = await cli(['compare', '--baseline', good, '--candidate', file], { env: SMALL_HEAP });
    expect(ran.code, ran.stdout + ran.stderr).toBe(2);
    expect(ran.stderr).toMatch(/deep\.json: is not a result this tool wrote: nested more than 100 deep/);
    noStack(ran.stderr);
    expect(performance.now() - t0).toBeLessThan(15_000);
  }, 30_000);

  it('merge with shard.count 2e8: exit 2 naming the missing shards, within 256 MB', async () => {
    const shard = await writeJson(
      dir,
      'shard.json',
      craftedResult((d) => (d.shard = { index: 0, count: 2e8, start_at: null, clock_offset_ms: null })),
    );
    // Before: 1.3 GB listing 2e8 missing shards, exit 70.
    const ran = await cli(['merge', shard, '--out', join(dir, 'merged.json')], { env: SMALL_HEAP });
    expect(ran.code, ran.stdout + ran.stderr).toBe(2);
    expect(ran.stderr).toContain('shards 1, 2, 3, 4, 5, 6, 7, 8, 9, 10 and 199999989 more of 200000000 missing');
    noStack(ran.stderr);
  }, 30_000);

  it('a 4 MB result of 2 million wrong items: refused at the first, in under 2 s in-process and within 256 MB through the CLI', async () => {
    const doc = craftedResult((d) => ((d.cells[0]!.metrics.samples as { ttft_ms: unknown[] }).ttft_ms = Array.from({ length: 2_000_000 }, () => 'x')));
    const text = JSON.stringify(doc);
    expect(text.length).toBeGreaterThan(4e6);
    const t0 = performance.now();
    // Before: 15 s and 790 MB, collecting 2 million errors.
    expect(() => parseResult(text, 'wrong.json')).toThrow(ResultFileError);
    expect(performance.now() - t0).toBeLessThan(2000);
    const file = join(dir, 'wrong.json');
    await writeFile(file, text);
    const ran = await cli(['compare', '--baseline', good, '--candidate', file], { env: SMALL_HEAP });
    expect(ran.code, ran.stdout + ran.stderr).toBe(2);
    expect(ran.stderr).toContain('/cells/0/metrics/samples/ttft_ms/0: must be number');
  }, 30_000);
});
