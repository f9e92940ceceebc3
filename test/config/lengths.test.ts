import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/errors/config-error.js';
import { planFromObject } from '../../src/config/load.js';
import type { Plan } from '../../src/config/plan.js';

const FILE = 'llm-perf.yml';
const plan = (source: string): Plan => planFromObject(parse(source), { file: FILE, baseDir: '/cfg', source });
function lines(source: string): string[] {
  try {
    plan(source);
  } catch (e) {
    expect(e).toBeInstanceOf(ConfigError);
    return (e as Error).message.split('\n');
  }
  throw new Error('expected a ConfigError');
}

const HEAD = `target:
  url: http://127.0.0.1:8000
scenarios:
  - name: s
`;
const LOADS = `loads:
  - concurrency: 1
`;

describe('length distributions in the config', () => {
  it('normalises each form; fixed becomes its number; defaults filled in', () => {
    const p = plan(`${HEAD}    input_tokens: { dist: lognormal, mean: 600, stddev: 400, max: 4096 }
    output_tokens: { dist: fixed, value: 64 }
  - name: mixed
    input_tokens: { dist: empirical, values: [128, 2048], weights: [3, 1] }
    output_tokens: { dist: uniform, min: 16, max: 256 }
    shared_prefix_tokens: 64
  - name: n
    input_tokens: { dist: normal, mean: 100, stddev: 10, min: 50, max: 150 }
    output_tokens: { dist: empirical, values: [8, 16] }
${LOADS}`);
    expect(p.config.scenarios.map((s) => [s.input_tokens, s.output_tokens])).toEqual([
      [{ dist: 'lognormal', mean: 600, stddev: 400, min: 1, max: 4096 }, 64],
      [
        { dist: 'empirical', values: [128, 2048], weights: [3, 1] },
        { dist: 'uniform', min: 16, max: 256 },
      ],
      [
        { dist: 'normal', mean: 100, stddev: 10, min: 50, max: 150 },
        { dist: 'empirical', values: [8, 16], weights: [1, 1] },
      ],
    ]);
    expect(p.scenarios[0]!.outputTokens).toBe(64);
    // A distribution is part of the config hash: another spec, another hash.
    const q = plan(`${HEAD}    input_tokens: { dist: lognormal, mean: 600, stddev: 300, max: 4096 }\n    output_tokens: 64\n${LOADS}`);
    const r = plan(`${HEAD}    input_tokens: { dist: lognormal, mean: 600, stddev: 400, max: 4096 }\n    output_tokens: 64\n${LOADS}`);
    expect(q.configHash).not.toBe(r.configHash);
  });

  it('names what a dist needs and refuses what it does not take, at file:line:col', () => {
    expect(lines(`${HEAD}    input_tokens: { dist: normal, mean: 100 }\n    output_tokens: 8\n${LOADS}`)).toEqual([
      'llm-perf.yml:5:19: scenarios[0].input_tokens.stddev: is required with dist: normal',
      'llm-perf.yml:5:19: scenarios[0].input_tokens.max: is required with dist: normal',
    ]);
    expect(lines(`${HEAD}    input_tokens: 10\n    output_tokens: { dist: uniform, min: 20, max: 10, values: [1] }\n${LOADS}`)).toEqual([
      'llm-perf.yml:6:42: scenarios[0].output_tokens.min: must be <= max (10), got 20',
      'llm-perf.yml:6:55: scenarios[0].output_tokens.values: not allowed with dist: uniform (only with empirical)',
    ]);
    expect(lines(`${HEAD}    input_tokens: { dist: empirical, values: [10, 20], weights: [1] }\n    output_tokens: 8\n${LOADS}`)).toEqual([
      'llm-perf.yml:5:65: scenarios[0].input_tokens.weights: must have one weight per value (2)',
    ]);
    expect(lines(`${HEAD}    input_tokens: { dist: gaussian }\n    output_tokens: 8\n${LOADS}`)).toEqual([
      'llm-perf.yml:5:27: scenarios[0].input_tokens.dist: must be one of fixed|uniform|normal|lognormal|empirical, got "gaussian"',
    ]);
    expect(lines(`${HEAD}    input_tokens: { dist: lognormal, mean: 900, stddev: 0, max: 800 }\n    output_tokens: 8\n${LOADS}`)).toEqual([
      'llm-perf.yml:5:44: scenarios[0].input_tokens.mean: must lie within min..max (1..800), got 900',
      'llm-perf.yml:5:57: scenarios[0].input_tokens.stddev: must be > 0 for a lognormal (use a number for a fixed length), got 0',
    ]);
    expect(lines(`${HEAD}    input_tokens: "many"\n    output_tokens: 8\n${LOADS}`)).toEqual([
      'llm-perf.yml:5:19: scenarios[0].input_tokens: must be an integer >= 1 and <= 1000000, or a distribution (a mapping with dist), got "many"',
    ]);
  });

  it('a shared prefix must be shorter than the shortest prompt the distribution can draw', () => {
    expect(lines(`${HEAD}    input_tokens: { dist: uniform, min: 32, max: 64 }\n    output_tokens: 8\n    shared_prefix_tokens: 32\n${LOADS}`)).toEqual([
      'llm-perf.yml:7:27: scenarios[0].shared_prefix_tokens: must be < the shortest input_tokens can be (32), got 32',
    ]);
  });
});

