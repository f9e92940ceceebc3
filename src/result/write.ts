// Writes the result after every cell (and on interruption) so a run that dies
// half-way still leaves everything it measured on disk.
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { ResultDoc } from './types.js';

export async function writeResult(path: string, doc: ResultDoc): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  // Write-then-rename: a reader never sees half a file, even on a crash mid-write.
  const tmp = `${path}.${process.pid}.tmp`;
  await writeFile(tmp, `${JSON.stringify(doc, null, 1)}\n`);
  await rename(tmp, path);
}
