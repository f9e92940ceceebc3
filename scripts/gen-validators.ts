// Writes the JSON Schema validators as code (ajv's standalone output), so no
// run compiles a schema: compiling the result and config schemas at run time
// took about 0.75 s of CPU and 54 MB of RSS per process (ajv and its code
// generator), more than the rest of a short run. The files it writes are
// committed; test/config/validators.test.ts fails when one no longer matches
// its schema, and this script is the fix:
//
//   npm run generate   (or: node_modules/node/bin/node scripts/run-ts.mjs scripts/gen-validators.ts, from the repository root)
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generatedValidators } from './validators-source.js';

for (const [file, text] of Object.entries(await generatedValidators())) {
  writeFileSync(join(process.cwd(), file), text);
  console.log(`${file}: ${text.length} characters`);
}
