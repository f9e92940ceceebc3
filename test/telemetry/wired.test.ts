// Telemetry through the CLI, as a user gets it: `run` against the loopback
// server serving vLLM's /metrics with the fake nvidia-smi on PATH, the same
// without either, and `compare` on results whose cells were measured among
// noisy neighbours or whose environments differ.
import { readFile, writeFile } from 'node:fs/promises';
import { delimiter, join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ResultDoc } from '../../src/result/types.js';
import { buildDist, cli } from '../support/cli.js';
import { startFakeServer, type FakeServer } from '../support/fake-server.js';
import { tempDir } from '../support/measure.js';
import { FAKE_SMI_DIR, vllmMetrics } from './metrics-fixtures.js';

let server: FakeServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});
beforeAll(buildDist);

// A shared test machine: neighbours are checked on crafted results below, not on this machine's load.
const TELEMETRY = 'telemetry: { max_neighbour_cpu_share: 1, gpu_interval_ms: 100, scrape_interval_ms: 200 }';
const CONFIG = [
  'version: 1',
  'target: { url: "http://127.0.0.1:9/never-used" }',
  'run: { requests: 16, warmup: 2, trials: 2, max_duration_s: 20 }',
  // 32 samples: too few for the default-gated TTFT p95 (60); not gated, so reading the config raises no counts.
  'gate: { metrics: { ttft_ms.p95: { gate: false } } }',
  'scenarios:',
  '  - { name: s, input_tokens: 16, output_tokens: 12 }',
  'loads:',
  '  - concurrency: 2',
  TELEMETRY,
  '',
].join('\n');

/** A PATH without any nvidia-smi: the machine's own folders minus any that hold one. */
function pathWithoutSmi(): string {
  return (process.env.PATH ?? '')
    .split(delimiter)
    .filter((d) => !d.includes('nvidia'))
    .join(delimiter);
}

async function run(dir: string, name: string, env: NodeJS.ProcessEnv): Promise<{ doc: ResultDoc; stdout: string; md: string }> {
  const config = join(dir, `${name}.yml`);
  await writeFile(config, CONFIG);
  const out = join(dir, `${name}.json`);
  const md = join(dir, `${name}.md`);
  const ran = await cli(['run', '--config', config, '--url', server!.url, '--out', out, '--markdown', md], { env });
  expect(ran.code, ran.stdout + ran.stderr).toBe(0);
  return { doc: JSON.parse(await readFile(out, 'utf8')) as ResultDoc, stdout: ran.stdout + ran.stderr, md: await readFile(md, 'utf8') };
}

describe('telemetry in a run', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await tempDir();
  });

  it('records GPU and engine summaries per trial and cell, and the environment, and reports them', async () => {
    let generated = 0;
    server = await startFakeServer({
      metrics: () => {
        const s = server!;
        generated += s.inFlight * 3;
        return vllmMetrics({ running: s.inFlight, waiting: Math.max(0, s.inFlight - 1), kv: s.inFlight * 0.2, prompt: 100, cached: 0, generation: generated, preemptions: 0 });
      },
    });
    const { doc, stdout, md } = await run(dir, 'gpu', { PATH: `${FAKE_SMI_DIR}${delimiter}${process.env.PATH}` });
    const cell = doc.cells[0]!;
    expect(cell.trials).toHaveLength(2);
    for (const t of cell.trials) {
      expect(t.telemetry!.gpu.status).toBe('ok');
      expect(t.telemetry!.engine!.engine).toBe('vllm');
    }
    const tel = cell.telemetry!;
    expect(tel.gpu.gpus.map((g) => g.name)).toEqual(['NVIDIA H100 80GB HBM3', 'NVIDIA H100 80GB HBM3']);
    expect(tel.gpu.gpus[0]!.memory_used_mib!.max).toBeGreaterThanOrEqual(60000);
    expect(tel.gpu.gpus[0]!.utilization_pct!.samples).toBeGreaterThan(1);
    expect(tel.engine!.scrapes).toBeGreaterThanOrEqual(4);
    expect(tel.engine!.running!.max).toBeGreaterThan(0);
    expect(tel.engine!.kv_cache_usage!.max).toBeGreaterThan(0);
    expect(tel.engine!.token_check!.client_prompt).toBeGreaterThan(0);
    expect(tel.neighbours.limit).toBe(1);
    expect(tel.neighbours.flagged).toBe(false);
    expect(doc.environment!.gpus).toHaveLength(2);
    expect(doc.environment!.driver_version).toBe('550.54.15');
    expect(doc.environment!.model).toBe('fake-model');
    expect(stdout).toMatch(/trial 1\/2 s@c=2: telemetry: GPU \d+\.\d \/ 79\.6 GiB \(fullest of 2\) peak, \d+% util · vllm: KV cache peak \d+%/);
    expect(stdout).toContain('environment: 2 x NVIDIA H100 80GB HBM3 (driver 550.54.15, CUDA 12.4)');
    expect(md).toContain('### Server telemetry');
    expect(md).toMatch(/\| s@c=2 \| \d+\.\d \/ 79\.6 GiB \(fullest of 2\) \| \d+% \| \d+% \| \d+(\.\d)? \| \d+(\.\d)? \|/);
    expect(md).toContain('measured on: 2 × NVIDIA H100 80GB HBM3, driver 550.54.15, CUDA 12.4');
  }, 60_000);

  it('without /metrics and without a GPU records that, asks /metrics once, and changes nothing else', async () => {
    server = await startFakeServer();
    const { doc } = await run(dir, 'bare', { PATH: pathWithoutSmi() });
    const cell = doc.cells[0]!;
    expect(cell.metrics.counts.completed).toBe(32);
    expect(cell.telemetry!.gpu).toMatchObject({ status: 'absent', gpus: [] });
    expect(cell.telemetry!.engine).toBeNull();
    expect(server.requests.filter((r) => r.path === '/metrics')).toHaveLength(2); // once for the fingerprint, once before the first trial
    expect(doc.environment).toMatchObject({ gpu_status: 'absent', gpus: [], model: 'fake-model' });
    expect(doc.environment!.engine).toEqual({ name: 'unknown', version: 'fake-llm/1.0', source: 'server header' });
  }, 60_000);

  it('is left out entirely when telemetry is off', async () => {
    server = await startFakeServer();
    const config = join(dir, 'off.yml');
    await writeFile(config, CONFIG.replace(TELEMETRY, 'telemetry: { enabled: false }'));
    const out = join(dir, 'off.json');
    const ran = await cli(['run', '--config', config, '--url', server.url, '--out', out], { env: { PATH: `${FAKE_SMI_DIR}${delimiter}${process.env.PATH}` } });
    expect(ran.code, ran.stderr).toBe(0);
    const doc = JSON.parse(await readFile(out, 'utf8')) as ResultDoc;
    expect(doc.environment).toBeUndefined();
    expect(doc.cells[0]!.telemetry).toBeUndefined();
    expect(doc.cells[0]!.trials.every((t) => t.telemetry === undefined)).toBe(true);
    expect(server.requests.filter((r) => r.path === '/metrics')).toHaveLength(0);
  }, 60_000);
});

