// The committed validator modules are what ajv generates from the schemas
// today: a schema edited without running scripts/gen-validators.ts would
// leave the run checking configs and results against the old one.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generatedValidators } from '../../scripts/validators-source.js';

describe('generated schema validators', () => {
  it('match the schemas (else run scripts/gen-validators.ts)', async () => {
    for (const [file, text] of Object.entries(await generatedValidators())) {
      expect(readFileSync(join(process.cwd(), file), 'utf8') === text, `${file} is stale: run npm run generate`).toBe(true);
    }
  });
});
