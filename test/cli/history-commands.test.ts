// `changes`, `dashboard` and `compact-history` in-process, on a real repository, a folder of results and a real remote.
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import type { CliIo } from '../../src/cli/io.js';
import { saveResult } from '../../src/history/store.js';
import { addRemote, git, historyFixture, type HistoryFixture } from '../support/history-fixture.js';

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

let f: HistoryFixture;
beforeAll(async () => {
  f = await historyFixture(30, { 12: 1.25 });
}, 60_000);

describe('llm-perf-gate changes', () => {
  it('names the metric, the cell, the shift and the first commit after it', async () => {
    const t = io(f.repo);
    const json = join(f.root, 'changes.json');
    expect(await main(['changes', '--results', f.results, '--json', json], t)).toBe(0);
    const out = t.out();
    expect(out).toMatch(/^30 commit\(s\), 3 series: \d change point\(s\)/);
    expect(out).toContain(`tpot_ms.p50 of chat@c=4 stepped up`);
    expect(out).toContain(`at ${f.commits[12]!.slice(0, 7)} (worse`);
    const written = JSON.parse(await readFile(json, 'utf8')) as { commits: string[]; changes: { commit: string; metric: string }[] };
    expect(written.commits).toEqual(f.commits);
    expect(written.changes.filter((c) => c.metric === 'tpot_ms.p50').map((c) => c.commit)).toEqual([f.commits[12]]);
  });

  it('--new reports a change only when the newest commit reveals it', async () => {
    const t = io(f.repo);
    expect(await main(['changes', '--results', f.results, '--new'], t)).toBe(0);
    expect(t.out()).toContain('no change points');
  });

  it('rejects bad settings with a message naming them', async () => {
    const t = io(f.repo);
    expect(await main(['changes', '--results', f.results, '--significance', 'often'], t)).toBe(2);
    expect(t.err()).toContain("--significance must be a number, got 'often'");
    const u = io(f.repo);
    expect(await main(['changes', '--results', join(f.root, 'nowhere')], u)).toBe(2);
    expect(u.err()).toMatch(/cannot read the folder .*nowhere/);
  });

  it('leaves out a file that is not a readable result, naming it, and goes on', async () => {
    const bad = join(f.results, 'not-a-result.json');
    await writeFile(bad, JSON.stringify({ schema: 'llm-perf-gate/result@2' }));
    try {
      const t = io(f.repo);
      expect(await main(['changes', '--results', f.results], t)).toBe(0);
      expect(t.err()).toContain(`warning: left out ${bad}: schema is "llm-perf-gate/result@2", this tool reads llm-perf-gate/result@1 only`);
      expect(t.out()).toMatch(/^30 commit\(s\)/);
    } finally {
      await rm(bad);
    }
  });
});

describe('llm-perf-gate dashboard', () => {
  it('writes one self-contained index.html with escaped commit subjects', async () => {
    const t = io(f.repo);
    const out = join(f.root, 'site');
    expect(await main(['dashboard', '--results', f.results, '--out', out, '--repo-url', 'https://github.com/o/r'], t)).toBe(0);
    expect(t.out()).toContain('30 commit(s), 3 chart(s)');
    const html = await readFile(join(out, 'index.html'), 'utf8');
    expect(html).toContain("default-src 'none'");
    expect(html).not.toMatch(/<script[^>]+src=|<link[^>]+href=/);
    expect(html).not.toContain('<b>bold</b>');
    expect(html).toContain('change 12 \\u003cb\\u003ebold\\u003c/b\\u003e \\u0026 \\"quoted\\"');
  });
});

describe('llm-perf-gate compact-history', () => {
  it('rewrites the data branch on the remote into one commit of the retained results', async () => {
    const g = await historyFixture(3, {});
    const remote = addRemote(g);
    for (const [i, commit] of g.commits.entries()) {
      await saveResult({ repoDir: g.repo, remote: 'origin', branch: 'llm-perf-history', retention: 10 }, commit, JSON.stringify(g.docs[i]), {});
    }
    expect(git(remote, 'rev-list', '--count', 'llm-perf-history')).toBe('3');
    const t = io(g.repo);
    expect(await main(['compact-history', '--retention', '2'], t), t.err()).toBe(0);
    expect(t.out()).toMatch(/^llm-perf-history: 3 commit\(s\) -> 1 \([0-9a-f]{7}\) holding 2 result\(s\); pruned 1 beyond --retention 2\n$/);
    expect(git(remote, 'rev-list', '--count', 'llm-perf-history')).toBe('1');
    const files = git(remote, 'ls-tree', '-r', '--name-only', 'llm-perf-history').split('\n');
    expect(files.sort()).toEqual(['index.json', `results/${g.commits[1]}.json`, `results/${g.commits[2]}.json`].sort());
  });

  it('says when there is nothing to compact, and names a bad --retention', async () => {
    const t = io(f.repo);
    expect(await main(['compact-history', '--retention', 'all'], t)).toBe(2);
    expect(t.err()).toContain("--retention must be a positive integer, got 'all'");
    const g = await historyFixture(1, {});
    addRemote(g);
    const u = io(g.repo);
    expect(await main(['compact-history', '--branch', 'perf-data'], u), u.err()).toBe(0);
    expect(u.out()).toBe("no branch 'perf-data' on the remote: nothing to compact\n");
  });
});
