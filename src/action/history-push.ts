// What the action does with the history besides storing results: after a
// push to the default branch stored its result, the change points that push
// revealed (warning annotations, a job-summary section, optionally a commit
// comment), the dashboard published to a Pages branch, and compaction of the
// data branch; before the report, the trend table of every gated metric.
// None of these fail the gate: a push whose result is stored has done its job,
// so what goes wrong here is a warning that says what and why.
import { renderChanges, renderTrendTable } from '../changes/markdown.js';
import { buildSeries, describeChange, findChanges, newChanges, type ChangePoint } from '../changes/series.js';
import { dashboardData, siteFiles } from '../dashboard/site.js';
import type { Octokit } from '../github/client.js';
import { commentOnCommit } from '../github/commit-comment.js';
import { compactHistory } from '../history/compact.js';
import { Git } from '../history/git.js';
import { publishSite } from '../history/pages.js';
import { DEFAULT_ORDER_COMMITS, readBranchHistory, type ReadHistory } from '../history/reader.js';
import type { HostLog } from '../pipeline/host.js';
import type { ResultDoc } from '../result/types.js';
import { historyOptions } from './baseline.js';
import type { RunEvent } from './event.js';
import type { ActionHost } from './host.js';
import type { ActionInputs } from './inputs.js';

/** Commits shown in the pull-request comment's trend sparklines. */
const TREND_COMMITS = 20;

const message = (err: unknown): string => (err instanceof Error ? err.message : String(err));

/** `https://github.com/OWNER/REPO` (GITHUB_SERVER_URL for GitHub Enterprise). */
export function repoUrl(event: RunEvent, env: NodeJS.ProcessEnv): string {
  const server = (env.GITHUB_SERVER_URL ?? 'https://github.com').replace(/\/+$/, '');
  return `${server}/${event.owner}/${event.repo}`;
}

/** Where the dashboard is served: the input, else GitHub Pages' default address when the action publishes it; null: no dashboard. */
export function dashboardUrl(inputs: ActionInputs, event: RunEvent): string | null {
  if (inputs.history.dashboardUrl !== null) return inputs.history.dashboardUrl;
  if (!inputs.history.dashboard) return null;
  return `https://${event.owner.toLowerCase()}.github.io/${event.repo}/`;
}

/**
 * The stored results in the order of the default branch's first-parent line
 * from `ref`. actions/checkout fetches one commit by default: in a shallow
 * checkout that line is one commit long, so the results are ordered by when
 * they were measured instead (pushes store in merge order), without messages.
 */
async function readOrdered(log: HostLog, inputs: ActionInputs, workspace: string, ref: string): Promise<ReadHistory> {
  const shallow = await new Git(workspace, 'origin', null)
    .run('checking for a shallow checkout', ['rev-parse', '--is-shallow-repository'], { ok: [128] })
    .then((r) => r.code !== 0 || r.stdout.trim() === 'true');
  if (shallow) log.info('The checkout is shallow: stored results are ordered by when they were measured (fetch-depth: 0 orders them by commit and shows commit messages).');
  const read = await readBranchHistory(historyOptions(inputs, workspace), { repoDir: shallow ? null : workspace, ref, maxCommits: DEFAULT_ORDER_COMMITS });
  for (const why of read.unreadable) log.warn(`History: left out ${why}`);
  return read;
}

/**
 * "### Trend over the last 20 commits" for the report: every gated metric of
 * every cell over the stored results along the baseline's line, with this
 * run's result last. Null (and a log line) when there is no history to show.
 */
export async function trendSection(log: HostLog, inputs: ActionInputs, event: RunEvent, workspace: string, doc: ResultDoc): Promise<string | null> {
  if (inputs.baseline.kind !== 'history') return null;
  try {
    const current = doc.git?.commit ?? event.sha;
    const read = await readOrdered(log, inputs, workspace, event.baselineCommit ?? current);
    const history = [...read.results.filter((r) => r.commit !== current), { commit: current, doc }];
    const series = buildSeries(history);
    return renderTrendTable(series, findChanges(series), TREND_COMMITS, dashboardUrl(inputs, event));
  } catch (err) {
    log.info(`No trend: ${message(err)}`);
    return null;
  }
}

/**
 * After `commit`'s result was stored on a push to the default branch: change
 * points, dashboard, compaction. `octokit`: the run's one client for the
 * commit comment (src/action/ports.ts), null without a github-token.
 */
