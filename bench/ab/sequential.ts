// The decisive gate on a real engine (docs/gate.md, "Sequential measurement"):
// the same-job paired A/B at its defaults (6 pairs first, a budget of 12,
// blocks interleaved) on the embedded engine behind loopback proxies, one
// cell at concurrency 1 (test/support/ab-real.ts), with a busy loop on one
// core for the whole run. Cases:
//   aa      the same engine on both sides: must fail at most 1 in 20;
//   tps10   the candidate's proxy delivers every response 1/0.9 times as
//           late as the engine, first token included (stretch 'whole'):
//           10% less output throughput whatever the mix of prefill and
//           decode (stretching only the token gaps, 1.13x, delivered 5.9-11.2%);
//   tpot10  both proxies hold every token gap to at least 8 ms (a GPU
//           engine's TPOT), the candidate's stretched 1.1x: +10% per token;
//   fixed   aa and tps10 with the fixed 6-pair design (budget off): the
//           wall time a sequential run is compared with.
// Each run prints its verdict, whether it was decided, its pairs and wall
// time; the summary gives fails, undecided runs and the median cost.
//   node scripts/run-ts.mjs bench/ab/sequential.ts [runs per case, default 10] [cases, default aa,tps10,tpot10] [quiet] [budget=N: N pairs in place of the default] [requests=N, default 32] [pairs=N: pairs first, default 6]
// Needs the built CLI (npm run build) and the embedded engine's model.
import { mkdtemp, readFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { VerdictDoc } from '../../src/gate/verdict.js';
import { serveEmbedded, writeConfig } from '../../test/e2e/support.js';
import { abConfig } from '../../test/support/ab-real.js';
import { cli } from '../../test/support/cli.js';
import { startCpuHog } from '../../test/support/cpu-hog.js';
import { startThrottleProxy, type ThrottleProxy } from '../../test/support/throttle-proxy.js';

const runs = Number(process.argv[2] ?? 10);
const cases = (process.argv[3] ?? 'aa,tps10,tpot10').split(',');
const quiet = process.argv.slice(4).includes('quiet');
// A budget to try before it becomes the default (calibrate's advice): `budget=16`.
const budgetArg = process.argv.slice(4).find((a) => a.startsWith('budget='));
const budgetPairs = budgetArg === undefined ? null : `${Number(budgetArg.slice('budget='.length))} pairs`;
// The run's shape: `requests=100 pairs=3` is run.requests and run.trials at their defaults (the rig's are 32 and 6).
const numArg = (name: string, fallback: number): number => {
  const a = process.argv.slice(4).find((x) => x.startsWith(`${name}=`));
  return a === undefined ? fallback : Number(a.slice(name.length + 1));
};
const requests = numArg('requests', 32);
const firstPairs = numArg('pairs', 6);
for (const c of cases) if (!['aa', 'tps10', 'tpot10', 'fixed'].includes(c)) throw new Error(`unknown case '${c}': use aa, tps10, tpot10, fixed`);

interface Row {
  case: string;
  verdict: string;
  decided: boolean;
  pairs: number;
  seconds: number;
  stopped: string;
  changes: string;
}

const load = (): string =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');
const engine = await serveEmbedded(['--parallel', '4']);
const proxies: ThrottleProxy[] = [];
const proxy = async (factor: number, minGapMs = 0, stretch: 'decode' | 'whole' = 'decode'): Promise<string> => {
  const p = await startThrottleProxy(engine.url, factor, { minGapMs, stretch });
  proxies.push(p);
  return p.url;
};
const rig = {
  aa: [await proxy(1), await proxy(1)],
  tps10: [await proxy(1), await proxy(1 / 0.9, 0, 'whole')],
  tpot10: [await proxy(1, 8), await proxy(1.1, 8)],
};

async function abRun(name: string, [a, b]: string[], budget: string | null): Promise<Row> {
  const dir = await mkdtemp(join(tmpdir(), 'llm-perf-gate-seq-bench-'));
  const config = await writeConfig(abConfig(a!, b!, firstPairs, { requests }));
  const t0 = performance.now();
  const hog = quiet ? null : await startCpuHog();
  try {
    await cli(['ab', '--config', config, '--out-dir', join(dir, 'out'), '--json', join(dir, 'v.json'), ...(budget === null ? [] : ['--budget', budget])]);
  } finally {
    await hog?.stop();
  }
  const seconds = (performance.now() - t0) / 1000;
  const ran = await readFile(join(dir, 'v.json'), 'utf8').catch(() => null);
  const v = ran === null ? null : (JSON.parse(ran) as VerdictDoc);
  const cell = v?.cells[0];
  const change = (metric: string): string => {
    const m = cell?.metrics.find((x) => x.metric === metric);
    return m?.change_pct == null ? '-' : `${m.change_pct > 0 ? '+' : ''}${m.change_pct}% ${m.verdict}`;
  };
  const undecided = cell?.metrics.filter((m) => m.gated && !['regressed', 'unchanged', 'improved'].includes(m.verdict)) ?? [];
  return {
    case: name,
    verdict: v?.verdict ?? 'no verdict',
    decided: v !== null && (v.verdict === 'fail' || (undecided.length === 0 && v.verdict !== 'invalid')),
    pairs: v?.cost?.trials ?? 0,
    seconds,
    stopped: v?.cost?.budget?.stopped ?? 'fixed',
    changes: `tps ${change('output_tps')}, ttft p95 ${change('ttft_ms.p95')}, tpot p50 ${change('tpot_ms.p50')}${v?.verdict === 'invalid' ? ` (${(cell?.invalid_reasons ?? []).join('; ').slice(0, 120)})` : ''}`,
  };
}

const rows: Row[] = [];
console.log(
  `start: load average ${load()}${quiet ? ', quiet' : ', a busy loop on one core during every run'}; budget ${budgetPairs ?? 'the default'}; ${firstPairs} pairs of ${requests} requests first`,
);
try {
  for (let i = 0; i < runs; i++) {
    for (const c of cases) {
      const todo: [string, string[], string | null][] =
        c === 'fixed'
          ? [
              ['aa fixed', rig.aa, 'off'],
              ['tps10 fixed', rig.tps10, 'off'],
            ]
          : [[c, rig[c as keyof typeof rig], budgetPairs]];
      for (const [name, sides, budget] of todo) {
        const r = await abRun(name, sides, budget);
        rows.push(r);
        console.log(
          `${r.case.padEnd(12)} ${r.verdict.padEnd(12)} ${r.decided ? 'decided  ' : 'UNDECIDED'} ${String(r.pairs).padStart(2)} pairs ${r.seconds.toFixed(0).padStart(4)} s  ${r.stopped.padEnd(13)} ${r.changes}  load ${load()}`,
        );
      }
    }
  }
} finally {
  await Promise.all(proxies.map((p) => p.close()));
  await engine.stop();
}
const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? NaN : s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
for (const name of [...new Set(rows.map((r) => r.case))]) {
  const rs = rows.filter((r) => r.case === name);
  const n = (v: string): number => rs.filter((r) => r.verdict === v).length;
  console.log(
    `${name}: ${rs.length} runs: fail ${n('fail')}, pass ${n('pass')}, inconclusive ${n('inconclusive')}, warn ${n('warn')}, invalid ${n('invalid')}; undecided ${rs.filter((r) => !r.decided).length}; median ${median(rs.map((r) => r.pairs))} pairs, ${median(rs.map((r) => r.seconds)).toFixed(0)} s (95th: ${[...rs.map((r) => r.seconds)].sort((a, b) => a - b)[Math.min(rs.length - 1, Math.floor(rs.length * 0.95))]!.toFixed(0)} s)`,
  );
}
console.log(`end: load average ${load()}`);
