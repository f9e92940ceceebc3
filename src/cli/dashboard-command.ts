// `llm-perf-gate dashboard`: the static site of the stored history.
import { isAbsolute, resolve } from 'node:path';
import { repoUrlOf } from '../dashboard/model.js';
import { dashboardData, writeSite } from '../dashboard/site.js';
import { Git } from '../history/git.js';
import { changeOptions, extraMetrics, historyFailure, historySource, readHistoryFor, type Values } from './history-options.js';
import { HistoryUsageError } from '../errors/history-usage-error.js';
import { EXIT } from '../pipeline/exit.js';
import type { CliIo } from './io.js';

/** Reasons repeated in the error when every stored result was refused. */
const REASONS_SHOWN = 3;

async function remoteRepoUrl(repoDir: string, remote: string): Promise<string | null> {
  const r = await new Git(repoDir, remote, null).run('reading the remote URL', ['remote', 'get-url', remote], { ok: [2, 128] }).catch(() => null);
  return r !== null && r.code === 0 ? repoUrlOf(r.stdout) : null;
}

export async function dashboardCommand(v: Values, io: CliIo): Promise<number> {
  try {
    const { source, order } = historySource(v, io.cwd);
    const given = typeof v['repo-url'] === 'string' ? v['repo-url'] : null;
    if (given !== null && !/^https:\/\/[^\s"'<>]+$/.test(given)) throw new HistoryUsageError(`--repo-url must be an https:// URL, got '${given}'`);
    const { results, unreadable } = await readHistoryFor(source, order, io);
    if (results.length === 0 && unreadable.length > 0) {
      // An empty page would look like a history with nothing in it yet; this one has results, none readable.
      const first = unreadable
        .slice(0, REASONS_SHOWN)
        .map((why) => `  ${why}\n`)
        .join('');
      const more = unreadable.length > REASONS_SHOWN ? `  (and ${unreadable.length - REASONS_SHOWN} more)\n` : '';
      io.stderr.write(`error: every stored result was refused (${unreadable.length} file(s)), so there is nothing to chart; no dashboard written. Why:\n${first}${more}`);
      return EXIT.usage;
    }
    const repoUrl = given?.replace(/\/+$/, '') ?? (order.repoDir === null ? null : await remoteRepoUrl(order.repoDir, typeof v.remote === 'string' ? v.remote : 'origin'));
    const { data, changes } = dashboardData(results, {
      title: typeof v.title === 'string' ? v.title : 'llm-perf-gate history',
      repoUrl,
      extraMetrics: extraMetrics(v),
      changes: changeOptions(v),
      generatedAt: new Date().toISOString(),
    });
    const out = typeof v.out === 'string' ? v.out : 'llm-perf-dashboard';
    const file = await writeSite(isAbsolute(out) ? out : resolve(io.cwd, out), data);
    io.stdout.write(`${file}: ${results.length} commit(s), ${data.series.length} chart(s), ${changes.length} change point(s)\n`);
    return EXIT.ok;
  } catch (err) {
    return historyFailure(err, io);
  }
}
