// Validation against the shipped JSON Schema: the same check guards files we
// read (a baseline, an untrusted artifact) and, in tests, files we write.
import { Ajv } from 'ajv';
import schema from '../../schema/result.schema.json' with { type: 'json' };

let compiled: ReturnType<Ajv['compile']> | null = null;

/** Problems as `path: message` lines (the first found); empty when the document is valid. */
export function validateResult(doc: unknown): string[] {
  // format: date-time is documentation here; ajv-formats would add a dependency for one check.
  // No allErrors: the input may be a fork's, and collecting every error of 2 million wrong items took 15 s and 790 MB (issue 19, item 6); the first is enough to refuse.
  compiled ??= new Ajv({ allErrors: false, strict: false, validateFormats: false }).compile(schema);
  if (compiled(doc)) return [];
  return (compiled.errors ?? []).map((e) => `${e.instancePath || '/'}: ${e.message ?? 'invalid'}`);
}
