import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/errors/config-error.js';
import { planFromObject } from '../../src/config/load.js';
import type { Plan } from '../../src/config/plan.js';
import { describeCost, hourlyUsd } from '../../src/config/cost.js';

const FILE = 'llm-perf.yml';
const plan = (source: string): Plan => planFromObject(parse(source), { file: FILE, baseDir: '/cfg', source });
function message(source: string): string {
  try {
    plan(source);
  } catch (e) {
    expect(e).toBeInstanceOf(ConfigError);
    return (e as Error).message;
  }
  throw new Error('expected a ConfigError');
}

const BODY = `target:
  url: http://127.0.0.1:8000
scenarios:
  - { name: s, input_tokens: 16, output_tokens: 8 }
loads:
  - concurrency: 1
`;

describe('cost: in the config', () => {
  it('normalises a GPU price (gpus default 1) and a node price, and prices the hour', () => {
    const gpu = plan(`${BODY}cost: { gpu_hour_usd: 2.5, gpus: 4 }\n`).config.cost!;
    expect(gpu).toEqual({ gpu_hour_usd: 2.5, gpus: 4 });
    expect(hourlyUsd(gpu)).toBe(10);
    expect(describeCost(gpu)).toBe('$2.5/GPU-hour x 4 GPUs');
    expect(plan(`${BODY}cost: { gpu_hour_usd: 2.5 }\n`).config.cost).toEqual({ gpu_hour_usd: 2.5, gpus: 1 });
    const node = plan(`${BODY}cost: { node_hour_usd: 20 }\n`).config.cost!;
    expect(node).toEqual({ node_hour_usd: 20 });
    expect(hourlyUsd(node)).toBe(20);
  });

  it('leaves a config without cost as it was (no field, so its hash is unchanged)', () => {
    expect('cost' in plan(BODY).config).toBe(false);
  });

  it('refuses a negative or zero price, zero or fractional gpus, naming file:line:column', () => {
    // Line 7 is the cost line; its fields start at the columns below.
    expect(message(`${BODY}cost: { gpu_hour_usd: -1, gpus: 1 }\n`)).toMatch(/llm-perf\.yml:7:\d+.*cost\.gpu_hour_usd/);
    expect(message(`${BODY}cost: { gpu_hour_usd: -1, gpus: 1 }\n`)).toMatch(/-1/);
    expect(message(`${BODY}cost: { node_hour_usd: 0 }\n`)).toMatch(/llm-perf\.yml:7:\d+.*cost\.node_hour_usd/);
    expect(message(`${BODY}cost: { gpu_hour_usd: 2, gpus: 0 }\n`)).toMatch(/llm-perf\.yml:7:\d+.*cost\.gpus/);
    expect(message(`${BODY}cost: { gpu_hour_usd: 2, gpus: 1.5 }\n`)).toMatch(/llm-perf\.yml:7:\d+.*cost\.gpus/);
    expect(message(`${BODY}cost: { gpu_hour_usd: "2" }\n`)).toMatch(/llm-perf\.yml:7:\d+.*cost\.gpu_hour_usd/);
  });

  it('refuses both forms, gpus with a node price, no price at all, and unknown keys', () => {
    const both = message(`${BODY}cost:\n  gpu_hour_usd: 2\n  node_hour_usd: 20\n`);
    expect(both).toMatch(/llm-perf\.yml:9:3.*cost\.node_hour_usd.*one price/);
    expect(message(`${BODY}cost:\n  node_hour_usd: 20\n  gpus: 2\n`)).toMatch(/llm-perf\.yml:9:3.*cost\.gpus.*goes with gpu_hour_usd/);
    expect(message(`${BODY}cost: {}\n`)).toMatch(/llm-perf\.yml:7:1.*cost.*needs a price/);
    expect(message(`${BODY}cost: { usd: 3 }\n`)).toMatch(/llm-perf\.yml:7:\d+.*cost/);
  });

  it('accepts the cost metrics in gate.metrics, and refuses a misspelt one', () => {
    const p = plan(`${BODY}cost: { node_hour_usd: 20 }\ngate: { metrics: { cost_per_mtok_output_usd: { gate: true, tolerance: 0.1 }, energy_per_output_token_j: { gate: true } } }\n`);
    expect(p.gate.metrics.cost_per_mtok_output_usd).toEqual({ gate: true, tolerance: 0.1 });
    expect(message(`${BODY}gate: { metrics: { cost_per_mtok_usd: { gate: true } } }\n`)).toMatch(/llm-perf\.yml:7:\d+.*cost_per_mtok_usd/);
  });
});
