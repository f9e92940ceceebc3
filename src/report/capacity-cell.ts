// A stored capacity cell (result file) as report text: the Markdown section
// (capacitySection for a search, the curve with its knee for a sweep) and
// the one line the terminal and the CI log get. Every string from the
// result may be hostile: escapeMd / forTerminal.
import { markdownTable } from 'markdown-table';
import type { CapacityComparison } from '../capacity/compare.js';
import type { CapacityCellVerdict } from '../gate/verdict.js';
import { loadValue, type CapacityResult } from '../capacity/types.js';
import type { CapacityCell } from '../result/types.js';
import { capacityChart, capacityLine, capacitySection, pointRow, sloWords } from './capacity.js';
import { escapeMd } from './escape.js';
import { forTerminal } from '../util/safe-text.js';

/** The search's summary with its points put back, or null for a sweep or a search that never finished. */
function searchOf(cell: CapacityCell): CapacityResult | null {
  return cell.search === null ? null : { ...cell.search, points: cell.points };
}

function sweepLine(cell: CapacityCell): string {
  const knee = cell.sweep?.knee ?? null;
  const unit = cell.mode === 'rate' ? ' req/s' : ' concurrent requests';
  const within = `within ${cell.slo.map(sloWords).join(' and ')}`;
  const passing = cell.points.filter((p) => p.verdict === 'pass').map((p) => loadValue(p.load));
  const held = passing.length > 0 ? `meets it up to ${Math.max(...passing)}${unit}` : 'meets it at no measured load';
  return `sweep of ${cell.points.length} loads ${within}: ${held}; ${knee === null ? 'no knee' : `knee at ${knee.load}${unit}`}`;
}

/** One line for the terminal: the headline sentence, or where a cut-short search stood. */
export function capacityTerminalLine(cell: CapacityCell, baseline: CapacityCell | null = null): string {
  const search = searchOf(cell);
  const text =
    cell.sweep !== null ? sweepLine(cell) : search !== null ? capacityLine(search, baseline === null ? null : searchOf(baseline)) : `${cell.status}: ${cell.points.length} loads probed, no summary`;
  return forTerminal(`${cell.id}${cell.status === 'complete' ? '' : ` [${cell.status}]`}: ${text}`);
}

/** The terminal lines of a result's capacity cells (none without). */
export function capacityTerminalLines(cells: readonly CapacityCell[] | undefined): string {
  return (cells ?? []).map((c) => `capacity ${capacityTerminalLine(c)}`).join('\n');
}

/** Markdown for one candidate capacity cell, with the baseline's cell and the comparisons when there are. */
export function capacityCellSection(cell: CapacityCell, baseline: CapacityCell | null, comparisons: readonly CapacityComparison[]): string {
  const search = searchOf(cell);
  if (search !== null) return capacitySection(cell.id, search, baseline === null ? null : searchOf(baseline), comparisons);
  // sweepLine is built from sloWords (safe Markdown) and numbers; the status is a schema enum.
  const headline = cell.sweep !== null ? sweepLine(cell) : `${cell.status}: the search left no summary`;
  const out = [`### ${cell.sweep !== null ? 'Sweep' : 'Capacity'}: ${escapeMd(cell.id)}`, '', `**${headline}**`, ''];
  const chart = capacityChart({ slos: cell.slo, points: cell.points, mode: cell.mode });
  if (chart !== null) out.push(chart, '');
  const slo = cell.slo[0];
  out.push(
    markdownTable([
      [cell.mode === 'rate' ? 'load (req/s)' : 'load (concurrency)', 'requests', 'step', `${escapeMd(slo ?? '')} (interval)`, 'req/s', 'output tok/s', 'goodput req/s'],
      ...cell.points.map((p, i) => {
        const row = pointRow(p, slo);
        if (cell.sweep?.knee?.index === i) row[0] = `${row[0]} (knee)`;
        return row;
      }),
    ]),
  );
  return out.join('\n');
}

const pct = (x: number | null): string => (x === null ? 'open' : `${((x - 1) * 100).toFixed(1)}%`);
const est = (e: { value: number; hi: number | null }): string => `${e.value}${e.hi === null ? '+' : ''}`;

/** Rows of the terminal verdict table for the capacity comparisons, and one headline line per capacity cell. */
export function capacityVerdictRows(cells: readonly CapacityCellVerdict[] | undefined): { rows: string[][]; lines: string[] } {
  const rows: string[][] = [];
  const lines: string[] = [];
  for (const c of cells ?? []) {
    for (const m of c.metrics) {
      rows.push([forTerminal(c.id) + (c.valid ? '' : ' [invalid]'), m.metric, est(m.baseline), est(m.candidate), pct(m.ratio), `${pct(m.ratioLo)} .. ${pct(m.ratioHi)}`, m.outcome]);
    }
    lines.push(`capacity ${capacityTerminalLine(c.candidate, c.baseline)}`);
  }
  return { rows, lines };
}
