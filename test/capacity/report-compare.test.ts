import { describe, expect, it } from 'vitest';
import { compareCapacity } from '../../src/capacity/compare.js';
import type { CapacityResult, ProbedPoint } from '../../src/capacity/types.js';
import { capacityChart, capacityLine, capacitySection, sloWords } from '../../src/report/capacity.js';

function point(rate: number, value: number, lo: number, hi: number, verdict: ProbedPoint['verdict'], slo = 'ttft_ms.p99 <= 2000'): ProbedPoint {
  return {
    role: 'search',
    load: { kind: 'rate', rate },
    requests: 400,
    runs: 1,
    verdict,
    leaning: verdict === 'fail' ? 'fail' : 'pass',
    slos: [{ slo, value, lo, hi, verdict }],
    rps: rate,
    output_tps: rate * 100,
    goodput_rps: rate,
    error_rate: 0,
  };
}

function result(over: Partial<CapacityResult> = {}): CapacityResult {
  return {
    mode: 'rate',
    slos: ['ttft_ms.p99 <= 2000'],
    level: 0.95,
    resolution: 0.05,
    status: 'found',
    reason: 'bracket within 5%',
    bracket: { lastPass: 12, firstFail: 12.6, undecided: [] },
    capacity: { value: 12.4, lo: 11.8, hi: 13.1 },
    capacity_rps: { value: 12.4, lo: 11.8, hi: 13.1 },
    capacity_output_tps: { value: 1240, lo: 1180, hi: 1310 },
    binding: 'ttft_ms.p99 <= 2000',
    atCapacity: { rps: 12, output_tps: 1200, goodput_rps: 11.9, error_rate: 0 },
    points: [point(6, 800, 700, 900, 'pass'), point(12, 1800, 1600, 1950, 'pass'), point(12.6, 2300, 2100, 2600, 'fail')],
    steps: 3,
    elapsedMs: 60_000,
    ...over,
  };
}

describe('capacity report', () => {
  it('writes the headline with interval and baseline', () => {
    expect(capacityLine(result(), result({ capacity_rps: { value: 14, lo: 13.5, hi: 14.6 } }))).toBe('sustains 12.4 req/s (11.8-13.1) within p99 TTFT <= 2.00 s; baseline 14.0');
    expect(sloWords('tpot_ms.p50 <= 100')).toBe('p50 TPOT <= 100 ms');
    expect(sloWords('error_rate <= 0.01')).toBe('error_rate <= 0.01');
  });

  it('says what happened when the search ended at an edge or on its budget', () => {
    expect(capacityLine(result({ status: 'below-range' }))).toMatch(/^sustains no load within p99 TTFT <= 2.00 s: even the lowest load/);
    expect(capacityLine(result({ status: 'above-range', capacity_rps: { value: 20, lo: 20, hi: null } }))).toMatch(/^sustains at least 20.0 req\/s/);
    expect(capacityLine(result({ status: 'budget' }))).toMatch(/search budget ran out/);
  });

  it('charts the probed points in load order with the SLO as a line', () => {
    const chart = capacityChart(result())!;
    expect(chart).toContain('xychart-beta');
    expect(chart).toContain('x-axis "req/s" ["6", "12", "12.6"]');
    expect(chart).toContain('bar [800, 1800, 2300]');
    expect(chart).toContain('line [2000, 2000, 2000]');
  });

  it('escapes untrusted names and keeps Mermaid labels to plain characters', () => {
    const md = capacitySection('</details><img src=x>', result({ reason: 'x | [link](http://e)' }));
    expect(md).not.toContain('<img');
    expect(md).not.toContain('](http');
    expect(md).toContain('&#60;/details&#62;');
  });
});

describe('compareCapacity', () => {
  const base = { value: 10, lo: 9.8, hi: 10.2 };
  const cases: [string, { value: number; lo: number; hi: number | null }, string][] = [
    ['same capacity', { value: 10, lo: 9.8, hi: 10.2 }, 'pass'],
    ['20% lower, intervals clear', { value: 8, lo: 7.8, hi: 8.2 }, 'fail'],
    ['12% lower, intervals overlap the tolerance', { value: 8.8, lo: 8.4, hi: 9.3 }, 'warn'],
    ['same point, intervals too wide to call 10%', { value: 10, lo: 8, hi: 12 }, 'inconclusive'],
    ['open above (top of range passed)', { value: 20, lo: 20, hi: null }, 'pass'],
  ];
  for (const [name, cand, verdict] of cases) {
    it(`${name}: ${verdict}`, () => {
      expect(compareCapacity('capacity_rps', base, cand, { tolerance: 0.1 }).verdict).toBe(verdict);
    });
  }

  it('a job-to-job noise term widens the intervals: a clear drop becomes a warning', () => {
    const cand = { value: 8.7, lo: 8.6, hi: 8.8 };
    expect(compareCapacity('capacity_rps', base, cand, { tolerance: 0.1 }).verdict).toBe('fail');
    expect(compareCapacity('capacity_rps', base, cand, { tolerance: 0.1, noise: 0.05 }).verdict).toBe('warn');
  });

  it('a baseline without capacity cannot be compared', () => {
    const c = compareCapacity('capacity_rps', { value: 0, lo: 0, hi: 1 }, base, { tolerance: 0.1 });
    expect(c.verdict).toBe('invalid');
    expect(() => compareCapacity('capacity_rps', base, base, { tolerance: 1.5 })).toThrow(/tolerance must be in \(0, 1\)/);
  });
});
