import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { formatValue } from '../../src/config-problem.js';
import { ConfigError } from '../../src/errors/config-error.js';
import { planFromObject } from '../../src/config/load.js';

const FILE = 'llm-perf.yml';

/** Validates YAML text as if it came from llm-perf.yml and returns the error it must raise. */
function errorFor(source: string, extra: { url?: string; model?: string } = {}): ConfigError {
  try {
    planFromObject(parse(source), { file: FILE, baseDir: '/cfg', source, ...extra });
  } catch (e) {
    expect(e).toBeInstanceOf(ConfigError);
    return e as ConfigError;
  }
  throw new Error('expected a ConfigError');
}

function lines(source: string, extra: { url?: string; model?: string } = {}): string[] {
  return errorFor(source, extra).message.split('\n');
}

// A valid config to break one field at a time; line numbers below refer to it.
const OK = `target:
  url: http://127.0.0.1:8000
  api: chat
scenarios:
  - name: a
    input_tokens: 4
    output_tokens: 2
  - name: b
    input_tokens: 8
    output_tokens: 2
loads:
  - concurrency: 1
  - concurrency: 2
  - rate: 1
`;

describe('ConfigError messages', () => {
  it('the base config is valid', () => {
    expect(() => planFromObject(parse(OK), { file: FILE, baseDir: '/', source: OK })).not.toThrow();
  });

  it('type errors give file:line:col, path, rule and value', () => {
    const err = errorFor(OK.replace('input_tokens: 8', 'input_tokens: abc'));
    expect(err.message).toBe('llm-perf.yml:9:19: scenarios[1].input_tokens: must be an integer >= 1 and <= 1000000, or a distribution (a mapping with dist), got "abc"');
    expect(err.file).toBe(FILE);
    expect(err.path).toBe('scenarios[1].input_tokens');
    expect(err.value).toBe('abc');
    expect(err.allowed).toBeNull();
    expect([err.line, err.column]).toEqual([9, 19]);
  });

  it('range errors', () => {
    expect(lines(OK.replace('output_tokens: 2\n  - name: b', 'output_tokens: 2000000\n  - name: b'))).toEqual([
      'llm-perf.yml:7:20: scenarios[0].output_tokens: must be an integer >= 1 and <= 1000000, got 2000000',
    ]);
    expect(lines(OK.replace('rate: 1', 'rate: 0'))).toEqual(['llm-perf.yml:14:11: loads[2].rate: must be a number >= 0.001 and <= 100000, got 0']);
    expect(lines(OK.replace('concurrency: 2', 'concurrency: 2.5'))).toEqual(['llm-perf.yml:13:18: loads[1].concurrency: must be an integer >= 1 and <= 100000, got 2.5']);
    expect(lines(`${OK}run: {warmup: often}\n`)).toEqual(['llm-perf.yml:15:15: run.warmup: must be an integer >= 0 and <= 10000, or auto, got "often"']);
    expect(lines(`${OK}run: {warmup: -1, max_duration_s: .inf}\n`)).toEqual([
      'llm-perf.yml:15:15: run.warmup: must be an integer >= 0 and <= 10000, or auto, got -1',
      'llm-perf.yml:15:35: run.max_duration_s: must be a number > 0 and <= 86400, got Infinity',
    ]);
  });

  it('enums list the allowed values', () => {
    const err = errorFor(OK.replace('api: chat', 'api: chatt'));
    expect(err.message).toBe('llm-perf.yml:3:8: target.api: must be one of chat|completions, got "chatt"');
    expect(err.allowed).toBe('chat|completions');
    expect(lines(`${OK}tokenizer: gpt2\nversion: 2\n`)).toEqual(['llm-perf.yml:15:12: tokenizer: must be one of o200k_base|cl100k_base, got "gpt2"', 'llm-perf.yml:16:10: version: must be 1, got 2']);
  });

  it('unknown fields point at the key and list the allowed ones', () => {
    const err = errorFor(OK.replace('  api: chat', '  modle: m'));
    expect(err.message).toBe('llm-perf.yml:3:3: target.modle: unknown field (allowed: url, api, model, api_key_env, headers, extra_body, fixed_output, prompt_lengths, ttft_from)');
    expect(err.allowed).toBe('url, api, model, api_key_env, headers, extra_body, fixed_output, prompt_lengths, ttft_from');
    expect(err.value).toBe('m');
    expect(lines(`${OK}slo: {}\n`)).toEqual([
      'llm-perf.yml:15:1: slo: unknown field (allowed: version, target, seed, tokenizer, timeouts, limits, run, scenarios, loads, slos, gate, ab, cost, telemetry, capacity)',
    ]);
  });

  it('missing required fields', () => {
    expect(lines(OK.replace('    output_tokens: 2\n  - name: b', '  - name: b'))).toEqual(['llm-perf.yml:5:5: scenarios[0].output_tokens: is required unless trace is given']);
    expect(lines('target: {url: "http://h"}\nscenarios: []\n')).toEqual([
      'llm-perf.yml:1:1: loads: is required unless every scenario is a trace',
      'llm-perf.yml:2:12: scenarios: must have at least 1 item, got []',
    ]);
    expect(lines(OK.replace('  url: http://127.0.0.1:8000\n', ''))).toEqual(['llm-perf.yml:2:3: target.url: is required (or pass --url)']);
  });

  it('exactly one of concurrency, rate or ramp', () => {
    expect(lines(OK.replace('  - rate: 1', '  - {concurrency: 3, rate: 1}'))).toEqual(['llm-perf.yml:14:5: loads[2]: give exactly one of concurrency, rate, ramp or burst']);
    // `arrival` alone would also break "arrival needs rate": one message is enough.
    expect(lines(OK.replace('  - rate: 1', '  - arrival: gamma'))).toEqual(['llm-perf.yml:14:5: loads[2]: give exactly one of concurrency, rate, ramp or burst']);
  });

  it('rate-only fields and gamma-only burstiness', () => {
    expect(lines(OK.replace('  - concurrency: 2', '  - {concurrency: 2, max_concurrency: 8}'))).toEqual(['llm-perf.yml:13:39: loads[1].max_concurrency: only allowed with rate, got 8']);
    expect(lines(OK.replace('  - rate: 1', '  - {rate: 1, burstiness: 0.5}'))).toEqual(['llm-perf.yml:14:27: loads[2].burstiness: only allowed with arrival: gamma, got 0.5']);
    expect(lines(OK.replace('  - rate: 1', '  - {rate: 1, arrival: gammma}'))).toEqual(['llm-perf.yml:14:24: loads[2].arrival: must be one of poisson|gamma, got "gammma"']);
  });

  it('duplicate loads and scenario names', () => {
    expect(lines(OK.replace('concurrency: 2', 'concurrency: 1'))).toEqual(['llm-perf.yml:13:5: loads[1]: duplicate load c=1 (same as loads[0])']);
    // Same label after defaults are filled in: 1.0 == 1, poisson is the default arrival.
    expect(lines(`${OK}  - {rate: 1.0, arrival: poisson}\n  - {rate: 1, max_concurrency: 4}\n`)).toEqual(['llm-perf.yml:15:5: loads[3]: duplicate load r=1/s (same as loads[2])']);
    const gamma = `${OK}  - {rate: 1, arrival: gamma, burstiness: 0.5}\n  - {rate: 1, arrival: gamma, burstiness: 2}\n`;
    expect(() => planFromObject(parse(gamma), { file: FILE, baseDir: '/', source: gamma })).not.toThrow();
    expect(errorFor(OK.replace('concurrency: 2', 'concurrency: 1')).value).toEqual({ concurrency: 1 });
  });

  it('names the first use of a duplicate scenario name', () => {
    expect(lines(OK.replace('name: b', 'name: a'))).toEqual(['llm-perf.yml:8:11: scenarios[1].name: duplicate scenario name (already used by scenarios[0]), got "a"']);
    expect(lines(OK.replace('name: b', 'name: "b c"'))).toEqual(['llm-perf.yml:8:11: scenarios[1].name: must match ^[A-Za-z0-9][A-Za-z0-9_.-]*$, got "b c"']);
  });

  it('shared_prefix_tokens must be below input_tokens', () => {
    expect(lines(OK.replace('input_tokens: 4', 'input_tokens: 4\n    shared_prefix_tokens: 4'))).toEqual(['llm-perf.yml:7:27: scenarios[0].shared_prefix_tokens: must be < input_tokens (4), got 4']);
  });

  it('dataset excludes input_tokens and shared_prefix_tokens; one of them is required', () => {
    const src = OK.replace('input_tokens: 4', 'dataset: p.jsonl\n    input_tokens: 4\n    shared_prefix_tokens: 1').replace('    input_tokens: 8\n', '');
    expect(lines(src)).toEqual([
      'llm-perf.yml:7:5: scenarios[0].input_tokens: not allowed with dataset (prompts come from the file), got 4',
      'llm-perf.yml:8:5: scenarios[0].shared_prefix_tokens: not allowed with dataset (prompts come from the file), got 1',
      'llm-perf.yml:10:5: scenarios[1].input_tokens: is required unless dataset or trace is given',
    ]);
  });

  it('refuses credentials in the URL without echoing them', () => {
    const err = errorFor(OK.replace('http://127.0.0.1:8000', 'http://alice:s3cret@127.0.0.1:8000/v1'));
    expect(err.message).toBe(
      'llm-perf.yml:2:8: target.url: must not contain user:password; put the key in an environment variable and name it in target.api_key_env, got "http://***@127.0.0.1:8000/v1"',
    );
    expect(err.message).not.toContain('s3cret');
    expect(JSON.stringify(err.value)).not.toContain('s3cret');
  });

  it('other URL problems, from the file and from --url', () => {
    expect(lines(OK.replace('http://127.0.0.1:8000', 'ftp://h'))).toEqual(['llm-perf.yml:2:8: target.url: must start with http:// or https://, got "ftp://h"']);
    expect(lines(OK.replace('http://127.0.0.1:8000', '"http://h/v1?x=1"'))).toEqual(['llm-perf.yml:2:8: target.url: must not have a query string or #fragment, got "http://h/v1?x=1"']);
    expect(lines(OK, { url: 'not a url' })).toEqual(['--url: must be an http(s) URL such as http://127.0.0.1:8000, got "not a url"']);
    expect(lines(OK, { url: 'https://tok@h' })).toEqual(['--url: must not contain user:password; put the key in an environment variable and name it in target.api_key_env, got "https://***@h/"']);
    expect(lines(OK, { model: '' })).toEqual(['--model: must not be empty, got ""']);
  });

  it('headers: names must be HTTP tokens, values strings; api_key_env must be a variable name', () => {
    const src = OK.replace('  api: chat\n', '  api_key_env: 1KEY\n  headers:\n    "X Team": a\n    X-Num: 5\n');
    expect(lines(src)).toEqual([
      'llm-perf.yml:3:16: target.api_key_env: must match ^[A-Za-z_][A-Za-z0-9_]*$, got "1KEY"',
      'llm-perf.yml:5:5: target.headers["X Team"]: invalid name: must match ^[!#$%&\'*+.^_`|~0-9A-Za-z-]+$',
      'llm-perf.yml:6:12: target.headers.X-Num: must be a string, got 5',
    ]);
  });

  it('reports every problem at once, in file order', () => {
    const src = `version: 1
target:
  url: http://h
  api: chatt
  fixed_output: yes
scenarios:
  - name: a
    input_tokens: 0
    output_tokens: 2
  - name: a
    output_tokens: 3
loads:
  - concurrency: 0
  - {}
  - concurrency: 0
`;
    const err = errorFor(src);
    expect(err.message.split('\n')).toEqual([
      'llm-perf.yml:4:8: target.api: must be one of chat|completions, got "chatt"',
      'llm-perf.yml:5:17: target.fixed_output: must be true or false, got "yes"',
      'llm-perf.yml:8:19: scenarios[0].input_tokens: must be an integer >= 1 and <= 1000000, got 0',
      'llm-perf.yml:10:5: scenarios[1].input_tokens: is required unless dataset or trace is given',
      'llm-perf.yml:10:11: scenarios[1].name: duplicate scenario name (already used by scenarios[0]), got "a"',
      'llm-perf.yml:13:18: loads[0].concurrency: must be an integer >= 1 and <= 100000, got 0',
      'llm-perf.yml:14:5: loads[1]: give exactly one of concurrency, rate, ramp or burst',
      'llm-perf.yml:15:18: loads[2].concurrency: must be an integer >= 1 and <= 100000, got 0',
    ]);
    expect(err.problems).toHaveLength(8);
    expect(err.problems[0]).toMatchObject({ path: 'target.api', value: 'chatt', allowed: 'chat|completions', line: 4, column: 8 });
    // The error's own fields describe the first problem.
    expect(err.path).toBe('target.api');
  });

  it('whole-document problems', () => {
    expect(lines('[1, 2]\n')).toEqual(['llm-perf.yml:1:1: must be a mapping, got [1,2]']);
    expect(lines('# nothing here\n')).toEqual(['llm-perf.yml: the config is empty (expected a mapping with scenarios and loads)']);
  });

  it('without a source there is no line:column, and without a file no prefix', () => {
    const raw = parse(OK.replace('api: chat', 'api: chatt')) as unknown;
    expect(() => planFromObject(raw, { file: 'x.yml', baseDir: '/' })).toThrow(/^x\.yml: target\.api: must be one of chat\|completions, got "chatt"$/);
    expect(() => planFromObject(raw, { file: null, baseDir: '/' })).toThrow(/^target\.api: must be one of chat\|completions, got "chatt"$/);
  });

  it('truncates long values to 80 characters', () => {
    const long = 'x'.repeat(200);
    const msg = errorFor(`${OK}slos: {ttft_ms: ${long}}\n`).message;
    const got = msg.slice(msg.indexOf('got ') + 4);
    expect(got).toHaveLength(80);
    expect(got).toBe(`"${'x'.repeat(76)}...`);
    expect(formatValue({ a: 1 })).toBe('{"a":1}');
    expect(formatValue(Number.NaN)).toBe('NaN');
  });
});
