// Results history on a data branch of the repository's remote: one file per
// commit plus a small index, written with git plumbing so the user's working
// tree, index and HEAD are never touched. Core module: no @actions/* here.
import { setTimeout as sleep } from 'node:timers/promises';
import { firstParentAncestors } from './ancestry.js';
import { MAX_RESULT_BYTES } from '../result/limits.js';
import { readBlobs, type BlobWanted } from './batch.js';
import { HistoryBranch, type StoredFile } from './branch.js';
import { HistoryError } from '../errors/history-error.js';
import { Git } from './git.js';
import { addEntry, INDEX_FILE, isCommitId, refOfResult, renderIndex, resultFile, type HistoryEntry } from './layout.js';
import { DEFAULT_HISTORY_BRANCH, DEFAULT_REMOTE } from './defaults.js';

/**
 * Pushes tried before giving up when other jobs keep moving the branch first.
 * Each try rebuilds the commit on the branch's new tip (a rebase), so a lost
 * race costs a retry, never a result: with 5 tries and waits of 0.1-0.5 s,
 * 4 jobs storing 5 results each at once lost 2 to 3 of the 20. 30 tries with
 * waits doubling to PUSH_WAIT_MAX_MS (about a minute of waiting at most)
 * store them all (test/history/store.test.ts).
 */
export const MAX_PUSH_ATTEMPTS = 30;
/** The longest wait between two push tries, before jitter. */
const PUSH_WAIT_MAX_MS = 2000;

/** The wait after failed try `attempt`: doubling from 100 ms to PUSH_WAIT_MAX_MS, times 0.5-1.5 so colliding jobs part. */
export function pushWaitMs(attempt: number): number {
  return Math.round(Math.min(PUSH_WAIT_MAX_MS, 100 * 2 ** (attempt - 1)) * (0.5 + Math.random()));
}
/** First-parent commits findBaseline looks through for a stored ancestor. */
const DEFAULT_MAX_WALK = 200;

export interface HistoryOptions {
  /** The workflow's checkout. */
  repoDir: string;
  remote: string;
  branch: string;
  /** Sent as an extra HTTP header, never in a URL and never printed; null: the checkout's own credentials. */
  token?: string | null;
  /** Keep at most this many commits' results. */
  retention: number;
  /**
   * Readers of the whole history (readBranchHistory) read at most this many
   * stored results, the newest by the index: the action passes its
   * retention, what the next save keeps. Unset: every stored result.
   */
  readLimit?: number | null;
  maxPushAttempts?: number;
}

export interface SaveHooks {
  /** Called after the commit is built and before it is pushed (tests race another writer here). */
  beforePush?: (attempt: number) => Promise<void>;
}

export async function saveResult(opts: HistoryOptions, commit: string, resultJson: string, headline: Record<string, number | null>): Promise<{ attempts: number; pruned: string[] }> {
  return saveResultWithHooks(opts, commit, resultJson, headline, {});
}

export async function saveResultWithHooks(
  opts: HistoryOptions,
  commit: string,
  resultJson: string,
  headline: Record<string, number | null>,
  hooks: SaveHooks,
): Promise<{ attempts: number; pruned: string[] }> {
  const branch = await openBranch(opts);
  checkCommit(commit);
  if (!Number.isInteger(opts.retention) || opts.retention < 1) throw new HistoryError(`history: retention must be an integer >= 1, got ${opts.retention}`);
  try {
    JSON.parse(resultJson);
  } catch (err) {
    throw new HistoryError(`history: the result for ${commit} is not JSON`, { cause: err });
  }
  const maxAttempts = opts.maxPushAttempts ?? MAX_PUSH_ATTEMPTS;
  const entry: HistoryEntry = { commit, ref: refOfResult(resultJson), stored_at: new Date().toISOString(), file: resultFile(commit), headline };

  for (let attempt = 1; attempt <= maxAttempts; attempt++) {
    const tip = await branch.fetchTip();
    const { index, pruned } = addEntry(tip ? await branch.index(tip) : [], entry, opts.retention);
    const write = new Map([
      [resultFile(commit), resultJson],
      [INDEX_FILE, renderIndex(index)],
    ]);
    const message = `llm-perf-gate: result for ${commit.slice(0, 12)}${pruned.length ? `\n\nPruned ${pruned.length} older result(s) beyond the retention of ${opts.retention}.` : ''}\n`;
    const sha = await branch.commit(tip, write, new Set(pruned.map((c) => `${c}.json`)), message);
    await hooks.beforePush?.(attempt);
    if ((await branch.push(sha)) === 'pushed') return { attempts: attempt, pruned };
    // Jobs that collided once would collide again in lockstep without jitter.
    if (attempt < maxAttempts) await sleep(pushWaitMs(attempt));
  }
  throw new HistoryError(`history: gave up pushing to '${branch.branch}' after ${maxAttempts} attempts: other jobs kept updating it first`);
}

/**
 * The result stored for baseCommit, else for its newest first-parent ancestor
 * within maxWalk commits; null when there is none (or no branch yet).
 */
