// Stored results in commit order, for trends, change points and the
// dashboard: from the data branch or from a folder of result files, ordered
// by the first-parent line of a ref of the user's repository (the default
// branch's commits as they were merged), with each commit's date and subject
// where the repository has the commit.
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { ResultFileError } from '../errors/result-file-error.js';
import { parseResult } from '../result/read.js';
import type { ResultDoc } from '../result/types.js';
import { MAX_RESULT_BYTES } from '../result/limits.js';
import { readBlobs, type BlobWanted } from './batch.js';
import type { StoredFile } from './branch.js';
import { HistoryError } from '../errors/history-error.js';
import { Git } from './git.js';
import { isCommitId, type HistoryEntry } from './layout.js';
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
  /** First-parent commits looked at, newest first; without a line to follow, the newest stored results read. */
  maxCommits: number;
}

/**
 * Commits of history read by default (issue 19, item 8). It bounds the work
 * whatever the branch holds: each result costs ~2 ms to check, and change-point
 * detection is quadratic in the points of a series, ~1.4 s per series with a
 * step at 1,000 points but 26 s at 5,000 (the bound before), so `changes` on
 * 10,000 stored results took minutes.
 */
export const DEFAULT_ORDER_COMMITS = 1000;

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

/**
 * The stored results along `order.ref` (oldest first), read through one git
 * process (issue 19, item 8). Only what is needed is read: the results
 * retained (`opts.readLimit`, the newest by the index) and, when the
 * repository gives the first-parent line, only those on it (else the newest
 * `order.maxCommits`); the others are listed as skipped without being read.
 * A file that cannot be used (missing, over the size a result may be,
 * corrupt, another schema) is left out and named in `unreadable`: one bad
 * file must not stop every later read.
 */
export async function readBranchHistory(opts: HistoryOptions, order: OrderOptions): Promise<ReadHistory> {
  const branch = await openBranch(opts);
  const tip = await branch.fetchTip();
  if (tip === null) return { results: [], skipped: [], unreadable: [] };
  // The line and the branch's listing are independent: asked of git side by side.
  const [line, files] = await Promise.all([order.repoDir === null ? null : firstParentLine(order), branch.resultFiles(tip)]);
  const retained = retainedCommits(await branch.index(tip, files), opts.readLimit ?? null);
  const onLine = line === null ? null : new Set(line.map((c) => c.commit));
  // Without a line the newest maxCommits stored (the index's order) stand for it: the bound holds either way.
  const needed = onLine === null ? retained.slice(0, order.maxCommits) : retained.filter((c) => onLine.has(c));
  const unreadable: string[] = [];
  const loaded: Loaded[] = [];
  // Sized before it is read, as a file is (readBlobs): a 2 GB blob is refused without git sending it.
  const wanted: (StoredFile & BlobWanted)[] = needed.map((c) => ({ ...files.get(c)!, name: files.get(c)!.sha }));
  for await (const [f, answer] of readBlobs(branch.git, `reading the results on '${branch.branch}'`, wanted, MAX_RESULT_BYTES)) {
    const where = `${branch.branch}:${f.path}`;
    if (answer.kind !== 'blob') {
      if (answer.kind === 'too-large') unreadable.push(tooLarge(where, answer.size));
      else if (answer.kind === 'failed') unreadable.push(`${where}: cannot be read: ${answer.why}`);
      else unreadable.push(`${where}: listed but cannot be read${answer.kind === 'not-blob' ? ` (a ${answer.type}, not a file)` : ''}`);
      continue;
    }
    const doc = tryParse(answer.data.toString('utf8'), where, unreadable);
    if (doc !== null) loaded.push({ commit: f.commit, doc });
  }
  const placed = placeResults(loaded, line);
  // Retained results off the line (or beyond maxCommits) were never read: skipped all the same.
  const skipped = onLine === null ? retained.slice(order.maxCommits).sort() : retained.filter((c) => !onLine.has(c)).sort();
  return { results: placed.results, skipped, unreadable };
}

function tooLarge(where: string, size: number): string {
  return new ResultFileError(where, `${size} bytes, more than the ${MAX_RESULT_BYTES / 1024 / 1024} MiB a result may be`).message;
}

/** The commits of the index (newest first) that retention keeps, each once; all of them without a limit. */
function retainedCommits(index: readonly HistoryEntry[], limit: number | null): string[] {
  const seen = new Set<string>();
  for (const e of index) {
    if (limit !== null && seen.size >= limit) break;
    seen.add(e.commit);
  }
  return [...seen];
}

/** A result file's text; null, and why in `unreadable`, when it cannot be read or is over the size a result may be (then it is not read). */
async function readText(file: string, unreadable: string[]): Promise<string | null> {
  try {
    const { size } = await stat(file);
    if (size > MAX_RESULT_BYTES) {
      unreadable.push(tooLarge(file, size));
      return null;
    }
    return await readFile(file, 'utf8');
  } catch (err) {
    unreadable.push(new ResultFileError(file, `cannot read: ${(err as Error).message}`).message);
    return null;
  }
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
    const text = await readText(file, unreadable);
    if (text === null) continue;
    const doc = tryParse(text, file, unreadable);
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
  return placeResults(loaded, order.repoDir === null ? null : await firstParentLine(order));
}

type LineCommit = { commit: string; date: string; subject: string };

function placeResults(loaded: Loaded[], line: LineCommit[] | null): { results: StoredResult[]; skipped: string[] } {
  const byCommit = new Map(loaded.map((l) => [l.commit, l]));
  if (line === null) {
    const results = [...byCommit.values()].sort((a, b) => a.doc.started_at.localeCompare(b.doc.started_at)).map((l) => ({ commit: l.commit, doc: l.doc, date: l.doc.started_at, subject: null }));
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

async function firstParentLine(order: OrderOptions): Promise<LineCommit[] | null> {
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
