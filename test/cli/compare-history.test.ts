// `compare` with --baseline repeated: the history design, in-process on result files.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import type { CliIo } from '../../src/cli/io.js';
import type { VerdictDoc } from '../../src/gate/verdict.js';
import { tempDir } from '../support/measure.js';
import { REALISTIC, syntheticResult } from '../support/synthetic.js';

function io(cwd: string): CliIo & { out: string[] } {
  const out: string[] = [];
  const sink = { write: (s: string) => (out.push(s), true) };
  return { cwd, env: {}, stdout: sink, stderr: sink, onInterrupt: () => () => {}, out };
}

describe('llm-perf-gate compare --baseline ... --baseline ...', () => {
  it("judges against the stored runs' job-to-job noise, and against the newest alone with fewer than 3", async () => {
    const dir = await tempDir();
    const names: string[] = [];
    for (let i = 0; i < 5; i++) {
      const d = syntheticResult(`cli-h-${i}`, { ...REALISTIC, trialCv: 0.03 });
      d.started_at = new Date(Date.UTC(2026, 10, 1 + i)).toISOString();
      names.push(`b${i}.json`);
      await writeFile(join(dir, `b${i}.json`), JSON.stringify(d));
    }
    await writeFile(join(dir, 'c.json'), JSON.stringify(syntheticResult('cli-c', REALISTIC, { tpot: 1.4, ttft: 1.4 })));

    const many = io(dir);
    const code = await main(['compare', ...names.flatMap((n) => ['--baseline', n]), '--candidate', 'c.json', '--json', 'v.json'], many);
    expect(code).toBe(1);
    const v = JSON.parse(await readFile(join(dir, 'v.json'), 'utf8')) as VerdictDoc;
    expect(v.design).toBe('history');
    expect(v.history!.runs).toBe(5);
    expect(many.out.join('')).toMatch(/history design \(against the job-to-job noise of 5 stored runs\)/);
    expect(many.out.join('')).toMatch(/job-to-job noise \(smallest change that fails with 80% power\)/);

    const two = io(dir);
    await main(['compare', '--baseline', 'b0.json', '--baseline', 'b1.json', '--candidate', 'c.json', '--json', 'v2.json'], two);
    const v2 = JSON.parse(await readFile(join(dir, 'v2.json'), 'utf8')) as VerdictDoc;
    expect(v2.design).toBe('unpaired');
    expect(two.out.join('')).toContain('job-to-job noise unknown: 2 comparable stored runs, 3 needed');

    const one = io(dir);
    await main(['compare', '--baseline', 'b0.json', '--candidate', 'c.json', '--json', 'v1.json'], one);
    const v1 = JSON.parse(await readFile(join(dir, 'v1.json'), 'utf8')) as VerdictDoc;
    expect(v1.design).toBe('unpaired');
    expect(v1.history).toBeUndefined();
  }, 60_000);
});
