// How often the same-job paired A/B gets it right on a real engine (issue 10
// targets), on the embedded engine behind loopback proxies, one open-loop cell
// (test/support/ab-real.ts):
//   - '+15% TPOT': the candidate's proxy stretches every token gap after the
//     first by 15%; the paired design should fail it at least 9 of 10 times.
//   - 'A/A hog one side': a busy loop runs while the candidate's proxy has
//     requests in flight, so only that side is measured beside it. It must
//     never fail; the neighbour check should call it invalid.
//   - 'A/A hog all, unchecked': a busy loop for the whole run and the
//     neighbour check off: what pairing alone makes of a loaded machine. It
//     must never fail.
//   - 'A/A hog all' and '+15% TPOT hog all' (issue 23): a busy loop for the
//     whole run at the default settings. Both sides see it, so at most 1 in
//     10 may end invalid; the slowdown should still fail.
// Also what 6 and 10 pairs cost.
//
//   node scripts/run-ts.mjs bench/ab/real.ts [runs per case, default 10] [cases, default tpot,hog-one,hog-all; tpot10 runs the slowdown with 10 pairs each time; aa-hog-all and tpot-hog-all the default-settings cases under a busy loop]
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
import { startCpuHog, type CpuHog } from '../../test/support/cpu-hog.js';
import { startThrottleProxy } from '../../test/support/throttle-proxy.js';

const runs = Number(process.argv[2] ?? 10);
if (!Number.isInteger(runs) || runs < 1 || runs > 50) throw new Error(`runs per case must be an integer from 1 to 50, got ${process.argv[2]}`);
const cases = new Set((process.argv[3] ?? 'tpot,hog-one,hog-all').split(','));
for (const c of cases)
  if (!['tpot', 'tpot10', 'hog-one', 'hog-all', 'aa-hog-all', 'tpot-hog-all'].includes(c)) throw new Error(`unknown case '${c}': use tpot, tpot10, hog-one, hog-all, aa-hog-all, tpot-hog-all`);

interface Outcome {
  verdict: string;
  change: (metric: string) => string;
  why: string;
  seconds: number;
}

const load = (): string =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');

async function abRun(baseline: string, candidate: string, pairs: number, neighbourLimit?: number): Promise<Outcome> {
  const dir = await mkdtemp(join(tmpdir(), 'llm-perf-gate-ab-bench-'));
  const config = await writeConfig(abConfig(baseline, candidate, pairs, neighbourLimit === undefined ? {} : { neighbourLimit }));
  const t0 = performance.now();
  await cli(['ab', '--config', config, '--out-dir', join(dir, 'out'), '--json', join(dir, 'v.json')]);
  const seconds = (performance.now() - t0) / 1000;
  const ran = await readFile(join(dir, 'v.json'), 'utf8').catch(() => null);
  const v = ran === null ? null : (JSON.parse(ran) as VerdictDoc);
  const cell = v?.cells[0];
  const change = (metric: string): string => {
    const m = cell?.metrics.find((x) => x.metric === metric);
    return m?.change_pct === null || m?.change_pct === undefined ? '-' : `${m.change_pct > 0 ? '+' : ''}${m.change_pct}%`;
  };
  const regressed = cell?.metrics.filter((m) => m.gated && m.verdict === 'regressed').map((m) => m.metric) ?? [];
  const why = v?.verdict === 'invalid' ? (cell?.invalid_reasons ?? []).join('; ').slice(0, 140) : regressed.join(', ');
  return { verdict: v?.verdict ?? 'no verdict', change, why, seconds };
}

