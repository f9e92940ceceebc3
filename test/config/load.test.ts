import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/errors/config-error.js';
import { canonicalJson } from '../../src/config/derive.js';
import { loadPlan, planFromObject } from '../../src/config/load.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'llm-perf-config-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function write(name: string, text: string): Promise<string> {
  const file = path.join(dir, name);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, text);
  return file;
}

async function configError(p: Promise<unknown>): Promise<ConfigError> {
  const err: unknown = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ConfigError);
  return err as ConfigError;
}

const MINIMAL = `target:
  url: http://127.0.0.1:8000
scenarios:
  - name: chat
    input_tokens: 10
    output_tokens: 5
loads:
  - concurrency: 1
`;

describe('loadPlan: files', () => {
  it('loads the example config', async () => {
    const plan = await loadPlan({ configPath: 'examples/llm-perf.yml', cwd: repoRoot, env: {} });
    expect(plan.configPath).toBe('examples/llm-perf.yml');
    expect(plan.target.url).toBe('http://127.0.0.1:8000');
    expect(plan.scenarios.map((s) => [s.name, s.inputTokens, s.outputTokens, s.sharedPrefixTokens])).toEqual([
      ['chat', 512, 128, 0],
      ['prefix-cache', 1024, 128, 768],
    ]);
    expect(plan.loads.map((l) => l.label)).toEqual(['c=1', 'c=4', 'c=16', 'r=2.5/s,max=64']);
    expect(plan.config.target).toMatchObject({ headers: { 'X-Team': '<redacted>' } });
    expect(plan.target.headers).toEqual({ 'X-Team': 'perf' });
  });

  it('uses ./llm-perf.yml when no path is given', async () => {
    await write('llm-perf.yml', MINIMAL);
    const plan = await loadPlan({ cwd: dir, env: {} });
    expect(plan.configPath).toBe('llm-perf.yml');
    expect(plan.scenarios[0]?.inputTokens).toBe(10);
  });

  it('falls back to the built-in default, which needs --url', async () => {
    const plan = await loadPlan({ cwd: dir, url: 'http://localhost:9000/v1/', env: {} });
    expect(plan.configPath).toBeNull();
    expect(plan.target.url).toBe('http://localhost:9000');
    expect(plan.scenarios).toEqual([{ name: 'chat', inputTokens: 256, outputTokens: 64, sharedPrefixTokens: 0, dataset: null }]);
    expect(plan.loads.map((l) => l.label)).toEqual(['c=1', 'c=4']);
    expect(plan.limits).toEqual({ requests: 50, warmup: 4, maxDurationS: 120, trials: 3, workers: 1, budget: { trials: 16, minutes: 30 } });
    // The action warms until steady unless the config says otherwise; a count in the file wins.
    expect((await loadPlan({ cwd: dir, url: 'http://localhost:9000', env: {}, warmupDefault: 'auto' })).limits.warmup).toBe('auto');

    const err = await configError(loadPlan({ cwd: dir, env: {} }));
    expect(err.message).toBe('no target URL: pass --url or write target.url in llm-perf.yml');
    expect(err.path).toBe('target.url');
    expect(err.file).toBeNull();
  });

  it('names a missing config file', async () => {
    const err = await configError(loadPlan({ configPath: 'nope.yml', cwd: dir, env: {} }));
    expect(err.message).toBe(`nope.yml: config file not found (looked for ${path.join(dir, 'nope.yml')})`);
    expect(err.file).toBe('nope.yml');
  });

  it('reads run.budget: given, false for the fixed design, left out of the config hash; fewer pairs than run.trials named with file:line', async () => {
    await write('b.yml', `${MINIMAL}run:\n  trials: 4\n  budget: { trials: 10, minutes: 12 }\n`);
    const plan = await loadPlan({ configPath: 'b.yml', cwd: dir, env: {} });
    expect(plan.limits.budget).toEqual({ trials: 10, minutes: 12 });
    await write('f.yml', `${MINIMAL}run:\n  trials: 4\n  budget: false\n`);
    const fixed = await loadPlan({ configPath: 'f.yml', cwd: dir, env: {} });
    expect(fixed.limits.budget).toEqual({ trials: 4, minutes: null });
    // How long a run may go on is not what it measures: one hash with and without a budget.
    await write('n.yml', `${MINIMAL}run:\n  trials: 4\n`);
    expect((await loadPlan({ configPath: 'n.yml', cwd: dir, env: {} })).configHash).toBe(plan.configHash);
    await write('bad-budget.yml', `${MINIMAL}run:\n  trials: 6\n  budget:\n    trials: 4\n`);
    const err = await configError(loadPlan({ configPath: 'bad-budget.yml', cwd: dir, env: {} }));
    expect(err.message).toBe('bad-budget.yml:12:13: run.budget.trials: must be at least run.trials (6), the pairs every run measures first (or set run.budget: false for the fixed design), got 4');
  });

  it('reports YAML syntax errors with file:line:col', async () => {
    await write('bad.yml', 'target:\n  url: http://x\n  url: http://y\nloads: [1, 2\n');
    const err = await configError(loadPlan({ configPath: 'bad.yml', cwd: dir, env: {} }));
    const lines = err.message.split('\n');
    expect(lines[0]).toBe("bad.yml:3:3: target.url: duplicate key 'url': each key may appear once in a mapping");
    expect(lines.length).toBeGreaterThanOrEqual(2);
    expect(lines.every((l) => /^bad\.yml:\d+:\d+: /.test(l))).toBe(true);
  });

  it('resolves dataset paths against the config folder and keeps them as given in config', async () => {
    await write(
      'sub/cfg.yml',
      `target: {url: "http://127.0.0.1:1"}
scenarios:
  - {name: ds, dataset: data/prompts.jsonl, output_tokens: 8}
loads: [{concurrency: 1}]
`,
    );
    const plan = await loadPlan({ configPath: 'sub/cfg.yml', cwd: dir, env: {} });
    expect(plan.scenarios[0]?.dataset).toBe(path.join(dir, 'sub', 'data', 'prompts.jsonl'));
    expect(plan.scenarios[0]?.inputTokens).toBeNull();
    expect(plan.config.scenarios[0]?.dataset).toBe('data/prompts.jsonl');
  });

  it('--url and --model override the file', async () => {
    await write('llm-perf.yml', MINIMAL.replace('target:\n', 'target:\n  model: from-file\n'));
    const plan = await loadPlan({ cwd: dir, url: 'https://gw.example/v1', model: 'from-flag', env: {} });
    expect(plan.target.url).toBe('https://gw.example');
    expect(plan.target.model).toBe('from-flag');
    expect(plan.config.target).toMatchObject({ url: 'https://gw.example', model: 'from-flag' });
  });

  it('checks that api_key_env names a variable that is set, without keeping the key', async () => {
    await write('llm-perf.yml', MINIMAL.replace('target:\n', 'target:\n  api_key_env: MY_KEY\n'));
    const err = await configError(loadPlan({ cwd: dir, env: {} }));
    expect(err.message).toBe('llm-perf.yml:2:16: target.api_key_env: names an environment variable that is not set or empty, got "MY_KEY"');
    const plan = await loadPlan({ cwd: dir, env: { MY_KEY: 'sk-secret' } });
    expect(plan.target.apiKeyEnv).toBe('MY_KEY');
    expect(JSON.stringify(plan)).not.toContain('sk-secret');
  });
});

