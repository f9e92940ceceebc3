// The unit lane runs pure code, so its files run side by side and the lane
// stays a minute-long loop. A test here that starts a server or a process
// belongs in another lane: it fails at once, naming where it goes, instead of
// slowing the lane or making the timing tests of the other lanes flaky.
import childProcess from 'node:child_process';
import { syncBuiltinESMExports } from 'node:module';
import net from 'node:net';

const WHERE =
  'the unit lane runs pure code: name a test file that starts servers, processes or git *.loopback.test.ts, one that runs the built dist/, an engine or a browser *.e2e.test.ts (vitest.config.ts)';

function refuse(what: string): never {
  throw new Error(`unit lane: ${what} refused; ${WHERE}`);
}

net.Server.prototype.listen = function refusedListen(): never {
  refuse('listening on a socket');
} as typeof net.Server.prototype.listen;

for (const name of ['spawn', 'spawnSync', 'exec', 'execSync', 'execFile', 'execFileSync', 'fork'] as const) {
  (childProcess as unknown as Record<string, unknown>)[name] = (): never => refuse(`child_process.${name}`);
}
// Named imports of node:child_process read the builtin's ESM exports: bring them in line.
syncBuiltinESMExports();
