// Same-job A/B on a real engine: the embedded llama.cpp engine, reached
// through two loopback proxies. One stretches every token gap by 15% (a +15%
// TPOT slowdown, nothing else changed): the paired design must fail it. Two
// plain proxies with a busy-loop process taking a core for the whole run (a
// noisy neighbour) are an A/A: the paired design must not fail it.
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

async function ab(baseline: ThrottleProxy, candidate: ThrottleProxy): Promise<{ code: number | null; v: VerdictDoc; out: string }> {
  const dir = await tempDir();
  const config = await writeConfig(abConfig(baseline.url, candidate.url));
  const ran = await cli(['ab', '--config', config, '--out-dir', join(dir, 'out'), '--json', join(dir, 'v.json')]);
  return { code: ran.code, v: JSON.parse(await readFile(join(dir, 'v.json'), 'utf8')) as VerdictDoc, out: ran.stdout + ran.stderr };
}

describe('same-job A/B on the embedded engine', () => {
  it('fails a +15% TPOT slowdown with the paired design', async () => {
    const base = await startThrottleProxy(engine.url, 1);
    const slow = await startThrottleProxy(engine.url, 1.15);
    proxies.push(base, slow);
    const { code, v, out } = await ab(base, slow);
    expect(v.design).toBe('paired');
    expect(code, out).toBe(1);
    // Events that reach the proxy in one TCP read are stretched as one: the slowdown shows in throughput and end-to-end latency at least.
    expect(v.verdict).toBe('fail');
    expect(v.cells[0]!.metrics.filter((m) => m.gated && m.verdict === 'regressed').length).toBeGreaterThan(0);
  }, 300_000);

  it('does not fail an A/A with a CPU hog taking a core for the whole run', async () => {
    const a = await startThrottleProxy(engine.url, 1);
    const b = await startThrottleProxy(engine.url, 1);
    proxies.push(a, b);
    const hog = startCpuHog();
    try {
      const { code, v, out } = await ab(a, b);
      expect(v.design).toBe('paired');
      expect(code, out).not.toBe(1);
    } finally {
      await hog.stop();
    }
  }, 300_000);
});