describe('planFromObject: defaults and normalisation', () => {
  const ctx = { file: null, baseDir: '/base' };

  it('fills every default', () => {
    const plan = planFromObject({ target: { url: 'http://127.0.0.1:8000' }, scenarios: [{ name: 'a', input_tokens: 4, output_tokens: 2 }], loads: [{ rate: 1 }] }, ctx);
    expect(plan.config).toEqual({
      version: 1,
      target: {
        url: 'http://127.0.0.1:8000',
        api: 'chat',
        model: null,
        api_key_env: null,
        headers: {},
        extra_body: {},
        fixed_output: true,
      },
      seed: 1,
      tokenizer: 'o200k_base',
      timeouts: { connect_ms: 5000, request_s: 300, idle_s: 60 },
      limits: { line_bytes: 1_048_576, event_bytes: 1_048_576, response_bytes: 134_217_728 },
      run: { requests: 100, warmup: 4, max_duration_s: 120, trials: 3 },
      scenarios: [{ name: 'a', input_tokens: 4, output_tokens: 2, shared_prefix_tokens: 0, dataset: null }],
      loads: [{ rate: 1, arrival: 'poisson', burstiness: 1, max_concurrency: null }],
      slos: { ttft_ms: null, tpot_ms: null, e2e_ms: null },
      gate: {
        confidence: 0.9,
        alpha: 0.05,
        error_rate_limit: 0.05,
        token_drift_limit: 0.02,
        strict_fingerprint: false,
        bootstrap_iterations: 2000,
        metrics: {},
        scenarios: {},
        slo: [],
      },
      ab: null,
      telemetry: { enabled: true, gpu_interval_ms: 500, scrape_interval_ms: 1000, max_neighbour_cpu_share: 0.25, fingerprint_differences: 'warn' },
    });
    expect(plan.telemetry).toEqual({ enabled: true, gpuIntervalMs: 500, scrapeIntervalMs: 1000, maxNeighbourCpuShare: 0.25 });
    expect(plan.gate.fingerprintDifferences).toBe('warn');
    expect(plan.timeouts).toEqual({ connectMs: 5000, requestMs: 300_000, idleMs: 60_000 });
    expect(plan.responseLimits).toEqual({ lineBytes: 1_048_576, eventBytes: 1_048_576, responseBytes: 134_217_728 });
    expect(plan.target).toEqual({
      url: 'http://127.0.0.1:8000',
      api: 'chat',
      model: null,
      apiKeyEnv: null,
      headers: {},
      extraBody: {},
      fixedOutput: true,
      promptLengths: 'tokenizer',
      ttftFrom: 'output',
    });
    // The default stays out of the stored config, so configs written before the field keep their hash.
    expect('prompt_lengths' in plan.config.target).toBe(false);
    expect(plan.seed).toBe(1);
    expect(plan.encoding).toBe('o200k_base');
    expect(plan.slos).toEqual({ ttftMs: null, tpotMs: null, e2eMs: null });
    expect(plan.loads).toEqual([{ shape: 'poisson', label: 'r=1/s', rate: 1, maxConcurrency: null }]);
  });

  it('labels loads', () => {
    const plan = planFromObject(
      {
        target: { url: 'http://h' },
        scenarios: [{ name: 'a', input_tokens: 4, output_tokens: 2 }],
        loads: [
          { concurrency: 4 },
          { rate: 2.5 },
          { rate: 2.5, arrival: 'gamma', burstiness: 0.5 },
          { rate: 2.5, max_concurrency: 64 },
          { rate: 2.5, arrival: 'gamma', burstiness: 0.5, max_concurrency: 64 },
        ],
      },
      ctx,
    );
    expect(plan.loads.map((l) => l.label)).toEqual(['c=4', 'r=2.5/s', 'r=2.5/s,gamma=0.5', 'r=2.5/s,max=64', 'r=2.5/s,gamma=0.5,max=64']);
  });

  it.each([
    ['http://127.0.0.1:8000/', 'http://127.0.0.1:8000'],
    ['http://127.0.0.1:8000/v1', 'http://127.0.0.1:8000'],
    ['http://127.0.0.1:8000/v1/', 'http://127.0.0.1:8000'],
    ['https://GW.example:443/proxy/v1', 'https://gw.example/proxy'],
    ['http://h:8000/proxy//', 'http://h:8000/proxy'],
    ['http://h/v10', 'http://h/v10'],
    ['http://127.0.0.1:8000/v1/chat/completions', 'http://127.0.0.1:8000'],
    ['http://127.0.0.1:8000/v1/completions/', 'http://127.0.0.1:8000'],
    ['https://gw.example/proxy/v1/chat/completions', 'https://gw.example/proxy'],
    ['http://h/v1/models', 'http://h'],
  ])('normalises url %s -> %s', (input, expected) => {
    const plan = planFromObject({ target: { url: input }, scenarios: [{ name: 'a', input_tokens: 4, output_tokens: 2 }], loads: [{ concurrency: 1 }] }, ctx);
    expect(plan.target.url).toBe(expected);
    expect((plan.config.target as { url: string }).url).toBe(expected);
  });

  it("takes a URL given as an endpoint's as its base URL, with a notice that says which (issue 21, item 7)", async () => {
    await write('llm-perf.yml', 'target:\n  url: http://127.0.0.1:8000/v1/chat/completions\nscenarios:\n  - {name: a, input_tokens: 4, output_tokens: 2}\nloads:\n  - concurrency: 1\n');
    const notices: string[] = [];
    const plan = await loadPlan({ configPath: 'llm-perf.yml', cwd: dir, env: {}, onNotice: (t) => notices.push(t) });
    expect(plan.target.url).toBe('http://127.0.0.1:8000');
    expect(notices).toEqual([
      'target.url http://127.0.0.1:8000/v1/chat/completions ends in /v1/chat/completions: using the base URL http://127.0.0.1:8000, under which the endpoints are called (give that to silence this note)',
    ]);
    const flagNotices: string[] = [];
    const flagged = await loadPlan({ configPath: 'llm-perf.yml', cwd: dir, env: {}, url: 'http://h:9/v1/completions', onNotice: (t) => flagNotices.push(t) });
    expect(flagged.target.url).toBe('http://h:9');
    expect(flagNotices).toEqual(['--url http://h:9/v1/completions ends in /v1/completions: using the base URL http://h:9, under which the endpoints are called (give that to silence this note)']);
    const quiet: string[] = [];
    await loadPlan({ configPath: 'llm-perf.yml', cwd: dir, env: {}, url: 'http://h:9/v1', onNotice: (t) => quiet.push(t) });
    expect(quiet).toEqual([]);
  });

  it('freezes the plan deeply', () => {
    const plan = planFromObject(
      {
        target: { url: 'http://h', headers: { A: 'b' }, extra_body: { nested: { x: [1] } } },
        scenarios: [{ name: 'a', input_tokens: 4, output_tokens: 2 }],
        loads: [{ concurrency: 1 }],
      },
      ctx,
    );
    expect(Object.isFrozen(plan)).toBe(true);
    expect(Object.isFrozen(plan.target.headers)).toBe(true);
    expect(Object.isFrozen(plan.scenarios[0])).toBe(true);
    expect(Object.isFrozen(plan.loads)).toBe(true);
    expect(Object.isFrozen((plan.target.extraBody.nested as { x: number[] }).x)).toBe(true);
    expect(Object.isFrozen(plan.config.target)).toBe(true);
    expect(() => {
      (plan.limits as { requests: number }).requests = 1;
    }).toThrow(TypeError);
  });

  it('does not share state with the input object', () => {
    const raw = {
      target: { url: 'http://h', extra_body: { t: 1 } },
      scenarios: [{ name: 'a', input_tokens: 4, output_tokens: 2 }],
      loads: [{ concurrency: 1 }],
    };
    planFromObject(raw, ctx);
    expect(Object.isFrozen(raw.target.extra_body)).toBe(false);
  });
});

