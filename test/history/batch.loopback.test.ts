// Reading the history through one `git cat-file --batch` (issue 19, item 8):
// the same results in the same order as one git process per file gave, in a
// bounded number of processes however many results are stored; only what
// retention keeps and the first-parent line needs is read; a blob larger
// than a result may be (256 MiB overflowed git's output buffer and failed
// the whole read) is left out with a note, without git sending it.
import { execFileSync } from 'node:child_process';
import { chmodSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { BlobBatch, readBlobs } from '../../src/history/batch.js';
import { Git, gitProcessCount } from '../../src/history/git.js';
import { orderResults, readBranchHistory, type ReadHistory } from '../../src/history/reader.js';
import { DEFAULT_HISTORY_BRANCH } from '../../src/history/defaults.js';
import { findBaselines, saveResult, type HistoryOptions } from '../../src/history/store.js';
import { MAX_RESULT_BYTES } from '../../src/result/limits.js';
import { parseResult } from '../../src/result/read.js';
import { ResultFileError } from '../../src/errors/result-file-error.js';
import type { ResultDoc } from '../../src/result/types.js';
import { addRemote, git, GIT_ENV, historyFixture, type HistoryFixture } from '../support/history-fixture.js';

/** What readBranchHistory did before: `git cat-file blob <tip>:<path>` per stored file, in index order. */
async function oneProcessPerFile(f: HistoryFixture, ref: string): Promise<ReadHistory> {
  git(f.repo, 'fetch', '-q', 'origin', `+refs/heads/${DEFAULT_HISTORY_BRANCH}:refs/old-reader`);
  const index = (JSON.parse(git(f.repo, 'cat-file', 'blob', 'refs/old-reader:index.json')) as { commit: string }[]).map((e) => e.commit);
  const loaded: { commit: string; doc: ResultDoc }[] = [];
  const unreadable: string[] = [];
  for (const commit of index) {
    const where = `${DEFAULT_HISTORY_BRANCH}:results/${commit}.json`;
    try {
      loaded.push({ commit, doc: parseResult(execFileSync('git', ['cat-file', 'blob', `refs/old-reader:results/${commit}.json`], { cwd: f.repo, env: GIT_ENV, encoding: 'utf8' }), where) });
    } catch (err) {
      if (!(err instanceof ResultFileError)) throw err;
      unreadable.push(err.message);
    }
  }
  return { ...(await orderResults(loaded, { repoDir: f.repo, ref, maxCommits: 100 })), unreadable };
}

/** Overwrites a loose object with one whose header promises more than it holds: git cat-file --batch sends fewer bytes than it said. */
function truncate(repo: string, oid: string): void {
  const file = join(repo, '.git', 'objects', oid.slice(0, 2), oid.slice(2));
  chmodSync(file, 0o644);
  writeFileSync(file, deflateSync(Buffer.from('blob 100\0{"a"')));
}

let f: HistoryFixture;
let opts: HistoryOptions;
/** A pull request's head, stored as the action stores one: off main's first-parent line. */
let side: string;

beforeAll(async () => {
  f = await historyFixture(12, {});
  addRemote(f);
  opts = { repoDir: f.repo, remote: 'origin', branch: DEFAULT_HISTORY_BRANCH, retention: 50 };
  git(f.repo, 'checkout', '-q', '-b', 'side', f.commits[5]!);
  git(f.repo, 'commit', '-q', '--allow-empty', '-m', 'side');
  side = git(f.repo, 'rev-parse', 'HEAD');
  git(f.repo, 'checkout', '-q', 'main');
  // Stored out of order, as concurrent jobs would; commit 7's file is not JSON.
  for (const i of [3, 0, 5, 1, 4, 2, 11, 6, 8, 7, 10, 9]) await saveResult(opts, f.commits[i]!, i === 7 ? '"a string"' : JSON.stringify(f.docs[i]), {});
  await saveResult(opts, side, JSON.stringify({ ...f.docs[5], git: { commit: side, ref: 'refs/pull/1/merge' } }), {});
}, 120_000);

describe('readBranchHistory through one git cat-file --batch', () => {
  it('gives what one git process per file gave: the same results, order, dates, subjects and notes', async () => {
    const before = await oneProcessPerFile(f, 'main');
    const now = await readBranchHistory(opts, { repoDir: f.repo, ref: 'main', maxCommits: 100 });
    expect(now.results.map((r) => r.commit)).toEqual(f.commits.filter((_, i) => i !== 7));
    expect(now).toEqual(before);
    expect(now.skipped).toEqual([side]);
    expect(now.unreadable).toHaveLength(1);
    expect(now.unreadable[0]).toMatch(new RegExp(`^${DEFAULT_HISTORY_BRANCH}:results/${f.commits[7]}\\.json: `));
  });

  it('starts a fixed number of git processes, not one per result', async () => {
    const start = gitProcessCount();
    await readBranchHistory(opts, { repoDir: f.repo, ref: 'main', maxCommits: 100 });
    const used = gitProcessCount() - start;
    // check-ref-format, ls-remote, rev-parse, ls-tree, index.json, log, cat-file --batch: 13 results stored.
    expect(used).toBeLessThanOrEqual(8);
  });

  it('reads only what retention keeps (the newest by the index) and the line needs', async () => {
    // The index is newest stored first: the side commit, then 9, 10, 7, 8.
    const r = await readBranchHistory({ ...opts, readLimit: 5 }, { repoDir: f.repo, ref: 'main', maxCommits: 100 });
    expect(r.results.map((x) => x.commit)).toEqual([8, 9, 10].map((i) => f.commits[i]));
    expect(r.skipped).toEqual([side]);
    expect(r.unreadable).toHaveLength(1);
    // Without a line to follow (a shallow checkout), every retained result is read and ordered by start time.
    const shallow = await readBranchHistory({ ...opts, readLimit: 5 }, { repoDir: null, ref: 'main', maxCommits: 100 });
    expect(shallow.results.map((x) => x.commit).sort()).toEqual([side, ...[8, 9, 10].map((i) => f.commits[i]!)].sort());
  });
});

describe('BlobBatch', () => {
  it('answers in order: blobs byte for byte, missing names, trees, and blobs over the limit without their content', async () => {
    const g = new Git(f.repo, 'origin', null);
    const put = (content: Buffer): string => execFileSync('git', ['hash-object', '-w', '--stdin'], { cwd: f.repo, env: GIT_ENV, input: content }).toString().trim();
    const binary = Buffer.from([0, 10, 13, 10, 255, 10, 0x20, 0x0a]);
    const big = Buffer.alloc(300_000, 0x0a);
    const ids = { binary: put(binary), empty: put(Buffer.alloc(0)), big: put(big), small: put(Buffer.from('{"a":1}\n')) };
    const batch = new BlobBatch(g, 'reading test blobs');
    const start = gitProcessCount();
    const answers = await Promise.all([
      batch.read(ids.binary, 100),
      batch.read(ids.big, 1000),
      batch.read(ids.empty, 100),
      batch.read('0'.repeat(40), 100),
      batch.read('HEAD^{tree}', 100),
      batch.read(`main:no-such-file`, 100),
      batch.read(ids.small, 100),
      batch.read(ids.big, big.length),
    ]);
    batch.close();
    expect(gitProcessCount() - start).toBe(1);
    expect(answers[0]).toEqual({ kind: 'blob', data: binary });
    expect(answers[1]).toEqual({ kind: 'too-large', size: big.length });
    expect(answers[2]).toEqual({ kind: 'blob', data: Buffer.alloc(0) });
    expect(answers[3]).toEqual({ kind: 'missing' });
    expect(answers[4]).toEqual({ kind: 'not-blob', type: 'tree' });
    expect(answers[5]).toEqual({ kind: 'missing' });
    expect(answers[6]).toEqual({ kind: 'blob', data: Buffer.from('{"a":1}\n') });
    expect(answers[7]).toEqual({ kind: 'blob', data: big });
    await expect(batch.read('a\nb', 10)).rejects.toThrow(/cannot be asked/);
  });

  it('readBlobs reads on in a new process past an object git answers wrongly', async () => {
    const g = new Git(f.repo, 'origin', null);
    const put = (content: string): string => execFileSync('git', ['hash-object', '-w', '--stdin'], { cwd: f.repo, env: GIT_ENV, input: content }).toString().trim();
    const [one, bad, two] = [put('one\n'), put('will be broken\n'), put('two\n')];
    truncate(f.repo, bad);
    const start = gitProcessCount();
    const got: string[] = [];
    for await (const [item, a] of readBlobs(
      g,
      'reading test blobs',
      [one, bad, two, one].map((name) => ({ name, size: null })),
      100,
    )) {
      got.push(`${item.name.slice(0, 7)}:${a.kind}${a.kind === 'blob' ? `:${a.data.toString().trim()}` : ''}`);
    }
    expect(got).toEqual([`${one.slice(0, 7)}:blob:one`, `${bad.slice(0, 7)}:failed`, `${two.slice(0, 7)}:blob:two`, `${one.slice(0, 7)}:blob:one`]);
    expect(gitProcessCount() - start).toBe(2);
  });

  it('readBlobs never asks git for a blob listed over the limit', async () => {
    const g = new Git(f.repo, 'origin', null);
    const got: string[] = [];
    for await (const [item, a] of readBlobs(
      g,
      'reading test blobs',
      [
        { name: 'HEAD:file.txt', size: 3 },
        { name: 'HEAD:file.txt', size: 10 ** 12 },
        { name: 'HEAD:file.txt', size: null },
      ],
      100,
    )) {
      got.push(`${item.size}:${a.kind}${a.kind === 'too-large' ? `:${a.size}` : ''}`);
    }
    expect(got).toEqual(['3:blob', `${10 ** 12}:too-large:${10 ** 12}`, 'null:blob']);
  });
});

describe('a blob over git’s 256 MiB output buffer (issue 19, item 8)', () => {
  it('is left out with a note by every reader, without being sent, as is a broken object; the rest is read', async () => {
    const h = await historyFixture(4, {});
    addRemote(h);
    const o: HistoryOptions = { repoDir: h.repo, remote: 'origin', branch: DEFAULT_HISTORY_BRANCH, retention: 50 };
    for (let i = 0; i < 4; i++) await saveResult(o, h.commits[i]!, JSON.stringify(h.docs[i]), {});
    // 257 MiB: one git process per file overflowed its 256 MiB buffer here and failed the whole read.
    const size = 257 * 1024 * 1024;
    const huge = `{"pad":"${' '.repeat(size - 10)}"}`;
    await saveResult(o, h.commits[2]!, huge, {});
    // And commit 1's file is a broken object.
    truncate(h.repo, git(h.repo, 'rev-parse', `refs/llm-perf/origin/${DEFAULT_HISTORY_BRANCH}:results/${h.commits[1]}.json`));
    // The old read, one `git cat-file blob` with a 256 MiB buffer, fails on it.
    const tip = git(h.repo, 'rev-parse', `refs/llm-perf/origin/${DEFAULT_HISTORY_BRANCH}`);
    await expect(new Git(h.repo, 'origin', null).run('reading', ['cat-file', 'blob', `${tip}:results/${h.commits[2]}.json`])).rejects.toThrow(/cannot run git cat-file/);
    const r = await readBranchHistory(o, { repoDir: h.repo, ref: 'main', maxCommits: 100 });
    expect(r.results.map((x) => x.commit)).toEqual([h.commits[0], h.commits[3]]);
    expect(r.unreadable).toHaveLength(2);
    expect(r.unreadable).toContain(`${DEFAULT_HISTORY_BRANCH}:results/${h.commits[2]}.json: ${size} bytes, more than the ${MAX_RESULT_BYTES / 1024 / 1024} MiB a result may be`);
    expect(r.unreadable.find((u) => u.includes(h.commits[1]!))).toMatch(
      new RegExp(`^${DEFAULT_HISTORY_BRANCH}:results/${h.commits[1]}\\.json: cannot be read: history: reading the results on '${DEFAULT_HISTORY_BRANCH}' failed: `),
    );
    // Baseline selection walks past both to the next ancestor, naming why.
    const accept = (json: string, commit: string): string => parseResult(json, commit).git!.commit;
    const b = await findBaselines(o, h.commits[2]!, 1, accept);
    expect(b.found.map((x) => x.commit)).toEqual([h.commits[0]]);
    expect(b.unreadable.map((u) => u.commit)).toEqual([h.commits[2], h.commits[1]]);
    expect(b.unreadable[0]!.why).toBe(`${size} bytes, more than the 128 MiB a result may be`);
  }, 240_000);
});
