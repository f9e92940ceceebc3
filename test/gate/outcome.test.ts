// The decision table from a change and its interval to a verdict (issue 10, items 5 and 6).
import { describe, expect, it } from 'vitest';
import { classifyChange, mirrorThreshold, type ChangeEvidence } from '../../src/gate/outcome.js';
import { settleTests } from '../../src/gate/significance.js';

// Throughput (smaller is worse), 5% tolerance: bad threshold 0.95, mirrored 1/0.95.
const tps = (estimate: number, lo: number, hi: number, pNoChange: number | null = 0.001): ChangeEvidence => ({
  estimate,
  lo,
  hi,
  threshold: 0.95,
  good: mirrorThreshold(0.95),
  direction: 'down',
  pNoChange,
  level: 'fail',
  scale: 'ratio',
});
// Latency (larger is worse), 10% tolerance.
const lat = (estimate: number, lo: number, hi: number, pNoChange: number | null = 0.001): ChangeEvidence => ({
  estimate,
  lo,
  hi,
  threshold: 1.1,
  good: mirrorThreshold(1.1),
  direction: 'up',
  pNoChange,
  level: 'fail',
  scale: 'ratio',
});

describe('classifyChange', () => {
  it.each([
    // the whole interval beyond the bad threshold
    { name: 'throughput -20% [-25, -15]', e: tps(0.8, 0.75, 0.85), want: 'regressed', rule: 'beyond' },
    { name: 'latency +30% [+15, +45]', e: lat(1.3, 1.15, 1.45), want: 'regressed', rule: 'beyond' },
    // estimate beyond, interval not: warn only when unlikely under no change
    { name: 'throughput -8% [-15, -1], p0 = 0.01', e: tps(0.92, 0.85, 0.99, 0.01), want: 'warn', rule: 'estimate-beyond' },
    // issue 23 item 1: never `unchanged` with the estimate beyond the threshold
    { name: 'throughput -8% [-20, +4], p0 = 0.2', e: tps(0.92, 0.8, 1.04, 0.2), want: 'inconclusive', rule: 'estimate-beyond-noisy' },
    { name: 'latency +12% [-5, +29], p0 = 0.15', e: lat(1.12, 0.95, 1.29, 0.15), want: 'inconclusive', rule: 'estimate-beyond-noisy' },
    { name: 'latency +229% [+23, +555], p0 = 0.02', e: lat(3.29, 1.23, 6.55, 0.02), want: 'regressed', rule: 'beyond' },
    { name: 'p0 unknown: the estimate alone warns (the old rule)', e: tps(0.92, 0.8, 1.04, null), want: 'warn', rule: 'estimate-beyond' },
    // issue 10 item 5: +20.3% [+4.5%, +38.5%] was `unchanged`
    { name: 'throughput +20.3% [+4.5, +38.5]', e: tps(1.203, 1.045, 1.385), want: 'improved', rule: 'improved-significant' },
    { name: 'throughput +20% [+8, +30]', e: tps(1.2, 1.08, 1.3), want: 'improved', rule: 'improved' },
    { name: 'latency -20% [-30, -12]', e: lat(0.8, 0.7, 0.88), want: 'improved', rule: 'improved' },
    { name: 'throughput +8% [-1, +17]: not shown to improve', e: tps(1.08, 0.99, 1.17), want: 'unchanged', rule: 'within' },
    { name: 'throughput +1% [-3, +5]', e: tps(1.01, 0.97, 1.05), want: 'unchanged', rule: 'within' },
    { name: 'latency +3% [-4, +10] (touching the threshold is within)', e: lat(1.03, 0.96, 1.1), want: 'unchanged', rule: 'within' },
    { name: 'throughput -1% [-12, +10]', e: tps(0.99, 0.88, 1.1), want: 'inconclusive', rule: 'too-wide' },
  ])('$name -> $want', ({ e, want, rule }) => {
    expect(classifyChange(e)).toEqual({ verdict: want, rule });
  });

  it('a warn-level metric warns where it would regress', () => {
    expect(classifyChange({ ...tps(0.8, 0.75, 0.85), level: 'warn' }).verdict).toBe('warn');
  });

  it('error rate: differences, no change at 0', () => {
    const e: ChangeEvidence = { estimate: -0.02, lo: -0.03, hi: -0.005, threshold: 0.01, good: -0.01, direction: 'up', pNoChange: 0.9, level: 'fail', scale: 'difference' };
    expect(classifyChange(e)).toEqual({ verdict: 'improved', rule: 'improved-significant' });
    expect(classifyChange({ ...e, estimate: 0.03, lo: 0.015, hi: 0.045 }).verdict).toBe('regressed');
  });

  it('gating rule 15: a change wholly beyond the tolerance that a floor holds back is a warning, never unchanged', () => {
    // TPOT on a 1.5 ms server: the 5% tolerance widened to +13% by the timing floor; the paired interval +8 ... +12%.
    const tpot: ChangeEvidence = { ...lat(1.1, 1.08, 1.12), threshold: 1.13, good: mirrorThreshold(1.13), tolerance: 1.05 };
    expect(classifyChange(tpot)).toEqual({ verdict: 'warn', rule: 'within-widened' });
    // The interval reaching back inside the tolerance: no change is shown, so within.
    expect(classifyChange({ ...tpot, estimate: 1.06, lo: 1.02 })).toEqual({ verdict: 'unchanged', rule: 'within' });
    // Without a widened threshold the rule is as before.
    expect(classifyChange({ ...tpot, tolerance: undefined })).toEqual({ verdict: 'unchanged', rule: 'within' });
    // Throughput, the other direction: tolerance -5% widened to -9% by a neighbour margin; interval -8 ... -6%.
    expect(classifyChange({ ...tps(0.93, 0.92, 0.94), threshold: 0.91, good: mirrorThreshold(0.91), tolerance: 0.95 })).toEqual({ verdict: 'warn', rule: 'within-widened' });
  });

  it('rejects an estimate outside its interval', () => {
    expect(() => classifyChange(tps(0.8, 0.85, 0.9))).toThrow(/lo <= estimate <= hi/);
  });
});

