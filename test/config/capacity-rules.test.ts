// The capacity search's rules return problems (field and reason) instead of
// throwing: the config appends them to its issues, the search refuses with
// the first.
import { describe, expect, it } from 'vitest';
import { checkCapacitySlo, searchOptionProblems } from '../../src/config/capacity-rules.js';

describe('capacity rules', () => {
  it('an SLO is the checked parts or the reason', () => {
    expect(checkCapacitySlo(' ttft_ms.p99 <= 2000 ').slo).toMatchObject({ text: 'ttft_ms.p99 <= 2000', metric: 'ttft_ms.p99', op: '<=', bound: 2000 });
    expect(checkCapacitySlo('rps >= 3').slo?.def.direction).toBe('higher');
    expect(checkCapacitySlo('rps <= 3')).toEqual({ reason: 'rps is better higher, so a capacity SLO bounds it with >= or >' });
    expect(checkCapacitySlo('error_rate < 0')).toEqual({ reason: 'no load can meet it: error_rate is never below 0' });
  });

  it('every option out of bounds is one problem, in the search field order', () => {
    expect(searchOptionProblems({ mode: 'rate', range: { min: 1, max: 10 } })).toEqual([]);
    expect(searchOptionProblems({ mode: 'concurrency', range: { min: 1.5, max: 8 }, resolution: 0, level: 1, budget: { maxSteps: 1.5, maxDurationMs: -1 } })).toEqual([
      { field: 'range', reason: 'concurrency bounds must be integers', value: { min: 1.5, max: 8 } },
      { field: 'resolution', reason: 'must be a fraction in (0, 1), e.g. 0.05 for 5%', value: 0 },
      { field: 'level', reason: 'must be in (0.5, 1)', value: 1 },
      { field: 'budget.maxSteps', reason: 'must be an integer >= 1', value: 1.5 },
      { field: 'budget.maxDurationMs', reason: 'must be > 0', value: -1 },
    ]);
  });
});
