// The terminal view of a verdict: gated metrics per cell, then the reasons.
// Cell ids, reasons and warnings quote the result files: forTerminal.
import type { VerdictDoc } from '../gate/verdict.js';
import { capacityVerdictRows } from './capacity-cell.js';
import { rowFigures, TERMINAL_STYLE } from './figures.js';
import { forTerminal } from './safe-text.js';
import { renderTable } from './terminal.js';


export function verdictTable(v: VerdictDoc): string {
  const rows = [['cell', 'metric', 'baseline', 'candidate', 'change', 'interval', 'verdict']];
  for (const c of v.cells) {
    for (const m of c.metrics) {
      if (!m.gated) continue;
      const f = rowFigures(m, TERMINAL_STYLE, false);
      rows.push([forTerminal(c.id) + (c.valid ? '' : ' [invalid]'), m.metric, f.baseline, f.candidate, f.change, f.interval, m.verdict]);
    }
  }
  const capacity = capacityVerdictRows(v.capacity);
  rows.push(...capacity.rows);
  const lines = [`verdict: ${v.verdict.toUpperCase()}  (${v.summary.regressed} regressed, ${v.summary.improved} improved, ${v.summary.unchanged} unchanged, ${v.summary.warn} warn, ${v.summary.inconclusive} inconclusive, ${v.summary.invalid_cells} invalid cells, ${v.summary.slo_failed} SLO failures)`];
  if (rows.length > 1) lines.push(renderTable(rows));
  lines.push(...capacity.lines);
  for (const r of v.reasons) lines.push(`- ${forTerminal(r)}`);
  for (const w of v.warnings) lines.push(`warning: ${forTerminal(w)}`);
  return lines.join('\n');
}