describe('settleTests (significance.ts)', () => {
  it.each([
    // Holm over 3: smallest p x3, then x2, then x1 (running max)
    {
      name: 'a regression whose Holm p stays below alpha',
      tests: [
        { verdict: 'regressed', p: 0.01, pNoChange: 0.0001 },
        { verdict: 'unchanged', p: 0.9, pNoChange: 0.5 },
        { verdict: 'unchanged', p: 0.8, pNoChange: 0.6 },
      ],
      want: ['regressed', 'unchanged', 'unchanged'],
    },
    {
      name: 'a regression Holm takes above alpha warns',
      tests: [
        { verdict: 'regressed', p: 0.03, pNoChange: 0.001 },
        { verdict: 'unchanged', p: 0.9, pNoChange: 0.5 },
        { verdict: 'unchanged', p: 0.8, pNoChange: 0.6 },
      ],
      want: ['warn', 'unchanged', 'unchanged'],
    },
    {
      name: 'a warning at p0 = 0.03 over 3 groups (0.09) is inconclusive, never unchanged',
      tests: [
        { verdict: 'warn', p: 0.4, pNoChange: 0.03 },
        { verdict: 'unchanged', p: 0.9, pNoChange: 0.5 },
        { verdict: 'unchanged', p: 0.8, pNoChange: 0.6 },
      ],
      want: ['inconclusive', 'unchanged', 'unchanged'],
    },
    {
      name: 'a warning from the estimate alone keeps Holm over every test, grouped or not (0.09)',
      tests: [
        { verdict: 'warn', p: 0.4, pNoChange: 0.03, group: 'c' },
        { verdict: 'unchanged', p: 0.9, pNoChange: 0.5, group: 'c' },
        { verdict: 'unchanged', p: 0.8, pNoChange: 0.6, group: 'c' },
      ],
      want: ['inconclusive', 'unchanged', 'unchanged'],
    },
    {
      name: 'a regression counts its cell once: p = 0.03 in a cell of three stands',
      tests: [
        { verdict: 'regressed', p: 0.03, pNoChange: 0.001, group: 'c' },
        { verdict: 'unchanged', p: 0.9, pNoChange: 0.5, group: 'c' },
        { verdict: 'unchanged', p: 0.8, pNoChange: 0.6, group: 'c' },
      ],
      want: ['regressed', 'unchanged', 'unchanged'],
    },
    {
      name: 'a regression Holm does not keep warns, and is not demoted further: its interval is beyond',
      tests: [
        { verdict: 'regressed', p: 0.04, pNoChange: 0.04 },
        { verdict: 'unchanged', p: 0.9, pNoChange: 0.9 },
      ],
      want: ['warn', 'unchanged'],
    },
    {
      name: 'a warning at p0 = 0.01 stays (0.03)',
      tests: [
        { verdict: 'warn', p: 0.4, pNoChange: 0.01 },
        { verdict: 'unchanged', p: 0.9, pNoChange: 0.5 },
        { verdict: 'unchanged', p: 0.8, pNoChange: 0.6 },
      ],
      want: ['warn', 'unchanged', 'unchanged'],
    },
    { name: 'unknown p0: the warning stands', tests: [{ verdict: 'warn', p: null, pNoChange: null }], want: ['warn'] },
  ] as const)('$name', ({ tests, want }) => {
    expect(settleTests(tests, 0.05).map((x) => x.verdict)).toEqual(want);
  });
});
