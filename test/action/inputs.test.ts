// The history-runs input: how many stored runs the action judges against (issue 10).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
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

describe("action.yml's defaults", () => {
  // GitHub passes an input's action.yml default when the workflow leaves it out; the CLI, tests and
  // a runner that passes nothing get inputs.ts's own fallbacks. Both must be the same value.
  const action = parse(readFileSync('action.yml', 'utf8')) as { inputs: Record<string, { default?: unknown }> };
  // Expressions are GitHub's to evaluate (github-token: ${{ github.token }}), not a value inputs.ts could mirror.
  const defaults = Object.fromEntries(
    Object.entries(action.inputs).flatMap(([name, spec]) => (spec.default === undefined || String(spec.default).includes('${{') ? [] : [[name, String(spec.default)]])),
  );

  it('are the values readInputs falls back to when an input is not given', () => {
    expect(Object.keys(defaults).length).toBeGreaterThan(15);
    expect(readInputs(read(defaults), () => {})).toEqual(readInputs(read({}), () => {}));
  });

  it('would catch a fallback that drifted from action.yml (the comparison reads every field)', () => {
    expect(readInputs(read({ ...defaults, 'history-runs': '11' }), () => {})).not.toEqual(readInputs(read({}), () => {}));
    expect(readInputs(read({ ...defaults, 'server-log': 'other.log' }), () => {})).not.toEqual(readInputs(read({}), () => {}));
  });
});
