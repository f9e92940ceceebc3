// The terminal view of a verdict: gated metrics per cell, then the reasons.
import type { VerdictDoc } from '../gate/verdict.js';
import { renderTable } from './terminal.js';

const fmt = (x: number | null): string => (x === null ? '-' : Math.abs(x) >= 100 ? x.toFixed(0) : x.toFixed(2));
const signed = (x: number | null): string => (x === null ? '-' : `${x > 0 ? '+' : ''}${x.toFixed(1)}%`);

export function verdictTable(v: VerdictDoc): string {
  const rows = [['cell', 'metric', 'baseline', 'candidate', 'change', 'interval', 'verdict']];
  for (const c of v.cells) {
    for (const m of c.metrics) {
      if (!m.gated) continue;
      const iv = m.interval_pct === null ? '-' : `${signed(m.interval_pct[0])}..${signed(m.interval_pct[1])}`;
      rows.push([c.id + (c.valid ? '' : ' [invalid]'), m.metric, fmt(m.baseline), fmt(m.candidate), signed(m.change_pct), iv, m.verdict]);
    }
  }
  const lines = [`verdict: ${v.verdict.toUpperCase()}  (${v.summary.regressed} regressed, ${v.summary.improved} improved, ${v.summary.unchanged} unchanged, ${v.summary.warn} warn, ${v.summary.inconclusive} inconclusive, ${v.summary.invalid_cells} invalid cells, ${v.summary.slo_failed} SLO failures)`];
  if (rows.length > 1) lines.push(renderTable(rows));
  for (const r of v.reasons) lines.push(`- ${r}`);
  for (const w of v.warnings) lines.push(`warning: ${w}`);
  return lines.join('\n');
}
