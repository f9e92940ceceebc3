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

async function abConfig(dir: string, a: string, b: string): Promise<string> {
  const path = join(dir, 'ab.yml');
  await writeFile(
    path,
    ['ab:', `  baseline: { url: "${a}" }`, `  candidate: { url: "${b}" }`, 'run: { requests: 20, warmup: 2, trials: 4, max_duration_s: 30 }', 'scenarios:', '  - { name: s, input_tokens: 16, output_tokens: 16 }', 'loads:', '  - concurrency: 2', 'telemetry: { max_neighbour_cpu_share: 1 }', ''].join('\n'),
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

  it('refuses a config without an ab section', async () => {
    const ran = await cli(['ab', '--config', 'test/fixtures/small.yml']);
    expect(ran.code).toBe(2);
    expect(ran.stderr).toContain("has no 'ab' section");
  });
});
