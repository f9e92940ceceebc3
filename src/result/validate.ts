// Validation against the shipped JSON Schema: the same check guards files we
// read (a baseline, an untrusted artifact) and, in tests, files we write.
import { Ajv } from 'ajv';
import schema from '../../schema/result.schema.json' with { type: 'json' };

let compiled: ReturnType<Ajv['compile']> | null = null;

/** Problems as `path: message` lines; empty when the document is valid. */
export function validateResult(doc: unknown): string[] {
  // format: date-time is documentation here; ajv-formats would add a dependency for one check.
  compiled ??= new Ajv({ allErrors: true, strict: false, validateFormats: false }).compile(schema);
  if (compiled(doc)) return [];
  return (compiled.errors ?? []).map((e) => `${e.instancePath || '/'}: ${e.message ?? 'invalid'}`);
}
