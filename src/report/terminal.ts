// The end-of-run table for a terminal or a CI log: one row per cell, the
// headline figures only; everything else is in the result file. Every string
// from the result (cell ids, server error messages) may be hostile: forTerminal.
import { rampLines } from './ramp.js';
import type { ResultDoc } from '../result/types.js';
import { capacityTerminalLines } from './capacity-cell.js';
import { forTerminal } from '../util/safe-text.js';
import { turnsLines } from './turns.js';
import { efficiencyLines } from './efficiency.js';
import { PercentileCells } from './rough.js';

const fmt = (x: number | null | undefined, digits = 1): string => (x === null || x === undefined || !Number.isFinite(x) ? '-' : x.toFixed(digits));

export function renderTable(rows: string[][]): string {
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => (r[c] ?? '').length)));
  return rows
    .map((r, i) => {
      const line = r.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!))).join('  ');
      return i === 0 ? `${line}\n${widths.map((w) => '-'.repeat(w)).join('  ')}` : line;
    })
    .join('\n');
}

/** renderTable's width: the columns and the two spaces between each. */
function tableWidth(rows: string[][]): number {
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => (r[c] ?? '').length)));
  return widths.reduce((a, b) => a + b, 0) + 2 * (widths.length - 1);
}

/**
 * The table within `width` columns: columns dropped by their header, in
 * `dropFirst`'s order, until it fits (or none of those is left: a terminal
 * then wraps what is still too wide). null width: the whole table.
 */
export function fitTable(rows: string[][], width: number | null, dropFirst: readonly string[]): { rows: string[][]; dropped: string[] } {
  let kept = rows;
  const dropped: string[] = [];
  if (width === null) return { rows, dropped };
  for (const name of dropFirst) {
    if (tableWidth(kept) <= width) break;
    const c = kept[0]!.indexOf(name);
    if (c < 0) continue;
    kept = kept.map((r) => r.filter((_, i) => i !== c));
    dropped.push(name);
  }
  return { rows: kept, dropped };
}

/** The line that says which columns a narrow terminal left out, or null. */
export function droppedNote(dropped: readonly string[], width: number | null): string | null {
  return dropped.length === 0 ? null : `not shown at ${width} columns: ${dropped.join(', ')} (a wider terminal, or output to a file or a pipe, shows every column)`;
}

/** Columns the result table leaves out first on a narrow terminal: the least read first; cell, ok/sent, err%, rps and the p99s stay longest. */
const RESULT_DROP_ORDER = ['in tok/s', 'e2e p50', 'itl p99', 'tpot p50', 'ttft p50', 'e2e p99', 'out tok/s', 'tpot p99'];

/** One row per cell; `width`: the terminal's, to fit (null: a log or a file, every column). */
export function resultTable(doc: ResultDoc, width: number | null = null): string {
  const header = ['cell', 'ok/sent', 'err%', 'rps', 'in tok/s', 'out tok/s', 'ttft p50', 'ttft p99', 'tpot p50', 'tpot p99', 'itl p99', 'e2e p50', 'e2e p99'];
  const rows = [header];
  const pc = new PercentileCells((x) => fmt(x), '-');
  const pct = pc.cell.bind(pc);
  for (const c of doc.cells) {
    const m = c.metrics;
    rows.push([
      forTerminal(c.id) + (c.status === 'complete' ? '' : ` [${c.status}]`) + (c.client.saturated ? ' [client saturated]' : ''),
      `${m.counts.completed}/${m.counts.attempted}`,
      fmt(m.error_rate * 100),
      fmt(m.rps, 2),
      fmt(m.input_tps, 0),
      fmt(m.output_tps, 0),
      pct(m.ttft_ms, 'p50'),
      pct(m.ttft_ms, 'p99'),
      pct(m.tpot_ms, 'p50'),
      pct(m.tpot_ms, 'p99'),
      pct(m.itl_ms, 'p99'),
      pct(m.e2e_ms, 'p50'),
      pct(m.e2e_ms, 'p99'),
    ]);
  }
  const fitted = fitTable(rows, width, RESULT_DROP_ORDER);
  const rough = pc.note();
  const notes: string[] = [`latencies in ms${rough === null ? '' : `; ${rough}`}`];
  const dropped = droppedNote(fitted.dropped, width);
  if (dropped !== null) notes.push(dropped);
  for (const c of doc.cells) {
    for (const [cls, e] of Object.entries(c.metrics.errors)) {
      notes.push(`${forTerminal(c.id)}: ${e.count} x ${forTerminal(cls)}: ${forTerminal(e.examples[0] ?? '')}`);
    }
    for (const r of c.client.reasons) notes.push(`${forTerminal(c.id)}: client saturated: ${forTerminal(r)}`);
  }
  notes.push(...rampLines(doc).map((l) => forTerminal(l)));
  notes.push(...efficiencyLines(doc).map((l) => forTerminal(l)));
  notes.push(...turnsLines(doc).map((l) => forTerminal(l)));
  const capacity = capacityTerminalLines(doc.capacity);
  return `${renderTable(fitted.rows)}\n${notes.join('\n')}${capacity === '' ? '' : `\n${capacity}`}`;
}
