#!/usr/bin/env node
// Thin launcher so `npx llm-perf-gate` works from a checkout: the CLI is the
// committed bundle, which needs Node >= 24. When an older Node started us (a
// system Node outside npm scripts), re-run under the pinned `node` package.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const major = Number(process.versions.node.split('.')[0]);
if (major >= 24) {
  await import('../dist/cli.js');
} else {
  const pinned = fileURLToPath(new URL('../node_modules/node/bin/node', import.meta.url));
  if (!existsSync(pinned)) {
    process.stderr.write(`llm-perf-gate needs Node.js >= 24 (this is ${process.version}); run 'npm ci' in the checkout to get the pinned one\n`);
    process.exit(2);
  }
  const child = spawn(pinned, [fileURLToPath(import.meta.url), ...process.argv.slice(2)], { stdio: 'inherit' });
  // The child gets Ctrl-C from the terminal itself; forward TERM from supervisors.
  process.on('SIGINT', () => {});
  process.on('SIGTERM', () => child.kill('SIGTERM'));
  child.on('exit', (code, signal) => process.exit(code ?? (signal === 'SIGINT' ? 130 : 1)));
}
