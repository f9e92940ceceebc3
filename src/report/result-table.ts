// A compact Markdown table of one result's figures: what a report shows when
// there is no baseline to compare with.
import { markdownTable } from 'markdown-table';
import type { ResultDoc } from '../result/types.js';
import { escapeMd } from './escape.js';
import { rampSection } from './ramp.js';
import { PercentileCells } from './rough.js';
import { turnsSection } from './turns.js';

const f = (x: number | null | undefined, d = 1): string => (x === null || x === undefined ? '–' : x.toFixed(d));

export function resultTableMd(doc: ResultDoc): string {
  const pc = new PercentileCells((x) => f(x), '–');
  const p = pc.cell.bind(pc);
  const rows = [['cell', 'ok/sent', 'req/s', 'in tok/s', 'out tok/s', 'TTFT p50', 'TTFT p95', 'TPOT p50', 'E2E p95', 'errors']];
  for (const c of doc.cells) {
    const m = c.metrics;
    const errs =
      Object.entries(m.errors)
        .map(([k, e]) => `${e.count} ${k}`)
        .join(', ') || '0';
    rows.push([
      escapeMd(c.id),
      `${m.counts.completed}/${m.counts.attempted}`,
      f(m.rps, 2),
      f(m.input_tps, 0),
      f(m.output_tps, 0),
      p(m.ttft_ms, 'p50'),
      p(m.ttft_ms, 'p95'),
      p(m.tpot_ms, 'p50'),
      p(m.e2e_ms, 'p95'),
      escapeMd(errs),
    ]);
  }
  const turns = turnsSection(doc);
  const ramps = rampSection(doc);
  const rough = pc.note();
  return `${markdownTable(rows, { align: ['l', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'l'] })}\n\n<sub>Latencies in ms${rough === null ? '' : `; ${rough}`}.</sub>${turns === null ? '' : `\n\n${turns}`}${ramps === null ? '' : `\n\n${ramps}`}`;
}
