// Shards run as separate processes (the built CLI, `run --shard i/n`) and
// merged equal one process running the same plan, within measurement noise.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mergeShards, type ShardFile } from '../../src/result/merge.js';
import type { ResultDoc } from '../../src/result/types.js';
import { validateResult } from '../../src/result/validate.js';
import { buildDist, cli } from '../support/cli.js';
import { startFakeServer, type FakeServer } from '../support/fake-server.js';
import { tempDir } from '../support/measure.js';

const CONFIG = 'test/fixtures/shard.yml';
// The fake server's schedule is fixed (TTFT 100 ms, a chunk every 10 ms):
// what differs between runs is the client's and the machine's noise, which on
// a 2-core machine shared with other jobs reached 130 ms at p90 between two
// single-process runs. Tolerances, stated: TTFT and E2E p50 within 25% (or
// 15 ms); closed-loop rps within 30%; tails are not compared across runs.
// What the merge itself must get exactly right is checked against the shards'
// own files: counts add, and every merged percentile lies within the shards'.
const P50_TOLERANCE = 0.25;
const MS_FLOOR = 15;
const RPS_TOLERANCE = 0.3;

let server: FakeServer;
let dir: string;
const read = async (file: string): Promise<ResultDoc> => JSON.parse(await readFile(file, 'utf8')) as ResultDoc;
const prompts = (): string[] =>
  server.requests
    .filter((r) => r.completionIndex !== null)
    .map((r) => r.body.messages[0].content as string)
    .sort();

beforeAll(async () => {
  buildDist();
  server = await startFakeServer({ ttftMs: 100, gapMs: 10 });
  dir = await tempDir();
});
afterAll(async () => server.close());

async function runShards(n: number, config = CONFIG): Promise<{ merged: ResultDoc; files: string[]; stdout: string }> {
  const at = new Date(Date.now() + 1500).toISOString();
  const files = [...Array(n).keys()].map((i) => join(dir, `n${n}-shard-${i}.json`));
  const ran = await Promise.all(files.map((out, i) => cli(['run', '--config', config, '--url', server.url, '--out', out, '--shard', `${i}/${n}`, '--start-at', at])));
  for (const r of ran) expect(r.code, r.stderr).toBe(0);
  const out = join(dir, `merged-${n}.json`);
  const merged = await cli(['merge', ...files, '--out', out]);
  expect(merged.code, merged.stderr).toBe(0);
  return { merged: await read(out), files, stdout: merged.stdout };
}

