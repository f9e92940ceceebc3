// A trace scenario's window and block size, checked when the config is read:
// errors at the config field's file:line:column, before anything is sent.
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadPlan } from '../../src/config/load.js';
import { ConfigError } from '../../src/errors/config-error.js';
import { scenarioTrace } from '../../src/workload/index.js';
import { readTrace } from '../../src/workload/trace.js';
import { traceBlockTokens, traceConfigProblems } from '../../src/workload/trace-check.js';

// The real traces sit beside the clone (../shared); the tests that need them say so and skip without them.
const REAL = [resolve('../shared/real-data-2026-12-04'), resolve('shared/real-data-2026-12-04')].find((d) => existsSync(join(d, 'conversation_trace.jsonl')));
if (REAL === undefined) console.log('skipping the real-trace checks: ../shared/real-data-2026-12-04/conversation_trace.jsonl is absent');

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'trace-check-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const line = (ts: number, len: number, ids: number[]): string => JSON.stringify({ timestamp: ts, input_length: len, output_length: 4, hash_ids: ids });

async function load(yaml: string): Promise<string | null> {
  const cfg = join(dir, 'llm-perf.yml');
  await writeFile(cfg, yaml);
  try {
    await loadPlan({ configPath: 'llm-perf.yml', cwd: dir, env: {}, check: (plan) => traceConfigProblems(plan, scenarioTrace) });
    return null;
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as Error).message;
  }
}

describe('a trace checked against its config', () => {
  it('a window longer than run.max_duration_s is a config error at the trace, with the span it replays', async () => {
    // Requests every 10 s for 200 s: 190 s of replay.
    await writeFile(join(dir, 'slow.jsonl'), Array.from({ length: 20 }, (_, i) => line(i * 10_000, 600, [i * 2, i * 2 + 1])).join('\n'));
    const yaml = (extra: string): string =>
      `target:\n  url: http://127.0.0.1:9\nrun:\n  max_duration_s: 120\nscenarios:\n  - name: t\n    trace:\n      file: slow.jsonl\n      format: mooncake\n${extra}`;
    expect(await load(yaml(''))).toBe(
      'llm-perf.yml:8:7: scenarios[0].trace: its window replays 190 s of requests (20 of them, at time_scale 1), longer than run.max_duration_s (120 s), which would stop it part way: set trace.duration_s or trace.max_requests to replay less, or raise run.max_duration_s to at least 191',
    );
    expect(await load(yaml('      duration_s: 300\n'))).toMatch(/^llm-perf\.yml:10:19: scenarios\[0\]\.trace\.duration_s: its window replays 190 s/);
    // Half the time: 95 s fits; so does a window of 100 s.
    expect(await load(yaml('      time_scale: 0.5\n'))).toBeNull();
    expect(await load(yaml('      duration_s: 100\n'))).toBeNull();
  });

  it('a block_tokens smaller than the blocks its ids were written for is a config error naming the right size', async () => {
    await writeFile(join(dir, 'b512.jsonl'), [line(0, 1100, [0, 1, 2]), line(5, 512, [0]), line(9, 700, [0, 7])].join('\n'));
    expect(traceBlockTokens((await readTrace({ file: join(dir, 'b512.jsonl'), format: 'mooncake', blockTokens: 512, timeScale: 1, startMs: 0, durationMs: null, maxRequests: null })).requests)).toBe(
      512,
    );
    const yaml = (b: number): string => `target:\n  url: http://127.0.0.1:9\nscenarios:\n  - name: t\n    trace:\n      file: b512.jsonl\n      format: mooncake\n      block_tokens: ${b}\n`;
    expect(await load(yaml(64))).toBe(
      "llm-perf.yml:8:21: scenarios[0].trace.block_tokens: is 64, but the trace's hash ids cover no request's whole prompt at that size (line 1: 3 ids x 64 = 192 of its 1100 tokens); its blocks are 512 tokens (the smallest size at which every request's ids cover its prompt): set block_tokens: 512",
    );
    expect(await load(yaml(512))).toBeNull();
    // Ids that cover only part of some prompts are allowed (the rest is the request's own) while one prompt is covered whole.
    await writeFile(join(dir, 'b512.jsonl'), [line(0, 1100, [0]), line(5, 60, [0])].join('\n'));
    expect(await load(yaml(64))).toBeNull();
  });

  it('a trace that cannot be read is left for the run to report, by file and line', async () => {
    await writeFile(join(dir, 'bad.jsonl'), 'not json\n');
    expect(await load('target:\n  url: http://127.0.0.1:9\nscenarios:\n  - name: t\n    trace:\n      file: bad.jsonl\n      format: mooncake\n')).toBeNull();
  });

  it.skipIf(REAL === undefined)('the real Mooncake conversation trace: its blocks read as 512, and 64 is refused', async () => {
    const file = join(REAL!, 'conversation_trace.jsonl');
    const { requests } = await readTrace({ file, format: 'mooncake', blockTokens: 512, timeScale: 1, startMs: 0, durationMs: null, maxRequests: 1000 });
    expect(traceBlockTokens(requests)).toBe(512);
    const yaml = (b: number): string =>
      `target:\n  url: http://127.0.0.1:9\nrun:\n  max_duration_s: 600\nscenarios:\n  - name: t\n    trace:\n      file: ${JSON.stringify(file)}\n      format: mooncake\n      max_requests: 100\n      block_tokens: ${b}\n`;
    expect(await load(yaml(64))).toMatch(/scenarios\[0\]\.trace\.block_tokens: is 64, .* its blocks are 512 tokens/);
    expect(await load(yaml(512))).toBeNull();
    // The whole trace at the default max_duration_s (120 s) is refused: it replays an hour.
    expect(await load(yaml(512).replace('max_duration_s: 600', 'max_duration_s: 120').replace('      max_requests: 100\n', ''))).toMatch(
      /its window replays 3\d{3}(\.\d)? s of requests \(12031 of them/,
    );
  });
});
