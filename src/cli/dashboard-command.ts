// `llm-perf-gate dashboard`: the static site of the stored history.
import { isAbsolute, resolve } from 'node:path';
import { repoUrlOf } from '../dashboard/model.js';
import { dashboardData, writeSite } from '../dashboard/site.js';
import { Git } from '../history/git.js';
import { changeOptions, extraMetrics, HISTORY_OPTIONS, HISTORY_USAGE, historyFailure, historySource, readHistoryFor, type Values } from './history-options.js';
import { HistoryUsageError } from '../errors/history-usage-error.js';
import { EXIT } from '../pipeline/report.js';
import type { CliIo } from './io.js';

const DASHBOARD_USAGE = `usage: llm-perf-gate dashboard [options]

Writes a static site (one index.html, everything inlined, no network access
when viewed; works from file:// and GitHub Pages): a summary table and, per
cell and gated metric, a chart over commits with the trials' range, the
gate threshold around the latest result, the change points, and the
commits whose gate failed or whose regression was accepted (with their pull
requests); filters by cell and metric, a commit or date axis, and a CSV or
JSON download of what is shown. Exits 2,
writing nothing, when every stored result was refused (unreadable, another
schema version).

${HISTORY_USAGE}

output:
  --out DIR            where index.html goes (default llm-perf-dashboard)
  --title TEXT         page title (default: llm-perf-gate history)
  --repo-url URL       https://github.com/OWNER/REPO for commit links (default: from the remote, when on GitHub)`;

export const DASHBOARD_COMMAND = {
  summary: 'write a static dashboard (charts, change points, summary) of the stored history',
  usage: DASHBOARD_USAGE,
  options: { ...HISTORY_OPTIONS, out: { type: 'string' }, title: { type: 'string' }, 'repo-url': { type: 'string' } },
  run: (v: Values, io: CliIo): Promise<number> => dashboardCommand(v, io),
} as const;

/** Reasons repeated in the error when every stored result was refused. */
const REASONS_SHOWN = 3;

async function remoteRepoUrl(repoDir: string, remote: string): Promise<string | null> {
  const r = await new Git(repoDir, remote, null).run('reading the remote URL', ['remote', 'get-url', remote], { ok: [2, 128] }).catch(() => null);
  return r !== null && r.code === 0 ? repoUrlOf(r.stdout) : null;
}

async function dashboardCommand(v: Values, io: CliIo): Promise<number> {
  try {
    const { source, order } = historySource(v, io.cwd);
    const given = typeof v['repo-url'] === 'string' ? v['repo-url'] : null;
    if (given !== null && !/^https:\/\/[^\s"'<>]+$/.test(given)) throw new HistoryUsageError(`--repo-url must be an https:// URL, got '${given}'`);
    const { results, unreadable } = await readHistoryFor(source, order, io);
    if (results.length === 0 && unreadable.length > 0) {
      // An empty page would look like a history with nothing in it yet; this one has results, none readable.
      const first = unreadable.slice(0, REASONS_SHOWN).map((why) => `  ${why}\n`).join('');
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
