// Reference values for the gate's statistics. Each figure is either derivable
// by hand (the derivation is in the comment) or a well-known table value;
// figures marked "scipy" were cross-checked with scipy 1.17 / numpy 2.4.
import * as hdr from 'hdr-histogram-js';
import { describe, expect, it } from 'vitest';
import { newHistogram, recordScaled } from '../../src/stats/distribution.js';
import {
  bootstrapRatio,
  histogramValues,
  intervalFromDraws,
  minimumDetectableChange,
  normalCdf,
  normalQuantile,
  pBeyond,
  quantileSorted,
  tCdf,
  tQuantile,
  welchLogRatio,
} from '../../src/stats/index.js';
import { quantileFromCounts } from '../../src/stats/bootstrap.js';
import { createRng } from '../../src/util/rng.js';

describe('quantileSorted (Hyndman-Fan type 7, numpy default)', () => {
  it.each([
    // h = (n-1)q; x[floor h] + frac(h)·(x[floor h + 1] - x[floor h])
    { data: [15, 20, 35, 40, 50], q: 0, want: 15 },
    { data: [15, 20, 35, 40, 50], q: 0.4, want: 29 }, // h = 1.6: 20 + 0.6·15
    { data: [15, 20, 35, 40, 50], q: 0.99, want: 49.6 }, // h = 3.96: 40 + 0.96·10
    { data: [15, 20, 35, 40, 50], q: 1, want: 50 },
    { data: [3, 6, 7, 8, 8, 10, 13, 15, 16, 20], q: 0.25, want: 7.25 }, // h = 2.25
    { data: [3, 6, 7, 8, 8, 10, 13, 15, 16, 20], q: 0.5, want: 9 }, // h = 4.5: (8+10)/2
    { data: [3, 6, 7, 8, 8, 10, 13, 15, 16, 20], q: 0.75, want: 14.5 }, // h = 6.75
    { data: [3, 6, 7, 8, 8, 10, 13, 15, 16, 20], q: 0.9, want: 16.4 }, // h = 8.1
    { data: [1, 2, 3, 4], q: 0.25, want: 1.75 },
    { data: [42], q: 0.3, want: 42 },
  ])('q=$q of $data is $want', ({ data, q, want }) => {
    expect(quantileSorted(data, q)).toBeCloseTo(want, 12);
    expect(quantileSorted(Float64Array.from(data), q)).toBeCloseTo(want, 12);
  });

  it('tends to an infinite neighbour instead of NaN', () => {
    expect(quantileSorted([1, Infinity], 0.5)).toBe(Infinity);
    expect(quantileSorted([-Infinity, 1], 0.5)).toBe(-Infinity);
    expect(quantileSorted([Infinity, Infinity], 0.5)).toBe(Infinity);
  });

  it('rejects empty data and q outside [0, 1]', () => {
    expect(() => quantileSorted([], 0.5)).toThrow(RangeError);
    expect(() => quantileSorted([1], 1.5)).toThrow(RangeError);
    expect(() => quantileSorted([1], NaN)).toThrow(RangeError);
  });
});