describe('the gate on telemetry', () => {
  let dir: string;
  let base: ResultDoc;
  beforeAll(async () => {
    dir = await tempDir();
    server = await startFakeServer();
    base = (await run(dir, 'base', { PATH: `${FAKE_SMI_DIR}${delimiter}${process.env.PATH}` })).doc;
    // This shared machine may saturate the client, which is invalid on its own; these tests are about telemetry's rules.
    for (const c of base.cells) for (const h of [c.client, ...c.trials.map((t) => t.client)]) Object.assign(h, { saturated: false, reasons: [] });
    // The gate weighs the difference of neighbour load between the sides: start from a quiet baseline, whatever this machine was doing.
    for (const c of base.cells) for (const t of [c.telemetry, ...c.trials.map((x) => x.telemetry)]) if (t) Object.assign(t.neighbours, { others_cpu_share: 0.01, flagged: false, reasons: [] });
    await server.close();
    server = null;
  }, 60_000);

  async function compareWith(edit: (d: ResultDoc) => void, telemetry = TELEMETRY): Promise<{ code: number | null; out: string; md: string }> {
    const cand = structuredClone(base);
    edit(cand);
    const b = join(dir, 'b.json');
    const c = join(dir, 'c.json');
    const config = join(dir, 'gate.yml');
    const md = join(dir, 'cmp.md');
    await writeFile(b, JSON.stringify(base));
    await writeFile(c, JSON.stringify(cand));
    await writeFile(config, CONFIG.replace(TELEMETRY, telemetry));
    const ran = await cli(['compare', '--baseline', b, '--candidate', c, '--config', config, '--markdown', md]);
    return { code: ran.code, out: ran.stdout + ran.stderr, md: await readFile(md, 'utf8') };
  }

  it('calls a cell measured among noisy neighbours invalid, naming the share', async () => {
    const r = await compareWith((d) => {
      const n = d.cells[0]!.telemetry!.neighbours;
      Object.assign(n, { others_cpu_share: 0.62, limit: 0.25, flagged: true, reasons: ["other processes used 62.0% of the machine's CPU"] });
    });
    expect(r.code, r.out).toBe(3);
    // The difference between the sides decides (issue 23, item 4): here more load beside the candidate, over the limit.
    expect(r.out).toMatch(/beside the baseline and 62\.0% beside the candidate: a difference over the 25\.0% limit \(telemetry\.max_neighbour_cpu_share\) leaves a pass worth nothing/);
    expect(r.md).toContain('**62% CPU, flagged**');
    const same = await compareWith(() => undefined);
    expect(same.code, same.out).toBe(0);
  }, 60_000);

  it('warns on a different GPU by default, and calls the comparison invalid when configured', async () => {
    const otherGpu = (d: ResultDoc): void => {
      for (const g of d.environment!.gpus) g.name = 'NVIDIA A10G';
    };
    const warned = await compareWith(otherGpu);
    expect(warned.code, warned.out).toBe(0);
    expect(warned.md).toContain('environment differs: gpu NVIDIA H100 80GB HBM3 + NVIDIA H100 80GB HBM3 -&#62; NVIDIA A10G + NVIDIA A10G');
    const invalid = await compareWith(otherGpu, 'telemetry: { max_neighbour_cpu_share: 1, fingerprint_differences: invalid }');
    expect(invalid.code, invalid.out).toBe(3);
    expect(invalid.out).toContain('(telemetry.fingerprint_differences: invalid)');
    // A minor difference (the driver) stays a warning either way.
    const driver = await compareWith((d) => (d.environment!.driver_version = '560.35.03'), 'telemetry: { max_neighbour_cpu_share: 1, fingerprint_differences: invalid }');
    expect(driver.code, driver.out).toBe(0);
    expect(driver.md).toContain('environment differs: driver 550.54.15');
  }, 60_000);
});
