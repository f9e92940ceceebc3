// `llm-perf-gate calibrate --baseline --candidate` through the built CLI: a
// sequential budget from the two stored sides of an A/A paired run, nothing
// measured.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { buildDist, cli } from '../support/cli.js';
import { tempDir } from '../support/measure.js';
import { REALISTIC, syntheticResult } from '../support/synthetic.js';

beforeAll(buildDist);

async function aaFiles(dir: string): Promise<{ b: string; c: string }> {
  const t = { ...REALISTIC, trialCv: 0.03, trials: 8, requests: 64 };
  const b = join(dir, 'baseline.json');
  const c = join(dir, 'candidate.json');
  await writeFile(b, JSON.stringify(syntheticResult('cli|b', t, {}, { run_id: 'r', side: 'baseline' })));
  await writeFile(c, JSON.stringify(syntheticResult('cli|c', t, {}, { run_id: 'r', side: 'candidate' })));
  return { b, c };
}

describe('llm-perf-gate calibrate --baseline --candidate', () => {
  it('recommends a budget from the pairs, and writes the report and the JSON', async () => {
    const dir = await tempDir();
    const { b, c } = await aaFiles(dir);
    const md = join(dir, 'budget.md');
    const json = join(dir, 'budget.json');
    const ran = await cli(['calibrate', '--baseline', b, '--candidate', c, '--markdown', md, '--json', json]);
    expect(ran.code, ran.stdout + ran.stderr).toBe(0);
    expect(ran.stdout).toMatch(/chat@c=4\s+output_tps\s+8\s/);
    const doc = JSON.parse(await readFile(json, 'utf8')) as { schema: string; pairs: number; yaml: string };
    expect(doc.schema).toBe('llm-perf-gate/budget-advice@1');
    expect(doc.pairs).toBeGreaterThanOrEqual(3);
    expect(ran.stdout).toContain(`Recommended budget: ${doc.pairs} pairs`);
    expect((parse(doc.yaml) as { run: { budget: { trials: number } } }).run.budget.trials).toBe(doc.pairs);
    expect(await readFile(md, 'utf8')).toContain('```yaml\nrun:\n  budget:');
  });

  it('exits 2 for half a pair of files, or with options that measure', async () => {
    const dir = await tempDir();
    const { b, c } = await aaFiles(dir);
    const half = await cli(['calibrate', '--baseline', b]);
    expect(half.code).toBe(2);
    expect(half.stderr).toContain('--baseline and --candidate go together');
    expect(half.stderr).toContain('usage: llm-perf-gate calibrate');
    const url = await cli(['calibrate', '--baseline', b, '--candidate', c, '--url', 'http://127.0.0.1:9']);
    expect(url.code).toBe(2);
    expect(url.stderr).toContain('--url, --model and --trials do not apply');
  });

  it('exits 2 naming a file that is not a result', async () => {
    const dir = await tempDir();
    const { b } = await aaFiles(dir);
    const bad = join(dir, 'bad.json');
    await writeFile(bad, '{"schema": "nope"}');
    const ran = await cli(['calibrate', '--baseline', b, '--candidate', bad]);
    expect(ran.code).toBe(2);
    expect(ran.stderr).toContain('bad.json');
  });
});
