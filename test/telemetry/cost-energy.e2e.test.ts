// Cost and energy per token through the built CLI, as a user gets them: `run`
// with `cost:` against the loopback fake server, with the fake nvidia-smi on
// PATH drawing a set power; the figures in the result, the terminal and the
// Markdown report; and `compare` gating on them (or not) between real runs.
import { readFile, writeFile } from 'node:fs/promises';
import { delimiter, join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { readResult } from '../../src/result/read.js';
import type { ResultDoc } from '../../src/result/types.js';
import { buildDist, cli } from '../support/cli.js';
import { startFakeServer, type FakeSchedule, type FakeServer } from '../support/fake-server.js';
import { tempDir } from '../support/measure.js';
import { FAKE_SMI_DIR } from './metrics-fixtures.js';

let server: FakeServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});
beforeAll(buildDist);

// Only the metric under test is gated, so runs measured apart on a shared machine are judged on it alone.
const UNGATED = 'output_tps: { gate: false }, error_rate: { gate: false }, ttft_ms.p95: { gate: false }, tpot_ms.p50: { gate: false }';
function config(o: { cost?: string; gate?: string }): string {
  return [
    'version: 1',
    'target: { url: "http://127.0.0.1:9/never-used" }',
    'run: { requests: 24, warmup: 2, trials: 3, max_duration_s: 30 }',
    `gate: { bootstrap_iterations: 200, metrics: { ${UNGATED}${o.gate === undefined ? '' : `, ${o.gate}`} } }`,
    'scenarios:',
    '  - { name: s, input_tokens: 16, output_tokens: 12 }',
    'loads:',
    '  - concurrency: 2',
    'telemetry: { max_neighbour_cpu_share: 1, gpu_interval_ms: 100, scrape_interval_ms: 200 }',
    ...(o.cost === undefined ? [] : [`cost: ${o.cost}`]),
    '',
  ].join('\n');
}

const withSmi = (watts: number): NodeJS.ProcessEnv => ({ PATH: `${FAKE_SMI_DIR}${delimiter}${process.env.PATH}`, FAKE_SMI_POWER: String(watts) });

async function run(dir: string, name: string, o: { cost?: string; watts: number; schedule?: Partial<FakeSchedule> }): Promise<{ doc: ResultDoc; path: string; stdout: string; md: string }> {
  server = await startFakeServer(o.schedule ?? {});
  try {
    const cfg = join(dir, `${name}.yml`);
    await writeFile(cfg, config({ ...(o.cost === undefined ? {} : { cost: o.cost }) }));
    const out = join(dir, `${name}.json`);
    const md = join(dir, `${name}.md`);
    const ran = await cli(['run', '--config', cfg, '--url', server.url, '--out', out, '--markdown', md], { env: withSmi(o.watts) });
    expect(ran.code, ran.stdout + ran.stderr).toBe(0);
    const doc = JSON.parse(await readFile(out, 'utf8')) as ResultDoc;
    // This shared machine may saturate the client, which is invalid on its own; these tests are about cost and energy.
    for (const c of doc.cells) for (const h of [c.client, ...c.trials.map((t) => t.client)]) Object.assign(h, { saturated: false, reasons: [] });
    // Nor the other work on it: the gate widens its thresholds by the difference of neighbour load between the sides (docs/gate.md).
    for (const c of doc.cells) for (const t of [c.telemetry, ...c.trials.map((x) => x.telemetry)]) if (t) Object.assign(t.neighbours, { others_cpu_share: 0.01, flagged: false, reasons: [] });
    await writeFile(out, JSON.stringify(doc));
    return { doc, path: out, stdout: ran.stdout + ran.stderr, md: await readFile(md, 'utf8') };
  } finally {
    await server.close();
    server = null;
  }
}

async function compare(
  dir: string,
  base: string,
  cand: string,
  gate?: string,
): Promise<{ code: number | null; out: string; md: string; verdict: { cells: { metrics: { metric: string; verdict: string; gated: boolean; reason: string }[] }[] } }> {
  const cfg = join(dir, `gate-${Math.random().toString(36).slice(2)}.yml`);
  await writeFile(cfg, config(gate === undefined ? {} : { gate }));
  const md = join(dir, 'cmp.md');
  const json = join(dir, 'cmp.json');
  const ran = await cli(['compare', '--baseline', base, '--candidate', cand, '--config', cfg, '--markdown', md, '--json', json]);
  return { code: ran.code, out: ran.stdout + ran.stderr, md: await readFile(md, 'utf8'), verdict: JSON.parse(await readFile(json, 'utf8')) };
}

