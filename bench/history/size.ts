// Size of the history per stored result, and what compaction gives back:
// stores N synthetic results (one cell, 200 requests x 3 trials, the real
// metrics pipeline) on a data branch of a bare local remote with a retention
// of N/2, then measures the remote's packed size before and after compaction.
//   node scripts/run-ts.mjs bench/history/size.ts [--results 40]
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { compactHistory } from '../../src/history/compact.js';
import { DEFAULT_HISTORY_BRANCH } from '../../src/history/defaults.js';
import { saveResult, type HistoryOptions } from '../../src/history/store.js';
import { syntheticResult } from '../../test/support/synthetic.js';

const { values: args } = parseArgs({ options: { results: { type: 'string' } } });
const n = Number(args.results ?? 40);
const retention = Math.max(1, Math.floor(n / 2));
const env = { ...process.env, GIT_CONFIG_NOSYSTEM: '1', GIT_AUTHOR_NAME: 'b', GIT_AUTHOR_EMAIL: 'b@example.com', GIT_COMMITTER_NAME: 'b', GIT_COMMITTER_EMAIL: 'b@example.com' };
const git = (cwd: string, ...a: string[]): string => execFileSync('git', a, { cwd, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();

/** Packed bytes of the remote after git gc, unreachable objects dropped (what a host's gc ends at). */
function packed(remote: string): number {
  git(remote, 'reflog', 'expire', '--expire=now', '--all');
  git(remote, 'gc', '-q', '--prune=now');
  const kib = /size-pack: (\d+)/.exec(git(remote, 'count-objects', '-v'))?.[1];
  return Number(kib) * 1024;
}

const root = await mkdtemp(join(tmpdir(), 'llm-perf-history-size-'));
try {
  const remote = join(root, 'remote.git');
  git(root, 'init', '-q', '--bare', '-b', 'main', remote);
  const work = join(root, 'work');
  git(root, 'clone', '-q', `file://${remote}`, work, '--no-checkout');
  const opts: HistoryOptions = { repoDir: work, remote: 'origin', branch: DEFAULT_HISTORY_BRANCH, retention };
  let raw = 0;
  for (let i = 0; i < n; i++) {
    const commit = (i + 1).toString(16).padStart(40, '0');
    const doc = syntheticResult(`size-${i}`);
    doc.git = { commit, ref: 'refs/heads/main' };
    const json = JSON.stringify(doc); // as the action stores it
    raw += Buffer.byteLength(json);
    await saveResult(opts, commit, json, { output_tps: doc.cells[0]!.metrics.output_tps });
  }
  const before = packed(remote);
  const out = await compactHistory(opts);
  const after = packed(remote);
  const kb = (b: number): string => `${(b / 1024).toFixed(1)} KiB`;
  console.log(`${n} results stored (retention ${retention}): one cell, 200 requests x 3 trials each`);
  console.log(`result file, compact JSON as the action stores it: ${kb(raw / n)} per result`);
  console.log(`remote packed before compaction: ${kb(before)} for ${n} results in ${out.commitsBefore} commits (${kb(before / n)} per result ever stored)`);
  console.log(`remote packed after compaction:  ${kb(after)} for ${out.kept} retained results (${kb(after / out.kept)} per retained result)`);
} finally {
  await rm(root, { recursive: true, force: true });
}
