import { describe, expect, it } from 'vitest';
import { costPerMtok, efficiencyOf, energyPerToken } from '../../src/metrics/efficiency.js';

describe('cost per million tokens', () => {
  it('is the hourly price over the tokens an hour produces, per million', () => {
    // $2.50 an hour at 1,000 tok/s: 3.6 M tokens an hour, so $0.694444 per million.
    expect(costPerMtok(2.5, 1000)).toBe(0.694444);
    // $20 a node-hour at 250 tok/s: 0.9 M tokens an hour.
    expect(costPerMtok(20, 250)).toBe(22.2222);
    // Half the throughput, twice the cost.
    expect(costPerMtok(2.5, 500)).toBeCloseTo(2 * 0.694444, 5);
  });

  it('has no figure when nothing was produced', () => {
    expect(costPerMtok(2.5, 0)).toBeNull();
    expect(costPerMtok(2.5, Number.NaN)).toBeNull();
  });

  it('gives output and total figures from the rates, and only the fields whose inputs exist', () => {
    expect(efficiencyOf({ output_tps: 100, total_tps: 400 }, 3.6, null)).toEqual({ cost_per_mtok_output_usd: 10, cost_per_mtok_total_usd: 2.5 });
    expect(efficiencyOf({ output_tps: 100, total_tps: 400 }, null, { joules: 500, outputTokens: 1000 })).toEqual({ energy_per_output_token_j: 0.5 });
    expect(efficiencyOf({ output_tps: 100, total_tps: 400 }, null, null)).toEqual({});
    expect(efficiencyOf({ output_tps: 0, total_tps: 0 }, 3.6, { joules: null, outputTokens: 0 })).toEqual({
      cost_per_mtok_output_usd: null,
      cost_per_mtok_total_usd: null,
      energy_per_output_token_j: null,
    });
  });
});

describe('energy per output token', () => {
  it('is joules over output tokens, null without either', () => {
    expect(energyPerToken(612, 1200)).toBe(0.51);
    expect(energyPerToken(null, 1200)).toBeNull();
    expect(energyPerToken(612, 0)).toBeNull();
  });
});
