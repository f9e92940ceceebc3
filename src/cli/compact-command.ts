// `llm-perf-gate compact-history`: rewrite the data branch into one commit of
// the retained results (src/history/compact.ts), so its size stops growing
// with every result ever stored.
import { isAbsolute, resolve } from 'node:path';
import { compactHistory } from '../history/compact.js';
import { DEFAULT_HISTORY_BRANCH, DEFAULT_REMOTE } from '../history/defaults.js';
import { EXIT } from '../pipeline/exit.js';
import { HistoryUsageError } from '../errors/history-usage-error.js';
import { historyFailure, type Values } from './history-options.js';
import type { CliIo } from './io.js';

const str = (v: Values, k: string): string | null => (typeof v[k] === 'string' ? (v[k] as string) : null);

export async function compactCommand(v: Values, io: CliIo): Promise<number> {
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
    io.stdout.write(
      `${branch}: ${c.commitsBefore} commit(s) -> 1 (${c.after.slice(0, 7)}) holding ${c.kept} result(s)${c.pruned.length ? `; pruned ${c.pruned.length} beyond --retention ${retention}` : ''}\n`,
    );
    return EXIT.ok;
  } catch (err) {
    return historyFailure(err, io);
  }
}
