// Config files that attack the parser, and values that would break the run:
// each is refused quickly, naming the field, the place and the allowed range.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/errors/config-error.js';
import { loadPlan } from '../../src/config/load.js';
import { MAX_CONFIG_BYTES } from '../../src/config/yaml.js';
import { tempDir } from '../support/measure.js';

const BASE = `version: 1
target:
  url: http://127.0.0.1:8000
scenarios:
  - name: s
    input_tokens: 8
    output_tokens: 8
loads:
  - concurrency: 1
`;

async function refusal(text: string): Promise<ConfigError> {
  const dir = await tempDir();
  await writeFile(join(dir, 'c.yml'), text);
  try {
    await loadPlan({ configPath: 'c.yml', cwd: dir, env: {} });
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return err as ConfigError;
  }
  throw new Error('expected the config to be refused');
}

describe('hostile config files', () => {
  it('names the field path and place of a duplicate key', async () => {
    const err = await refusal(`${BASE}run:\n  requests: 2\n  warmup: 0\n  requests: 3\n`);
    expect(err.message).toBe("c.yml:13:3: run.requests: duplicate key 'requests': each key may appear once in a mapping");
    expect(err.path).toBe('run.requests');
  });

  it('refuses an alias bomb with the line, column and field of its first alias', async () => {
    const levels = ['a: &a [x, x, x, x, x, x, x, x, x]'];
    for (let i = 1; i < 8; i++) {
      const prev = String.fromCharCode(96 + i);
      levels.push(`${String.fromCharCode(97 + i)}: &${String.fromCharCode(97 + i)} [${Array(9).fill(`*${prev}`).join(', ')}]`);
    }
    const t0 = performance.now();
    const err = await refusal(`${BASE}bomb:\n${levels.map((l) => `  ${l}`).join('\n')}\n`);
    expect(err.message).toMatch(/^c\.yml:12:10: bomb\.b\[0\]: YAML aliases \(\*name\) expand beyond what a config needs/);
    expect([err.line, err.column]).toEqual([12, 10]);
    expect(performance.now() - t0).toBeLessThan(2000);
  });

  it('refuses a 10 MB config before parsing it, in bounded time and memory', async () => {
    const big = `${BASE}# ${'x'.repeat(10 * 1024 * 1024)}\n`;
    const heap0 = process.memoryUsage().heapUsed;
    const t0 = performance.now();
    const err = await refusal(big);
    expect(err.message).toBe(`c.yml: cannot read config file: it is larger than ${MAX_CONFIG_BYTES / 1024} KiB, the most a config may be`);
    // Parsing it took 14 s and 1.8 GB; reading the first 256 KiB takes milliseconds.
    expect(performance.now() - t0).toBeLessThan(2000);
    expect(process.memoryUsage().heapUsed - heap0).toBeLessThan(64 * 1024 * 1024);
  });

  it('reads a config just under the cap', async () => {
    const pad = MAX_CONFIG_BYTES - BASE.length - 3;
    const dir = await tempDir();
    await writeFile(join(dir, 'c.yml'), `${BASE}# ${'x'.repeat(pad)}\n`);
    await expect(loadPlan({ configPath: 'c.yml', cwd: dir, env: {} })).resolves.toMatchObject({ limits: expect.anything() });
  });
});

describe('values that would break the run are bounded, naming the field and range', () => {
  const cases: Array<[string, string]> = [
    ['timeouts: { request_s: 3000000 }', 'timeouts.request_s: must be a number > 0 and <= 86400, got 3000000'],
    ['timeouts: { idle_s: 1e9 }', 'timeouts.idle_s: must be a number > 0 and <= 86400, got 1000000000'],
    ['timeouts: { connect_ms: 3000000000 }', 'timeouts.connect_ms: must be a number > 0 and <= 600000, got 3000000000'],
    ['run: { requests: 100000000 }', 'run.requests: must be an integer >= 1 and <= 100000, got 100000000'],
    ['run: { max_duration_s: 1e12 }', 'run.max_duration_s: must be a number > 0 and <= 86400, got 1000000000000'],
  ];
  for (const [yaml, message] of cases) {
    it(yaml, async () => {
      const err = await refusal(`${BASE}${yaml}\n`);
      expect(err.message).toMatch(new RegExp(`^c\\.yml:\\d+:\\d+: ${message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
    });
  }

  it('a rate too low to send within any max_duration_s', async () => {
    const err = await refusal(BASE.replace('concurrency: 1', 'rate: 1e-300'));
    expect(err.message).toBe('c.yml:9:11: loads[0].rate: must be a number >= 0.001 and <= 100000, got 1e-300');
  });
});
