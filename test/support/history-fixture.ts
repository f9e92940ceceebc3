// A repository with a long default branch and a stored result per commit, the
// server's decode speed stepped at known commits: the history the change
// points and the dashboard are tested on.
import { execFileSync } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ResultDoc } from '../../src/result/types.js';
import { REALISTIC, syntheticResult } from './synthetic.js';
import { tempDir } from './measure.js';

export const GIT_ENV = {
  ...process.env,
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_AUTHOR_NAME: 't',
  GIT_AUTHOR_EMAIL: 't@example.com',
  GIT_COMMITTER_NAME: 't',
  GIT_COMMITTER_EMAIL: 't@example.com',
  LC_ALL: 'C',
};

export function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', args, { cwd, env: GIT_ENV, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
}

export interface HistoryFixture {
  root: string;
  /** The repository (branch main); its commits oldest first. */
  repo: string;
  commits: string[];
  /** A folder holding `<commit>.json` per commit. */
  results: string;
  docs: ResultDoc[];
}

/**
 * `length` commits; the TPOT factor of commit i is the product of the steps at
 * or before i (a step of 1.2 makes decode 20% slower from that commit on).
 * Commit subjects carry HTML to prove the page escapes them.
 */
export async function historyFixture(length: number, steps: Record<number, number>): Promise<HistoryFixture> {
  const root = await tempDir();
  const repo = join(root, 'repo');
  await mkdir(repo);
  git(repo, 'init', '-q', '-b', 'main');
  const results = join(root, 'results');
  await mkdir(results);
  const commits: string[] = [];
  const docs: ResultDoc[] = [];
  let tpot = 1;
  for (let i = 0; i < length; i++) {
    tpot *= steps[i] ?? 1;
    await writeFile(join(repo, 'file.txt'), `${i}\n`);
    git(repo, 'add', 'file.txt');
    const date = new Date(Date.UTC(2026, 9, 1) + i * 3_600_000).toISOString();
    execFileSync('git', ['commit', '-q', '-m', `change ${i} <b>bold</b> & "quoted"\n\nbody line`], { cwd: repo, env: { ...GIT_ENV, GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date } });
    const commit = git(repo, 'rev-parse', 'HEAD');
    commits.push(commit);
    const doc = syntheticResult(`history-${i}`, { ...REALISTIC, requests: 60, trialCv: 0.03 }, { tpot });
    doc.git = { commit, ref: 'refs/heads/main' };
    doc.started_at = date;
    docs.push(doc);
    await writeFile(join(results, `${commit}.json`), JSON.stringify(doc));
  }
  return { root, repo, commits, results, docs };
}

/** A bare repository as the fixture's `origin`, with main pushed to it; returns its path. */
export function addRemote(f: HistoryFixture): string {
  const remote = join(f.root, 'remote.git');
  git(f.root, 'init', '-q', '--bare', '-b', 'main', remote);
  git(f.repo, 'remote', 'add', 'origin', `file://${remote}`);
  git(f.repo, 'push', '-q', 'origin', 'main');
  return remote;
}
