// The spread of same-job A/B pairs on the embedded engine: per pair, the log
// ratio candidate / baseline of output tok/s, TTFT p50/p95, TPOT p50 and
// mean E2E, and their standard deviation over the pairs: how much noise each
// pair carries, the figure that decides how many pairs a verdict needs
// (docs/gate.md, "Less noise per pair: blocks of requests"). One cell at
// concurrency 1 behind two loopback proxies (the candidate's stretching token
// gaps by FACTOR), the fixed design (no budget).
//   node scripts/run-ts.mjs bench/ab/spread.ts [PAIRS=12] [REQUESTS=32] [FACTOR=1] [blocks|trials]
// Needs the built CLI (npm run build) and the embedded engine's model.
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { VerdictDoc } from '../../src/gate/verdict.js';
import type { CellResult, ResultDoc } from '../../src/result/types.js';
import { serveEmbedded, writeConfig } from '../../test/e2e/support.js';
import { abConfig } from '../../test/support/ab-real.js';
import { cli } from '../../test/support/cli.js';
import { metricDef } from '../../src/metric-catalogue.js';
import { trialStats, trialValues } from '../../src/gate/extract.js';
import { startThrottleProxy } from '../../test/support/throttle-proxy.js';
const pairs = Number(process.argv[2] ?? 12);
const requests = Number(process.argv[3] ?? 32);
const factor = Number(process.argv[4] ?? 1);
const engine = await serveEmbedded(['--parallel', '4']);
const a = await startThrottleProxy(engine.url, 1);
const b = await startThrottleProxy(engine.url, factor);
const dir = await mkdtemp(join(tmpdir(), 'aa-'));
const cfg = abConfig(a.url, b.url, pairs) as { run: Record<string, unknown>; ab: Record<string, unknown> };
cfg.run.requests = requests;
cfg.run.budget = false;
cfg.ab.interleave = process.argv[5] ?? 'blocks';
const config = await writeConfig(cfg);
const t0 = Date.now();
const r = await cli(['ab', '--config', config, '--out-dir', join(dir, 'out'), '--json', join(dir, 'v.json')]);
console.log('wall', (Date.now() - t0) / 1000, 'code', r.code);
const base = JSON.parse(await readFile(join(dir, 'out', 'baseline.json'), 'utf8')) as ResultDoc;
const cand = JSON.parse(await readFile(join(dir, 'out', 'candidate.json'), 'utf8')) as ResultDoc;
const stat = (cell: CellResult, id: string): number[] => {
  const d = metricDef(id)!;
  return d.dist === null ? trialValues(cell, d) : trialStats(cell, d);
};
const lr: Record<string, number[]> = {};
for (const id of ['output_tps', 'ttft_ms.p95', 'ttft_ms.p50', 'tpot_ms.p50', 'e2e_ms.mean']) {
  const b = stat(base.cells[0]!, id);
  const c = stat(cand.cells[0]!, id);
  lr[id] = b.map((x, i) => Math.log(c[i]! / x));
  console.log(id, b.map((x, i) => `${x.toFixed(2)}/${c[i]!.toFixed(2)}`).join(' '));
}
for (const [k, xs] of Object.entries(lr)) {
  const m = xs.reduce((x, y) => x + y, 0) / xs.length;
  const sd = Math.sqrt(xs.reduce((x, y) => x + (y - m) ** 2, 0) / (xs.length - 1));
  console.log(k, 'mean', `${(m * 100).toFixed(2)}%`, 'sd', `${(sd * 100).toFixed(2)}%`);
}
console.log('durations', base.cells[0]!.trials.map((t) => t.duration_s).join(' '));
const v = JSON.parse(await readFile(join(dir, 'v.json'), 'utf8')) as VerdictDoc;
for (const m of v.cells[0]!.metrics.filter((x) => x.gated)) console.log(m.metric, m.verdict, m.change_pct, m.interval_pct, m.threshold_pct);
await a.close();
await b.close();
await engine.stop();
