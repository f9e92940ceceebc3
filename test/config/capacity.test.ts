// The capacity section of the config: its normal form, and every bad input
// refused with file:line:col and the field, in the search's own words.
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { planFromObject } from '../../src/config/load.js';
import { gatePlanFromStored } from '../../src/config/stored.js';

const HEAD = `target: { url: "http://127.0.0.1:1" }
scenarios: [{ name: chat, input_tokens: 16, output_tokens: 8 }]
loads: [{ concurrency: 1 }]
`;

function plan(text: string) {
  return planFromObject(parse(text), { file: 'c.yml', baseDir: '/', source: text });
}

function problems(text: string): string[] {
  try {
    plan(text);
  } catch (err) {
    return (err as Error).message.split('\n');
  }
  throw new Error('the config was accepted');
}

describe('capacity config', () => {
  it('fills in the defaults, and leaves a config without capacity as it was', () => {
    const p = plan(`${HEAD}capacity:\n  - { scenario: chat, mode: rate, slo: ["queued_ttft_ms.p99 <= 2000"], range: { min: 0.5, max: 64 } }\n`);
    expect(p.config.capacity).toEqual([
      {
        scenario: 'chat',
        mode: 'rate',
        slo: ['queued_ttft_ms.p99 <= 2000'],
        range: { min: 0.5, max: 64 },
        resolution: 0.05,
        budget: { max_steps: 40, max_duration_s: 1800 },
        requests_per_step: null,
        max_requests_per_step: null,
        saturation_concurrency: 64,
        warmup: null,
        sweep: null,
      },
    ]);
    expect(p.gate.capacity).toEqual({ tolerance: 0.1, noise: 0.05 });
    const plain = plan(HEAD);
    expect('capacity' in plain.config).toBe(false);
    expect('capacity' in plain.config.gate).toBe(false);
    // The hash of a config without capacity does not move: stored baselines stay comparable.
    expect(plain.configHash).toBe(plan(`${HEAD}gate: {}\n`).configHash);
  });

  it('keeps saturation_concurrency: null and a sweep', () => {
    const p = plan(
      `${HEAD}capacity:\n  - { scenario: chat, mode: rate, slo: ["e2e_ms.p90 <= 900"], range: { min: 1, max: 8 }, saturation_concurrency: null }\n  - { scenario: chat, mode: concurrency, slo: ["ttft_ms.p90 <= 100"], sweep: [1, 2, 4] }\n`,
    );
    expect(p.config.capacity![0]!.saturation_concurrency).toBeNull();
    expect(p.config.capacity![1]!.sweep).toEqual([1, 2, 4]);
    expect(p.config.capacity![1]!.range).toBeNull();
  });

  it('reads SLO metrics whose names hold digits (e2e_ms, queued_e2e_ms), in gate.slo too', () => {
    const p = plan(`${HEAD}capacity:\n  - { scenario: chat, mode: rate, slo: ["queued_e2e_ms.p95 <= 900"], range: { min: 1, max: 8 } }\ngate:\n  slo: ["e2e_ms.p99 <= 5000"]\n`);
    expect(p.config.capacity![0]!.slo).toEqual(['queued_e2e_ms.p95 <= 900']);
    expect(p.gate.slo[0]).toMatchObject({ metric: 'e2e_ms.p99', op: '<=', bound: 5000 });
  });

  it('names file, line, column and field for every bad input at once', () => {
    const text = `${HEAD}capacity:
  - scenario: chat
    mode: concurrency
    slo: ["ttft_ms.p42 <= 100", "latency.p99 <= 3", "ttft_ms <= 100", "ttft_ms.p99 >= 100", "error_rate <= 5", "ttft_ms.p99 <= 0"]
    range: { min: 1.5, max: 8 }
    resolution: 2
    budget: { max_steps: 0 }
    requests_per_step: 100
    max_requests_per_step: 50
  - { scenario: nope, mode: rate, slo: ["ttft_ms.p99 <= 10"], range: { min: 4, max: 2 } }
  - { scenario: chat, mode: rate, slo: ["ttft_ms.p99 <= 10"] }
  - { scenario: chat, mode: concurrency, slo: ["ttft_ms.p99 <= 10"], sweep: [1, 2.5], resolution: 0.1 }
  - { scenario: chat, mode: concurrency, slo: ["ttft_ms.p99 <= 10"], sweep: [3] }
  - { scenario: chat, mode: sideways, slo: [] }
gate:
  capacity: { tolerance: 1.5, noise: -1 }
`;
    expect(problems(text)).toEqual([
      expect.stringMatching(/^c\.yml:7:11: capacity\[0\]\.slo\[0\]: expected METRIC OP NUMBER, e\.g\. ttft_ms\.p99 <= 2000 .*percentiles: mean, p50, p90, p95, p99\), got "ttft_ms\.p42 <= 100"$/),
      `c.yml:7:33: capacity[0].slo[1]: unknown metric 'latency.p99'; docs/gate.md lists the metric ids, got "latency.p99 <= 3"`,
      `c.yml:7:53: capacity[0].slo[2]: unknown metric 'ttft_ms' (ttft_ms needs a statistic: .mean, .p50, .p90, .p95 or .p99); docs/gate.md lists the metric ids, got "ttft_ms <= 100"`,
      `c.yml:7:71: capacity[0].slo[3]: ttft_ms.p99 is better lower, so a capacity SLO bounds it with <= or <, got "ttft_ms.p99 >= 100"`,
      `c.yml:7:93: capacity[0].slo[4]: error_rate is a share of requests: the bound must be in [0, 1) (1% is 0.01), got "error_rate <= 5"`,
      `c.yml:7:112: capacity[0].slo[5]: no load can meet it: ttft_ms.p99 is never below 0, got "ttft_ms.p99 <= 0"`,
      `c.yml:8:12: capacity[0].range: concurrency bounds must be integers, got {"min":1.5,"max":8}`,
      `c.yml:9:17: capacity[0].resolution: must be a fraction in (0, 1), e.g. 0.05 for 5%, got 2`,
      `c.yml:10:26: capacity[0].budget.max_steps: must be an integer >= 1, got 0`,
      `c.yml:12:28: capacity[0].max_requests_per_step: must be >= requests_per_step (100), got 50`,
      `c.yml:13:17: capacity[1].scenario: no such scenario (allowed: chat), got "nope"`,
      `c.yml:13:70: capacity[1].range: needs 0 < min <= max, finite, got {"min":4,"max":2}`,
      'c.yml:14:5: capacity[2].range: is required for a search (or give sweep: [loads])',
      'c.yml:15:81: capacity[3].sweep[1]: a concurrency must be an integer, got 2.5',
      'c.yml:15:87: capacity[3].resolution: is for a search; a sweep measures the listed loads',
      expect.stringMatching(/^c\.yml:16:5: capacity\[4\]: repeats capacity\[3\] \(same scenario, mode and kind: cell chat@sweep:concurrency\)/),
      expect.stringMatching(/^c\.yml:17:.*capacity\[5\]\.mode/),
      expect.stringMatching(/^c\.yml:17:.*capacity\[5\]\.slo/),
      expect.stringMatching(/^c\.yml:19:26: gate\.capacity\.tolerance/),
      expect.stringMatching(/^c\.yml:19:38: gate\.capacity\.noise: must be a number >= 0 and < 1, got -1$/),
    ]);
  });

  it('a stored gate section with capacity reads back; one without still reads', () => {
    const p = plan(`${HEAD}gate:\n  capacity: { tolerance: 0.2 }\n`);
    expect(gatePlanFromStored(p.config, 'r.json').capacity).toEqual({ tolerance: 0.2, noise: 0.05 });
    expect(gatePlanFromStored(plan(HEAD).config, 'r.json').capacity).toBeUndefined();
  });
});
