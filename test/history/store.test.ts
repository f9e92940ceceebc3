// The history store against real git: a bare repository as the remote, clones
// as the workflow's checkout.
import { execFileSync } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { HistoryError } from '../../src/errors/history-error.js';
import { DEFAULT_HISTORY_BRANCH } from '../../src/history/defaults.js';
import { findBaseline, findBaselines, readIndex, saveResult, saveResultWithHooks, type HistoryOptions } from '../../src/history/store.js';
import { tempDir } from '../support/measure.js';

const ENV = { ...process.env, GIT_CONFIG_NOSYSTEM: '1', GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@example.com', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@example.com', LC_ALL: 'C' };

function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', args, { cwd, env: ENV, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
}

interface Fixture {
  root: string;
  remote: string;
  /** A clone that makes the product commits and pushes them. */
  dev: string;
  /** Commits on main, oldest first. */
  main: string[];
}

async function fixture(commits = 6): Promise<Fixture> {
  const root = await tempDir();
  const remote = join(root, 'remote.git');
  git(root, 'init', '-q', '--bare', '-b', 'main', remote);
  const dev = join(root, 'dev');
  git(root, 'clone', '-q', remote, dev);
  git(dev, 'checkout', '-q', '-b', 'main');
  const main: string[] = [];
  for (let i = 1; i <= commits; i++) main.push(commit(dev, `c${i}`));
  git(dev, 'push', '-q', 'origin', 'main');
  return { root, remote, dev, main };
}

function commit(repo: string, message: string, file = 'file.txt'): string {
  execFileSync('sh', ['-c', `echo "${message}" > ${file}`], { cwd: repo });
  git(repo, 'add', file);
  git(repo, 'commit', '-q', '-m', message);
  return git(repo, 'rev-parse', 'HEAD');
}

function clone(f: Fixture, name: string, ...flags: string[]): string {
  const dir = join(f.root, name);
  git(f.root, 'clone', '-q', ...flags, `file://${f.remote}`, dir);
  return dir;
}

function opts(repoDir: string, over: Partial<HistoryOptions> = {}): HistoryOptions {
  return { repoDir, remote: 'origin', branch: DEFAULT_HISTORY_BRANCH, retention: 50, ...over };
}

function result(commit: string, extra: Record<string, unknown> = {}): string {
  return JSON.stringify({ schema: 'llm-perf-gate/result@1', git: { commit, ref: 'refs/heads/main' }, ...extra });
}

/** Everything a user could notice about their checkout. */
function userState(repo: string): string {
  return [git(repo, 'rev-parse', 'HEAD'), git(repo, 'status', '--porcelain', '--untracked-files=all'), git(repo, 'branch', '-a'), git(repo, 'tag')].join('\n--\n');
}

let f: Fixture;
beforeEach(async () => {
  f = await fixture();
});