const metricOf = (v: Awaited<ReturnType<typeof compare>>['verdict'], id: string) => v.cells[0]!.metrics.find((m) => m.metric === id)!;

describe('cost and energy per token', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await tempDir();
  });

  it('are computed per trial and pooled from the throughput, the price and the sampled power, and reported', async () => {
    const { doc, path, stdout, md } = await run(dir, 'priced', { cost: '{ gpu_hour_usd: 2.5, gpus: 2 }', watts: 300 });
    expect(doc.config.cost).toEqual({ gpu_hour_usd: 2.5, gpus: 2 });
    const cell = doc.cells[0]!;
    // $5 an hour: cost per million tokens = 5 / (tok/s x 3600) x 1e6, to six significant digits.
    const cost = (tps: number): number => Number(((5 * 1e6) / (tps * 3600)).toPrecision(6));
    for (const m of [cell.metrics, ...cell.trials.map((t) => t.metrics)]) {
      expect(m.cost_per_mtok_output_usd).toBe(cost(m.output_tps));
      expect(m.cost_per_mtok_total_usd).toBe(cost(m.total_tps));
    }
    // GPU 0 draws a steady 300 W (GPU 1 reads [N/A] and is not counted): each trial's energy is 300 W x its measured window.
    let joules = 0;
    let tokens = 0;
    for (const t of cell.trials) {
      const e = t.telemetry!.gpu.energy!;
      expect(e).toMatchObject({ method: 'trapezoid', gpus_counted: 1 });
      expect(e.window_s).toBeCloseTo(t.metrics.window_s, 2);
      expect(e.joules!).toBeCloseTo(300 * t.metrics.window_s, 0);
      expect(t.telemetry!.gpu.gpus.map((g) => g.energy_j === null)).toEqual([false, true]);
      const out = cell.metrics.samples.n_out.slice(t.samples.from, t.samples.to).reduce((a, b) => a + b, 0);
      expect(t.metrics.energy_per_output_token_j).toBeCloseTo(e.joules! / out, 4);
      joules += e.joules!;
      tokens += out;
    }
    expect(cell.metrics.energy_per_output_token_j).toBeCloseTo(joules / tokens, 4);
    // The run's own result reads back.
    await expect(readResult(path)).resolves.toMatchObject({ cells: [{ id: 's@c=2' }] });
    expect(stdout).toContain('cost and energy at $2.5/GPU-hour x 2 GPUs:');
    expect(stdout).toMatch(/s@c=2: \$[\d.]+\/M output tok, \$[\d.]+\/M total tok, [\d.]+ J\/output tok/);
    expect(md).toContain('### Cost and energy');
    expect(md).toContain('price $2.5/GPU-hour x 2 GPUs');
    const sig = (x: number): string => Number(x.toPrecision(4)).toString();
    const cellsOf = (x: number): string => ` +${sig(x).replace('.', '\\.')} +\\|`;
    expect(md).toMatch(
      new RegExp(`\\| s@c=2 +\\|${cellsOf(cell.metrics.cost_per_mtok_output_usd!)}${cellsOf(cell.metrics.cost_per_mtok_total_usd!)}${cellsOf(cell.metrics.energy_per_output_token_j!)}`),
    );
    console.log(
      `figures: output_tps ${cell.metrics.output_tps}, total_tps ${cell.metrics.total_tps}, cost ${cell.metrics.cost_per_mtok_output_usd} USD/M output tok, ${cell.metrics.cost_per_mtok_total_usd} USD/M total tok, energy ${cell.metrics.energy_per_output_token_j} J/output tok at 300 W`,
    );
  }, 120_000);

  it('examples/cost.yml runs as written: cost and energy per token in the result, the terminal and the report', async () => {
    server = await startFakeServer();
    const out = join(dir, 'example.json');
    const md = join(dir, 'example.md');
    const ran = await cli(['run', '--config', 'examples/cost.yml', '--url', server.url, '--out', out, '--markdown', md], { env: withSmi(350) });
    expect(ran.code, ran.stdout + ran.stderr).toBe(0);
    const doc = JSON.parse(await readFile(out, 'utf8')) as ResultDoc;
    const m = doc.cells[0]!.metrics;
    expect(m.cost_per_mtok_output_usd).toBe(Number(((2.5 * 1e6) / (m.output_tps * 3600)).toPrecision(6)));
    expect(m.energy_per_output_token_j).toBeGreaterThan(0);
    expect(ran.stdout).toContain('cost and energy at $2.5/GPU-hour x 1 GPU:');
    expect(await readFile(md, 'utf8')).toContain('### Cost and energy');
    console.log(
      `examples/cost.yml: ${m.output_tps} output tok/s, ${m.total_tps} total tok/s, $${m.cost_per_mtok_output_usd}/M output tok, $${m.cost_per_mtok_total_usd}/M total tok, ${m.energy_per_output_token_j} J/output tok at 350 W`,
    );
  }, 120_000);

  it('without cost: or a GPU have no such fields, and the report no such section', async () => {
    const { doc, md } = await run(dir, 'plain', { watts: 300 });
    const m = doc.cells[0]!.metrics;
    expect(m.cost_per_mtok_output_usd).toBeUndefined();
    expect(m.energy_per_output_token_j).toBeGreaterThan(0);
    server = await startFakeServer();
    const cfg = join(dir, 'nogpu.yml');
    await writeFile(cfg, config({ cost: '{ node_hour_usd: 20 }' }));
    const out = join(dir, 'nogpu.json');
    const noSmi = (process.env.PATH ?? '')
      .split(delimiter)
      .filter((d) => !d.includes('nvidia'))
      .join(delimiter);
    const ran = await cli(['run', '--config', cfg, '--url', server.url, '--out', out], { env: { PATH: noSmi } });
    expect(ran.code, ran.stderr).toBe(0);
    const bare = (JSON.parse(await readFile(out, 'utf8')) as ResultDoc).cells[0]!.metrics;
    expect(bare.energy_per_output_token_j).toBeUndefined();
    expect(bare.cost_per_mtok_output_usd).toBeGreaterThan(0);
    expect(md).toContain('### Cost and energy');
  }, 120_000);

  it('energy per token fails the gate when gated and it doubles, and passes when not gated', async () => {
    const base = await run(dir, 'e-base', { watts: 300 });
    const cand = await run(dir, 'e-cand', { watts: 600 });
    const gated = await compare(dir, base.path, cand.path, 'energy_per_output_token_j: { gate: true }');
    expect(gated.code, gated.out).toBe(1);
    expect(metricOf(gated.verdict, 'energy_per_output_token_j')).toMatchObject({ gated: true, verdict: 'regressed' });
    expect(gated.md).toMatch(/energy_per_output_token_j regressed/);
    const ungated = await compare(dir, base.path, cand.path);
    expect(ungated.code, ungated.out).toBe(0);
    expect(metricOf(ungated.verdict, 'energy_per_output_token_j')).toMatchObject({ gated: false });
    console.log(`energy: baseline ${base.doc.cells[0]!.metrics.energy_per_output_token_j} J/tok at 300 W, candidate ${cand.doc.cells[0]!.metrics.energy_per_output_token_j} J/tok at 600 W`);
  }, 180_000);

  it('cost per token fails the gate when gated and throughput halves at one price, and is not compared across prices', async () => {
    const base = await run(dir, 'c-base', { cost: '{ gpu_hour_usd: 2.5 }', watts: 300, schedule: { gapMs: 5 } });
    const slow = await run(dir, 'c-slow', { cost: '{ gpu_hour_usd: 2.5 }', watts: 300, schedule: { gapMs: 15 } });
    const gated = await compare(dir, base.path, slow.path, 'cost_per_mtok_output_usd: { gate: true }');
    expect(gated.code, gated.out).toBe(1);
    expect(metricOf(gated.verdict, 'cost_per_mtok_output_usd')).toMatchObject({ gated: true, verdict: 'regressed' });
    const ungated = await compare(dir, base.path, slow.path);
    expect(ungated.code, ungated.out).toBe(0);
    // The same work at another price: cost is not compared, and that is said; the run is not "different work".
    const repriced = await run(dir, 'c-repriced', { cost: '{ node_hour_usd: 20 }', watts: 300, schedule: { gapMs: 5 } });
    const across = await compare(dir, base.path, repriced.path, 'cost_per_mtok_output_usd: { gate: true }');
    expect(metricOf(across.verdict, 'cost_per_mtok_output_usd')).toMatchObject({ verdict: 'inconclusive' });
    expect(metricOf(across.verdict, 'cost_per_mtok_output_usd').reason).toContain('priced differently (baseline $2.5/GPU-hour x 1 GPU, candidate $20/node-hour)');
    expect(across.out).not.toMatch(/different work|workload hash/);
    console.log(
      `cost: baseline ${base.doc.cells[0]!.metrics.cost_per_mtok_output_usd} USD/M output tok (${base.doc.cells[0]!.metrics.output_tps} tok/s), slower candidate ${slow.doc.cells[0]!.metrics.cost_per_mtok_output_usd} (${slow.doc.cells[0]!.metrics.output_tps} tok/s)`,
    );
  }, 240_000);
});
