// The history-runs input: how many stored runs the action judges against (issue 10).
import { describe, expect, it } from 'vitest';
import { readInputs } from '../../src/action/inputs.js';

const read =
  (values: Record<string, string>) =>
  (name: string): string =>
    values[name] ?? '';

describe('history-runs', () => {
  it('defaults to 10 and takes a positive integer', () => {
    expect(readInputs(read({}), () => {}).historyRuns).toBe(10);
    expect(readInputs(read({ 'history-runs': '1' }), () => {}).historyRuns).toBe(1);
    expect(readInputs(read({ 'history-runs': ' 25 ' }), () => {}).historyRuns).toBe(25);
  });
  it('names the input and the bad value', () => {
    expect(() => readInputs(read({ 'history-runs': '0' }), () => {})).toThrow("'history-runs' must be a positive integer, got '0'");
    expect(() => readInputs(read({ 'history-runs': '2.5' }), () => {})).toThrow("'history-runs' must be a positive integer, got '2.5'");
  });
});

describe('fail-on', () => {
  const failOn = (v: string | undefined) => readInputs(read(v === undefined ? {} : { 'fail-on': v }), () => {}).failOn;

  it('defaults to regression, invalid: a comparison that could not be made is not green', () => {
    expect(failOn(undefined)).toEqual(['fail', 'invalid']);
    expect(failOn('  ')).toEqual(['fail', 'invalid']);
  });

  it('takes a comma-separated set, in any order and case, always with regression', () => {
    expect(failOn('regression')).toEqual(['fail']);
    expect(failOn('inconclusive, REGRESSION ,invalid')).toEqual(['fail', 'invalid', 'inconclusive']);
    expect(failOn('regression,invalid,warn,inconclusive')).toEqual(['fail', 'invalid', 'warn', 'inconclusive']);
    // warn alone means what it meant before sets: a regression or a warning; an invalid comparison passes (with a warning).
    expect(failOn('warn')).toEqual(['fail', 'warn']);
    // No set passes a regression while failing something milder.
    expect(failOn('invalid')).toEqual(['fail', 'invalid']);
    expect(failOn('never')).toEqual([]);
    expect(failOn(' Never ')).toEqual([]);
  });

  it('names the input, the allowed values and the bad value', () => {
    const message = (v: string) => `'fail-on' must be a comma-separated set of regression|invalid|warn|inconclusive, or never alone, got '${v}'`;
    for (const v of ['sometimes', 'never, invalid', 'regression,,warn', 'regression;invalid', 'constructor', 'fail']) {
      expect(() => failOn(v), v).toThrow(message(v));
    }
  });
});