describe('normal and t distributions', () => {
  it.each([
    { p: 0.975, want: 1.959963984540054 },
    { p: 0.025, want: -1.959963984540054 },
    { p: 0.95, want: 1.6448536269514722 },
    { p: 0.8, want: 0.8416212335729143 },
    { p: 0.5, want: 0 },
    { p: 0.001, want: -3.090232306167813 },
    { p: 1e-10, want: -6.361340902404056 },
  ])('normalQuantile($p) = $want', ({ p, want }) => {
    expect(normalQuantile(p)).toBeCloseTo(want, 12);
  });

  it.each([
    { z: 0, want: 0.5 },
    { z: -1, want: 0.15865525393145707 },
    { z: 1.959963984540054, want: 0.975 },
    { z: 3, want: 0.9986501019683699 },
  ])('normalCdf($z) = $want', ({ z, want }) => {
    expect(normalCdf(z)).toBeCloseTo(want, 14);
  });

  it('keeps relative precision far in the lower tail', () => {
    // Φ(-8) = 6.22096057427178e-16 (tables); 1 - Φ(8) would round to 0 there.
    expect(normalCdf(-8) / 6.22096057427178e-16).toBeCloseTo(1, 10);
    expect(normalQuantile(normalCdf(-8))).toBeCloseTo(-8, 9);
  });

  it.each([
    // Two-sided 95% critical values from any t table.
    { df: 1, want: 12.706 },
    { df: 2, want: 4.303 },
    { df: 5, want: 2.571 },
    { df: 30, want: 2.042 },
    { df: 1e12, want: 1.96 },
  ])('tQuantile(0.975, $df) = $want', ({ df, want }) => {
    expect(tQuantile(0.975, df)).toBeCloseTo(want, 3);
    expect(tQuantile(0.025, df)).toBeCloseTo(-want, 3);
  });

  it('matches closed forms to many digits', () => {
    // df = 1 is Cauchy: F(t) = 1/2 + atan(t)/π, quantile tan(π(p - 1/2)).
    expect(tQuantile(0.975, 1)).toBeCloseTo(12.706204736174696, 10);
    expect(tCdf(1, 1)).toBeCloseTo(0.75, 14);
    expect(tCdf(-3, 1)).toBeCloseTo(0.5 + Math.atan(-3) / Math.PI, 14);
    // df = 2: F(t) = 1/2 + t / (2 sqrt(2 + t²)); F(2) = 1/2 + 1/sqrt(6).
    expect(tCdf(2, 2)).toBeCloseTo(0.5 + 1 / Math.sqrt(6), 14);
    // The general path (df 3, 4, 5, 30, fractional) against the same tables, 6 digits.
    expect(tQuantile(0.975, 4)).toBeCloseTo(2.776445, 6);
    expect(tQuantile(0.95, 10)).toBeCloseTo(1.812461, 6);
    expect(tQuantile(0.975, 5)).toBeCloseTo(2.570582, 6);
    expect(tQuantile(0.975, 30)).toBeCloseTo(2.042272, 6);
    expect(tQuantile(0.975, 1.6842)).toBeCloseTo(5.176270523063667, 8); // scipy
    expect(tCdf(-5, 30)).toBeCloseTo(1.16483427335039e-5, 15); // scipy
  });

  it('inverts its own CDF across df and tails', () => {
    for (const df of [0.7, 1.3, 3, 7.5, 50, 1000]) {
      for (const p of [1e-8, 0.01, 0.2, 0.5, 0.77, 0.999]) {
        expect(tCdf(tQuantile(p, df), df)).toBeCloseTo(p, 12);
      }
    }
  });
});

