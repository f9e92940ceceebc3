// The static checks of `npm test` (the type checks, `npm run lint`'s four
// tools and the dist/ freshness check), a core each: each is one
// single-threaded process, and one after another they took 62 s on 2 cores,
// two at a time 48 s (eslint alone takes 27). Each check's output is printed whole when it
// ends, so two never interleave; the exit status is 1 when any failed, and
// every check runs either way, so one run lists every problem.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { performance } from 'node:perf_hooks';

// The commands are package.json's own (`typecheck`, `lint`, `check-dist`), split at `&&`, so the
// developer's `npm run lint` and this stay one list. Run through npm, node_modules/.bin is on PATH.
const { scripts } = JSON.parse(readFileSync('package.json', 'utf8'));
const commands = ['typecheck', 'lint', 'check-dist'].flatMap((name) => {
  if (typeof scripts[name] !== 'string') throw new Error(`package.json has no "${name}" script`);
  return scripts[name].split('&&').map((c) => c.trim());
});
// Longest first (seconds on 2 cores: eslint 27, tsc 13, knip 8, the rest 1-3), so the two lanes end together.
const LONGEST = ['eslint', 'tsc --noEmit', 'knip'];
const rank = (c) => {
  const i = LONGEST.findIndex((p) => c === p || c.startsWith(`${p} `));
  return i === -1 ? LONGEST.length : i;
};
const CHECKS = commands
  .map((c, i) => [c, i])
  .sort((a, b) => rank(a[0]) - rank(b[0]) || a[1] - b[1])
  .map(([c]) => c);

function run(name) {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(name, { shell: true, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    const done = (code, why) => {
      const s = ((performance.now() - started) / 1000).toFixed(1);
      process.stdout.write(`${code === 0 ? 'ok  ' : 'FAIL'} ${name} (${s} s)${why ? `: ${why}` : ''}\n${out}`);
      resolve(code === 0);
    };
    child.on('error', (e) => done(1, e.message));
    child.on('close', (code, signal) => done(code, signal ? `killed by ${signal}` : code === 0 ? '' : `exit ${code}`));
  });
}

const queue = [...CHECKS];
let failed = 0;
async function lane() {
  for (let next = queue.shift(); next; next = queue.shift()) if (!(await run(next))) failed++;
}
await Promise.all(Array.from({ length: Math.min(availableParallelism(), CHECKS.length) }, lane));
if (failed > 0) {
  console.error(`${failed} of ${CHECKS.length} checks failed (above)`);
  process.exit(1);
}
