// How often the same-job paired A/B gets it right on a real engine (issue 10
// targets): a +15% TPOT slowdown (a proxy stretching every token gap) should
// fail at least 9 of 10 times, an A/A with a busy-loop process taking a core
// for the whole run should fail 0 of 10 times; and what 6 and 10 pairs cost.
//
//   node scripts/run-ts.mjs bench/ab/real.ts [runs per case, default 10]
//
// Needs the built CLI (npm run build) and the embedded engine's model (made
// on first use). Prints one line per run and a summary with the load average.
import { mkdtemp, readFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { VerdictDoc } from '../../src/gate/verdict.js';
import { serveEmbedded, writeConfig } from '../../test/e2e/support.js';
import { abConfig } from '../../test/support/ab-real.js';
import { cli } from '../../test/support/cli.js';
import { startCpuHog } from '../../test/support/cpu-hog.js';
import { startThrottleProxy } from '../../test/support/throttle-proxy.js';

const runs = Number(process.argv[2] ?? 10);
if (!Number.isInteger(runs) || runs < 1 || runs > 50) throw new Error(`runs per case must be an integer from 1 to 50, got ${process.argv[2]}`);

interface Outcome {
  code: number | null;
  verdict: string;
  tpotChange: number | null;
  seconds: number;
}

const load = (): string => loadavg().map((x) => x.toFixed(2)).join(' ');

async function abRun(baseline: string, candidate: string, pairs: number): Promise<Outcome> {
  const dir = await mkdtemp(join(tmpdir(), 'llm-perf-gate-ab-bench-'));
  const config = await writeConfig(abConfig(baseline, candidate, pairs));
  const t0 = performance.now();
  await cli(['ab', '--config', config, '--out-dir', join(dir, 'out'), '--json', join(dir, 'v.json')]);
  const seconds = (performance.now() - t0) / 1000;
  const ran = await readFile(join(dir, 'v.json'), 'utf8').catch(() => null);
  const v = ran === null ? null : (JSON.parse(ran) as VerdictDoc);
  const tpot = v?.cells[0]?.metrics.find((m) => m.metric === 'tpot_ms.p50');
  return { code: v === null ? null : v.verdict === 'fail' ? 1 : v.verdict === 'invalid' ? 3 : 0, verdict: v?.verdict ?? 'no verdict', tpotChange: tpot?.change_pct ?? null, seconds };
}

const engine = await serveEmbedded(['--parallel', '4']);
const plain = await startThrottleProxy(engine.url, 1);
const plain2 = await startThrottleProxy(engine.url, 1);
const slow = await startThrottleProxy(engine.url, 1.15);
const rows: Array<{ case: string; pairs: number } & Outcome> = [];
const show = (r: (typeof rows)[number]): void =>
  console.log(`${r.case.padEnd(10)} pairs ${r.pairs}  ${r.verdict.padEnd(12)} tpot p50 ${r.tpotChange === null ? '-' : `${r.tpotChange > 0 ? '+' : ''}${r.tpotChange}%`}  ${r.seconds.toFixed(0)} s  load ${load()}`);
try {
  console.log(`start: load average ${load()}`);
  for (let i = 0; i < runs; i++) {
    const s = { case: '+15% TPOT', pairs: 6, ...(await abRun(plain.url, slow.url, 6)) };
    rows.push(s);
    show(s);
    const hog = startCpuHog();
    try {
      const a = { case: 'A/A + hog', pairs: 6, ...(await abRun(plain.url, plain2.url, 6)) };
      rows.push(a);
      show(a);
    } finally {
      await hog.stop();
    }
  }
  const ten = { case: '+15% TPOT', pairs: 10, ...(await abRun(plain.url, slow.url, 10)) };
  rows.push(ten);
  show(ten);
} finally {
  await Promise.all([plain.close(), plain2.close(), slow.close()]);
  await engine.stop();
}
const of = (c: string, pairs: number): Array<(typeof rows)[number]> => rows.filter((r) => r.case === c && r.pairs === pairs);
const count = (rs: Array<(typeof rows)[number]>, v: string): number => rs.filter((r) => r.verdict === v).length;
const minutes = (rs: Array<(typeof rows)[number]>): string => (rs.reduce((s, r) => s + r.seconds, 0) / rs.length / 60).toFixed(2);
const slowRuns = of('+15% TPOT', 6);
const aa = of('A/A + hog', 6);
console.log(`\n+15% TPOT, 6 pairs: failed ${count(slowRuns, 'fail')} of ${slowRuns.length} (invalid ${count(slowRuns, 'invalid')})`);
console.log(`A/A + CPU hog, 6 pairs: failed ${count(aa, 'fail')} of ${aa.length} (invalid ${count(aa, 'invalid')}, warn ${count(aa, 'warn')})`);
console.log(`cost per A/B run (this machine, one cell, 24 requests per trial): 6 pairs ${minutes([...slowRuns, ...aa])} min, 10 pairs ${minutes(of('+15% TPOT', 10))} min`);
console.log(`end: load average ${load()}`);
