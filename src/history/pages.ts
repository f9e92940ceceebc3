// Publishing the dashboard to a branch that GitHub Pages serves (gh-pages by
// default). The site is regenerated whole each time, so the branch is one
// commit, replaced under a lease: it never grows, and a concurrent publisher
// is not overwritten blindly (the later one retries on the new tip).
import { setTimeout as sleep } from 'node:timers/promises';
import { HistoryError } from '../errors/history-error.js';
import { MAX_PUSH_ATTEMPTS, openBranch, pushWaitMs, type HistoryOptions } from './store.js';

export const DEFAULT_PAGES_BRANCH = 'gh-pages';

/** Plain file names only (index.html, .nojekyll): the site is flat. */
const NAME = /^[A-Za-z0-9._-]+$/;

/** Replaces `opts.branch` with one commit holding `files`; returns the commit. */
export async function publishSite(opts: HistoryOptions, files: ReadonlyMap<string, string>, message: string): Promise<{ commit: string; attempts: number }> {
  for (const name of files.keys()) {
    if (!NAME.test(name) || name === '.' || name === '..') throw new HistoryError(`pages: refusing to publish '${name}': plain file names only`);
  }
  const branch = await openBranch(opts);
  const entries = [];
  for (const [name, content] of files) {
    const sha = (await branch.git.run(`storing ${name}`, ['hash-object', '-w', '--stdin'], { input: content })).stdout.trim();
    entries.push({ mode: '100644', type: 'blob', sha, name });
  }
  const tree = await branch.mktree(entries);
  const commit = (await branch.git.run('creating the pages commit', ['commit-tree', '--no-gpg-sign', tree, '-m', message])).stdout.trim();
  const maxAttempts = opts.maxPushAttempts ?? MAX_PUSH_ATTEMPTS;
  for (let attempt = 1; attempt <= maxAttempts; attempt++) {
    // An empty lease means "the branch must not exist yet".
    const tip = (await branch.fetchTip()) ?? '';
    if ((await branch.push(commit, tip)) === 'pushed') return { commit, attempts: attempt };
    if (attempt < maxAttempts) await sleep(pushWaitMs(attempt));
  }
  throw new HistoryError(`pages: gave up publishing to '${branch.branch}' after ${maxAttempts} attempts: it kept changing under us`);
}