describe('first run', () => {
  it('finds nothing without a branch, then creates it as an orphan, leaving the checkout alone', async () => {
    const work = clone(f, 'work');
    const before = userState(work);
    expect(await readIndex(opts(work))).toEqual([]);
    expect(await findBaseline(opts(work), f.main[5]!)).toBeNull();

    const c = f.main[5]!;
    expect(await saveResult(opts(work), c, result(c), { 'chat@c4:ttft_p50_ms': 12.5, 'chat@c4:rps': null })).toEqual({ attempts: 1, pruned: [] });

    expect(userState(work)).toBe(before);
    const tip = git(f.remote, 'rev-parse', `refs/heads/${DEFAULT_HISTORY_BRANCH}`);
    expect(git(f.remote, 'rev-list', '--parents', '-n', '1', tip)).toBe(tip); // no parent: an orphan
    expect(git(f.remote, 'log', '-1', '--format=%an <%ae>|%cn', tip)).toBe('github-actions[bot] <41898282+github-actions[bot]@users.noreply.github.com>|github-actions[bot]');
    expect(git(f.remote, 'ls-tree', '-r', '--name-only', tip).split('\n')).toEqual(['index.json', `results/${c}.json`]);
    expect(git(f.remote, 'cat-file', 'blob', `${tip}:results/${c}.json`)).toBe(result(c));

    const index = await readIndex(opts(clone(f, 'other')));
    expect(index).toEqual([
      { commit: c, ref: 'refs/heads/main', stored_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/), file: `results/${c}.json`, headline: { 'chat@c4:ttft_p50_ms': 12.5, 'chat@c4:rps': null } },
    ]);
    expect(await findBaseline(opts(work), c)).toEqual({ commit: c, exact: true, resultJson: result(c) });
  });

  it('keeps other files on the branch (a README someone added)', async () => {
    const work = clone(f, 'work');
    await saveResult(opts(work), f.main[0]!, result(f.main[0]!), {});
    const hand = clone(f, 'hand', '-b', DEFAULT_HISTORY_BRANCH);
    await writeFile(join(hand, 'README.md'), 'data branch\n');
    git(hand, 'add', 'README.md');
    git(hand, 'commit', '-q', '-m', 'readme');
    git(hand, 'push', '-q', 'origin', DEFAULT_HISTORY_BRANCH);
    await saveResult(opts(work), f.main[1]!, result(f.main[1]!), {});
    const names = git(f.remote, 'ls-tree', '-r', '--name-only', DEFAULT_HISTORY_BRANCH).split('\n');
    expect(names.sort()).toEqual(['README.md', 'index.json', `results/${f.main[0]}.json`, `results/${f.main[1]}.json`].sort());
  });
});

describe('findBaseline', () => {
  it('falls back to the newest stored first-parent ancestor', async () => {
    const work = clone(f, 'work');
    const [c1, c2, c3, c4, c5, c6] = f.main as [string, string, string, string, string, string];
    await saveResult(opts(work), c2, result(c2), {});
    await saveResult(opts(work), c4, result(c4), {});

    expect(await findBaseline(opts(work), c4)).toMatchObject({ commit: c4, exact: true });
    expect(await findBaseline(opts(work), c6)).toEqual({ commit: c4, exact: false, resultJson: result(c4) });
    expect(await findBaseline(opts(work), c5)).toMatchObject({ commit: c4, exact: false });
    expect(await findBaseline(opts(work), c3)).toMatchObject({ commit: c2, exact: false });
    expect(await findBaseline(opts(work), c1)).toBeNull();
    expect(await findBaseline(opts(work), c6, 2)).toBeNull(); // c6, c5: too short a walk

    // A commit the checkout never saw (pushed after it was cloned) is fetched.
    git(f.dev, 'checkout', '-q', '-b', 'feature', c3);
    const feature = commit(f.dev, 'f1');
    git(f.dev, 'push', '-q', 'origin', 'feature');
    expect(await findBaseline(opts(work), feature)).toMatchObject({ commit: c2, exact: false });
  });

  it('follows first parents only: a merged side branch does not count', async () => {
    const [, , , c4] = f.main as [string, string, string, string];
    git(f.dev, 'checkout', '-q', '-b', 'side', c4);
    const side = commit(f.dev, 'side', 'side.txt');
    git(f.dev, 'checkout', '-q', 'main');
    git(f.dev, 'merge', '-q', '--no-ff', '-m', 'merge side', side);
    const merge = git(f.dev, 'rev-parse', 'HEAD');
    git(f.dev, 'push', '-q', 'origin', 'main', 'side');
    const work = clone(f, 'work');
    await saveResult(opts(work), side, result(side), {});
    await saveResult(opts(work), c4, result(c4), {});
    expect(await findBaseline(opts(work), merge)).toMatchObject({ commit: c4, exact: false });
  });

  it('deepens a shallow checkout as far as it needs, without touching what is checked out', async () => {
    for (let i = 7; i <= 12; i++) f.main.push(commit(f.dev, `c${i}`));
    git(f.dev, 'push', '-q', 'origin', 'main');
    const writer = clone(f, 'writer');
    await saveResult(opts(writer), f.main[1]!, result(f.main[1]!), {});
    await saveResult(opts(writer), f.main[7]!, result(f.main[7]!), {});
    const shallow = clone(f, 'shallow', '--depth', '1');
    expect(git(shallow, 'rev-list', '--count', 'HEAD')).toBe('1');
    const before = userState(shallow);
    // c12 back to c8 is five commits: a walk of six needs one bounded deepening, not the whole history.
    expect(await findBaseline(opts(shallow), f.main[11]!, 6)).toMatchObject({ commit: f.main[7], exact: false });
    expect(userState(shallow)).toBe(before);
    expect(git(shallow, 'rev-parse', '--is-shallow-repository')).toBe('true');
    expect(Number(git(shallow, 'rev-list', '--count', 'HEAD'))).toBeLessThan(12);

    // A pull request's base on a branch the depth-1 checkout does not have at all.
    git(f.dev, 'checkout', '-q', '-b', 'release', f.main[2]!);
    const rel = commit(f.dev, 'r1');
    git(f.dev, 'push', '-q', 'origin', 'release');
    const shallow2 = clone(f, 'shallow2', '--depth', '1');
    expect(await findBaseline(opts(shallow2), rel)).toMatchObject({ commit: f.main[1], exact: false });
    // ...and saving from a shallow checkout works too.
    expect((await saveResult(opts(shallow2), rel, result(rel), {})).attempts).toBe(1);
    expect(await findBaseline(opts(shallow2), rel)).toMatchObject({ commit: rel, exact: true });
  });
});

