// The Markdown report: a headline, the gated metrics per cell, reasons for
// invalid and inconclusive verdicts, SLO checks, and every metric in a
// collapsed section. Renders what the verdict says; computes nothing itself.
import { markdownTable } from 'markdown-table';
import type { CellVerdict, MetricVerdict, Overall, VerdictDoc } from '../gate/verdict.js';
import { capacityCellSection } from './capacity-cell.js';
import { codeSpan, escapeMd } from './escape.js';
import { figure, MARKDOWN_STYLE, rowFigures, signedPct } from './figures.js';
import type { ResultDoc } from '../result/types.js';
import { telemetrySection } from './telemetry.js';

const MAX_REPORT_CHARS = 65_536;

const ICON: Record<Overall, string> = { pass: '✅', warn: '⚠️', fail: '❌', inconclusive: '❔', invalid: '🚫' };
const MARK: Record<MetricVerdict['verdict'], string> = {
  regressed: '❌ regressed',
  warn: '⚠️ warn',
  improved: '🚀 improved',
  unchanged: '✅ unchanged',
  inconclusive: '❔ inconclusive',
};

const num = (x: number | null): string => figure(x, MARKDOWN_STYLE);
const shortSha = (s: string | null): string => (s === null ? 'unknown commit' : codeSpan(s.slice(0, 7)));

/** An invalid cell's rows are not counted in the headline: they say so instead of a verdict the headline leaves out. */
function metricRow(cell: CellVerdict, m: MetricVerdict): string[] {
  const f = rowFigures(m, MARKDOWN_STYLE, true);
  return [escapeMd(cell.id), m.metric, f.baseline, f.candidate, f.change, f.interval, cell.valid ? MARK[m.verdict] : `🚫 invalid cell (${m.verdict}, not counted)`];
}

const HEAD = ['cell', 'metric', 'baseline', 'candidate', 'change', 'interval', 'verdict'];

function cellDetails(c: CellVerdict): string {
  const rows = c.metrics.map((m) => metricRow(c, m).slice(1));
  const head = `<details><summary>${escapeMd(c.id)}: all ${c.metrics.length} metrics</summary>\n\n`;
  return `${head}${markdownTable([HEAD.slice(1), ...rows], { align: ['l', 'r', 'r', 'r', 'r', 'l'] })}\n\n</details>`;
}

/** Which design made the verdict, in words. */
export function designLine(v: VerdictDoc): string {
  switch (v.design) {
    case 'paired':
      return 'paired design (interleaved A/B in one job)';
    case 'history':
      return `history design (against the job-to-job noise of ${v.history?.runs ?? '?'} stored runs)`;
    default:
      return v.history === undefined ? 'unpaired design (one stored run)' : 'unpaired design (one stored run: job-to-job noise unknown)';
  }
}

/** The history design: the measured job-to-job noise and the smallest change it can detect, per gated metric. */
function noiseTable(v: VerdictDoc): string | null {
  const rows = v.cells.flatMap((c) =>
    c.metrics
      .filter((m) => m.gated && m.noise !== undefined)
      .map((m) => {
        const n = m.noise!;
        return [escapeMd(c.id), m.metric, String(n.jobs), `${n.job_cv_pct.toFixed(1)}%`, `${n.trial_cv_pct.toFixed(1)}%`, `${signedPct(n.swing_pct[0])} … ${signedPct(n.swing_pct[1])}`, signedPct(n.mdc_pct)];
      }),
  );
  if (rows.length === 0) return null;
  const head = ['cell', 'metric', 'stored runs', 'job-to-job CV', 'trial CV', 'stored runs\' swing', 'smallest detectable change'];
  return `### Job-to-job noise\n\n${markdownTable([head, ...rows], { align: ['l', 'l', 'r', 'r', 'r', 'r', 'r'] })}\n\n<sub>Smallest detectable change: failed with 80% power at the Holm-adjusted level.</sub>`;
}

interface ReportOptions {
  /** Words after the verdict in the headline, e.g. why an invalid check failed the step (plain text: escaped here). */
  headline?: string;
  /** A line right under the headline, before the counts: what a reader of a red or not quite green check needs first (safe Markdown). */
  lead?: string;
  /** Extra lines under the headline, e.g. which history commit was the baseline. */
  context?: string[];
  /** Extra sections after the gated table, e.g. a trend chart (already safe Markdown). */
  sections?: string[];
  maxChars?: number;
  /** The results judged: their server telemetry and environments get a section of their own. */
  results?: { baseline: ResultDoc | null; candidate: ResultDoc };
}

