// Runs a TypeScript script of this repository (bench/, tools) without a
// separate TS runtime: esbuild bundles it next to node_modules, then node runs it.
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { build } from 'esbuild';

const [entry, ...args] = process.argv.slice(2);
if (!entry) {
  console.error('usage: node scripts/run-ts.mjs FILE.ts [args...]');
  process.exit(2);
}
// Inside node_modules so the bundle's bare imports resolve to this project's packages.
const dir = join('node_modules', '.cache', 'llm-perf-gate-scripts');
mkdirSync(dir, { recursive: true });
const out = join(dir, `${basename(entry, '.ts')}-${process.pid}.mjs`);
await build({ entryPoints: [entry], outfile: out, bundle: true, platform: 'node', format: 'esm', target: 'node24', packages: 'external', logLevel: 'warning' });
const r = spawnSync(process.execPath, [out, ...args], { stdio: 'inherit' });
process.exit(r.status ?? 1);