describe('saveResult', () => {
  it('keeps at most `retention` commits, pruning the oldest entries and their files', async () => {
    const work = clone(f, 'work');
    const pruned: string[] = [];
    for (const c of f.main.slice(0, 5)) pruned.push(...(await saveResult(opts(work, { retention: 3 }), c, result(c), { x: 1 })).pruned);
    expect(pruned).toEqual([f.main[0], f.main[1]]);
    const index = await readIndex(opts(work));
    expect(index.map((e) => e.commit)).toEqual([f.main[4], f.main[3], f.main[2]]);
    const files = git(f.remote, 'ls-tree', '--name-only', `${DEFAULT_HISTORY_BRANCH}:results`).split('\n');
    expect(files.sort()).toEqual([f.main[2], f.main[3], f.main[4]].map((c) => `${c}.json`).sort());

    // Saving a commit again (a re-run) replaces its entry instead of adding one.
    await saveResult(opts(work, { retention: 3 }), f.main[2]!, result(f.main[2]!, { rerun: true }), { x: 2 });
    const again = await readIndex(opts(work));
    expect(again.map((e) => e.commit)).toEqual([f.main[2], f.main[4], f.main[3]]);
    expect(again[0]?.headline).toEqual({ x: 2 });
    expect(await findBaseline(opts(work), f.main[2]!)).toMatchObject({ resultJson: result(f.main[2]!, { rerun: true }) });
  });

  it('re-applies on the new tip when another job pushed first', async () => {
    const a = clone(f, 'a');
    const b = clone(f, 'b');
    await saveResult(opts(a), f.main[0]!, result(f.main[0]!), {});
    const outcome = await saveResultWithHooks(
      opts(b),
      f.main[2]!,
      result(f.main[2]!),
      {},
      {
        beforePush: async (attempt) => {
          if (attempt === 1) await saveResult(opts(a), f.main[1]!, result(f.main[1]!), {});
        },
      },
    );
    expect(outcome.attempts).toBe(2);
    expect((await readIndex(opts(a))).map((e) => e.commit)).toEqual([f.main[2], f.main[1], f.main[0]]);
    expect(git(f.remote, 'rev-list', '--count', DEFAULT_HISTORY_BRANCH)).toBe('3');
  });

  it('lands both results when two clones save at the same time', async () => {
    const a = clone(f, 'a');
    const b = clone(f, 'b');
    const [ra, rb] = await Promise.all([saveResult(opts(a), f.main[0]!, result(f.main[0]!), {}), saveResult(opts(b), f.main[1]!, result(f.main[1]!), {})]);
    expect(ra.attempts + rb.attempts).toBeGreaterThanOrEqual(2);
    expect((await readIndex(opts(a))).map((e) => e.commit).sort()).toEqual([f.main[0], f.main[1]].sort());
  });

  it('stores every result when 4 jobs store 5 results each at the same time: none is lost to the races', async () => {
    const g = await fixture(20);
    const jobs = [0, 1, 2, 3].map((j) => clone(g, `job${j}`));
    const t0 = performance.now();
    const outcomes = await Promise.allSettled(
      jobs.map(async (dir, j) => {
        for (let k = 0; k < 5; k++) {
          const c = g.main[j * 5 + k]!;
          await saveResult(opts(dir), c, result(c), {});
        }
      }),
    );
    const seconds = (performance.now() - t0) / 1000;
    expect(outcomes.filter((o) => o.status === 'rejected').map((o) => String((o as PromiseRejectedResult).reason))).toEqual([]);
    expect((await readIndex(opts(jobs[0]!))).map((e) => e.commit).sort()).toEqual([...g.main].sort());
    expect(git(g.remote, 'ls-tree', '--name-only', `${DEFAULT_HISTORY_BRANCH}:results`).split('\n')).toHaveLength(20);
    expect(seconds).toBeLessThan(240);
  }, 300_000);

  it('gives up after maxPushAttempts, naming the number', async () => {
    const a = clone(f, 'a');
    const b = clone(f, 'b');
    let n = 0;
    const err = await saveResultWithHooks(
      opts(b, { maxPushAttempts: 2 }),
      f.main[5]!,
      result(f.main[5]!),
      {},
      {
        beforePush: async () => {
          const c = f.main[n++]!;
          await saveResult(opts(a), c, result(c), {});
        },
      },
    ).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HistoryError);
    expect((err as Error).message).toBe(`history: gave up pushing to '${DEFAULT_HISTORY_BRANCH}' after 2 attempts: other jobs kept updating it first`);
    expect(n).toBe(2);
  });

  it('recovers from a corrupt index.json: the files are the truth', async () => {
    const work = clone(f, 'work');
    await saveResult(opts(work), f.main[0]!, result(f.main[0]!), { a: 1 });
    const hand = clone(f, 'hand', '-b', DEFAULT_HISTORY_BRANCH);
    await writeFile(join(hand, 'index.json'), '{ not json');
    git(hand, 'commit', '-q', '-am', 'break it');
    git(hand, 'push', '-q', 'origin', DEFAULT_HISTORY_BRANCH);
    expect((await readIndex(opts(work))).map((e) => e.commit)).toEqual([f.main[0]]);
    await saveResult(opts(work, { retention: 1 }), f.main[1]!, result(f.main[1]!), { b: 2 });
    expect(await readIndex(opts(work))).toMatchObject([{ commit: f.main[1], headline: { b: 2 } }]);
  });

  it('rejects what it must not store', async () => {
    const work = clone(f, 'work');
    const c = f.main[0]!;
    await expect(saveResult(opts(work), 'HEAD', result(c), {})).rejects.toThrow(/full commit id.*'HEAD'/);
    await expect(saveResult(opts(work), c.slice(0, 12), result(c), {})).rejects.toThrow(HistoryError);
    await expect(saveResult(opts(work, { retention: 0 }), c, result(c), {})).rejects.toThrow(/retention must be an integer >= 1, got 0/);
    await expect(saveResult(opts(work), c, '{oops', {})).rejects.toThrow(/not JSON/);
    await expect(saveResult(opts(work, { branch: 'bad..name' }), c, result(c), {})).rejects.toThrow(/'bad\.\.name' is not a valid branch name/);
    await expect(findBaseline(opts(work, { remote: 'nope' }), c)).rejects.toThrow(HistoryError);
  });
});

