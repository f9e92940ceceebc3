// `llm-perf-gate compact-history`: rewrite the data branch into one commit of
// the retained results (src/history/compact.ts), so its size stops growing
// with every result ever stored.
import { isAbsolute, resolve } from 'node:path';
import { compactHistory } from '../history/compact.js';
import { DEFAULT_HISTORY_BRANCH, DEFAULT_REMOTE } from '../history/store.js';
import { EXIT } from '../pipeline/report.js';
import { HistoryUsageError } from '../errors/history-usage-error.js';
import { historyFailure, type Values } from './history-options.js';
import type { CliIo } from './io.js';

const COMPACT_USAGE = `usage: llm-perf-gate compact-history [options]

Rewrites the data branch on the remote as one commit holding its retained
results (and index.json), replaced with git push --force-with-lease: when
another job stores a result meanwhile, compaction starts over from the new tip,
so no result is lost. The old objects leave the remote at its next garbage
collection.

  --branch NAME        the data branch (default ${DEFAULT_HISTORY_BRANCH})
  --repo DIR           a checkout whose remote holds it (default: the current folder)
  --remote NAME        (default ${DEFAULT_REMOTE})
  --retention N        keep the newest N results (default 200, the action's history-retention)`;

export const COMPACT_COMMAND = {
  summary: 'rewrite the data branch into one commit of its retained results (force-push with lease)',
  usage: COMPACT_USAGE,
  options: { branch: { type: 'string' }, repo: { type: 'string' }, remote: { type: 'string' }, retention: { type: 'string' } },
  run: (v: Values, io: CliIo): Promise<number> => compactCommand(v, io),
} as const;

const str = (v: Values, k: string): string | null => (typeof v[k] === 'string' ? (v[k] as string) : null);

async function compactCommand(v: Values, io: CliIo): Promise<number> {
  try {
    const retentionText = str(v, 'retention') ?? '200';
    const retention = Number(retentionText);
    if (!/^[1-9][0-9]*$/.test(retentionText.trim()) || !Number.isSafeInteger(retention)) throw new HistoryUsageError(`--retention must be a positive integer, got '${retentionText}'`);
    const repo = str(v, 'repo') ?? '.';
    const branch = str(v, 'branch') ?? DEFAULT_HISTORY_BRANCH;
    const c = await compactHistory({ repoDir: isAbsolute(repo) ? repo : resolve(io.cwd, repo), remote: str(v, 'remote') ?? DEFAULT_REMOTE, branch, retention, token: null });
    if (c.after === null) {
      io.stdout.write(`no branch '${branch}' on the remote: nothing to compact\n`);
      return EXIT.ok;
    }
    io.stdout.write(`${branch}: ${c.commitsBefore} commit(s) -> 1 (${c.after.slice(0, 7)}) holding ${c.kept} result(s)${c.pruned.length ? `; pruned ${c.pruned.length} beyond --retention ${retention}` : ''}\n`);
    return EXIT.ok;
  } catch (err) {
    return historyFailure(err, io);
  }
}
