// Writes the result after every cell (and on interruption) so a run that dies
// half-way still leaves everything it measured on disk.
import { mkdir, rename, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { OutputWriteError } from '../errors/output-write-error.js';
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

/** Writes `text` to `path` through a temporary file beside it, removed again when the write fails. */
async function writeAtomic(path: string, text: string): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  // Write-then-rename: a reader never sees half a file, even on a crash mid-write.
  const tmp = `${path}.${process.pid}.tmp`;
  try {
    await writeFile(tmp, text);
    await rename(tmp, path);
  } catch (err) {
    // A full disk leaves a partial temporary file: it must not stay behind.
    await unlink(tmp).catch(() => undefined);
    throw err;
  }
}

/**
 * Where a result that cannot be written to `path` is kept instead: the
 * system's temporary folder, one file per output path and process.
 */
function fallbackPath(path: string): string {
  return join(tmpdir(), `llm-perf-gate-${process.pid}-${basename(path)}`);
}

/**
 * A report or verdict file; a write that fails (a full disk, a read-only
 * folder) is an OutputWriteError saying which file and why, in one line.
 */
export async function writeOutputFile(path: string, text: string, what: string): Promise<void> {
  try {
    await writeFile(path, text);
  } catch (err) {
    throw new OutputWriteError(path, what, err);
  }
}

export async function writeResult(path: string, doc: ResultDoc): Promise<void> {
  // Scrubbed here, the one way a result reaches the disk: a server that echoes
  // the API key into an error message or a model id must not get it stored.
  const clean = scrubDeep({ ...doc, cells: doc.cells.map(boundCell) });
  const text = `${JSON.stringify(clean, null, 1)}\n`;
  // Checked with the reader's own rules, on the text as it will be read (NaN is null there): a result this tool
  // writes and then refuses would fail `compare` on the run's own result, and, stored, every later pull request
  // (issue 19, item 1). The file is written anyway, so nothing measured is lost, and the run ends as a bug.
  const problem = textBeyondBounds(text) ?? resultProblem(JSON.parse(text));
  try {
    await writeAtomic(path, text);
  } catch (err) {
    // What was measured is never lost to a full or read-only --out: it is kept
    // in the temporary folder, or, when that fails too, handed to the host.
    const kept = fallbackPath(path);
    const saved = await writeAtomic(kept, text).then(
      () => true,
      () => false,
    );
    throw new OutputWriteError(path, 'the result', err, saved ? kept : null, saved ? null : text);
  }
  if (problem !== null) throw new Error(`the result written to ${path} is one its reader refuses (a bug of llm-perf-gate, please report it): ${problem}`);
}
