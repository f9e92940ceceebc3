// Too few samples is found when the config is read (issue 23, item 5): a
// percentile the config gates itself that run.requests x run.trials cannot
// support is an error at its `gate: true`; one gated by default raises
// run.requests, with a notice.
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG_YAML } from '../../src/config/defaults.js';
import { loadPlan, planFromObject } from '../../src/config/load.js';
import { ConfigError } from '../../src/errors/config-error.js';
import { minSamplesFor } from '../../src/stats/distribution.js';
import type { Host } from '../../src/pipeline/host.js';
import { readPlan } from '../../src/pipeline/judge.js';
import { requestsFor, reviewSamples, supportedPercentile } from '../../src/pipeline/samples.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'llm-perf-samples-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A config of one chat scenario under `loads`, with `run` and `gate` as YAML lines. */
function config(run: string, gate = '', loads = ['concurrency: 4']): string {
  return (
    [
      'version: 1',
      'target:',
      '  url: http://127.0.0.1:8000',
      `run: ${run}`,
      'scenarios:',
      '  - name: chat',
      '    input_tokens: 64',
      '    output_tokens: 16',
      'loads:',
      ...loads.map((l) => `  - ${l}`),
      gate,
    ].join('\n') + '\n'
  );
}

async function load(text: string): Promise<{ requests: number; notices: string[]; hash: string }> {
  await writeFile(path.join(dir, 'llm-perf.yml'), text);
  const notices: string[] = [];
  const plan = await loadPlan({ configPath: 'llm-perf.yml', cwd: dir, env: {}, review: reviewSamples, onNotice: (t) => notices.push(t) });
  expect(plan.config.run.requests).toBe(plan.limits.requests);
  return { requests: plan.limits.requests, notices, hash: plan.configHash };
}

async function configError(text: string): Promise<string> {
  const err = await load(text).then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ConfigError);
  return (err as ConfigError).message;
}

describe('a percentile the config gates itself', () => {
  it('is an error at its gate: true, naming the metric, the counts and both fixes', async () => {
    const text = config('{ requests: 100, trials: 2 }', ['gate:', '  metrics:', '    ttft_ms.p99: { gate: true, tolerance: 0.2 }'].join('\n'));
    expect(await configError(text)).toContain(
      'llm-perf.yml:13:26: gate.metrics["ttft_ms.p99"].gate: gates ttft_ms.p99, but each cell plans 100 requests x 2 trials = 200 samples, fewer than the 300 a p99 needs: raise run.requests to 150 or gate the p95 (ttft_ms.p95) instead',
    );
    // Enough: 100 x 3 = 300.
    expect((await load(text.replace('trials: 2', 'trials: 3'))).notices).toEqual([]);
  });

  it('names the scenario override that gates it, and a p90 when a p95 is out of reach', async () => {
    const text = config(
      '{ requests: 15, trials: 3, warmup: 30 }',
      ['gate:', '  scenarios:', '    chat:', '      metrics:', '        itl_ms.p95: { gate: true }', '        ttft_ms.p95: { gate: false }'].join('\n'),
    );
    const message = await configError(text);
    // Warm-up requests are sent on top of run.requests and excluded from every metric: they add no samples.
    expect(message).toContain(
      'gate.scenarios.chat.metrics["itl_ms.p95"].gate: gates itl_ms.p95, but each cell plans 15 requests x 3 trials = 45 samples, fewer than the 60 a p95 needs: raise run.requests to 20 or gate the p90 (itl_ms.p90) instead',
    );
    expect(message).toMatch(/^llm-perf\.yml:15:29: gate\.scenarios/m);
    // A default-gated metric the same config leaves alone is not an error, and not raised: tpot_ms.p50 needs 6.
    expect(message).not.toContain('tpot_ms.p50');
  });

  it('is an error for a config object too', () => {
    const raw = {
      target: { url: 'http://127.0.0.1:8000' },
      run: { requests: 10, trials: 1 },
      scenarios: [{ name: 'chat', input_tokens: 8, output_tokens: 4 }],
      loads: [{ concurrency: 1 }],
      gate: { metrics: { 'itl_ms.p90': { gate: true } } },
    };
    expect(() => planFromObject(raw, { file: null, baseDir: '/', review: reviewSamples })).toThrow(
      'gates itl_ms.p90, but each cell plans 10 requests x 1 trial = 10 samples, fewer than the 30 a p90 needs: raise run.requests to 30 or gate the p50 (itl_ms.p50) instead',
    );
  });
});

describe('a percentile gated by default', () => {
  it('raises run.requests to what it needs and says so, with how to keep the count', async () => {
    const r = await load(config('{ requests: 16, trials: 2, warmup: 8 }'));
    expect(r.requests).toBe(30);
    expect(r.notices).toEqual([
      'run.requests raised from 16 to 30: ttft_ms.p95 is gated by default and a p95 needs 60 samples a cell, but each cell plans 16 requests x 2 trials = 32 samples. Write run.requests: 30 (or more trials) to keep this without the notice, or gate.metrics.ttft_ms.p95.gate: false to measure 16 (docs/config.md).',
    ]);
    // The raised count is what the result stores and hashes: the same as writing it.
    expect((await load(config('{ requests: 30, trials: 2, warmup: 8 }'))).hash).toBe(r.hash);
  });

  it('under a rate load the queued TTFT p95 is the gated one', async () => {
    const r = await load(config('{ requests: 20, trials: 1 }', '', ['concurrency: 4', 'rate: 30']));
    expect(r.requests).toBe(60);
    expect(r.notices[0]).toMatch(/^run\.requests raised from 20 to 60: ttft_ms\.p95 and queued_ttft_ms\.p95 are gated by default/);
  });

  it('leaves the count alone when the percentile is ungated, or without the review (a config object built for a test)', async () => {
    const ungated = await load(config('{ requests: 16, trials: 2 }', 'gate: { metrics: { ttft_ms.p95: { gate: false } } }'));
    expect(ungated).toMatchObject({ requests: 16, notices: [] });
    const raw = { target: { url: 'http://127.0.0.1:8000' }, run: { requests: 4, trials: 1 }, scenarios: [{ name: 'chat', input_tokens: 8, output_tokens: 4 }], loads: [{ concurrency: 1 }] };
    expect(planFromObject(raw, { file: null, baseDir: '/' }).limits.requests).toBe(4);
  });
});