export async function findBaseline(opts: HistoryOptions, baseCommit: string, maxWalk = DEFAULT_MAX_WALK): Promise<{ commit: string; exact: boolean; resultJson: string } | null> {
  const branch = await openBranch(opts);
  checkCommit(baseCommit);
  const tip = await branch.fetchTip();
  if (tip === null) return null;
  const stored = await branch.resultFiles(tip);
  if (stored.size === 0) return null;
  const candidates = stored.has(baseCommit) ? [baseCommit] : await firstParentAncestors(branch.git, await branch.quietFetch(), baseCommit, maxWalk);
  // A stored file git cannot hand over is walked past (issue 19, item 1): the next ancestor's may serve.
  for await (const { commit, json } of readStored(branch, stored, candidates)) {
    if (typeof json === 'string') return { commit, exact: commit === baseCommit, resultJson: json };
  }
  return null;
}

/**
 * The stored results of `walk`'s commits that have one, in walk order, each
 * with its text or why it cannot be read (listed but absent, over the size a
 * result may be, an object git dies on), through one git process (issue 19, item 8). Reads ahead a
 * little; stopping the loop stops the reading.
 */
async function* readStored(branch: HistoryBranch, stored: Map<string, StoredFile>, walk: readonly string[]): AsyncGenerator<{ commit: string; json: string | { why: string } }> {
  const wanted: (StoredFile & BlobWanted)[] = [];
  for (const c of walk) {
    const f = stored.get(c);
    if (f !== undefined) wanted.push({ ...f, name: f.sha });
  }
  // Sized before it is read (readBlobs): an oversized blob is never sent, let alone held.
  for await (const [f, a] of readBlobs(branch.git, `reading stored results from '${branch.branch}'`, wanted, MAX_RESULT_BYTES)) {
    if (a.kind === 'blob') yield { commit: f.commit, json: a.data.toString('utf8') };
    else if (a.kind === 'too-large') yield { commit: f.commit, json: { why: tooLarge(a.size) } };
    else if (a.kind === 'failed') yield { commit: f.commit, json: { why: a.why } };
    else yield { commit: f.commit, json: { why: `${f.path} is listed on '${branch.branch}' but cannot be read` } };
  }
}

function tooLarge(size: number): string {
  return `${size} bytes, more than the ${MAX_RESULT_BYTES / 1024 / 1024} MiB a result may be`;
}

/** A stored result a walk could not use: its file cannot be read or was refused. */
interface UnreadableRun {
  commit: string;
  why: string;
}

interface StoredRun<T> {
  commit: string;
  /** The base commit itself, not an ancestor. */
  exact: boolean;
  value: T;
}

/**
 * Up to `want` stored results along the first-parent ancestry of baseCommit
 * (the base commit first, then its parents), newest first, each accepted by
 * `accept` (which parses it and returns null to skip it: another machine,
 * model or environment). Reads results only until `want` are accepted;
 * `skipped` counts those `accept` turned down on the way. A file that cannot
 * be read, or that `accept` throws on (corrupt, another schema, refused by
 * the reader), is listed in `unreadable` and walked past: one bad file on the
 * data branch must not fail every later pull request (issue 19, item 1).
 */
export async function findBaselines<T>(
  opts: HistoryOptions,
  baseCommit: string,
  want: number,
  accept: (resultJson: string, commit: string) => T | null,
  maxWalk = DEFAULT_MAX_WALK,
): Promise<{ found: StoredRun<T>[]; skipped: number; unreadable: UnreadableRun[] }> {
  if (!(Number.isInteger(want) && want >= 1)) throw new RangeError(`findBaselines: want must be a positive integer, got ${want}`);
  const branch = await openBranch(opts);
  checkCommit(baseCommit);
  const tip = await branch.fetchTip();
  if (tip === null) return { found: [], skipped: 0, unreadable: [] };
  const stored = await branch.resultFiles(tip);
  if (stored.size === 0) return { found: [], skipped: 0, unreadable: [] };
  const ancestry = await firstParentAncestors(branch.git, await branch.quietFetch(), baseCommit, maxWalk);
  const walk = ancestry.length > 0 ? ancestry : [baseCommit];
  const found: StoredRun<T>[] = [];
  const unreadable: UnreadableRun[] = [];
  let skipped = 0;
  for await (const { commit, json } of readStored(branch, stored, walk)) {
    if (found.length >= want) break;
    if (typeof json !== 'string') {
      unreadable.push({ commit, why: json.why });
      continue;
    }
    let value: T | null;
    try {
      value = accept(json, commit);
    } catch (err) {
      unreadable.push({ commit, why: err instanceof Error ? err.message : String(err) });
      continue;
    }
    if (value === null) skipped++;
    else found.push({ commit, exact: commit === baseCommit, value });
  }
  return { found, skipped, unreadable };
}

/** Newest first; [] when the branch does not exist yet. */
export async function readIndex(opts: HistoryOptions): Promise<HistoryEntry[]> {
  const branch = await openBranch(opts);
  const tip = await branch.fetchTip();
  return tip === null ? [] : branch.index(tip);
}

/** The data branch of `opts`, its name checked; reading and compaction start here. */
export async function openBranch(opts: HistoryOptions): Promise<HistoryBranch> {
  const git = new Git(opts.repoDir, opts.remote || DEFAULT_REMOTE, opts.token ?? null);
  const name = opts.branch || DEFAULT_HISTORY_BRANCH;
  const ok = await git.run('checking the branch name', ['check-ref-format', `refs/heads/${name}`], { ok: [1] });
  if (ok.code !== 0 || name.startsWith('-')) throw new HistoryError(`history: '${name}' is not a valid branch name`);
  return new HistoryBranch(git, name);
}

function checkCommit(commit: string): void {
  if (!isCommitId(commit)) throw new HistoryError(`history: expected a full commit id (40 or 64 lowercase hex digits), got '${commit}'`);
}
