// The bounds a result's raw text must keep before it is parsed (issue 19).
import { describe, expect, it } from 'vitest';
import { MAX_RESULT_STRING, textBeyondBounds } from '../../src/result/limits.js';

describe('textBeyondBounds', () => {
  it('refuses a string longer than 1 MiB, naming where it starts (a crafted 300 MB model name reached every verdict reason)', () => {
    const name = 'm'.repeat(MAX_RESULT_STRING + 2);
    expect(textBeyondBounds(`{"target":{"model":"${name}"}}`)).toBe("a string at character 19 longer than the 1 MiB a result's strings may be");
  });

  it('keeps a string at the bound, escapes and brackets inside strings included', () => {
    const name = `${'[{'.repeat(200)}\\"${'x'.repeat(MAX_RESULT_STRING - 404)}`;
    expect(textBeyondBounds(`{"target":{"model":"${name}"}}`)).toBeNull();
  });

  it('still counts nesting outside strings', () => {
    expect(textBeyondBounds(`${'['.repeat(101)}${']'.repeat(101)}`)).toBe('nested more than 100 deep at character 100');
  });
});