describe('auth', () => {
  it('sends one Authorization header with the token, overriding the checkout persisted one, and never prints it', async () => {
    const seen: string[][] = [];
    const server = http.createServer((req, res) => {
      const raw = req.rawHeaders; // unlike req.headers, keeps a repeated header repeated
      const auth: string[] = [];
      for (let i = 0; i + 1 < raw.length; i += 2) if (raw[i]?.toLowerCase() === 'authorization') auth.push(raw[i + 1] ?? '');
      seen.push(auth);
      res.writeHead(403, { 'content-type': 'text/plain' }).end('denied');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const port = (server.address() as AddressInfo).port;
      const work = join(f.root, 'http-work');
      await mkdir(work);
      git(work, 'init', '-q');
      git(work, 'remote', 'add', 'origin', `http://127.0.0.1:${port}/o/r.git`);
      // What actions/checkout leaves behind with persist-credentials.
      git(work, 'config', `http.http://127.0.0.1:${port}/.extraheader`, 'AUTHORIZATION: basic OLD-CHECKOUT-TOKEN');
      const token = 'ghs_secretTOKEN123';
      const err = (await readIndex(opts(work, { token })).catch((e: unknown) => e)) as Error;
      expect(err).toBeInstanceOf(HistoryError);
      const basic = Buffer.from(`x-access-token:${token}`).toString('base64');
      expect(seen.length).toBeGreaterThan(0);
      for (const headers of seen) expect(headers).toEqual([`basic ${basic}`]);
      expect(err.message).not.toContain(token);
      expect(err.message).not.toContain(basic);
      expect(err.message).toMatch(/looking for branch 'llm-perf-history' on origin failed/);
      expect(git(work, 'config', '--get-all', `http.http://127.0.0.1:${port}/.extraheader`)).toBe('AUTHORIZATION: basic OLD-CHECKOUT-TOKEN');
    } finally {
      await new Promise((r) => server.close(r));
    }
  });
});

describe('findBaselines', () => {
  it('gives the last K stored results along the first-parent ancestry, newest first, skipping the ones accept turns down', async () => {
    const work = clone(f, 'work');
    const [c1, c2, c3, c4, c5, c6] = f.main as [string, string, string, string, string, string];
    for (const c of [c1, c2, c3, c5]) await saveResult(opts(work), c, result(c, { machine: c === c3 ? 'other' : 'same' }), {});
    const accept = (json: string): string | null => {
      const d = JSON.parse(json) as { machine: string; git: { commit: string } };
      return d.machine === 'same' ? d.git.commit : null;
    };

    const got = await findBaselines(opts(work), c6, 2, accept);
    expect(got.found.map((x) => x.value)).toEqual([c5, c2]);
    expect(got.found.map((x) => x.exact)).toEqual([false, false]);
    expect(got.skipped).toBe(1);

    const all = await findBaselines(opts(work), c5, 10, accept);
    expect(all.found.map((x) => [x.commit, x.exact])).toEqual([
      [c5, true],
      [c2, false],
      [c1, false],
    ]);
    expect(all.skipped).toBe(1);
    // c4's ancestry holds c3 (skipped), c2 and c1
    expect((await findBaselines(opts(work), c4, 1, accept)).found.map((x) => x.commit)).toEqual([c2]);
    await expect(findBaselines(opts(work), c4, 0, accept)).rejects.toThrow(RangeError);
  });

  it('is empty before the branch exists', async () => {
    expect(await findBaselines(opts(clone(f, 'work')), f.main[5]!, 10, () => 1)).toEqual({ found: [], skipped: 0, unreadable: [] });
  });
});
