// Compaction against real git: a bare repository as the remote, clones as checkouts.
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { compactHistory } from '../../src/history/compact.js';
import { DEFAULT_HISTORY_BRANCH } from '../../src/history/defaults.js';
import { findBaseline, readIndex, saveResult, type HistoryOptions } from '../../src/history/store.js';
import { addRemote, git, historyFixture } from '../support/history-fixture.js';

interface Fixture {
  root: string;
  remote: string;
  /** The checkout that stores and compacts. */
  work: string;
  main: string[];
}

async function fixture(commits: number): Promise<Fixture> {
  const h = await historyFixture(commits, {});
  return { root: h.root, remote: addRemote(h), work: h.repo, main: h.commits };
}

const opts = (repoDir: string, retention: number): HistoryOptions => ({ repoDir, remote: 'origin', branch: DEFAULT_HISTORY_BRANCH, retention });
const result = (commit: string) => JSON.stringify({ schema: 'llm-perf-gate/result@1', git: { commit, ref: 'refs/heads/main' }, pad: 'x'.repeat(2000) });
const remoteGit = (f: Fixture, ...args: string[]) => git(f.remote, ...args);

let f: Fixture;
beforeEach(async () => {
  f = await fixture(8);
});

describe('compactHistory', () => {
  it('rewrites the branch into one commit holding exactly the retained files', async () => {
    for (const c of f.main) await saveResult(opts(f.work, 5), c, result(c), { x: 1 });
    const tipBefore = remoteGit(f, 'rev-parse', `refs/heads/${DEFAULT_HISTORY_BRANCH}`);
    expect(remoteGit(f, 'rev-list', '--count', tipBefore)).toBe('8');
    const indexBefore = await readIndex(opts(f.work, 5));

    const out = await compactHistory(opts(f.work, 5));
    expect(out).toMatchObject({ before: tipBefore, commitsBefore: 8, kept: 5, pruned: [], attempts: 1 });
    const tip = remoteGit(f, 'rev-parse', `refs/heads/${DEFAULT_HISTORY_BRANCH}`);
    expect(tip).toBe(out.after);
    expect(remoteGit(f, 'rev-list', '--count', tip)).toBe('1');
    expect(remoteGit(f, 'rev-parse', `${tip}^{tree}`)).toBe(remoteGit(f, 'rev-parse', `${tipBefore}^{tree}`));
    expect(remoteGit(f, 'log', '-1', '--format=%s', tip)).toBe('llm-perf-gate: compacted history: 5 result(s)');
    // Everything reads as before, and saving goes on from the compacted commit.
    expect(await readIndex(opts(f.work, 5))).toEqual(indexBefore);
    expect((await findBaseline(opts(f.work, 5), f.main[7]!))?.commit).toBe(f.main[7]);
    await saveResult(opts(f.work, 5), f.main[0]!, result(f.main[0]!), { x: 2 });
    expect(remoteGit(f, 'rev-list', '--count', `refs/heads/${DEFAULT_HISTORY_BRANCH}`)).toBe('2');
  });

  it('applies a lower retention while compacting', async () => {
    for (const c of f.main) await saveResult(opts(f.work, 50), c, result(c), {});
    const out = await compactHistory(opts(f.work, 3));
    expect(out.kept).toBe(3);
    expect(out.pruned).toEqual(f.main.slice(0, 5).reverse());
    const files = remoteGit(f, 'ls-tree', '--name-only', `refs/heads/${DEFAULT_HISTORY_BRANCH}:results`).split('\n');
    expect(files.sort()).toEqual(
      f.main
        .slice(5)
        .map((c) => `${c}.json`)
        .sort(),
    );
    expect((await readIndex(opts(f.work, 3))).map((e) => e.commit)).toEqual(f.main.slice(5).reverse());
  });

  it('loses no result stored by another job while it compacts: the lease fails and it starts over', async () => {
    for (const c of f.main.slice(0, 4)) await saveResult(opts(f.work, 50), c, result(c), {});
    const other = join(f.root, 'other');
    git(f.root, 'clone', '-q', `file://${f.remote}`, other);
    const out = await compactHistory(opts(f.work, 50), {
      beforePush: async (attempt) => {
        if (attempt === 1) await saveResult(opts(other, 50), f.main[5]!, result(f.main[5]!), {});
      },
    });
    expect(out.attempts).toBe(2);
    expect(out.kept).toBe(5);
    expect((await readIndex(opts(f.work, 50))).map((e) => e.commit)).toEqual([f.main[5], ...f.main.slice(0, 4).reverse()]);
    expect(remoteGit(f, 'rev-list', '--count', `refs/heads/${DEFAULT_HISTORY_BRANCH}`)).toBe('1');
  });

  it('does nothing when there is no branch yet', async () => {
    expect(await compactHistory(opts(f.work, 5))).toEqual({ before: null, after: null, commitsBefore: 0, kept: 0, pruned: [], attempts: 1 });
  });
});
