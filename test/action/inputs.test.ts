// The history-runs input: how many stored runs the action judges against (issue 10).
import { describe, expect, it } from 'vitest';
import { readInputs } from '../../src/action/inputs.js';

const read = (values: Record<string, string>) => (name: string): string => values[name] ?? '';

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
