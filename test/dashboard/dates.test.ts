// The page's header writes its dates as its script does: UTC, one format.
import { describe, expect, it } from 'vitest';
import { utcDate } from '../../src/dashboard/render.js';

describe('utcDate', () => {
  it('is the UTC day, or the day and the minute with "UTC"', () => {
    expect(utcDate('2026-12-05T07:33:12.123Z', true)).toBe('2026-12-05 07:33 UTC');
    expect(utcDate('2026-12-04T23:30:00-02:00', false)).toBe('2026-12-05');
    expect(utcDate('not a date', true)).toBe('not a date');
  });
});
