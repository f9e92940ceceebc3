// Issue 19, item 4: a request's gaps folded as they arrive give the ITL the raw gaps give.
import { describe, expect, it } from 'vitest';
import { summarize } from '../../src/stats/distribution.js';
import { EXACT_GAPS, GapRecorder, sampleGaps, summarizeGaps } from '../../src/stats/gaps.js';

function recorded(gaps: readonly number[]): { gaps: number[]; gapsFolded: ReturnType<GapRecorder['finish']>['folded'] } {
  const r = new GapRecorder();
  for (const g of gaps) r.push(g);
  const { exact, folded } = r.finish();
  return { gaps: exact, gapsFolded: folded };
}

/** Deterministic gaps with a tail: mostly 0.02-2 ms, now and then 40 ms. */
function gapsOf(n: number, seed: number): number[] {
  let x = seed;
  return Array.from({ length: n }, (_, i) => {
    x = (x * 1103515245 + 12345) % 2 ** 31;
    return (x / 2 ** 31) * 2 + 0.02 + (i % 97 === 0 ? 40 : 0);
  });
}

describe('gaps folded as they arrive (issue 19, item 4)', () => {
  it('keeps a request of at most EXACT_GAPS exactly: the ITL is byte for byte the raw one', () => {
    const parts = [gapsOf(EXACT_GAPS, 1), gapsOf(30, 2)];
    const recs = parts.map(recorded);
    expect(recs.every((r) => r.gapsFolded === null)).toBe(true);
    expect(recs[0]!.gaps).toEqual(parts[0]);
    expect(summarizeGaps(recs)).toEqual(summarize(parts.flat(), 'ms'));
  });

  it('folds a longer request: same histogram and percentiles, the same n, min and max, mean and stddev to 1e-9', () => {
    const parts = [gapsOf(100_000, 3), gapsOf(20, 4), gapsOf(EXACT_GAPS + 1, 5)];
    const recs = parts.map(recorded);
    expect(recs[0]!.gapsFolded!.n).toBe(100_000);
    expect(recs[0]!.gaps).toEqual([]);
    // What a folded request keeps is its non-empty buckets, not its events.
    expect(recs[0]!.gapsFolded!.buckets.length).toBeLessThan(2 * 3_000);
    const want = summarize(parts.flat(), 'ms')!;
    const got = summarizeGaps(recs)!;
    const { mean, stddev, ...rest } = got;
    const { mean: wantMean, stddev: wantSd, ...wantRest } = want;
    expect(rest).toEqual(wantRest);
    expect(Math.abs(mean - wantMean)).toBeLessThanOrEqual(0.001);
    expect(Math.abs(stddev - wantSd)).toBeLessThanOrEqual(0.001);
  });

  it('samples a folded request at evenly spaced ranks', () => {
    const raw = gapsOf(50_000, 6);
    const s = sampleGaps(recorded(raw), 100);
    expect(s).toHaveLength(100);
    const sorted = [...raw].sort((a, b) => a - b);
    expect(s[50]!).toBeCloseTo(sorted[25_250]!, 2);
  });
});
