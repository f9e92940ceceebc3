// Compaction of the data branch: retention deletes old result files from the
// tip, but every earlier commit still holds them, so the branch (and every
// fetch of it) keeps growing. Compacting rewrites the branch as one orphan
// commit holding the retained files and replaces it with a force-push under
// a lease: when another job stored a result in between, the lease fails and
// compaction starts over from the new tip, so no result is lost.
import { setTimeout as sleep } from 'node:timers/promises';
import { HistoryError } from '../errors/history-error.js';
import { INDEX_FILE, renderIndex } from './layout.js';
import { MAX_PUSH_ATTEMPTS, openBranch, pushWaitMs, type HistoryOptions, type SaveHooks } from './store.js';

interface CompactOutcome {
  /** The tip that was replaced; null when there was no branch. */
  before: string | null;
  /** The new single commit; null when there was no branch. */
  after: string | null;
  /** Commits the branch had before compaction (first-parent and merges alike). */
  commitsBefore: number;
  /** Results kept, and those dropped because they were beyond `retention`. */
  kept: number;
  pruned: string[];
  attempts: number;
}

export async function compactHistory(opts: HistoryOptions, hooks: SaveHooks = {}): Promise<CompactOutcome> {
  const branch = await openBranch(opts);
  if (!Number.isInteger(opts.retention) || opts.retention < 1) throw new HistoryError(`history: retention must be an integer >= 1, got ${opts.retention}`);
  const maxAttempts = opts.maxPushAttempts ?? MAX_PUSH_ATTEMPTS;
  for (let attempt = 1; attempt <= maxAttempts; attempt++) {
    const tip = await branch.fetchTip();
    if (tip === null) return { before: null, after: null, commitsBefore: 0, kept: 0, pruned: [], attempts: attempt };
    const index = await branch.index(tip);
    // Retention applied now too, so a lowered retention takes effect at once.
    const pruned = index.length > opts.retention ? index.slice(opts.retention).map((e) => e.commit) : [];
    const kept = index.slice(0, opts.retention);
    const staged = await branch.commit(tip, new Map([[INDEX_FILE, renderIndex(kept)]]), new Set(pruned.map((c) => `${c}.json`)), 'staging');
    const tree = (await branch.git.run('reading the compacted tree', ['rev-parse', `${staged}^{tree}`])).stdout.trim();
    const count = Number((await branch.git.run('counting history commits', ['rev-list', '--count', tip])).stdout.trim());
    const message = `llm-perf-gate: compacted history: ${kept.length} result(s)\n\nReplaces ${count} commit(s) up to ${tip}.${pruned.length ? ` Pruned ${pruned.length} result(s) beyond the retention of ${opts.retention}.` : ''}\n`;
    const sha = (await branch.git.run('creating the compacted commit', ['commit-tree', '--no-gpg-sign', tree, '-m', message])).stdout.trim();
    await hooks.beforePush?.(attempt);
    if ((await branch.push(sha, tip)) === 'pushed') return { before: tip, after: sha, commitsBefore: count, kept: kept.length, pruned, attempts: attempt };
    if (attempt < maxAttempts) await sleep(pushWaitMs(attempt));
  }
  throw new HistoryError(`history: gave up compacting '${branch.branch}' after ${maxAttempts} attempts: other jobs kept updating it first`);
}
