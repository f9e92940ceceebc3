// `llm-perf-gate ab`: two targets measured in interleaved pairs and compared with the paired design.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { VerdictDoc } from '../../src/gate/verdict.js';
import type { ResultDoc } from '../../src/result/types.js';
import { buildDist, cli } from '../support/cli.js';
import { startFakeServer, type FakeServer } from '../support/fake-server.js';
import { tempDir } from '../support/measure.js';

const servers: FakeServer[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await s.close();
});
beforeAll(buildDist);

async function abConfig(
  dir: string,
  a: string,
  b: string,
  run = 'run: { requests: 20, warmup: 2, trials: 4, max_duration_s: 30, budget: false }',
  telemetry = 'telemetry: { max_neighbour_cpu_share: 1 }',
): Promise<string> {
  const path = join(dir, 'ab.yml');
  await writeFile(
    path,
    [
      'ab:',
      `  baseline: { url: "${a}" }`,
      `  candidate: { url: "${b}" }`,
      run,
      'scenarios:',
      '  - { name: s, input_tokens: 16, output_tokens: 16 }',
      'loads:',
      '  - concurrency: 2',
      telemetry,
      '',
    ].join('\n'),
  );
  return path;
}

describe('llm-perf-gate ab', () => {
  it('pairs every trial of both targets, in a seeded random order, and fails a slower candidate with the paired design', async () => {
    const a = await startFakeServer({ ttftMs: 8, gapMs: 3 });
    const b = await startFakeServer({ ttftMs: 8, gapMs: 4 });
    servers.push(a, b);
    const dir = await tempDir();
    const config = await abConfig(dir, a.url, b.url);
    const ran = await cli(['ab', '--config', config, '--out-dir', join(dir, 'out'), '--json', join(dir, 'v.json')]);
    expect(ran.code, ran.stdout + ran.stderr).toBe(1);
    expect(ran.stderr).toMatch(/trial 1\/4 \[baseline\] s@c=2/);
    expect(ran.stderr).toMatch(/trial 4\/4 \[candidate\] s@c=2/);
    const v = JSON.parse(await readFile(join(dir, 'v.json'), 'utf8')) as VerdictDoc;
    expect(v.design).toBe('paired');
    expect(v.verdict).toBe('fail');
    expect(v.cells[0]!.metrics.find((m) => m.metric === 'output_tps')!.method).toBe('paired');
    const base = JSON.parse(await readFile(join(dir, 'out', 'baseline.json'), 'utf8')) as ResultDoc;
    const cand = JSON.parse(await readFile(join(dir, 'out', 'candidate.json'), 'utf8')) as ResultDoc;
    expect(base.ab!.run_id).toBe(cand.ab!.run_id);
    expect([base.ab!.side, cand.ab!.side]).toEqual(['baseline', 'candidate']);
    expect(base.cells[0]!.trials.map((t) => t.pair)).toEqual([0, 1, 2, 3]);
    expect(base.cells[0]!.workload_hash).toBe(cand.cells[0]!.workload_hash);
    // The same prompts went to both sides, and the order of the sides varied between pairs.
    const prompts = (s: FakeServer): string[] => s.requests.filter((r) => r.completionIndex !== null).map((r) => r.body.messages[0].content as string);
    expect(prompts(a).sort()).toEqual(prompts(b).sort());
    const firstOf = (t: number): string => (base.cells[0]!.trials[t]!.started_at < cand.cells[0]!.trials[t]!.started_at ? 'a' : 'b');
    expect(new Set([0, 1, 2, 3].map(firstOf)).size).toBe(2);
  }, 60_000);

  it('measured sequentially, stops at the first look once a gross slowdown is decided, and says what the verdict cost', async () => {
    const a = await startFakeServer({ ttftMs: 8, gapMs: 3 });
    const b = await startFakeServer({ ttftMs: 8, gapMs: 6 });
    servers.push(a, b);
    const dir = await tempDir();
    const config = await abConfig(dir, a.url, b.url, 'run: { requests: 20, warmup: 2, trials: 4, max_duration_s: 30, budget: { trials: 8 } }');
    const ran = await cli(['ab', '--config', config, '--out-dir', join(dir, 'out'), '--json', join(dir, 'v.json'), '--markdown', join(dir, 'r.md')]);
    expect(ran.code, ran.stdout + ran.stderr).toBe(1);
    expect(ran.stderr).toContain('after 4 pairs: a regression is decided: stopping');
    const v = JSON.parse(await readFile(join(dir, 'v.json'), 'utf8')) as VerdictDoc;
    expect(v.verdict).toBe('fail');
    expect(v.sequential).toEqual({ first: 4, last: 8, trials: 4 });
    // Judged at the first look's level, stricter than the fixed design's 90%.
    expect(v.settings.confidence).toBeGreaterThan(0.98);
    expect(v.cost).toMatchObject({ trials: 4, requests: 160, budget: { trials: 8, minutes: 30, stopped: 'decided' } });
    expect(v.cost!.wall_s).toBeGreaterThan(0);
    expect(v.cost!.server_minutes).toBeCloseTo((2 * v.cost!.wall_s) / 60, 1);
    expect(ran.stdout).toMatch(/cost: 4 pairs, 160 requests, .* \(sequential, stopped when every gated metric was decided; budget 8 pairs, 30 min\)\./);
    expect(await readFile(join(dir, 'r.md'), 'utf8')).toContain('**Cost:** 4 pairs, 160 requests');
    // The results say how the run looked, so compare judges them at the level the run stopped by.
    const base = JSON.parse(await readFile(join(dir, 'out', 'baseline.json'), 'utf8')) as ResultDoc;
    expect(base.ab!.looks).toEqual({ first: 4, last: 8 });
    const again = await cli(['compare', '--baseline', join(dir, 'out', 'baseline.json'), '--candidate', join(dir, 'out', 'candidate.json'), '--json', join(dir, 'c.json')]);
    expect(again.code).toBe(1);
    const c = JSON.parse(await readFile(join(dir, 'c.json'), 'utf8')) as VerdictDoc;
    expect(c.settings).toEqual(v.settings);
  }, 90_000);

  it('measured sequentially, goes on to the budget while a metric is undecided, and says in plain words what the data rule out', async () => {
    // The same server twice, each first token up to 150 ms late at random: a TTFT p95 that 5 pairs cannot pin within 10%.
    const a = await startFakeServer({ ttftMs: 20, ttftJitterMs: 150, gapMs: 2 });
    const b = await startFakeServer({ ttftMs: 20, ttftJitterMs: 150, gapMs: 2 });
    servers.push(a, b);
    const dir = await tempDir();
    const config = await abConfig(dir, a.url, b.url, 'run: { requests: 20, warmup: 1, trials: 3, max_duration_s: 30, budget: { trials: 5 } }', 'telemetry: { enabled: false }');
    const ran = await cli(['ab', '--config', config, '--out-dir', join(dir, 'out'), '--json', join(dir, 'v.json'), '--markdown', join(dir, 'r.md')]);
    const v = JSON.parse(await readFile(join(dir, 'v.json'), 'utf8')) as VerdictDoc;
    expect(['inconclusive', 'warn'], ran.stdout + ran.stderr).toContain(v.verdict);
    expect(ran.stderr).toMatch(/after 3 pairs: \d gated metrics? undecided \(.*ttft_ms\.p95.*\): measuring pair 4 of at most 5/);
    expect(v.cost).toMatchObject({ trials: 5, budget: { trials: 5, stopped: 'budget-trials' } });
    const md = await readFile(join(dir, 'r.md'), 'utf8');
    expect(md).toMatch(/\*\*Undecided after 5 pairs, the budget: .*TTFT p95 moved [+-]\d+(\.\d+)?%, no rise beyond \d+(\.\d+)?%/);
    expect(ran.stdout).toMatch(/^Undecided after 5 pairs, the budget: /m);
  }, 120_000);

  it('takes turns in blocks of requests (ab.interleave: blocks, the default), each side with rates over its own blocks alone', async () => {
    const a = await startFakeServer({ ttftMs: 10, gapMs: 2 });
    const b = await startFakeServer({ ttftMs: 10, gapMs: 2 });
    servers.push(a, b);
    const dir = await tempDir();
    // c=2: blocks of 8 measured requests, the warm-up's 2 with the first.
    const config = await abConfig(dir, a.url, b.url, 'run: { requests: 30, warmup: 2, trials: 2, max_duration_s: 30, budget: false }', 'telemetry: { enabled: false }');
    const ran = await cli(['ab', '--config', config, '--out-dir', join(dir, 'out'), '--json', join(dir, 'v.json')]);
    expect(ran.code, ran.stdout + ran.stderr).toBe(0);
    // Every request of both servers in the order they arrived: runs of one server, alternating.
    const arrivals = [...a.requests.map((r) => ({ at: r.receivedAt, who: 'a' })), ...b.requests.map((r) => ({ at: r.receivedAt, who: 'b' }))].sort((x, y) => x.at - y.at);
    const completions = (s: FakeServer): number => s.requests.filter((r) => r.completionIndex !== null).length;
    expect(completions(a)).toBe(2 * 32);
    const runs: string[] = [];
    for (const r of arrivals) if (runs.length === 0 || runs[runs.length - 1] !== r.who) runs.push(r.who);
    // 2 trials x 4 blocks a side, taking turns: at least 6 runs of one server at a time, never a mix inside a block.
    expect(runs.length).toBeGreaterThanOrEqual(8);
    const base = JSON.parse(await readFile(join(dir, 'out', 'baseline.json'), 'utf8')) as ResultDoc;
    const cand = JSON.parse(await readFile(join(dir, 'out', 'candidate.json'), 'utf8')) as ResultDoc;
    expect(base.cells[0]!.trials.map((t) => t.block_requests)).toEqual([8, 8]);
    // Each side's window is its own blocks end to end: its throughput is not halved by the other side's turns.
    for (const d of [base, cand]) {
      for (const t of d.cells[0]!.trials) {
        const window = (30 * 16) / t.metrics.output_tps;
        expect(window).toBeLessThan(t.duration_s * 1.1);
      }
    }
    const v = JSON.parse(await readFile(join(dir, 'v.json'), 'utf8')) as VerdictDoc;
    const tps = v.cells[0]!.metrics.find((m) => m.metric === 'output_tps')!;
    expect(Math.abs(tps.change_pct!)).toBeLessThan(10);
  }, 60_000);

  it('refuses a config without an ab section', async () => {
    const ran = await cli(['ab', '--config', 'test/fixtures/small.yml']);
    expect(ran.code).toBe(2);
    expect(ran.stderr).toContain("has no 'ab' section");
  });
});
