// Reads a result file and refuses anything that is not a result@1 document.
import { readFile } from 'node:fs/promises';
import { ResultFileError } from '../errors/result-file-error.js';
import { RESULT_SCHEMA, type ResultDoc } from './types.js';
import { validateResult } from './validate.js';

export async function readResult(file: string): Promise<ResultDoc> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    throw new ResultFileError(file, `cannot read: ${(err as Error).message}`, { cause: err });
  }
  return parseResult(text, file);
}

/** Parses and validates result JSON from any source (a file, the history branch, an untrusted artifact). */
export function parseResult(text: string, file: string): ResultDoc {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (err) {
    throw new ResultFileError(file, `not JSON: ${(err as Error).message}`, { cause: err });
  }
  const schema = (doc as { schema?: unknown } | null)?.schema;
  if (schema !== RESULT_SCHEMA) {
    throw new ResultFileError(
      file,
      `schema is ${JSON.stringify(schema) ?? 'missing'}, this tool reads ${RESULT_SCHEMA} only`,
    );
  }
  const problems = validateResult(doc);
  if (problems.length > 0) {
    throw new ResultFileError(file, `does not match ${RESULT_SCHEMA}: ${problems.slice(0, 5).join('; ')}`);
  }
  return doc as ResultDoc;
}
