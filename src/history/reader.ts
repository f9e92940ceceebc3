// Stored results in commit order, for trends, change points and the
// dashboard: from the data branch or from a folder of result files, ordered
// by the first-parent line of a ref of the user's repository (the default
// branch's commits as they were merged), with each commit's date and subject
// where the repository has the commit.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ResultFileError } from '../errors/result-file-error.js';
import { parseResult } from '../result/read.js';
import type { ResultDoc } from '../result/types.js';
import { Git, HistoryError } from './git.js';
import { isCommitId, resultFile } from './layout.js';
import { openBranch, type HistoryOptions } from './store.js';

export interface StoredResult {
  commit: string;
  doc: ResultDoc;
  /** Committer date (ISO 8601) when the repository has the commit; else the result's start time. */
  date: string;
  /** First line of the commit message; null when the repository does not have the commit. */
  subject: string | null;
}

export interface OrderOptions {
  /** The repository whose history orders the results (the workflow's checkout). */
  repoDir: string | null;
  /** Whose first-parent line: a branch, `HEAD`, a commit. */
  ref: string;
  /** First-parent commits looked at, newest first. */
  maxCommits: number;
}

export const DEFAULT_ORDER_COMMITS = 5000;

interface Loaded {
  commit: string;
  doc: ResultDoc;
}

export interface ReadHistory {
  /** Oldest first. */
  results: StoredResult[];
  /** Stored commits off the first-parent line of the ref. */
  skipped: string[];
  /** Files that are not readable results (another schema version, corrupt), with why: left out, not fatal. */
  unreadable: string[];
}

/** One bad file must not stop every later trend or dashboard: it is left out and named. */
function tryParse(text: string, where: string, unreadable: string[]): ResultDoc | null {
  try {
    return parseResult(text, where);
  } catch (err) {
    if (!(err instanceof ResultFileError)) throw err;
    unreadable.push(err.message);
    return null;
  }
}

/** Every result on the data branch (oldest first along `order.ref`). */
export async function readBranchHistory(opts: HistoryOptions, order: OrderOptions): Promise<ReadHistory> {
  const branch = await openBranch(opts);
  const tip = await branch.fetchTip();
  if (tip === null) return { results: [], skipped: [], unreadable: [] };
  const loaded: Loaded[] = [];
  const unreadable: string[] = [];
  for (const entry of await branch.index(tip)) {
    const text = await branch.readBlob(tip, resultFile(entry.commit));
    // Left out and named like a file that does not parse: one missing blob must not stop every later read.
    if (text === null) {
      unreadable.push(`${branch.branch}:${resultFile(entry.commit)}: listed but cannot be read`);
      continue;
    }
    const doc = tryParse(text, `${branch.branch}:${resultFile(entry.commit)}`, unreadable);
    if (doc !== null) loaded.push({ commit: entry.commit, doc });
  }
  return { ...(await orderResults(loaded, order)), unreadable };
}

/**
 * Every `*.json` result in a folder (and its `results/`, the branch's layout
 * when checked out). The commit is the result's `git.commit`, else the file's
 * name; a result with neither cannot be placed and is an error.
 */
export async function readFolderHistory(dir: string, order: OrderOptions): Promise<ReadHistory> {
  const files: string[] = [];
  for (const sub of [dir, join(dir, 'results')]) {
    let names: string[];
    try {
      names = await readdir(sub);
    } catch (err) {
      if (sub !== dir && (err as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw new HistoryError(`history: cannot read the folder ${sub}: ${(err as Error).message}`, { cause: err });
    }
    for (const n of names.sort()) if (n.endsWith('.json') && n !== 'index.json') files.push(join(sub, n));
  }
  const loaded: Loaded[] = [];
  const unreadable: string[] = [];
  for (const file of files) {
    const doc = tryParse(await readFile(file, 'utf8'), file, unreadable);
    if (doc === null) continue;
    const fromName = /([0-9a-f]{40}|[0-9a-f]{64})\.json$/.exec(file)?.[1] ?? null;
    const commit = doc.git?.commit ?? fromName;
    if (commit === null || !isCommitId(commit)) throw new HistoryError(`history: ${file} names no commit (no git.commit, and the file is not named <commit>.json)`);
    loaded.push({ commit, doc });
  }
  return { ...(await orderResults(loaded, order)), unreadable };
}

/**
 * Results on the first-parent line of `order.ref`, oldest first; the others
 * (pull-request heads, commits of other branches) are returned as `skipped`.
 * Without a repository, or when it cannot resolve the ref, the results are
 * ordered by their start time and nothing is skipped.
 */
export async function orderResults(loaded: Loaded[], order: OrderOptions): Promise<{ results: StoredResult[]; skipped: string[] }> {
  const byCommit = new Map(loaded.map((l) => [l.commit, l]));
  const line = order.repoDir === null ? null : await firstParentLine(order);
  if (line === null) {
    const results = [...byCommit.values()]
      .sort((a, b) => a.doc.started_at.localeCompare(b.doc.started_at))
      .map((l) => ({ commit: l.commit, doc: l.doc, date: l.doc.started_at, subject: null }));
    return { results, skipped: [] };
  }
  const results: StoredResult[] = [];
  for (const c of line) {
    const l = byCommit.get(c.commit);
    if (l === undefined) continue;
    results.push({ commit: c.commit, doc: l.doc, date: c.date, subject: c.subject });
    byCommit.delete(c.commit);
  }
  return { results: results.reverse(), skipped: [...byCommit.keys()].sort() };
}

async function firstParentLine(order: OrderOptions): Promise<{ commit: string; date: string; subject: string }[] | null> {
  if (!Number.isInteger(order.maxCommits) || order.maxCommits < 1) throw new HistoryError(`history: maxCommits must be an integer >= 1, got ${order.maxCommits}`);
  if (order.ref.startsWith('-')) throw new HistoryError(`history: '${order.ref}' is not a ref`);
  const git = new Git(order.repoDir!, 'origin', null);
  const r = await git.run(`listing the commits of ${order.ref}`, ['log', '--first-parent', `--max-count=${order.maxCommits}`, '--format=%H%x1f%cI%x1f%s%x1e', order.ref, '--'], { ok: [128] });
  if (r.code !== 0) return null;
  return r.stdout
    .split('\x1e')
    .map((rec) => rec.replace(/^\n/, ''))
    .filter(Boolean)
    .map((rec) => {
      const [commit = '', date = '', subject = ''] = rec.split('\x1f');
      // UTC, as result documents write their times.
      const t = new Date(date);
      return { commit, date: Number.isNaN(t.getTime()) ? date : t.toISOString(), subject };
    });
}

/** Where stored results come from: the data branch of a repository's remote, or a folder. */
export type HistorySource = { kind: 'folder'; dir: string } | { kind: 'branch'; history: HistoryOptions };

export function readHistory(source: HistorySource, order: OrderOptions): Promise<ReadHistory> {
  return source.kind === 'folder' ? readFolderHistory(source.dir, order) : readBranchHistory(source.history, order);
}
