// From stored results in commit order to a written site: the series, their
// change points, the page. What the CLI's `dashboard` command and the action's
// publishing step call.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DEFAULT_CHANGE_OPTIONS, type ChangeOptions } from '../changes/detect.js';
import { buildSeries, findChanges, type ChangePoint, type HistoryPoint } from '../changes/series.js';
import { loadChartAssets } from './assets.js';
import { EFFICIENCY_KEYS } from '../metric-ids.js';
import { dashboardGate, dashboardSeries, gateMark, type DashboardCommit, type DashboardData } from './model.js';
import { renderDashboard } from './render.js';

interface SiteInput extends HistoryPoint {
  date: string;
  subject: string | null;
}

interface SiteOptions {
  title: string;
  repoUrl: string | null;
  /** Metric ids charted besides the gated ones. */
  extraMetrics: readonly string[];
  changes: Partial<ChangeOptions>;
  generatedAt: string;
}

export function dashboardData(history: readonly SiteInput[], opts: SiteOptions): { data: DashboardData; changes: ChangePoint[] } {
  // Cost and energy are charted wherever a stored run has them (a price set, GPU power read), gated or not.
  const efficiency = EFFICIENCY_KEYS.filter((k) => !opts.extraMetrics.includes(k) && history.some((h) => h.doc.cells.some((c) => c.metrics[k] !== undefined)));
  const series = buildSeries(history, [...opts.extraMetrics, ...efficiency]);
  const changes = findChanges(series, opts.changes);
  const commits: DashboardCommit[] = history.map((h) => {
    const gate = dashboardGate(h.doc.gate);
    return { commit: h.commit, date: h.date, measuredAt: h.doc.started_at, subject: h.subject, gate, mark: gateMark(gate) };
  });
  const notes: string[] = [];
  const ungated = commits.filter((c) => c.gate === null).length;
  if (ungated === commits.length && ungated > 0)
    notes.push('No stored result carries its gate (the action stores it with results pushed to the default branch), so no failed or accepted gate is marked.');
  else if (ungated > 0) notes.push(`${ungated} of ${commits.length} stored results carry no gate (stored before gates were kept, or not by the action on a push): those commits are not marked.`);
  if (commits.some((c) => c.subject === null)) notes.push('Commit messages are shown where the repository the dashboard was built in has the commit.');
  const o = { ...DEFAULT_CHANGE_OPTIONS, ...opts.changes };
  return {
    data: {
      title: opts.title,
      generatedAt: opts.generatedAt,
      repoUrl: opts.repoUrl,
      commits,
      series: series.map((s) => dashboardSeries(s, changes, commits)),
      detection: { significance: o.significance, minRelativeChange: o.minRelativeChange, permutations: o.permutations },
      notes,
    },
    changes,
  };
}

/** The site's files by name: the page (everything inlined) and `.nojekyll`, without which GitHub Pages would run the folder through Jekyll. */
export async function siteFiles(data: DashboardData): Promise<Map<string, string>> {
  return new Map([
    ['index.html', renderDashboard(data, await loadChartAssets())],
    ['.nojekyll', ''],
  ]);
}

/** Writes `<outDir>/index.html` (everything inlined) and `.nojekyll`; returns the page's path. */
export async function writeSite(outDir: string, data: DashboardData): Promise<string> {
  await mkdir(outDir, { recursive: true });
  for (const [name, content] of await siteFiles(data)) await writeFile(join(outDir, name), content);
  return join(outDir, 'index.html');
}