describe('every command reads its config through readPlan', () => {
  it('which raises the count and prints the notice on the host, or fails naming the gate: true', async () => {
    const notices: string[] = [];
    const host = { cwd: dir, env: {}, log: { notice: (t: string) => notices.push(t) } } as unknown as Host;
    await writeFile(path.join(dir, 'llm-perf.yml'), config('{ requests: 20, trials: 1 }'));
    const plan = await readPlan(host, { config: null, url: null });
    expect(plan.limits.requests).toBe(60);
    expect(notices).toEqual([expect.stringMatching(/^run\.requests raised from 20 to 60: ttft_ms\.p95 is gated by default/)]);
    await writeFile(path.join(dir, 'llm-perf.yml'), config('{ requests: 20, trials: 1 }', 'gate: { metrics: { ttft_ms.p95: { gate: true } } }'));
    await expect(readPlan(host, { config: null, url: null })).rejects.toThrow(
      'gates ttft_ms.p95, but each cell plans 20 requests x 1 trial = 20 samples, fewer than the 60 a p95 needs: raise run.requests to 60 or gate the p50 (ttft_ms.p50) instead',
    );
  });
});

describe('the shipped configs', () => {
  it('every example config and the built-in default load as written: no error, nothing raised', async () => {
    const examples = (await readdir(path.join(repoRoot, 'examples'))).filter((f) => f.endsWith('.yml'));
    const configs: string[] = [];
    for (const f of examples) {
      // Workflows (jobs:) sit beside the configs in examples/.
      if (!/^jobs:/m.test(await readFile(path.join(repoRoot, 'examples', f), 'utf8'))) configs.push(`examples/${f}`);
    }
    expect(configs).toEqual(expect.arrayContaining(['examples/capacity.yml', 'examples/demo.yml', 'examples/llm-perf.yml']));
    for (const file of configs) {
      const notices: string[] = [];
      const plan = await loadPlan({ configPath: file, cwd: repoRoot, env: {}, url: 'http://127.0.0.1:8000', review: reviewSamples, onNotice: (t) => notices.push(t) });
      expect(notices, file).toEqual([]);
      const written = (await readFile(path.join(repoRoot, file), 'utf8')).match(/^ {2}requests: (\d+)/m)?.[1];
      expect(String(plan.limits.requests), file).toBe(written);
    }
    const notices: string[] = [];
    await loadPlan({ configPath: null, cwd: dir, env: {}, url: 'http://127.0.0.1:8000', review: reviewSamples, onNotice: (t) => notices.push(t) });
    expect(notices).toEqual([]);
    expect(DEFAULT_CONFIG_YAML).toContain('requests: 50');
  });
});

describe('helpers', () => {
  it('the fallback percentile and the requests a need takes', () => {
    expect(supportedPercentile(200, 99)).toBe(95);
    expect(supportedPercentile(45, 95)).toBe(90);
    expect(supportedPercentile(10, 95)).toBe(50);
    expect(supportedPercentile(5, 95)).toBeNull();
    expect(requestsFor(minSamplesFor(95), 2)).toBe(30);
    expect(requestsFor(minSamplesFor(99), 7)).toBe(43);
  });
});

describe('trace scenarios and the sample review', () => {
  it('a trace replays its own rows: it raises no run.requests for them, whatever the loads beside it', async () => {
    await writeFile(path.join(dir, 't.jsonl'), Array.from({ length: 5 }, (_, i) => JSON.stringify({ timestamp: i * 100, input_length: 32, output_length: 8, hash_ids: [i] })).join('\n') + '\n');
    const lines = (gateChat: boolean): string =>
      [
        'version: 1',
        'target:',
        '  url: http://127.0.0.1:8000',
        'run: { requests: 20, trials: 1 }',
        'scenarios:',
        '  - name: replay',
        '    trace: { file: t.jsonl, format: mooncake }',
        '  - name: chat',
        '    input_tokens: 64',
        '    output_tokens: 16',
        'loads:',
        '  - concurrency: 4',
        // chat's TTFT p95 ungated: only a trace counted as a cell at each load would still ask for 60 samples.
        ...(gateChat ? [] : ['gate:', '  scenarios:', '    chat:', '      metrics:', "        'ttft_ms.p95': { gate: false }"]),
        '',
      ].join('\n');
    const quiet = await load(lines(false));
    expect(quiet.notices).toEqual([]);
    expect(quiet.requests).toBe(20);
    // The load-based cell still raises them when it gates the p95.
    expect((await load(lines(true))).notices).toEqual([expect.stringMatching(/^run\.requests raised from 20 to 60: ttft_ms\.p95 is gated by default/)]);
  });
});
