// Validation against the shipped JSON Schema: the same check guards files we
// read (a baseline, an untrusted artifact) and, in tests, files we write.
// The validator is ajv's code for the schema, generated ahead of time
// (scripts/gen-validators.ts): compiling it here cost every run about 0.6 s
// of CPU and 34 MB of RSS.
import type { ValidateFunction } from 'ajv';
import { validateResultSchema } from './result-validator.js';

const compiled = validateResultSchema as unknown as ValidateFunction;

/** Problems as `path: message` lines (the first found); empty when the document is valid. */
export function validateResult(doc: unknown): string[] {
  // format: date-time is documentation here, and the validator stops at the first error
  // (an untrusted file may hold millions of wrong items): see scripts/validators-source.ts.
  if (compiled(doc)) return [];
  return (compiled.errors ?? []).map((e) => `${e.instancePath || '/'}: ${e.message ?? 'invalid'}`);
}
