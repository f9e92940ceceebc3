// Ramp loads in the config (src/config/ramp.ts): the normal form and label,
// and every refusal naming the file, line and column.
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/errors/config-error.js';
import { planFromObject } from '../../src/config/load.js';
import type { Plan } from '../../src/config/plan.js';

const FILE = 'llm-perf.yml';

function planOf(source: string): Plan {
  return planFromObject(parse(source), { file: FILE, baseDir: '/cfg', source });
}

function lines(source: string): string[] {
  try {
    planOf(source);
  } catch (e) {
    expect(e).toBeInstanceOf(ConfigError);
    return (e as ConfigError).message.split('\n');
  }
  throw new Error('expected a ConfigError');
}

/** A config whose one load is the ramp given (flow mapping text), line 8. */
const withRamp = (ramp: string, run = ''): string => `target:
  url: http://127.0.0.1:8000
scenarios:
  - name: a
    input_tokens: 4
    output_tokens: 2
loads:
  - ramp: ${ramp}
${run}`;

describe('a ramp load', () => {
  it('normalises with its defaults, is labelled by what it sends, and plans an open loop at its mean rate', () => {
    const plan = planOf(withRamp('{ from: 2, to: 20, duration_s: 30 }'));
    expect(plan.config.loads[0]).toEqual({ ramp: { from: 2, to: 20, duration_s: 30, shape: 'linear', steps: 5, saturation: null } });
    expect(plan.loads[0]).toEqual({
      shape: 'ramp',
      label: 'ramp=2..20/s,30s,linear=5',
      rate: 11,
      ramp: { fromRps: 2, toRps: 20, durationMs: 30_000, shape: 'linear', steps: 5, saturation: null },
    });
    const steps = planOf(withRamp('{ from: 2, to: 10, duration_s: 20, shape: steps, steps: 3, saturation: { slo: [" queued_ttft_ms.p95 <= 800 "], growth: { factor: 3 } } }'));
    expect(steps.loads[0]!.label).toBe('ramp=2..10/s,20s,steps=3');
    // Steps of 2, 6 and 10 req/s for a third each: a mean of 6.
    expect(steps.loads[0]).toMatchObject({ rate: 6, ramp: { saturation: { slo: ['queued_ttft_ms.p95 <= 800'], growth: { factor: 3, metric: 'queued_ttft_ms.p95' } } } });
  });

  it('refuses a ramp with another load kind, and rate-only fields', () => {
    expect(lines(withRamp('{ from: 1, to: 2, duration_s: 10 }\n    rate: 3'))).toEqual(['llm-perf.yml:8:5: loads[0]: give exactly one of concurrency, rate, ramp or burst']);
    expect(lines(withRamp('{ from: 1, to: 2, duration_s: 10 }\n    arrival: gamma'))).toEqual(['llm-perf.yml:9:14: loads[0].arrival: only allowed with rate, got "gamma"']);
  });

  it('refuses fields out of range, unknown fields and missing ones, at their line and column', () => {
    expect(lines(withRamp('{ from: 0, to: 2, duration_s: 10 }'))).toEqual(['llm-perf.yml:8:19: loads[0].ramp.from: must be a number >= 0.001 and <= 100000, got 0']);
    expect(lines(withRamp('{ from: 1, to: 2, duration_s: 10, shape: ramp }'))).toEqual(['llm-perf.yml:8:52: loads[0].ramp.shape: must be one of linear|steps, got "ramp"']);
    expect(lines(withRamp('{ from: 1, to: 2, duration: 10 }'))).toEqual([
      'llm-perf.yml:8:11: loads[0].ramp.duration_s: is required',
      'llm-perf.yml:8:29: loads[0].ramp.duration: unknown field (allowed: from, to, duration_s, shape, steps, saturation)',
    ]);
    expect(lines(withRamp('{ from: 1, to: 2, duration_s: 10, saturation: { growth: { factor: 1 } } }'))).toEqual([
      'llm-perf.yml:8:77: loads[0].ramp.saturation.growth.factor: must be a number > 1 and <= 1000, got 1',
    ]);
  });

  it('refuses a ramp longer than run.max_duration_s, one of too many or too few requests, and a steps ramp of one step', () => {
    expect(lines(withRamp('{ from: 1, to: 2, duration_s: 200 }'))).toEqual([
      "llm-perf.yml:8:41: loads[0].ramp.duration_s: is longer than run.max_duration_s (120 s), which stops every cell's trial: raise run.max_duration_s to at least 200, got 200",
    ]);
    expect(lines(withRamp('{ from: 1, to: 2, duration_s: 30 }', 'run:\n  max_duration_s: 20\n'))).toEqual([
      "llm-perf.yml:8:41: loads[0].ramp.duration_s: is longer than run.max_duration_s (20 s), which stops every cell's trial: raise run.max_duration_s to at least 30, got 30",
    ]);
    expect(lines(withRamp('{ from: 1000, to: 3000, duration_s: 100 }'))).toEqual([
      'llm-perf.yml:8:11: loads[0].ramp: asks for about 200000 requests (its mean rate x duration_s), more than the 100000 a cell may hold: shorten it or lower its rates',
    ]);
    expect(lines(withRamp('{ from: 0.01, to: 0.02, duration_s: 10 }'))).toEqual([
      'llm-perf.yml:8:11: loads[0].ramp: asks for about 0.15 requests (its mean rate x duration_s), fewer than one per step (5 steps): lengthen duration_s or raise its rates',
    ]);
    expect(lines(withRamp('{ from: 1, to: 2, duration_s: 10, shape: steps, steps: 1 }'))).toEqual(['llm-perf.yml:8:66: loads[0].ramp.steps: a steps ramp needs at least 2 steps (from and to), got 1']);
  });

  it("refuses saturation criteria a step cannot be judged on, with the capacity search's reasons", () => {
    expect(lines(withRamp('{ from: 1, to: 2, duration_s: 10, saturation: {} }'))).toEqual([
      'llm-perf.yml:8:57: loads[0].ramp.saturation: give slo (e.g. ["queued_ttft_ms.p95 <= 1000"]), growth (e.g. { factor: 2 }) or both',
    ]);
    expect(lines(withRamp('{ from: 1, to: 2, duration_s: 10, saturation: { slo: ["ttft_ms.p95 >= 5", "rps >= 3", "ttft_ms.p95 < lots"] } }'))).toEqual([
      'llm-perf.yml:8:65: loads[0].ramp.saturation.slo[0]: ttft_ms.p95 is better lower, so a capacity SLO bounds it with <= or <, got "ttft_ms.p95 >= 5"',
      'llm-perf.yml:8:85: loads[0].ramp.saturation.slo[1]: a ramp judges each step on ttft_ms, queued_ttft_ms, tpot_ms, e2e_ms, queued_e2e_ms (with a statistic) or error_rate, got "rps >= 3"',
      'llm-perf.yml:8:97: loads[0].ramp.saturation.slo[2]: expected METRIC OP NUMBER, e.g. ttft_ms.p99 <= 2000 (OP: <=, <, >=, >; percentiles: mean, p50, p90, p95, p99), got "ttft_ms.p95 < lots"',
    ]);
    expect(lines(withRamp('{ from: 1, to: 2, duration_s: 10, saturation: { growth: { factor: 2, metric: output_tps } } }'))).toEqual([
      'llm-perf.yml:8:88: loads[0].ramp.saturation.growth.metric: a ramp\'s growth is judged on a latency it keeps per step: ttft_ms, queued_ttft_ms, tpot_ms, e2e_ms, queued_e2e_ms, with a statistic (.p50, .p95, ...), got "output_tps"',
    ]);
  });
});
