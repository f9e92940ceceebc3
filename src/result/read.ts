// Reads a result file and refuses anything that is not a result@1 document.
import { readFile, stat } from 'node:fs/promises';
import { storedConfigProblems } from '../config/stored.js';
import { ResultFileError } from '../errors/result-file-error.js';
import { RESULT_SCHEMA, type ResultDoc } from './types.js';
import { checkCells } from './integrity.js';
import { MAX_RESULT_BYTES, textBeyondBounds } from './limits.js';
import { validateResult } from './validate.js';

export async function readResult(file: string): Promise<ResultDoc> {
  let text: string;
  try {
    // Sized before it is read: a 2 GB file is refused without reading it.
    const { size } = await stat(file);
    if (size > MAX_RESULT_BYTES) throw new ResultFileError(file, `${size} bytes, more than the ${MAX_RESULT_BYTES / 1024 / 1024} MiB a result may be`);
    text = await readFile(file, 'utf8');
  } catch (err) {
    if (err instanceof ResultFileError) throw err;
    throw new ResultFileError(file, `cannot read: ${(err as Error).message}`, { cause: err });
  }
  return parseResult(text, file);
}

/**
 * Why a parsed document is not a result this tool wrote, or null: the one
 * rule set the reader applies and the writer checks itself against
 * (write.ts), so that every result the tool writes, it reads back.
 */
export function resultProblem(doc: unknown): string | null {
  const schema = (doc as { schema?: unknown } | null)?.schema;
  if (schema !== RESULT_SCHEMA) return `schema is ${JSON.stringify(schema) ?? 'missing'}, this tool reads ${RESULT_SCHEMA} only`;
  const problems = validateResult(doc);
  if (problems.length > 0) return `does not match ${RESULT_SCHEMA}: ${problems.slice(0, 5).join('; ')}`;
  const result = doc as ResultDoc;
  const config = storedConfigProblems(result.config);
  if (config.length > 0) return `its stored config is not one this tool writes: /config/${config.slice(0, 3).join('; /config/')}`;
  const broken = checkCells(result.cells);
  if (broken.length > 0) return `is not a result this tool wrote: ${broken.join('; ')}`;
  return null;
}

/** Parses and validates result JSON from any source (a file, the history branch, an untrusted artifact). */
export function parseResult(text: string, file: string): ResultDoc {
  // Before JSON.parse and every walk after it: size and nesting bound the work a crafted file can cause.
  const beyond = textBeyondBounds(text);
  if (beyond !== null) throw new ResultFileError(file, `is not a result this tool wrote: ${beyond}`);
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (err) {
    throw new ResultFileError(file, `not JSON: ${(err as Error).message}`, { cause: err });
  }
  const problem = resultProblem(doc);
  if (problem !== null) throw new ResultFileError(file, problem);
  return doc as ResultDoc;
}

/**
 * Why a result cannot be gated on, or null when it can: a run still `running`
 * or that `failed` measured nothing a verdict may rest on. An `interrupted`
 * run keeps what it measured; its cells carry their own status, which the
 * gate's validity checks weigh.
 */
export function notGateable(doc: ResultDoc): string | null {
  if (doc.status === 'running') return 'its run is still running or was killed before it finished (status: running)';
  // The stored error is the file's text, maybe a fork's: quoted as JSON, so no newline or ESC of it reaches a terminal raw.
  if (doc.status === 'failed') return `its run failed (status: failed${doc.error === null ? '' : `: ${JSON.stringify(doc.error.slice(0, 200))}`})`;
  if (doc.cells.length === 0) return 'it has no measured cells';
  return null;
}

/** Reads a result that a verdict will rest on: refuses, saying why, one that is not a finished measurement. */
export async function readResultForGating(file: string): Promise<ResultDoc> {
  return assertGateable(await readResult(file), file);
}

/** parseResult's counterpart of readResultForGating (history branch, untrusted artifacts). */
export function assertGateable(doc: ResultDoc, file: string): ResultDoc {
  const why = notGateable(doc);
  if (why !== null) throw new ResultFileError(file, `cannot be compared: ${why}`);
  return doc;
}