describe('welchLogRatio', () => {
  // Logs 0, .1, .2 against .3, .4, .5: difference 0.3, each variance 0.01,
  // se = sqrt(2·0.01/3), t = 3.6742, Welch df = 4 exactly (equal n and variance).
  const base = [0, 0.1, 0.2].map(Math.exp);
  const cand = [0.3, 0.4, 0.5].map(Math.exp);

  it('computes the hand-worked example', () => {
    const r = welchLogRatio(base, cand, 0.95, 1, 'up')!;
    expect(r.estimate).toBeCloseTo(Math.exp(0.3), 12);
    expect(r.df).toBeCloseTo(4, 10);
    const half = 2.7764451051977934 * Math.sqrt(0.02 / 3);
    expect(Math.log(r.lo)).toBeCloseTo(0.3 - half, 10);
    expect(Math.log(r.hi)).toBeCloseTo(0.3 + half, 10);
    expect(r.p).toBeCloseTo(0.010655820564378343, 10); // scipy ttest_ind(alternative='greater')
    // Against a 10% tolerance the evidence is weaker.
    expect(welchLogRatio(base, cand, 0.95, 1.1, 'up')!.p).toBeCloseTo(0.033137149981664185, 10); // scipy
    // The same effect in the 'down' direction is no evidence of a drop.
    expect(welchLogRatio(base, cand, 0.95, 1, 'down')!.p).toBeCloseTo(1 - 0.010655820564378343, 10);
  });

  it('handles unequal sizes (fractional df) and the down direction', () => {
    const r = welchLogRatio([100, 104, 97, 101.5], [108, 111, 106.5], 0.9, 1.05, 'down')!;
    // scipy: ttest_ind(log c - log 1.05, log b, equal_var=False, alternative='less') and its 90% interval.
    expect(r.df).toBeCloseTo(4.997793396272811, 8);
    expect(r.p).toBeCloseTo(0.8909985772900036, 8);
    expect(r.estimate).toBeCloseTo(1.078444173416867, 10);
    expect(r.lo).toBeCloseTo(1.0379839450662158, 8);
    expect(r.hi).toBeCloseTo(1.1204815264291934, 8);
  });

  it('needs two figures a side, and positive figures', () => {
    expect(welchLogRatio([1], [1, 2], 0.9, 1, 'up')).toBeNull();
    expect(() => welchLogRatio([1, 0], [1, 2], 0.9, 1, 'up')).toThrow(RangeError);
  });

  it('is decisive when neither side varies', () => {
    const r = welchLogRatio([10, 10], [12, 12], 0.9, 1.1, 'up')!;
    expect(r.estimate).toBeCloseTo(1.2, 12);
    expect(r.p).toBe(0);
    expect(welchLogRatio([10, 10], [12, 12], 0.9, 1.3, 'up')!.p).toBe(1);
  });
});

describe('histogramValues', () => {
  const encode = (values: number[]): string => {
    const h = newHistogram();
    for (const v of values) recordScaled(h, v);
    const s = hdr.encodeIntoCompressedBase64(h);
    h.destroy();
    return s;
  };

  it('expands every recorded value, ascending, within the 0.1% resolution', () => {
    const values = [1000, 1.5, 10, 2.25, 10, 0];
    const got = histogramValues(encode(values));
    const want = [...values].sort((a, b) => a - b);
    expect(got).toHaveLength(6);
    got.forEach((g, i) => expect(Math.abs(g - want[i]!)).toBeLessThanOrEqual(want[i]! * 1e-3));
  });

  it('thins to the cap by equal quantile steps', () => {
    const values = Array.from({ length: 100_000 }, (_, i) => Math.exp(i / 10_000)); // 1 .. e^10
    const got = histogramValues(encode(values), 1000);
    expect(got).toHaveLength(1000);
    // Within one thinning step (100 ranks, a factor e^0.01 here) plus the 0.1% bucket width.
    for (const q of [0.01, 0.5, 0.9, 0.99]) {
      expect(Math.abs(Math.log(quantileSorted(got, q) / quantileSorted(values, q)))).toBeLessThan(0.011);
    }
    expect(got[0]! / values[50]!).toBeCloseTo(1, 2);
    expect(got[999]! / values[99_950]!).toBeCloseTo(1, 2);
    for (let i = 1; i < got.length; i++) expect(got[i]!).toBeGreaterThanOrEqual(got[i - 1]!);
  });

  it('returns nothing for an empty histogram and rejects a bad cap', () => {
    expect(histogramValues(encode([]))).toHaveLength(0);
    expect(() => histogramValues(encode([1]), 0)).toThrow(RangeError);
  });
});

