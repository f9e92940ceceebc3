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
  - name: chat
    input_tokens: 64
    output_tokens: 16
`;
const LOADS = `loads:
  - concurrency: 2
`;

describe('a scenario with conversation', () => {
  it('fills in the defaults: user_tokens from input_tokens, no think time, real answers', () => {
    const p = plan(`${HEAD}    conversation: { turns: 4 }\n${LOADS}`);
    expect(p.config.scenarios[0]!.conversation).toEqual({ turns: 4, user_tokens: 64, think_time_ms: 0, answers: 'real' });
    expect(p.scenarios[0]!.conversation).toEqual({ turns: 4, userTokens: 64, thinkTimeMs: 0, answers: 'real' });
  });

  it('takes distributions for user_tokens and think_time_ms, and they are part of the config hash', () => {
    const src = (mean: number): string =>
      `${HEAD}    conversation:\n      turns: 3\n      user_tokens: { dist: uniform, min: 8, max: 32 }\n      think_time_ms: { dist: lognormal, mean: ${mean}, stddev: 200, max: 5000 }\n      answers: synthetic\n${LOADS}`;
    const p = plan(src(500));
    expect(p.scenarios[0]!.conversation).toEqual({
      turns: 3,
      userTokens: { dist: 'uniform', min: 8, max: 32 },
      thinkTimeMs: { dist: 'lognormal', mean: 500, stddev: 200, min: 1, max: 5000 },
      answers: 'synthetic',
    });
    expect(plan(src(600)).configHash).not.toBe(p.configHash);
    // A scenario without a conversation keeps the hash it had before conversations existed: the field is absent.
    expect('conversation' in plan(`${HEAD}${LOADS}`).config.scenarios[0]!).toBe(false);
  });

  it('refuses a bad conversation naming file:line:column', () => {
    expect(lines(`${HEAD}    conversation: { turns: 0 }\n${LOADS}`)).toContain('llm-perf.yml:7:28: scenarios[0].conversation.turns: must be an integer >= 1 and <= 1000, got 0');
    expect(lines(`${HEAD}    conversation: { turns: 2, answers: maybe }\n${LOADS}`)).toContain('llm-perf.yml:7:40: scenarios[0].conversation.answers: must be one of real|synthetic, got "maybe"');
    expect(lines(`${HEAD}    conversation: { turns: 2, think: 5 }\n${LOADS}`).join('\n')).toMatch(
      /^llm-perf\.yml:7:31: scenarios\[0\]\.conversation\.think: unknown field \(allowed: turns, user_tokens, think_time_ms, answers\)/m,
    );
    expect(lines(`${HEAD}    conversation: { answers: real }\n${LOADS}`).join('\n')).toMatch(/^llm-perf\.yml:7:\d+: scenarios\[0\]\.conversation\.turns: .*required/m);
    expect(lines(`${HEAD}    conversation:\n      turns: 2\n      think_time_ms: { dist: uniform, min: 900, max: 100 }\n${LOADS}`)).toContain(
      'llm-perf.yml:9:44: scenarios[0].conversation.think_time_ms.min: must be <= max (100), got 900',
    );
  });

  it('refuses a conversation with a dataset, over the completions API, searched by capacity, or under a ramp', () => {
    const withDataset = lines(`target:\n  url: http://127.0.0.1:8000\nscenarios:\n  - name: chat\n    dataset: p.jsonl\n    output_tokens: 16\n    conversation: { turns: 2 }\n${LOADS}`);
    expect(withDataset).toContain('llm-perf.yml:5:5: scenarios[0].dataset: not allowed with conversation (a conversation builds its own messages, turn by turn), got "p.jsonl"');
    const completions = lines(
      `target:\n  url: http://127.0.0.1:8000\n  api: completions\nscenarios:\n  - name: chat\n    input_tokens: 8\n    output_tokens: 4\n    conversation: { turns: 2 }\n${LOADS}`,
    );
    expect(completions.join('\n')).toMatch(/^llm-perf\.yml:8:5: scenarios\[0\]\.conversation: needs target\.api: chat/m);
    const capacity = lines(`${HEAD}    conversation: { turns: 2 }\n${LOADS}capacity:\n  - scenario: chat\n    slo: ["ttft_ms.p95 <= 500"]\n`);
    expect(capacity.join('\n')).toMatch(/capacity\[0\]\.scenario: is a multi-turn conversation/);
    const ramp = lines(`${HEAD}    conversation: { turns: 2 }\nloads:\n  - concurrency: 2\n  - ramp: { from: 1, to: 4, duration_s: 10 }\n`);
    expect(ramp).toContain('llm-perf.yml:10:5: loads[1].ramp: cannot drive a multi-turn conversation (scenario chat): give its sessions a concurrency or a rate');
  });

  it('refuses turns x lengths whose last turn cannot fit one request, naming the sum; the largest that fits passes', () => {
    const big = `target:\n  url: http://127.0.0.1:8000\nscenarios:\n  - name: chat\n    input_tokens: 64\n    output_tokens: 1000000\n    conversation: { turns: 1000 }\n${LOADS}`;
    expect(lines(big).join('\n')).toMatch(
      /^llm-perf\.yml:7:28: scenarios\[0\]\.conversation\.turns: 1000 turns can send a history of up to 999064000 tokens at the last turn \(input_tokens 64 \+ 999 x \(output_tokens 1000000 \+ user_tokens 64\)\), more than the 1000000 one request may hold/m,
    );
    // A distribution counts at its largest.
    expect(lines(`${HEAD}    conversation:\n      turns: 3\n      user_tokens: { dist: uniform, min: 8, max: 499993 }\n${LOADS}`).join('\n')).toMatch(/up to 1000082 tokens/);
    // 64 + 2 x (16 + 499952) = 1,000,000: exactly at the bound passes.
    expect(() => plan(`${HEAD}    conversation:\n      turns: 3\n      user_tokens: 499952\n${LOADS}`)).not.toThrow();
  });
});