export async function afterStore(host: ActionHost, inputs: ActionInputs, event: RunEvent, commit: string, octokit: Octokit | null): Promise<void> {
  const workspace = host.cwd;
  const url = repoUrl(event, host.env);
  let read: ReadHistory;
  try {
    read = await readOrdered(host.log, inputs, workspace, commit);
  } catch (err) {
    host.log.warn(`Could not read the history back for change points and the dashboard: ${message(err)}`, 'llm-perf-gate: history');
    return;
  }
  await announceChanges(host, inputs, event, read, commit, url, octokit);
  if (inputs.history.dashboard) await publishDashboard(host, inputs, event, read, url);
  if (inputs.history.compact) {
    try {
      const c = await compactHistory(historyOptions(inputs, workspace));
      host.log.info(
        `Compacted '${inputs.historyBranch}': ${c.commitsBefore} commit(s) -> 1 holding ${c.kept} result(s)${c.pruned.length ? `, pruned ${c.pruned.length}` : ''} (${c.attempts} attempt${c.attempts === 1 ? '' : 's'}).`,
      );
    } catch (err) {
      host.log.warn(`Could not compact '${inputs.historyBranch}': ${message(err)}`, 'llm-perf-gate: history');
    }
  }
}

/**
 * One log line per new change point. A step for the worse is what people must
 * see (a warning); one for the better is news, not a problem, and so is one for
 * the worse that its pull request accepted (label or comment command): it was
 * intended (a notice, saying who accepted it and why).
 */
export function logChanges(log: HostLog, changes: readonly ChangePoint[]): void {
  for (const c of changes) {
    if (c.worse && c.accepted === null) log.warn(describeChange(c), 'llm-perf-gate: change point');
    else log.notice(`llm-perf-gate: change point: ${describeChange(c)}`);
  }
}

async function announceChanges(host: ActionHost, inputs: ActionInputs, event: RunEvent, read: ReadHistory, commit: string, url: string, octokit: Octokit | null): Promise<void> {
  if (read.results.at(-1)?.commit !== commit) {
    host.log.info(`Change points: the stored result of ${commit.slice(0, 7)} is not the newest on its line of history; nothing to announce.`);
    return;
  }
  const changes = newChanges(buildSeries(read.results));
  if (changes.length === 0) {
    host.log.info(`Change points: none new over ${read.results.length} stored commit(s).`);
    return;
  }
  logChanges(host.log, changes);
  const section = renderChanges(
    changes,
    (c) => `${url}/commit/${c}`,
    (n) => `${url}/pull/${n}`,
  )!;
  await host.summary(section);
  if (!inputs.history.changeComment) return;
  if (octokit === null) {
    host.log.notice(`No github-token: the change points are not commented on ${commit.slice(0, 7)}.`);
    return;
  }
  try {
    const at = await commentOnCommit(octokit, { owner: event.owner, repo: event.repo, sha: commit }, section);
    host.log.info(`Commented the change points on ${commit.slice(0, 7)}: ${at}`);
  } catch (err) {
    host.log.warn(`Could not comment the change points on ${commit.slice(0, 7)}: ${message(err)}`, 'llm-perf-gate: change point');
  }
}

async function publishDashboard(host: ActionHost, inputs: ActionInputs, event: RunEvent, read: ReadHistory, url: string): Promise<void> {
  const branch = inputs.history.dashboardBranch;
  try {
    const { data, changes } = dashboardData(read.results, {
      title: `${event.owner}/${event.repo}: llm-perf-gate history`,
      repoUrl: url,
      extraMetrics: [],
      changes: {},
      generatedAt: new Date().toISOString(),
    });
    const files = await siteFiles(data);
    const newest = read.results.at(-1)?.commit.slice(0, 7) ?? 'none';
    const published = await publishSite({ ...historyOptions(inputs, host.cwd), branch }, files, `llm-perf-gate: dashboard of ${read.results.length} commit(s), up to ${newest}`);
    host.log.info(
      `Published the dashboard (${read.results.length} commit(s), ${data.series.length} chart(s), ${changes.length} change point(s)) to '${branch}' as ${published.commit.slice(0, 7)}: ${dashboardUrl(inputs, event)}`,
    );
  } catch (err) {
    host.log.warn(`Could not publish the dashboard to '${branch}': ${message(err)}`, 'llm-perf-gate: dashboard');
  }
}
