// The terminal view of a verdict: gated metrics per cell, then the reasons.
// Cell ids, reasons and warnings quote the result files: forTerminal.
import { costLine, undecidedSentence } from './cost.js';
import type { VerdictDoc } from '../gate/verdict.js';
import { capacityVerdictRows } from './capacity-cell.js';
import { rowFigures, signedPct, TERMINAL_STYLE } from './figures.js';
import { designLine } from './markdown.js';
import { forTerminal } from '../util/safe-text.js';
import { droppedNote, fitTable, renderTable } from './terminal.js';

/** Columns the verdict table leaves out first on a narrow terminal: the change and its verdict stay. */
const VERDICT_DROP_ORDER = ['interval', 'baseline', 'candidate'];

/** `width`: the terminal's, to fit (null: a log or a file, every column). */
export function verdictTable(v: VerdictDoc, width: number | null = null): string {
  const rows = [['cell', 'metric', 'baseline', 'candidate', 'change', 'interval', 'verdict']];
  for (const c of v.cells) {
    for (const m of c.metrics) {
      if (!m.gated) continue;
      const f = rowFigures(m, TERMINAL_STYLE, false);
      // An invalid cell's verdicts are not counted in the headline; its rows say so.
      rows.push([forTerminal(c.id) + (c.valid ? '' : ' [invalid]'), m.metric, f.baseline, f.candidate, f.change, f.interval, c.valid ? m.verdict : `invalid (${m.verdict}, not counted)`]);
    }
  }
  const capacity = capacityVerdictRows(v.capacity);
  rows.push(...capacity.rows);
  const lines = [
    `verdict: ${v.verdict.toUpperCase()}  (${v.summary.regressed} regressed, ${v.summary.improved} improved, ${v.summary.unchanged} unchanged, ${v.summary.warn} warn, ${v.summary.inconclusive} inconclusive, ${v.summary.invalid_cells} invalid cells, ${v.summary.slo_failed} SLO failures)`,
  ];
  lines.push(designLine(v));
  const undecidedText = undecidedSentence(v, forTerminal);
  if (undecidedText !== null) lines.push(undecidedText);
  const cost = costLine(v);
  if (cost !== null) lines.push(cost);
  for (const n of v.history?.notes ?? []) lines.push(`note: ${forTerminal(n)}`);
  if (rows.length > 1) {
    const fitted = fitTable(rows, width, VERDICT_DROP_ORDER);
    lines.push(renderTable(fitted.rows));
    const dropped = droppedNote(fitted.dropped, width);
    if (dropped !== null) lines.push(dropped);
  }
  lines.push(...capacity.lines);
  const noise = v.cells.flatMap((c) => c.metrics.filter((m) => m.gated && m.noise !== undefined).map((m) => ({ c, m, n: m.noise! })));
  if (noise.length > 0) {
    const head = ['cell', 'metric', 'stored runs', 'job CV', 'trial CV', 'swing', 'detects'];
    const body = noise.map(({ c, m, n }) => [
      forTerminal(c.id),
      m.metric,
      String(n.jobs),
      `${n.job_cv_pct.toFixed(1)}%`,
      `${n.trial_cv_pct.toFixed(1)}%`,
      `${signedPct(n.swing_pct[0], TERMINAL_STYLE)}..${signedPct(n.swing_pct[1], TERMINAL_STYLE)}`,
      signedPct(n.mdc_pct, TERMINAL_STYLE),
    ]);
    lines.push(`job-to-job noise (smallest change that fails with 80% power):\n${renderTable([head, ...body])}`);
  }
  for (const r of v.reasons) lines.push(`- ${forTerminal(r)}`);
  for (const w of v.warnings) lines.push(`warning: ${forTerminal(w)}`);
  return lines.join('\n');
}