export function renderMarkdown(v: VerdictDoc, opts: ReportOptions = {}): string {
  const max = opts.maxChars ?? MAX_REPORT_CHARS;
  const s = v.summary;
  const parts: string[] = [];
  // An accepted regression is neither the red cross of a failure nor a pass: the step passed because a writer said so.
  const icon = v.accepted !== undefined && v.verdict === 'fail' ? '☑️' : ICON[v.verdict];
  parts.push(`## ${icon} llm-perf-gate: ${v.verdict}${opts.headline ? ` · ${escapeMd(opts.headline)}` : ''}`);
  if (opts.lead) parts.push(opts.lead);
  parts.push(
    `**${s.regressed} regressed** · ${s.improved} improved · ${s.unchanged} unchanged · ${s.warn} warn · ${s.inconclusive} inconclusive` +
      (s.invalid_cells > 0 ? ` · ${s.invalid_cells} invalid cell${s.invalid_cells === 1 ? '' : 's'}` : '') +
      (s.slo_failed > 0 ? ` · ${s.slo_failed} SLO check${s.slo_failed === 1 ? '' : 's'} failed` : ''),
  );
  parts.push(
    `Baseline ${shortSha(v.baseline.commit)} (${escapeMd(v.baseline.model ?? 'unknown model')}) vs candidate ${shortSha(v.candidate.commit)} (${escapeMd(v.candidate.model ?? 'unknown model')}); ` +
      `${designLine(v)}, ${Math.round(v.settings.confidence * 100)}% intervals, Holm-adjusted α = ${v.settings.alpha}.`,
  );
  for (const n of v.history?.notes ?? []) parts.push(`> ${escapeMd(n)}`);
  for (const line of opts.context ?? []) parts.push(line);
  if (v.reasons.length > 0) parts.push(v.reasons.map((r) => `- ${escapeMd(r)}`).join('\n'));
  // Capacity first: the load a server sustains within its SLOs is the headline figure when it was measured.
  for (const c of v.capacity ?? []) parts.push(capacityCellSection(c.candidate, c.baseline, c.metrics));

  const gated = v.cells.flatMap((c) => c.metrics.filter((m) => m.gated).map((m) => metricRow(c, m)));
  if (gated.length > 0) {
    parts.push(`### Gated metrics\n\n${markdownTable([HEAD, ...gated], { align: ['l', 'l', 'r', 'r', 'r', 'r', 'l'] })}`);
  }
  const noise = noiseTable(v);
  if (noise !== null) parts.push(noise);
  const notes = v.cells.flatMap((c) =>
    c.metrics
      .filter((m) => m.gated && (m.verdict === 'inconclusive' || m.verdict === 'warn'))
      .map((m) => `- ${escapeMd(c.id)} ${m.metric}: ${escapeMd(m.reason)}`),
  );
  if (notes.length > 0) parts.push(notes.join('\n'));
  if (v.slo.length > 0) {
    const rows = v.slo.map((o) => [escapeMd(o.cell), codeSpan(o.check), num(o.value), o.ok ? '✅ ok' : '❌ failed', escapeMd(o.note ?? '')]);
    parts.push(`### SLO checks\n\n${markdownTable([['cell', 'check', 'value', 'result', 'note'], ...rows])}`);
  }
  // Telemetry is part of what the verdict says (why a cell was slower, or void):
  // it stands at the top level, before anything collapsed, so no <details>
  // above it can fold it away.
  if (opts.results) {
    const telemetry = telemetrySection(v, opts.results.baseline, opts.results.candidate);
    if (telemetry) parts.push(telemetry);
  }
  if (v.warnings.length > 0 || v.cells.some((c) => c.warnings.length > 0)) {
    const lines = [...v.warnings, ...v.cells.flatMap((c) => c.warnings.map((w) => `${c.id}: ${w}`))];
    parts.push(`<details><summary>Warnings (${lines.length})</summary>\n\n${lines.map((l) => `- ${escapeMd(l)}`).join('\n')}\n\n</details>`);
  }
  parts.push(...(opts.sections ?? []));

  // Details go last and are cut first: the verdict and gated table must always fit.
  const head = parts.join('\n\n');
  const details = v.cells.map(cellDetails);
  const footer = '\n\n<sub>Metric definitions: docs/metrics.md · how verdicts are decided: docs/gate.md</sub>\n';
  let body = head;
  let kept = 0;
  // Room kept for the note that says details were cut.
  const reserve = 200 + footer.length;
  for (const d of details) {
    if (body.length + 2 + d.length + reserve > max) break;
    body += `\n\n${d}`;
    kept++;
  }
  if (kept < details.length) body += `\n\n_${details.length - kept} cells' details were cut to fit ${max} characters; the verdict JSON has them all._`;
  body += footer;
  return body.length > max ? truncate(body, max) : body;
}

const OPEN = /<details>/g;
const CLOSE = /<\/details>/g;

/**
 * The report cut to `max` characters as a last resort. A cut inside a
 * <details> block would leave it open, and everything GitHub shows after it
 * (the truncation note, the sections a job summary appends later, a
 * comment's footer) would fold away inside it: each block left open is closed.
 */
function truncate(body: string, max: number): string {
  const note = '\n\n_(report truncated)_\n';
  const closer = '\n\n</details>';
  let cut = body.slice(0, max - note.length);
  for (;;) {
    const open = (cut.match(OPEN)?.length ?? 0) - (cut.match(CLOSE)?.length ?? 0);
    const text = `${cut}${closer.repeat(Math.max(0, open))}${note}`;
    if (text.length <= max || cut.length === 0) return text;
    cut = cut.slice(0, max - note.length - closer.length * Math.max(1, open));
  }
}
