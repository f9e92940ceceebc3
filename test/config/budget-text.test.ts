// The budget as the action's `budget` input and the CLI's --budget write it.
import { describe, expect, it } from 'vitest';
import { readInputs } from '../../src/action/inputs.js';
import { parseBudgetText, planWithBudget } from '../../src/config/budget-text.js';
import type { Plan } from '../../src/config/plan.js';

const plan = { limits: { trials: 6, budget: { trials: 12, minutes: 30 } } } as unknown as Plan;

describe('parseBudgetText', () => {
  it('reads pairs, minutes, both, and off', () => {
    expect(parseBudgetText('12 pairs')).toEqual({ trials: 12, minutes: null });
    expect(parseBudgetText('20 min')).toEqual({ trials: null, minutes: 20 });
    expect(parseBudgetText(' 16 Pairs, 7.5 minutes ')).toEqual({ trials: 16, minutes: 7.5 });
    expect(parseBudgetText('1 pair and 2m')).toEqual({ trials: 1, minutes: 2 });
    expect(parseBudgetText('off')).toBe(false);
  });

  it('says what is wrong with anything else', () => {
    expect(() => parseBudgetText('')).toThrow("must be like '12 pairs', '20 min', '12 pairs, 20 min' or 'off', got ''");
    expect(() => parseBudgetText('12')).toThrow("('12' is neither a count of pairs nor minutes)");
    expect(() => parseBudgetText('2.5 pairs')).toThrow("pairs must be a whole number from 1 to 100, got '2.5 pairs'");
    expect(() => parseBudgetText('0 min')).toThrow('minutes must be more than 0');
    expect(() => parseBudgetText('3 pairs, 4 pairs')).toThrow('gives pairs twice');
  });
});

describe('planWithBudget', () => {
  it("replaces the parts given and keeps the rest of the config's", () => {
    expect(planWithBudget(plan, { trials: 20, minutes: null }).limits.budget).toEqual({ trials: 20, minutes: 30 });
    expect(planWithBudget(plan, { trials: null, minutes: 10 }).limits.budget).toEqual({ trials: 12, minutes: 10 });
    expect(planWithBudget(plan, false).limits.budget).toEqual({ trials: 6, minutes: null });
  });

  it('refuses fewer pairs than run.trials', () => {
    expect(() => planWithBudget(plan, { trials: 4, minutes: null })).toThrow('asks for 4 pairs, fewer than run.trials (6)');
  });
});

describe("the action's budget input", () => {
  const read =
    (values: Record<string, string>) =>
    (name: string): string =>
      values[name] ?? '';
  it("is the config's when empty, parsed when given, and names itself when wrong", () => {
    expect(readInputs(read({}), () => {}).budget).toBeNull();
    expect(readInputs(read({ budget: '10 pairs, 15 min' }), () => {}).budget).toEqual({ trials: 10, minutes: 15 });
    expect(() => readInputs(read({ budget: 'lots' }), () => {})).toThrow("'budget' must be like");
  });
});
