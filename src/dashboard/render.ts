// The dashboard page: one self-contained HTML file (chart library, styles,
// script and data inlined), with a Content-Security-Policy that forbids any
// network request at view time. Pure: no I/O.
import type { ChartAssets } from './assets.js';
import { CLIENT_SCRIPT } from './client-script.js';
import { VIEW_SCRIPT } from './view-script.js';
import type { DashboardData } from './model.js';

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/** JSON that is safe inside <script>: no `</script>`, no `<!--`, no JS line separators. */
function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** Inline script text may not close its own element. */
function inlineScript(js: string): string {
  return js.replace(/<\/(script)/gi, '<\\/$1');
}

const STYLE = `
body { font: 14px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; margin: 0 auto; max-width: 1140px; padding: 16px; color: #1b1f24; background: #fff; }
h1 { font-size: 20px; margin: 0 0 4px; } h3 { font-size: 15px; margin: 18px 0 4px; }
table { border-collapse: collapse; width: 100%; margin: 12px 0; font-size: 13px; }
th, td { text-align: left; padding: 4px 8px; border-bottom: 1px solid #e3e6ea; vertical-align: top; }
td.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
.muted { color: #667; } .worse { color: #c62828; } .better { color: #2e7d32; }
.mono, code { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; }
#tooltip { position: absolute; z-index: 10; pointer-events: none; background: #fff; border: 1px solid #aab; border-radius: 4px; padding: 6px 8px; font-size: 12px; max-width: 420px; box-shadow: 0 2px 6px rgba(0,0,0,.15); }
.chart { margin-bottom: 8px; } .legend { font-size: 12px; margin: 2px 0 0; }
.uplot .u-over { cursor: pointer; }
.accepted { color: #8e44ad; }
#controls { display: flex; flex-wrap: wrap; gap: 8px 16px; align-items: center; margin: 12px 0; padding: 8px; background: #f5f6f8; border-radius: 4px; }
#controls select, #controls button { font: inherit; }
h2 { font-size: 16px; margin: 20px 0 4px; }
`;

/** "2026-12-04" or "2026-12-04 09:30 UTC", as the page's script writes dates (view-script.ts, when); the text as given when it is no date. */
export function utcDate(iso: string, withTime: boolean): string {
  const ms = Date.parse(iso);
  if (!Number.isFinite(ms)) return iso;
  const t = new Date(ms).toISOString();
  return withTime ? `${t.slice(0, 10)} ${t.slice(11, 16)} UTC` : t.slice(0, 10);
}

export function renderDashboard(data: DashboardData, assets: ChartAssets): string {
  const csp = "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:";
  const notes = data.notes.map((n) => `<li>${escapeHtml(n)}</li>`).join('');
  const first = data.commits[0];
  const last = data.commits.at(-1);
  const span = first && last ? `${data.commits.length} commits, ${escapeHtml(utcDate(first.date, false))} to ${escapeHtml(utcDate(last.date, false))}` : 'no results yet';
  const d = data.detection;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(data.title)}</title>
<style>${assets.css.replace(/<\/(style)/gi, '<\\/$1')}</style>
<style>${STYLE}</style>
</head>
<body>
<h1>${escapeHtml(data.title)}</h1>
<p class="muted">${span}; generated ${escapeHtml(utcDate(data.generatedAt, true))}.</p>
<div id="controls">
<label>cell <select id="filter-cell"><option value="">all cells</option></select></label>
<label>metric <select id="filter-metric"><option value="">all metrics</option></select></label>
<label>x axis <select id="axis"><option value="commit">commits</option><option value="date">dates</option></select></label>
<button type="button" id="download-csv">Download CSV</button>
<button type="button" id="download-json">Download JSON</button>
<span id="shown" class="muted"></span>
</div>
<table id="summary">
<thead><tr><th>cell · metric</th><th>latest</th><th>last change point (95% interval)</th><th>latest vs the level before that change (or the mean)</th><th>trend since</th></tr></thead>
<tbody></tbody>
</table>
<p id="legend" class="legend muted"></p>
<div id="charts"></div>
<h2>Failed and accepted gates</h2>
<table id="gates">
<thead><tr><th>commit</th><th>date</th><th>gate</th><th>accepted</th><th>pull request</th></tr></thead>
<tbody></tbody>
</table>
<footer class="muted">
<p>Change points: E-divisive means (Matteson &amp; James 2014) with a permutation test, p &le; ${d.significance}, ${d.permutations} permutations, shifts under ${(d.minRelativeChange * 100).toFixed(1)}% ignored; the interval is a bootstrap of the two levels' means.</p>
${notes ? `<ul>${notes}</ul>` : ''}
</footer>
<script type="application/json" id="dashboard-data">${scriptSafeJson(data)}</script>
<script>${inlineScript(assets.js)}</script>
<script>${inlineScript(VIEW_SCRIPT)}</script>
<script>${inlineScript(CLIENT_SCRIPT)}</script>
</body>
</html>
`;
}