describe('bootstrap read-outs', () => {
  const draws = Float64Array.from({ length: 101 }, (_, i) => (i - 50) / 500); // -0.1 .. 0.1, ascending

  it('takes the equal-tailed percentile interval of the log draws', () => {
    const { lo, hi } = intervalFromDraws(draws, 0.9);
    expect(Math.log(lo)).toBeCloseTo(-0.09, 12); // index 5 of 0..100
    expect(Math.log(hi)).toBeCloseTo(0.09, 12);
  });

  it('counts draws on the H0 side with the +1 correction', () => {
    // 'up' against exp(0.05): 76 draws (-0.1 .. 0.05) are <= the threshold.
    expect(pBeyond(draws, Math.exp(0.05), 'up')).toBeCloseTo(77 / 102, 12);
    // 'down' against exp(-0.08): 91 draws are >= it.
    expect(pBeyond(draws, Math.exp(-0.08), 'down')).toBeCloseTo(92 / 102, 12);
    expect(pBeyond(draws, 2, 'up')).toBe(1);
    expect(pBeyond(draws, 2, 'down')).toBeCloseTo(1 / 102, 12);
  });

  it('derives the detectable change from the interval width', () => {
    // se 0.05 on the log scale at 90%: half-width 1.6449·0.05; MDE = exp((1.6449 + 0.8416)·0.05) - 1.
    const half = 1.6448536269514722 * 0.05;
    const mde = minimumDetectableChange(Math.exp(-half), Math.exp(half), 0.9);
    expect(mde).toBeCloseTo(Math.exp((1.6448536269514722 + 0.8416212335729143) * 0.05) - 1, 12);
    expect(minimumDetectableChange(0, 2, 0.9)).toBe(Infinity);
    expect(minimumDetectableChange(1, 1, 0.9)).toBe(0);
  });

  it('estimates on the full data and is reproducible from the seed', () => {
    const base = [
      [1, 2, 3, 4, 5],
      [6, 7, 8, 9, 10],
    ];
    const cand = [[2, 4, 6, 8, 10, 12, 14, 16, 18, 20]];
    // Pooled p50s: 5.5 and 11; means 5.5 and 11.
    expect(bootstrapRatio(base, cand, 0.5, { seed: 's', iterations: 50 }).estimate).toBeCloseTo(2, 12);
    expect(bootstrapRatio(base, cand, 'mean', { seed: 's', iterations: 50 }).estimate).toBeCloseTo(2, 12);
    const a = bootstrapRatio(base, cand, 0.9, { seed: 's', iterations: 200 });
    const b = bootstrapRatio(base, cand, 0.9, { seed: 's', iterations: 200 });
    const c = bootstrapRatio(base, cand, 0.9, { seed: 't', iterations: 200 });
    expect(a.logDraws).toEqual(b.logDraws);
    expect(a.logDraws).not.toEqual(c.logDraws);
    for (let i = 1; i < a.logDraws.length; i++) expect(a.logDraws[i]!).toBeGreaterThanOrEqual(a.logDraws[i - 1]!);
  });

  it('treats equal zero statistics as no change and drops empty trials', () => {
    const r = bootstrapRatio([[0, 0, 0], []], [[0, 0]], 0.5, { seed: 'z', iterations: 20 });
    expect(r.estimate).toBe(1);
    expect([...r.logDraws].every((d) => d === 0)).toBe(true);
  });

  it('reads quantiles from draw counts exactly as from the expanded resample', () => {
    const rng = createRng('counts');
    for (let rep = 0; rep < 200; rep++) {
      const n = 1 + rng.int(40);
      const sorted = Float64Array.from({ length: n }, () => rng.int(20)).sort();
      const counts = new Uint32Array(n);
      const m = 1 + rng.int(60);
      const expanded: number[] = [];
      for (let i = 0; i < m; i++) {
        const pos = rng.int(n);
        counts[pos]!++;
        expanded.push(sorted[pos]!);
      }
      expanded.sort((a, b) => a - b);
      for (const q of [0.01, 0.25, 0.5, 0.5001, 0.9, 0.99]) {
        expect(quantileFromCounts(counts, sorted, m, q)).toBeCloseTo(quantileSorted(expanded, q), 12);
      }
    }
  });

  it('validates its inputs', () => {
    expect(() => bootstrapRatio([[]], [[1]], 0.5, { seed: 's' })).toThrow(RangeError);
    expect(() => bootstrapRatio([[1]], [[1]], 1, { seed: 's' })).toThrow(RangeError);
    expect(() => bootstrapRatio([[1, NaN]], [[1]], 0.5, { seed: 's' })).toThrow(RangeError);
    expect(() => bootstrapRatio([[1]], [[1]], 'mean', { seed: 's', iterations: 0 })).toThrow(RangeError);
  });
});