describe('trace scenarios in the config', () => {
  it('defaults filled in, the path resolved; loads may be left out when every scenario is a trace', () => {
    const p = plan(`${HEAD}    trace: { file: traces/t.jsonl, format: mooncake }\n`);
    expect(p.config.scenarios[0]).toEqual({
      name: 's',
      input_tokens: null,
      output_tokens: null,
      shared_prefix_tokens: 0,
      dataset: null,
      trace: { file: 'traces/t.jsonl', format: 'mooncake', block_tokens: 512, time_scale: 1, start_s: 0, duration_s: null, max_requests: null },
    });
    expect(p.scenarios[0]!.trace).toEqual({ file: '/cfg/traces/t.jsonl', format: 'mooncake', blockTokens: 512, timeScale: 1, startMs: 0, durationMs: null, maxRequests: null });
    expect(p.loads).toEqual([]);
    const q = plan(`${HEAD}    trace: { file: a.csv, format: azure, time_scale: 0.5, start_s: 60, duration_s: 30, max_requests: 100, block_tokens: 16 }\n`);
    expect(q.scenarios[0]!.trace).toMatchObject({ timeScale: 0.5, startMs: 60_000, durationMs: 30_000, maxRequests: 100, blockTokens: 16 });
  });

  it('refuses lengths beside a trace, a missing format, loads left out beside a synthetic scenario, and a capacity search on a trace', () => {
    expect(lines(`${HEAD}    input_tokens: 5\n    output_tokens: 5\n    trace: { file: t.jsonl, format: mooncake }\n`)).toEqual([
      'llm-perf.yml:5:5: scenarios[0].input_tokens: not allowed with trace (the trace gives each request its lengths), got 5',
      'llm-perf.yml:6:5: scenarios[0].output_tokens: not allowed with trace (the trace gives each request its lengths), got 5',
    ]);
    expect(lines(`${HEAD}    trace: { file: t.jsonl, time_scale: 0 }\n`)).toEqual([
      'llm-perf.yml:5:12: scenarios[0].trace.format: is required',
      'llm-perf.yml:5:41: scenarios[0].trace.time_scale: must be a number > 0 and <= 1000000, got 0',
    ]);
    expect(lines(`${HEAD}    trace: { file: t.jsonl, format: mooncake }\n  - name: b\n    input_tokens: 4\n    output_tokens: 4\n`)).toEqual([
      'llm-perf.yml:1:1: loads: is required unless every scenario is a trace',
    ]);
    expect(lines(`${HEAD}    trace: { file: t.jsonl, format: mooncake }\ncapacity:\n  - scenario: s\n    mode: rate\n    slo: ["ttft_ms.p95 <= 500"]\n    range: [1, 8]\n`)).toContain(
      'llm-perf.yml:7:15: capacity[0].scenario: is a trace replay: its times are the trace\'s, so no search can vary its load, got "s"',
    );
  });

  it("gate.slo may name the trace cell's load", () => {
    expect(() => plan(`${HEAD}    trace: { file: t.jsonl, format: mooncake }\ngate:\n  slo:\n    - { check: "ttft_ms.p95 <= 500", load: trace }\n`)).not.toThrow();
  });
});
