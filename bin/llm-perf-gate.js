#!/usr/bin/env node
// Thin launcher so `npx llm-perf-gate` works from a checkout: the CLI is the
// committed bundle, which needs Node >= 24. When an older Node started us (a
// system Node outside npm scripts), re-run under the pinned `node` package.
// Scripts and supervisors should run `node bin/llm-perf-gate.js ...` directly:
// npx puts npm and a shell between them and the CLI, and a SIGTERM to npx
// can leave the CLI running on its own (README, "The CLI").
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
  // The child runs in its own process group, so a terminal's Ctrl-C reaches
  // it once, through us, like every other signal: a second SIGINT means
  // "leave now" to the CLI, so it must not get the terminal's and ours.
  const child = spawn(pinned, [fileURLToPath(import.meta.url), ...process.argv.slice(2)], { stdio: 'inherit', detached: true });
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.on(signal, () => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    });
  }
  child.on('exit', (code, signal) => process.exit(code ?? (signal === 'SIGINT' ? 130 : 1)));
}
