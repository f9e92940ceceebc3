// `npm run demo` run again and again, as a user runs it, with or without busy
// loops beside it (issue 28's target: the demo fails its gate in 9 of 10 runs
// with both cores taken and 20 of 20 quiet). Each run prints whether the gate
// failed (what the demo shows), its verdict, the pairs it took, its
// measuring and wall time, and the gated metrics that regressed.
//   node scripts/run-ts.mjs bench/demo/repeat.ts [runs, default 10] [busy loops, default 0]
// Needs the built CLI (npm run build). The demo writes out/demo/; each run
// replaces the last run's files.
import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { VerdictDoc } from '../../src/gate/verdict.js';
import { quantileSorted } from '../../src/stats/quantile.js';
import { startCpuHog, type CpuHog } from '../../test/support/cpu-hog.js';

const runs = Number(process.argv[2] ?? 10);
const busy = Number(process.argv[3] ?? 0);
const load = (): string =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');

function demo(): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    // Bounded: a demo that hangs must not hold the machine (it takes 1-3 minutes).
    const child = spawn('timeout', ['-k', '10', '600', process.execPath, 'scripts/run-ts.mjs', 'scripts/demo.ts'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (out += c.toString()));
    child.on('close', (code) => resolve({ code, out }));
  });
}

console.log(`start: load average ${load()}, ${busy} busy loop(s) during every run`);
const hogs: CpuHog[] = [];
for (let i = 0; i < busy; i++) hogs.push(await startCpuHog());
const rows: { failed: boolean; verdict: string; pairs: number; wall: number }[] = [];
try {
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    const r = await demo();
    const wall = (performance.now() - t0) / 1000;
    const v = JSON.parse(await readFile(join('out', 'demo', 'verdict.json'), 'utf8').catch(() => 'null')) as VerdictDoc | null;
    // The demo exits 0 when the gate failed as it should, 1 otherwise.
    const failed = r.code === 0 && v?.verdict === 'fail';
    const regressed = v === null ? '' : v.cells.flatMap((c) => c.metrics.filter((m) => m.gated && m.verdict === 'regressed').map((m) => `${m.metric} ${m.change_pct}%`)).join(', ');
    const undecided =
      v === null ? '' : v.cells.flatMap((c) => c.metrics.filter((m) => m.gated && (m.verdict === 'inconclusive' || m.verdict === 'warn')).map((m) => `${m.metric} ${m.change_pct}%`)).join(', ');
    const pairs = v?.cost?.trials ?? 0;
    rows.push({ failed, verdict: v?.verdict ?? `none (exit ${r.code})`, pairs, wall });
    console.log(
      `run ${i + 1}: gate ${failed ? 'failed (as it should)' : 'did NOT fail'}  verdict ${v?.verdict ?? '-'}  ${pairs} pairs  ${v?.cost?.wall_s ?? '-'} s measuring  ${wall.toFixed(0)} s wall  regressed: ${regressed || '-'}${undecided ? `  undecided or warn: ${undecided}` : ''}  load ${load()}`,
    );
    if (!failed) console.log(r.out.split('\n').slice(-12).join('\n'));
  }
} finally {
  for (const h of hogs) await h.stop();
}
const med = (xs: number[]): number =>
  quantileSorted(
    [...xs].sort((a, b) => a - b),
    0.5,
  );
console.log(
  `summary: ${rows.filter((r) => r.failed).length} of ${rows.length} failed their gate; verdicts ${JSON.stringify(rows.reduce<Record<string, number>>((a, r) => ({ ...a, [r.verdict]: (a[r.verdict] ?? 0) + 1 }), {}))}; median ${med(rows.map((r) => r.pairs))} pairs, ${med(rows.map((r) => r.wall)).toFixed(0)} s wall`,
);
