// The trend of the headline metrics over the last commits, as a Mermaid chart
// (GitHub renders Mermaid in comments and job summaries) plus a small table.
import { markdownTable } from 'markdown-table';
import { escapeMd } from './escape.js';

export interface TrendPoint {
  commit: string;
  headline: Record<string, number | null>;
}

/** Only characters Mermaid takes inside a quoted label: anything else could break the chart. */
const label = (s: string): string => s.replace(/[^A-Za-z0-9@=/.,:_ -]/g, '_');

/** `points` newest first, as the history index keeps them; the chart reads oldest to newest. */
export function renderTrend(points: readonly TrendPoint[], metricKey: string, max = 20): string | null {
  const recent = points.slice(0, max).reverse();
  const values = recent.map((p) => p.headline[metricKey] ?? null);
  if (values.filter((v) => v !== null).length < 2) return null;
  const xs = recent.map((p) => `"${p.commit.slice(0, 7)}"`).join(', ');
  const ys = values.map((v) => (v === null ? 0 : Math.round(v * 100) / 100)).join(', ');
  const hi = Math.max(...values.map((v) => v ?? 0));
  const chart = ['```mermaid', 'xychart-beta', `  title "${label(metricKey)}"`, `  x-axis [${xs}]`, `  y-axis "${label(metricKey.split(' ').pop() ?? '')}" 0 --> ${Math.ceil(hi * 1.15) || 1}`, `  line [${ys}]`, '```'].join('\n');
  const keys = Object.keys(points[0]?.headline ?? {});
  const rows = [['commit', ...keys.map(escapeMd)], ...points.slice(0, 10).map((p) => [`\`${p.commit.slice(0, 7)}\``, ...keys.map((k) => (p.headline[k] === null || p.headline[k] === undefined ? '–' : String(Math.round(p.headline[k]! * 10) / 10)))])];
  return `### Trend over the last ${recent.length} commits\n\n${chart}\n\n<details><summary>Headline figures per commit</summary>\n\n${markdownTable(rows)}\n\n</details>`;
}
