// The report section of a confirmed (or cleared) failure: how the second
// measurement was made, what persisted, and the first measurement's gated
// metrics, so a reader sees both measurements side by side.
import { markdownTable } from 'markdown-table';
import type { VerdictDoc } from '../gate/verdict.js';
import { escapeMd } from './escape.js';
import { MARKDOWN_STYLE, rowFigures } from './figures.js';

export interface ConfirmationView {
  first: VerdictDoc;
  how: string;
  persisted: readonly string[];
  cleared: readonly string[];
}

export function confirmationSection(c: ConfirmationView): string {
  const lines = [`### Confirmation\n\nThe first measurement would have failed; measured again before deciding: ${escapeMd(c.how)}.`];
  if (c.persisted.length > 0) lines.push(`Regressed in both measurements: ${c.persisted.map(escapeMd).join(', ')}.`);
  if (c.cleared.length > 0) lines.push(`Regressed in the first measurement only (not counted): ${c.cleared.map(escapeMd).join(', ')}.`);
  const rows = c.first.cells.flatMap((cell) =>
    cell.metrics
      .filter((m) => m.gated)
      .map((m) => {
        const f = rowFigures(m, MARKDOWN_STYLE, true);
        return [escapeMd(cell.id), m.metric, f.baseline, f.candidate, f.change, f.interval, m.verdict];
      }),
  );
  if (rows.length > 0) {
    const table = markdownTable([['cell', 'metric', 'baseline', 'candidate', 'change', 'interval', 'verdict'], ...rows], { align: ['l', 'l', 'r', 'r', 'r', 'r', 'l'] });
    lines.push(`<details><summary>First measurement (${c.first.design} design): ${c.first.verdict}</summary>\n\n${table}\n\n</details>`);
  }
  return lines.join('\n\n');
}