describe('run --shard i/n, then merge', () => {
  let single: ResultDoc;
  let singlePrompts: string[];

  beforeAll(async () => {
    server.requests.length = 0;
    const out = join(dir, 'single.json');
    const r = await cli(['run', '--config', CONFIG, '--url', server.url, '--out', out]);
    expect(r.code, r.stderr).toBe(0);
    single = await read(out);
    singlePrompts = prompts();
  });

  it.each([
    [1, CONFIG],
    [2, CONFIG],
    [4, CONFIG],
    // The bundle's worker threads (dist/worker.js) inside each shard: 2 machines x 2 workers.
    [2, 'test/fixtures/shard-workers.yml'],
  ])('%i shard(s) as separate processes (%s) equal one process', async (n, config) => {
    server.requests.length = 0;
    const { merged, stdout, files } = await runShards(n, config);
    const shards = await Promise.all(files.map(read));
    expect(stdout).toContain(`merged ${n} shards`);
    // The shards together sent exactly the single process's requests.
    expect(prompts()).toEqual(singlePrompts);
    expect(validateResult(merged)).toEqual([]);
    expect(merged.shard).toBeUndefined();
    expect(merged.merged!.shards.map((s) => s.index)).toEqual([...Array(n).keys()]);
    expect(merged.workload_hash).toBe(single.workload_hash);
    expect(merged.config_hash).toBe(single.config_hash);
    for (const cell of single.cells) {
      const m = merged.cells.find((c) => c.id === cell.id)!;
      expect(m.shards!.map((s) => s.index)).toEqual([...Array(n).keys()]);
      expect(m.metrics.counts).toEqual(cell.metrics.counts);
      expect(m.metrics.samples.n_out.reduce((a, b) => a + b, 0)).toBe(cell.metrics.samples.n_out.reduce((a, b) => a + b, 0));
      expect([...m.metrics.samples.n_in].sort()).toEqual([...cell.metrics.samples.n_in].sort());
      expect(m.metrics.itl_ms!.n).toBe(cell.metrics.itl_ms!.n);
      expect(m.trials[0]!.samples).toEqual(cell.trials[0]!.samples);
      for (const metric of ['ttft_ms', 'e2e_ms'] as const) {
        const [got, want] = [m.metrics[metric]!.p50!, cell.metrics[metric]!.p50!];
        expect(Math.abs(got - want), `${cell.id} ${metric} p50 ${got} vs ${want}`).toBeLessThan(Math.max(MS_FLOOR, P50_TOLERANCE * want));
      }
      for (const metric of ['ttft_ms', 'e2e_ms', 'itl_ms', 'tpot_ms', 'queued_e2e_ms'] as const) {
        const parts = shards.map((d) => d.cells.find((c) => c.id === cell.id)!.metrics[metric]!);
        const whole = m.metrics[metric]!;
        expect(whole.n).toBe(parts.reduce((a, d) => a + d.n, 0));
        for (const p of ['p50', 'p90'] as const) {
          const values = parts.map((d) => d[p]).filter((v): v is number => v !== null);
          if (values.length === 0 || whole[p] === null) continue;
          // 0.1%: the histogram's resolution.
          expect(whole[p]!, `${cell.id} ${metric} ${p}`).toBeGreaterThanOrEqual(Math.min(...values) * 0.999);
          expect(whole[p]!, `${cell.id} ${metric} ${p}`).toBeLessThanOrEqual(Math.max(...values) * 1.001);
        }
      }
      if (cell.load.kind === 'concurrency') expect(Math.abs(m.metrics.rps / cell.metrics.rps - 1), `${cell.id} rps`).toBeLessThan(RPS_TOLERANCE);
    }
  });

  it('refuses bad shard sets, each with a clear message', async () => {
    const { files } = await runShards(2);
    const [a, b] = await Promise.all(files.map(read));
    const f = (file: string, doc: ResultDoc): ShardFile => ({ file, doc });
    const edit = (doc: ResultDoc, change: (d: ResultDoc) => void): ResultDoc => {
      const copy = structuredClone(doc);
      change(copy);
      return copy;
    };
    expect(() =>
      mergeShards([
        f('a', a!),
        f(
          'b',
          edit(b!, (d) => (d.config = { ...d.config, seed: 99 })),
        ),
      ]),
    ).toThrow(/b and a have different seeds \(99 vs 11\)/);
    expect(() =>
      mergeShards([
        f('a', a!),
        f(
          'b',
          edit(b!, (d) => (d.config_hash = 'other')),
        ),
      ]),
    ).toThrow(/b and a have different plans \(config hash\)/);
    expect(() =>
      mergeShards([
        f('a', a!),
        f(
          'b',
          edit(b!, (d) => (d.shard!.count = 3)),
        ),
      ]),
    ).toThrow(/different shard counts \(3 vs 2\)/);
    expect(() => mergeShards([f('a', a!), f('a2', a!)])).toThrow(/shard 0\/2 is given twice: a and a2/);
    expect(() => mergeShards([f('b', b!)])).toThrow(/shard 0 of 2 missing/);
    expect(() =>
      mergeShards([
        f('a', a!),
        f(
          's',
          edit(b!, (d) => delete d.shard),
        ),
      ]),
    ).toThrow(/s is not a shard result/);
    expect(() =>
      mergeShards([
        f('a', a!),
        f(
          'b',
          edit(b!, (d) => (d.cells[0]!.workload_hash = 'x')),
        ),
      ]),
    ).toThrow(/sent different workloads in cell 'short@c=6'/);
    expect(() =>
      mergeShards([
        f('a', a!),
        f(
          'b',
          edit(b!, (d) => d.cells.pop()),
        ),
      ]),
    ).toThrow(/b has no cell 'short@r=60\/s'/);
    // Through the CLI: exit 2 with the message.
    const missing = await cli(['merge', files[1]!, '--out', join(dir, 'x.json')]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/error: shard 0 of 2 missing/);
  });

  it('refuses a split that leaves a shard idle, and a bad --shard, before any load', async () => {
    const idle = await cli(['run', '--config', CONFIG, '--url', server.url, '--out', join(dir, 'idle.json'), '--shard', '6/7']);
    expect(idle.code).toBe(2);
    expect(idle.stderr).toMatch(/cannot split the plan into 7 shards: load 'c=6' has concurrency 6, fewer than 7 shards/);
    const bad = await cli(['run', '--config', CONFIG, '--url', server.url, '--shard', '2/2']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--shard wants I\/N with 0 <= I < N/);
    const when = await cli(['run', '--config', CONFIG, '--url', server.url, '--shard', '0/2', '--start-at', 'tomorrow']);
    expect(when.stderr).toMatch(/--start-at wants an ISO 8601 time/);
  });
});
