// Same-job A/B on a real engine: the embedded llama.cpp engine, reached
// through two loopback proxies. One stretches every token gap after the first
// by 50% (a gross TPOT slowdown, TTFT kept): the paired design must fail it,
// every time. Smaller slowdowns are caught only most of the time (+15%: 9 of
// 9 valid runs with 10 pairs, 8 of 10 with 6, docs/action.md); a test that
// asserted them would fail CI now and then for a rate the benchmark measures. Two
// plain proxies with a busy-loop process running only while the candidate's
// side is measured (a noisy neighbour on one side) are an A/A: it must not
// fail, and the neighbour check must say why the comparison is void.
// How often each holds, over many runs, is bench/ab/real.ts.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VerdictDoc } from '../../src/gate/verdict.js';
import { buildDist, cli } from '../support/cli.js';
import { abConfig } from '../support/ab-real.js';
import { startCpuHog } from '../support/cpu-hog.js';
import { tempDir } from '../support/measure.js';
import { startThrottleProxy, type ThrottleProxy } from '../support/throttle-proxy.js';
import { serveEmbedded, writeConfig, type Served } from './support.js';

let engine: Served;
const proxies: ThrottleProxy[] = [];

beforeAll(async () => {
  buildDist();
  engine = await serveEmbedded(['--parallel', '4']);
}, 120_000);

afterAll(async () => {
  for (const p of proxies.splice(0)) await p.close();
  if (engine && engine.child.exitCode === null) await engine.stop();
});

async function ab(
  baseline: ThrottleProxy,
  candidate: ThrottleProxy,
  pairs = 6,
  interleave: 'blocks' | 'trials' = 'blocks',
  budget?: number,
): Promise<{ code: number | null; v: VerdictDoc; out: string }> {
  const dir = await tempDir();
  const config = await writeConfig({ ...abConfig(baseline.url, candidate.url, pairs, { budget }), ab: { baseline: { url: baseline.url }, candidate: { url: candidate.url }, interleave } });
  const ran = await cli(['ab', '--config', config, '--out-dir', join(dir, 'out'), '--json', join(dir, 'v.json')]);
  return { code: ran.code, v: JSON.parse(await readFile(join(dir, 'v.json'), 'utf8')) as VerdictDoc, out: ran.stdout + ran.stderr };
}

describe('same-job A/B on the embedded engine', () => {
  it('fails a +50% TPOT slowdown with the paired design', async () => {
    const base = await startThrottleProxy(engine.url, 1);
    const slow = await startThrottleProxy(engine.url, 1.5);
    proxies.push(base, slow);
    // The step's 3 pairs first; a gross slowdown stops as soon as it is decided. A budget of 6 pairs, not the
    // default 16: at 3 of 16 pairs the O'Brien-Fleming look's interval reaches 345 standard errors either side
    // (2 degrees of freedom at a nominal error of 4e-6; 27 at pair 4, 9.1 at pair 5), so even this slowdown, every
    // pair within 1% of -27% throughput, waited for pair 5 (38 s, against 24 s and 3 pairs with 6: the first look
    // of 3..6 is at 9.1). gate-regressions.test.ts runs the default budget.
    const { code, v, out } = await ab(base, slow, 3, 'blocks', 6);
    expect(v.design).toBe('paired');
    expect(code, out).toBe(1);
    expect(v.verdict).toBe('fail');
    // The slowdown is in the stream after the first token: what regressed is throughput or a per-token or end-to-end latency.
    const regressed = v.cells[0]!.metrics.filter((m) => m.gated && m.verdict === 'regressed').map((m) => m.metric);
    expect(regressed.length, out).toBeGreaterThan(0);
    for (const id of regressed) expect(id).toMatch(/^(output_tps|total_tps|rps|tpot_ms|itl_ms|e2e_ms)/);
    expect(v.cells[0]!.metrics.find((m) => m.metric === 'tpot_ms.p50')!.change_pct).toBeGreaterThan(20);
  }, 300_000);

  it('does not fail an A/A with a CPU hog beside one side, and says it is invalid', async () => {
    const hog = await startCpuHog({ paused: true });
    const a = await startThrottleProxy(engine.url, 1);
    const b = await startThrottleProxy(engine.url, 1, { onBusy: (busy) => (busy ? hog.resume() : hog.pause()) });
    proxies.push(a, b);
    try {
      // Whole trials: a neighbour that comes only with one side's requests is seen per trial. Taking turns in
      // blocks, both sides' telemetry spans the same window and such a neighbour is the candidate's own doing.
      const { code, v, out } = await ab(a, b, 3, 'trials');
      expect(v.design).toBe('paired');
      expect(code, out).not.toBe(1);
      expect(v.verdict, out).toBe('invalid');
      expect(v.cells[0]!.invalid_reasons.join('\n')).toMatch(/beside the candidate: a difference over the 25\.0% limit \(telemetry\.max_neighbour_cpu_share\) leaves a pass worth nothing/);
    } finally {
      await hog.stop();
    }
  }, 300_000);
});
