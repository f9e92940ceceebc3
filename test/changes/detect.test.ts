import { describe, expect, it } from 'vitest';
import { detectShifts } from '../../src/changes/detect.js';
import { bestSplit, eDivisive } from '../../src/changes/edivisive.js';
import { describeChange, findChanges, newChanges, type ChangePoint, type MetricSeries } from '../../src/changes/series.js';
import { studyCase, syntheticSeries } from '../../bench/changes/synthetic.js';

const points = (values: number[]) => values.map((value, i) => ({ commit: `c${i}`, value }));

describe('E-divisive means', () => {
  it('puts the best split of a clean step exactly at the step', () => {
    const z = [1, 1, 1, 1, 1, 5, 5, 5, 5, 5, 5];
    expect(bestSplit(z, 0, z.length, 2)?.index).toBe(5);
  });

  it('finds two shifts at the commits where they were made, the same on every run', () => {
    const values = syntheticSeries({
      length: 60,
      cv: 0.03,
      shifts: [
        { at: 20, relative: -0.15 },
        { at: 42, relative: 0.2 },
      ],
      seed: 'two',
    });
    const a = detectShifts(points(values), { seed: 's' });
    expect(a.map((s) => s.commit)).toEqual(['c20', 'c42']);
    expect(detectShifts(points(values), { seed: 's' })).toEqual(a);
    // The interval covers the shift that was made.
    expect(a[0]!.interval[0]).toBeLessThan(-0.15);
    expect(a[0]!.interval[1]).toBeGreaterThan(-0.15);
    expect(a[0]!.relative).toBeCloseTo(-0.15, 1);
    expect(a[1]!.previousCommit).toBe('c41');
    expect(a[1]!.pValue).toBeLessThanOrEqual(0.005);
  });

  it('finds nothing in noise without a shift', () => {
    const values = syntheticSeries({ length: 50, cv: 0.05, shifts: [], seed: 'flat' });
    expect(detectShifts(points(values))).toEqual([]);
  });

  it('drops a significant shift smaller than the minimum relative change', () => {
    const values = syntheticSeries({ length: 40, cv: 0.002, shifts: [{ at: 20, relative: 0.01 }], seed: 'tiny' });
    expect(eDivisive(values, { significance: 0.005, permutations: 399, minSegment: 3, seed: 'x' }).map((s) => s.index)).toContain(20);
    expect(detectShifts(points(values), { minRelativeChange: 0.02 })).toEqual([]);
    expect(detectShifts(points(values), { minRelativeChange: 0.005 }).map((s) => s.commit)).toEqual(['c20']);
  });

  it('reports no relative shift from a level of zero (an error rate that was 0)', () => {
    const values = [...Array.from({ length: 15 }, () => 0), ...Array.from({ length: 15 }, (_, i) => 0.1 + (i % 3) * 0.01)];
    expect(eDivisive(values, { significance: 0.005, permutations: 399, minSegment: 3, seed: 'z' }).map((s) => s.index)).toEqual([15]);
    expect(detectShifts(points(values))).toEqual([]);
  });

  it('refuses settings that cannot work, naming them', () => {
    expect(() => detectShifts(points([1, 2, 3]), { permutations: 99, significance: 0.001 })).toThrow(/99 permutations cannot reach p <= 0.001/);
    expect(() => detectShifts(points([1, 2, 3]), { significance: 2 })).toThrow(/significance must be in \(0, 1\)/);
    expect(() => detectShifts(points([1, Number.NaN, 3]))).toThrow(/value 1 is not a finite number/);
  });

  it('says what moved, by how much and where', () => {
    const c = { metric: 'output_tps', cell: 'chat@c=4', relative: -0.061, interval: [-0.08, -0.042], commit: 'a1b2c3d4e5', worse: true, pValue: 0.0025 } as ChangePoint;
    expect(describeChange(c)).toBe('output_tps of chat@c=4 stepped down 6.1% (4.2-8.0%) at a1b2c3d (worse; p = 0.0025)');
  });
});

// The study's bounds on a small sample (bench/changes/run.ts prints the full one).
describe('detection study (small sample)', () => {
  const detect = (values: number[], seed: string) => detectShifts(points(values), { seed }).map((s) => s.index);
  it('rarely raises a false alarm on series without a shift', () => {
    const r = studyCase({ cv: 0.05, shift: 0 }, 60, 40, 2, detect);
    expect(r.falseAlarms / r.series).toBeLessThanOrEqual(0.05);
  });
  it('finds a 10% shift at 2% noise and a 20% shift at 5% noise almost always', () => {
    expect(studyCase({ cv: 0.02, shift: 0.1 }, 40, 40, 2, detect).detected).toBeGreaterThanOrEqual(38);
    expect(studyCase({ cv: 0.05, shift: -0.2 }, 40, 40, 2, detect).detected).toBeGreaterThanOrEqual(36);
  });
});

describe('new change points', () => {
  const series = (values: number[]): MetricSeries => ({
    cell: 'chat@c=4',
    metric: 'output_tps',
    unit: 'tok/s',
    direction: 'higher',
    gated: true,
    tolerance: 0.05,
    floor: 0,
    points: values.map((value, i) => ({ commit: `c${i}`, value, trialRange: null })),
  });
  const values = syntheticSeries({ length: 40, cv: 0.02, shifts: [{ at: 30, relative: -0.15 }], seed: 'late' });

  it('announces a step once: on the commit whose result first reveals it', () => {
    const announced: string[] = [];
    for (let n = 20; n <= 40; n++) {
      for (const c of newChanges([series(values.slice(0, n))])) announced.push(`${n}:${c.commit}`);
    }
    expect(announced).toHaveLength(1);
    const [n, commit] = announced[0]!.split(':');
    expect(commit).toBe('c30');
    expect(Number(n)).toBeGreaterThanOrEqual(33);
    expect(findChanges([series(values)]).map((c) => c.commit)).toEqual(['c30']);
  });
});
