// Markdown for the action: the change points a push revealed (job summary)
// and a compact trend of every gated metric of every cell (pull-request
// comment): a sparkline row per cell and metric. Pure; escapes every
// untrusted string (cell ids come from result files).
import { escapeMd } from '../report/escape.js';
import { describeChange, type ChangePoint, type MetricSeries } from './series.js';

const BARS = '▁▂▃▄▅▆▇█';

/** Unicode sparkline of the last `max` values, scaled between their min and max. */
export function sparkline(values: readonly number[], max = 20): string {
  const v = values.slice(-max);
  if (v.length === 0) return '';
  const lo = Math.min(...v);
  const hi = Math.max(...v);
  return v.map((x) => BARS[hi === lo ? 3 : Math.min(7, Math.floor(((x - lo) / (hi - lo)) * 8))]).join('');
}

const fmt = (v: number): string => (Math.abs(v) >= 100 ? v.toFixed(0) : Math.abs(v) >= 10 ? v.toFixed(1) : Math.abs(v) >= 1 ? v.toFixed(2) : v.toPrecision(3));

/**
 * "### Change points" with one line per change; null when there is none. A
 * step for the worse that its pull request accepted says by whom, where and
 * why, and links the pull request when `pullUrl` is given.
 */
export function renderChanges(changes: readonly ChangePoint[], commitUrl: ((commit: string) => string) | null = null, pullUrl: ((n: number) => string) | null = null): string | null {
  if (changes.length === 0) return null;
  const lines = changes.map((c) => {
    const text = escapeMd(describeChange(c));
    const pr = c.accepted?.pullRequest ?? null;
    const links = [...(commitUrl === null ? [] : [`[${c.commit.slice(0, 7)}](${commitUrl(c.commit)})`]), ...(pullUrl === null || pr === null ? [] : [`[#${pr}](${pullUrl(pr)})`])];
    const mark = c.accepted ? '☑️ ' : c.worse ? '⚠️ ' : '';
    return `- ${mark}${text}${links.length ? ` (${links.join(', ')})` : ''}`;
  });
  const accepted = changes.some((c) => c.accepted) ? ' ☑️: a step for the worse that the pull request it came from accepted as intended.' : '';
  return `### Change points\n\n${lines.join('\n')}\n\nFound by E-divisive means over the default branch's stored results; the interval is a 95% bootstrap interval of the shift.${accepted}`;
}

/**
 * "### Trend": one row per cell and gated metric: sparkline over the last
 * commits, the latest value, and the last change point; null when no series
 * has two points.
 */
export function renderTrendTable(series: readonly MetricSeries[], changes: readonly ChangePoint[], max = 20, dashboardUrl: string | null = null): string | null {
  const rows = series.filter((s) => s.gated && s.points.length >= 2);
  if (rows.length === 0) return null;
  const body = rows.map((s) => {
    const last = changes.filter((c) => c.cell === s.cell && c.metric === s.metric).at(-1);
    const change =
      last === undefined ? '–' : `${last.relative > 0 ? '+' : ''}${(last.relative * 100).toFixed(1)}% at \`${last.commit.slice(0, 7)}\`${last.accepted ? ' (accepted)' : last.worse ? ' ⚠️' : ''}`;
    const latest = s.points.at(-1)!.value;
    return `| ${escapeMd(s.cell)} | ${escapeMd(s.metric)} | ${sparkline(
      s.points.map((p) => p.value),
      max,
    )} | ${fmt(latest)} ${escapeMd(s.unit)} | ${change} |`;
  });
  const n = Math.min(max, Math.max(...rows.map((s) => s.points.length)));
  const link = dashboardUrl === null ? '' : `\n\n[Dashboard](${dashboardUrl})`;
  return `### Trend over the last ${n} commits\n\n| cell | metric | trend | latest | last change point |\n| --- | --- | --- | --- | --- |\n${body.join('\n')}${link}`;
}