describe('configHash', () => {
  const base = (): Record<string, unknown> => ({
    target: { url: 'http://h', headers: { Authorization: 'Bearer one' }, extra_body: { a: 1, b: { c: 2, d: 3 } } },
    seed: 3,
    scenarios: [{ name: 'a', input_tokens: 4, output_tokens: 2 }],
    loads: [{ concurrency: 1 }],
  });
  const ctx = { file: null, baseDir: '/' };

  it('is sha256 hex of the canonical config', () => {
    const plan = planFromObject(base(), ctx);
    expect(plan.configHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('does not depend on key order', () => {
    const reordered = {
      loads: [{ concurrency: 1 }],
      scenarios: [{ output_tokens: 2, input_tokens: 4, name: 'a' }],
      seed: 3,
      target: { extra_body: { b: { d: 3, c: 2 }, a: 1 }, headers: { Authorization: 'Bearer one' }, url: 'http://h/v1/' },
    };
    expect(planFromObject(reordered, ctx).configHash).toBe(planFromObject(base(), ctx).configHash);
  });

  it('changes with values, defaults included', () => {
    const h = planFromObject(base(), ctx).configHash;
    expect(planFromObject({ ...base(), seed: 4 }, ctx).configHash).not.toBe(h);
    expect(planFromObject({ ...base(), run: { requests: 99 } }, ctx).configHash).not.toBe(h);
    expect(planFromObject({ ...base(), run: { requests: 100 } }, ctx).configHash).toBe(h);
    expect(planFromObject(base(), { ...ctx, model: 'm' }).configHash).not.toBe(h);
  });

  it('redacts header values, so secrets neither leak nor change the hash', () => {
    const plan = planFromObject(base(), ctx);
    expect((plan.config.target as { headers: unknown }).headers).toEqual({ Authorization: '<redacted>' });
    expect(JSON.stringify(plan.config)).not.toContain('Bearer');
    expect(plan.target.headers).toEqual({ Authorization: 'Bearer one' });
    const other = base();
    (other.target as { headers: Record<string, string> }).headers.Authorization = 'Bearer two';
    expect(planFromObject(other, ctx).configHash).toBe(plan.configHash);
  });

  it('canonicalJson sorts keys at every depth', () => {
    expect(canonicalJson({ b: [{ z: 1, a: null }], a: 'x', u: undefined })).toBe('{"a":"x","b":[{"a":null,"z":1}]}');
  });
});

describe('gate section', () => {
  const base = { target: { url: 'http://127.0.0.1:8000' }, scenarios: [{ name: 'chat', input_tokens: 8, output_tokens: 4 }], loads: [{ concurrency: 2 }] };
  const ctx = { file: 'llm-perf.yml', baseDir: '/tmp' };

  it('parses overrides and SLO checks into the plan', () => {
    const plan = planFromObject(
      {
        ...base,
        gate: {
          alpha: 0.01,
          metrics: { 'ttft_ms.p99': { gate: true, tolerance: 0.2 } },
          scenarios: { chat: { metrics: { output_tps: { level: 'warn' } } } },
          slo: ['ttft_ms.p99 <= 2000', { check: 'error_rate < 0.01', scenario: 'chat', load: 'c=2' }],
        },
      },
      ctx,
    );
    expect(plan.gate.alpha).toBe(0.01);
    expect(plan.gate.metrics['ttft_ms.p99']).toEqual({ gate: true, tolerance: 0.2 });
    expect(plan.gate.scenarios.chat!.output_tps).toEqual({ level: 'warn' });
    expect(plan.gate.slo).toEqual([
      { metric: 'ttft_ms.p99', op: '<=', bound: 2000, scenario: null, load: null, text: 'ttft_ms.p99 <= 2000' },
      { metric: 'error_rate', op: '<', bound: 0.01, scenario: 'chat', load: 'c=2', text: 'error_rate < 0.01' },
    ]);
  });

  it('names unknown metrics, scenarios, loads and unparsable checks', () => {
    let err: ConfigError | null = null;
    try {
      planFromObject(
        {
          ...base,
          gate: {
            metrics: { 'ttft_ms.p42': { gate: true }, ttft: {} },
            scenarios: { chatt: {} },
            slo: ['tfft_ms.p99 <= 5', 'ttft_ms.p99 =< 5', { check: 'rps > 1', load: 'c=3' }],
          },
        },
        ctx,
      );
    } catch (e) {
      err = e as ConfigError;
    }
    expect(err).toBeInstanceOf(ConfigError);
    const text = err!.message;
    expect(text).toContain('gate.metrics["ttft_ms.p42"]');
    expect(text).toContain('gate.metrics.ttft: unknown metric (allowed: metric ids such as output_tps');
    expect(text).toContain('gate.scenarios.chatt: no such scenario (allowed: chat)');
    expect(text).toContain("gate.slo[0]: unknown metric 'tfft_ms.p99'");
    expect(text).toContain('gate.slo[1]: must match');
    expect(text).toContain('gate.slo[2].load: no such load (allowed: c=2), got "c=3"');
  });
});
