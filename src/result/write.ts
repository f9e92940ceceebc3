// Writes the result after every cell (and on interruption) so a run that dies
// half-way still leaves everything it measured on disk.
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { scrubDeep } from '../util/secrets.js';
import type { ResultDoc } from './types.js';

export async function writeResult(path: string, doc: ResultDoc): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  // Write-then-rename: a reader never sees half a file, even on a crash mid-write.
  const tmp = `${path}.${process.pid}.tmp`;
  // Scrubbed here, the one way a result reaches the disk: a server that echoes
  // the API key into an error message or a model id must not get it stored.
  await writeFile(tmp, `${JSON.stringify(scrubDeep(doc), null, 1)}\n`);
  await rename(tmp, path);
}
