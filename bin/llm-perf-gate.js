#!/usr/bin/env node
// Thin launcher so `npx llm-perf-gate` works from a checkout, and the `bin` of
// the installed package: the CLI is the committed bundle, which runs on Node
// 22.19 or later (22 is the LTS many ML images ship; 22.19 is the oldest Node
// that undici 8, bundled inside, supports). The pinned Node of a checkout and
// the action's runtime stay 24. When an older Node started us (a system Node
// outside npm scripts), re-run under the pinned `node` package, which only a
// checkout has (a devDependency).
// Scripts and supervisors should run `node bin/llm-perf-gate.js ...` directly:
// npx puts npm and a shell between them and the CLI, and a SIGTERM to npx
// can leave the CLI running on its own (README, "The CLI").
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { setTimeout } from 'node:timers';
import { fileURLToPath } from 'node:url';

/** Set in the re-run CLI's environment: its parent is this launcher, watching it over the IPC channel. */
const WATCHED = 'LLM_PERF_GATE_LAUNCHER_CHILD';
/** After its launcher died, the CLI has this long to finish its files before it is stopped outright. */
const ORPHAN_GRACE_MS = 10_000;

/** The oldest Node the bundle runs on, as [major, minor]: package.json's engines.node says the same. */
const OLDEST = [22, 19];
const [major, minor] = process.versions.node.split('.').map(Number);
if (major > OLDEST[0] || (major === OLDEST[0] && minor >= OLDEST[1])) {
  if (process.env[WATCHED] === '1' && process.channel !== undefined) watchLauncher();
  await import('../dist/cli.js');
} else {
  const pinned = fileURLToPath(new URL('../node_modules/node/bin/node', import.meta.url));
  if (!existsSync(pinned)) {
    process.stderr.write(
      `llm-perf-gate needs Node.js >= ${OLDEST.join('.')} (this is ${process.version}); install Node.js 22.19 or later (22 LTS or 24), or in a checkout run 'npm ci' to get the pinned one\n`,
    );
    process.exit(2);
  }
  // The child runs in its own process group, so a terminal's Ctrl-C reaches
  // it once, through us, like every other signal: a second SIGINT means
  // "leave now" to the CLI, so it must not get the terminal's and ours.
  // Signals we can catch are passed on below; SIGKILL cannot be caught, and
  // a child in its own group is not killed with us. So the child also holds
  // an IPC channel to us (fd 3) and watches it (watchLauncher): the kernel
  // closes it when we die, however we die, and the child stops then.
  const child = spawn(pinned, [fileURLToPath(import.meta.url), ...process.argv.slice(2)], {
    stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
    detached: true,
    env: { ...process.env, [WATCHED]: '1' },
  });
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.on(signal, () => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    });
  }
  child.on('exit', (code, signal) => process.exit(code ?? (signal === 'SIGINT' ? 130 : 1)));
}

/**
 * In the re-run CLI: when the launcher's end of the IPC channel closes (it
 * exited or was killed, SIGKILL included), act as on SIGTERM: the CLI
 * finishes its files as `interrupted` and exits; if it has not within
 * ORPHAN_GRACE_MS, it is stopped outright. The channel is unreferenced, so it
 * never keeps the CLI alive, and it is no way to talk to the CLI: nothing is
 * read from it.
 */
function watchLauncher() {
  delete process.env[WATCHED];
  process.channel.unref();
  process.once('disconnect', () => {
    setTimeout(() => process.kill(process.pid, 'SIGKILL'), ORPHAN_GRACE_MS).unref();
    process.kill(process.pid, 'SIGTERM');
  });
}
