// The built action (dist/index.js) end to end against a real engine with the
// tiny model: llama.cpp's llama-server, or the embedded engine where
// llama-server is not built. A first run records a baseline; an A/A run
// against the same setting passes; an A/B run against a worse setting (1
// parallel slot instead of 4: requests queue) fails the step.
// One engine, not both: the action speaks HTTP to either alike, and the
// embedded engine's 1-slot regression is gated at the defaults through the
// CLI in gate-regressions.test.ts; running the embedded engine here as well
// cost CI 64 s of a 141 s file.
import { copyFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAction, type ActionRun } from '../support/action-env.js';
import { buildDist, cli } from '../support/cli.js';
import { startFakeGitHub, type FakeGitHub } from '../support/fake-github.js';
import { tempDir } from '../support/measure.js';
import { llamaServerBinary, serveEmbedded, startLlamaServer, type Served } from './support.js';

const CONFIG = {
  target: { url: 'http://placeholder', api: 'chat' },
  seed: 4,
  // 3 trials of 50 requests, 4 warm-up, on the embedded engine; llama-server
  // runs the default 100 (DEFAULT_RUN below). With 24 requests a trial, each
  // trial's TTFT p95 rested on its two slowest requests, Welch's interval
  // over the three trials stayed open, and 1 slot against 4 on llama-server
  // (TTFT p50 58 -> 202 ms) read inconclusive in 8 runs of 8 on an idle
  // machine (TTFT p95 +215%, interval -41% to +1062%). With 50 the embedded
  // engine failed it in 6 runs of 6, llama-server in 6 of 7: the seventh, in
  // a CI run, had TTFT p50 +173% (interval +164% to +185%) but its p95 read
  // "these data detect about 1482%". With 100 a trial's p95 rests on 5.
  run: { requests: 50, warmup: 4, trials: 3, max_duration_s: 60 },
  scenarios: [{ name: 'chat', input_tokens: 64, output_tokens: 48 }],
  loads: [{ concurrency: 4 }],
};

let gh: FakeGitHub;
beforeAll(async () => {
  buildDist();
  gh = await startFakeGitHub();
}, 120_000);
afterAll(async () => {
  await gh?.close();
});

/** The default run: 100 requests and 4 warm-up a trial, 3 trials. */
const DEFAULT_RUN = { trials: 3, max_duration_s: 60 };

async function workspace(run: Record<string, unknown>): Promise<string> {
  const dir = await tempDir();
  await writeFile(join(dir, 'llm-perf.yml'), JSON.stringify({ ...CONFIG, run }, null, 2));
  return dir;
}

function action(dir: string, url: string, inputs: Record<string, string>): Promise<ActionRun> {
  return runAction('index', {
    workspace: dir,
    event: 'workflow_dispatch',
    payload: { repository: { full_name: 'acme/serving', default_branch: 'main' } },
    sha: 'c'.repeat(40),
    ref: 'refs/heads/main',
    inputs: { url, 'save-history': 'false', ...inputs },
    apiUrl: gh.url,
  });
}

/** Baseline on `good`, A/A on `good`, then A/B on `bad`: the three action runs of each engine. */
async function gateOn(start: (parallel: number) => Promise<Served>, run: Record<string, unknown> = CONFIG.run): Promise<void> {
  const dir = await workspace(run);
  // What the earlier runs printed, for the message of a failed expectation.
  let log = '';
  let server = await start(4);
  try {
    const first = await action(dir, server.url, { baseline: 'none' });
    log += `\n--- baseline run ---\n${first.stdout}`;
    expect(first.code, first.stdout).toBe(0);
    await copyFile(join(dir, 'llm-perf-result.json'), join(dir, 'baseline.json'));
    const aa = await action(dir, server.url, { baseline: 'baseline.json' });
    log += `\n--- A/A run ---\n${aa.stdout}`;
    expect(aa.code, aa.stdout).toBe(0);
    expect(aa.outputs.verdict).not.toBe('fail');
    expect(aa.outputs.verdict, aa.stdout).not.toBe('invalid');
  } finally {
    await server.stop();
  }
  server = await start(1);
  try {
    const ab = await action(dir, server.url, { baseline: 'baseline.json' });
    const why = `${ab.stdout}\n--- its job summary ---\n${ab.summary}${log}`;
    expect(ab.code, why).toBe(1);
    expect(ab.outputs.verdict, why).toBe('fail');
    expect(ab.stdout).toMatch(/::error title=llm-perf-gate%3A chat@c=4 ttft_ms\.p95 regressed::/);
    expect(ab.summary).toContain('## ❌ llm-perf-gate: fail');
  } finally {
    await server.stop();
  }
}

const found = llamaServerBinary();
if (!found.binary) console.warn(`[e2e] the action against llama-server is skipped (${found.reason}); the embedded engine stands in`);

describe.skipIf(found.binary !== null)('the action against the embedded engine', () => {
  it('baseline, A/A passes, a worse engine setting fails', async () => {
    await gateOn((parallel) => serveEmbedded(['--parallel', String(parallel)]));
  }, 300_000);
});

describe.skipIf(!found.binary)('the action against llama.cpp llama-server', () => {
  it('baseline, A/A passes, a worse server setting fails', async () => {
    const made = await cli(['make-model']);
    expect(made.code, made.stderr).toBe(0);
    await gateOn((parallel) => startLlamaServer(found.binary!, made.stdout.trim(), ['-np', String(parallel), '-c', String(parallel * 2048), '-t', '1', '-tb', '1']), DEFAULT_RUN);
  }, 300_000);
});
