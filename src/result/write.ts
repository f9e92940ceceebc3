// Writes the result after every cell (and on interruption) so a run that dies
// half-way still leaves everything it measured on disk.
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { scrubDeep } from '../util/secrets.js';
import { textBeyondBounds } from './limits.js';
import { resultProblem } from './read.js';
import { boundTelemetry } from './telemetry-bounds.js';
import type { CellResult, ResultDoc } from './types.js';

/** Every telemetry block of a cell within what the reader accepts (cells built elsewhere, e.g. merged shards, too). */
function boundCell(cell: CellResult): CellResult {
  return {
    ...cell,
    ...(cell.telemetry ? { telemetry: boundTelemetry(cell.telemetry) } : {}),
    trials: cell.trials.map((t) => (t.telemetry ? { ...t, telemetry: boundTelemetry(t.telemetry) } : t)),
  };
}

export async function writeResult(path: string, doc: ResultDoc): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  // Write-then-rename: a reader never sees half a file, even on a crash mid-write.
  const tmp = `${path}.${process.pid}.tmp`;
  // Scrubbed here, the one way a result reaches the disk: a server that echoes
  // the API key into an error message or a model id must not get it stored.
  const clean = scrubDeep({ ...doc, cells: doc.cells.map(boundCell) });
  const text = `${JSON.stringify(clean, null, 1)}\n`;
  // Checked with the reader's own rules, on the text as it will be read (NaN is null there): a result this tool
  // writes and then refuses would fail `compare` on the run's own result, and, stored, every later pull request
  // (issue 19, item 1). The file is written anyway, so nothing measured is lost, and the run ends as a bug.
  const problem = textBeyondBounds(text) ?? resultProblem(JSON.parse(text));
  await writeFile(tmp, text);
  await rename(tmp, path);
  if (problem !== null) throw new Error(`the result written to ${path} is one its reader refuses (a bug of llm-perf-gate, please report it): ${problem}`);
}
