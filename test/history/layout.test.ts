// The branch layout's pure parts: index parsing, retention, file names.
import { describe, expect, it } from 'vitest';
import { addEntry, commitOfResultName, parseIndex, refOfResult, renderIndex, resultFile, type HistoryEntry } from '../../src/history/layout.js';

const sha = (n: number): string => n.toString(16).padStart(40, '0');
const entry = (n: number, headline: Record<string, number | null> = {}): HistoryEntry => ({ commit: sha(n), ref: null, stored_at: `2026-01-0${n}T00:00:00.000Z`, file: resultFile(sha(n)), headline });

describe('index', () => {
  it('round-trips through render and parse', () => {
    const index = [entry(3, { a: 1.5, b: null }), entry(2), entry(1)];
    expect(parseIndex(renderIndex(index))).toEqual(index);
    expect(renderIndex([])).toBe('[]\n');
    expect(renderIndex(index).split('\n')).toHaveLength(index.length + 3);
  });

  it('drops malformed entries and non-finite figures instead of failing', () => {
    const text = JSON.stringify([entry(1), { commit: 'HEAD' }, null, 7, { commit: sha(2), headline: { x: 'fast', y: 2 }, file: '../../etc/passwd' }]);
    expect(parseIndex(text)).toEqual([entry(1), { commit: sha(2), ref: null, stored_at: '', file: resultFile(sha(2)), headline: { y: 2 } }]);
    expect(parseIndex('{ nope')).toBeNull();
    expect(parseIndex('{"a":1}')).toBeNull();
  });

  it.each([
    { have: [], retention: 3, want: [9], pruned: [] },
    { have: [3, 2, 1], retention: 3, want: [9, 3, 2], pruned: [1] },
    { have: [3, 2, 1], retention: 1, want: [9], pruned: [3, 2, 1] },
    { have: [3, 9, 1], retention: 3, want: [9, 3, 1], pruned: [] },
  ])('adds newest first and prunes beyond retention %#', ({ have, retention, want, pruned }) => {
    const r = addEntry(
      have.map((n) => entry(n)),
      entry(9),
      retention,
    );
    expect(r.index.map((e) => e.commit)).toEqual(want.map(sha));
    expect(r.pruned).toEqual(pruned.map(sha));
  });
});

describe('names', () => {
  it('accepts only full commit ids as result files', () => {
    expect(commitOfResultName(`${sha(1)}.json`)).toBe(sha(1));
    expect(commitOfResultName(`${'a'.repeat(64)}.json`)).toBe('a'.repeat(64));
    expect(commitOfResultName('abc123.json')).toBeNull();
    expect(commitOfResultName('README.md')).toBeNull();
  });

  it('takes the ref from a result document when there is one', () => {
    expect(refOfResult(JSON.stringify({ git: { commit: sha(1), ref: 'refs/pull/7/merge' } }))).toBe('refs/pull/7/merge');
    expect(refOfResult(JSON.stringify({ git: null }))).toBeNull();
    expect(refOfResult('not json')).toBeNull();
  });
});
