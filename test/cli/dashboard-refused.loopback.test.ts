// `llm-perf-gate dashboard` on a history whose every stored result is refused:
// exit 2 and the first reasons, not an empty page and exit 0.
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import type { CliIo } from '../../src/cli/io.js';
import { tempDir } from '../support/measure.js';

function io(cwd: string): CliIo & { out: () => string; err: () => string } {
  let out = '';
  let err = '';
  return {
    cwd,
    env: {},
    stdout: { write: (s: string) => ((out += s), true) },
    stderr: { write: (s: string) => ((err += s), true) },
    onInterrupt: () => () => {},
    out: () => out,
    err: () => err,
  };
}

describe('llm-perf-gate dashboard: every stored result refused', () => {
  it('exits 2, says every result was refused and why (the first three reasons), and writes no page', async () => {
    const root = await tempDir();
    const results = join(root, 'results');
    await mkdir(results);
    for (let i = 0; i < 5; i++) await writeFile(join(results, `${String(i).repeat(40)}.json`), JSON.stringify({ schema: 'llm-perf-gate/result@2' }));
    const t = io(root);
    const out = join(root, 'site');
    expect(await main(['dashboard', '--results', results, '--out', out, '--repo', root], t)).toBe(2);
    expect(t.out()).toBe('');
    expect(t.err()).toContain('error: every stored result was refused (5 file(s)), so there is nothing to chart; no dashboard written. Why:\n');
    const reasons = t.err().split('Why:\n')[1]!;
    expect(reasons.match(/schema is "llm-perf-gate\/result@2", this tool reads llm-perf-gate\/result@1 only/g)).toHaveLength(3);
    expect(reasons).toContain('(and 2 more)');
    expect(existsSync(join(out, 'index.html'))).toBe(false);
  });

  it('an empty history is not an error: an empty page, exit 0', async () => {
    const root = await tempDir();
    const results = join(root, 'results');
    await mkdir(results);
    const t = io(root);
    expect(await main(['dashboard', '--results', results, '--out', join(root, 'site'), '--repo', root], t)).toBe(0);
    expect(t.out()).toContain('0 commit(s), 0 chart(s)');
  });
});
