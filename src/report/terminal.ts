// The end-of-run table for a terminal or a CI log: one row per cell, the
// headline figures only; everything else is in the result file. Every string
// from the result (cell ids, server error messages) may be hostile: forTerminal.
import type { Distribution } from '../stats/distribution.js';
import type { ResultDoc } from '../result/types.js';
import { capacityTerminalLines } from './capacity-cell.js';
import { forTerminal } from '../util/safe-text.js';

const fmt = (x: number | null | undefined, digits = 1): string =>
  x === null || x === undefined || !Number.isFinite(x) ? '-' : x.toFixed(digits);

/** A percentile, or why there is none. */
function pct(d: Distribution | null, key: 'p50' | 'p99'): string {
  if (d === null) return '-';
  const v = d[key];
  return v === null ? `(n=${d.n})` : fmt(v);
}

export function renderTable(rows: string[][]): string {
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => (r[c] ?? '').length)));
  return rows
    .map((r, i) => {
      const line = r.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!))).join('  ');
      return i === 0 ? `${line}\n${widths.map((w) => '-'.repeat(w)).join('  ')}` : line;
    })
    .join('\n');
}

export function resultTable(doc: ResultDoc): string {
  const header = ['cell', 'ok/sent', 'err%', 'rps', 'in tok/s', 'out tok/s', 'ttft p50', 'ttft p99', 'tpot p50', 'tpot p99', 'itl p99', 'e2e p50', 'e2e p99'];
  const rows = [header];
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
  const notes: string[] = ['latencies in ms; (n=K): too few samples for that percentile'];
  for (const c of doc.cells) {
    for (const [cls, e] of Object.entries(c.metrics.errors)) {
      notes.push(`${forTerminal(c.id)}: ${e.count} x ${forTerminal(cls)}: ${forTerminal(e.examples[0] ?? '')}`);
    }
    for (const r of c.client.reasons) notes.push(`${forTerminal(c.id)}: client saturated: ${forTerminal(r)}`);
  }
  const capacity = capacityTerminalLines(doc.capacity);
  return `${renderTable(rows)}\n${notes.join('\n')}${capacity === '' ? '' : `\n${capacity}`}`;
}