const engine = await serveEmbedded(['--parallel', '4']);
const plain = await startThrottleProxy(engine.url, 1);
const plain2 = await startThrottleProxy(engine.url, 1);
const slow = await startThrottleProxy(engine.url, 1.15);
// A fresh hog per run: a hog ends itself after 15 minutes, paused or not.
let hog: CpuHog | null = null;
// The hog runs only while this side has requests in flight: its trials, not the baseline's.
const hogged = await startThrottleProxy(engine.url, 1, { onBusy: (busy) => (busy ? hog?.resume() : hog?.pause()) });
const withHog = async (running: boolean, run: () => Promise<Outcome>): Promise<Outcome> => {
  hog = await startCpuHog({ paused: !running });
  try {
    return await run();
  } finally {
    await hog.stop();
    hog = null;
  }
};
const rows: Array<{ case: string; pairs: number } & Outcome> = [];
const show = (r: (typeof rows)[number]): void =>
  console.log(
    `${r.case.padEnd(22)} pairs ${String(r.pairs).padEnd(3)} ${r.verdict.padEnd(12)} tpot p50 ${r.change('tpot_ms.p50').padEnd(8)} ttft p50 ${r.change('ttft_ms.p50').padEnd(8)} ${r.seconds.toFixed(0)} s  load ${load()}${r.why ? `  (${r.why})` : ''}`,
  );
const one = async (name: string, pairs: number, run: () => Promise<Outcome>): Promise<void> => {
  const r = { case: name, pairs, ...(await run()) };
  rows.push(r);
  show(r);
};
try {
  console.log(`start: load average ${load()}`);
  for (let i = 0; i < runs; i++) {
    if (cases.has('tpot')) await one('+15% TPOT', 6, () => abRun(plain.url, slow.url, 6));
    if (cases.has('tpot10')) await one('+15% TPOT', 10, () => abRun(plain.url, slow.url, 10));
    if (cases.has('hog-one')) await one('A/A hog one side', 6, () => withHog(false, () => abRun(plain.url, hogged.url, 6)));
    if (cases.has('hog-all')) await one('A/A hog all, unchecked', 6, () => withHog(true, () => abRun(plain.url, plain2.url, 6, 1)));
    if (cases.has('aa-hog-all')) await one('A/A hog all', 6, () => withHog(true, () => abRun(plain.url, plain2.url, 6)));
    if (cases.has('tpot-hog-all')) await one('+15% TPOT hog all', 6, () => withHog(true, () => abRun(plain.url, slow.url, 6)));
  }
  if (cases.has('tpot')) await one('+15% TPOT', 10, () => abRun(plain.url, slow.url, 10));
} finally {
  await Promise.all([plain.close(), plain2.close(), slow.close(), hogged.close()]);
  await engine.stop();
}
const of = (c: string, pairs: number): Array<(typeof rows)[number]> => rows.filter((r) => r.case === c && r.pairs === pairs);
const count = (rs: Array<(typeof rows)[number]>, v: string): number => rs.filter((r) => r.verdict === v).length;
const minutes = (rs: Array<(typeof rows)[number]>): string => (rs.reduce((s, r) => s + r.seconds, 0) / rs.length / 60).toFixed(2);
for (const [c, pairs] of [
  ['+15% TPOT', 6],
  ['+15% TPOT', 10],
  ['A/A hog one side', 6],
  ['A/A hog all, unchecked', 6],
  ['A/A hog all', 6],
  ['+15% TPOT hog all', 6],
] as const) {
  const rs = of(c, pairs);
  if (rs.length === 0) continue;
  console.log(
    `${c}, ${pairs} pairs: failed ${count(rs, 'fail')} of ${rs.length} (invalid ${count(rs, 'invalid')}, warn ${count(rs, 'warn')}, inconclusive ${count(rs, 'inconclusive')}, pass ${count(rs, 'pass')})`,
  );
}
const cost = [6, 10].filter((p) => rows.some((r) => r.pairs === p)).map((p) => `${p} pairs ${minutes(rows.filter((r) => r.pairs === p))} min`);
if (cost.length > 0) console.log(`cost per A/B run (this machine, one cell, 32 requests per trial at concurrency 1): ${cost.join(', ')}`);
console.log(`end: load average ${load()}`);
