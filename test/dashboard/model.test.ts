// The dashboard's band is what the next pull request is judged against: the
// gate's own threshold (tolerance, or the floor where that is wider) on the
// bad side and its mirror on the good side, not value x (1 -/+ tolerance).
import { describe, expect, it } from 'vitest';
import type { MetricSeries } from '../../src/changes/series.js';
import { dashboardSeries, type DashboardCommit } from '../../src/dashboard/model.js';

const commits: DashboardCommit[] = ['a', 'b'].map((c) => ({ commit: c.repeat(40), date: '2026-12-01T00:00:00Z', subject: null, gate: null }));

function series(metric: string, direction: 'higher' | 'lower', tolerance: number, floor: number, last: number): MetricSeries {
  return { cell: 'chat@c=4', metric, unit: 'x', direction, gated: true, tolerance, floor, points: commits.map((c, i) => ({ commit: c.commit, value: i === 0 ? last * 1.01 : last, trialRange: null })) };
}

describe('dashboardSeries: the band', () => {
  it('a 1 ms TPOT with a 0.3 ms floor: the floor decides the bad side (1.3 ms), its mirror the good side', () => {
    const band = dashboardSeries(series('tpot_ms.p50', 'lower', 0.05, 0.3, 1), [], commits).band!;
    expect(band.hi).toBeCloseTo(1.3, 9);
    expect(band.lo).toBeCloseTo(1 / 1.3, 9);
    expect(band.commit).toBe('b'.repeat(40));
  });

  it('throughput, higher is better: 5% below on the bad side, its mirror (1/0.95) above', () => {
    const band = dashboardSeries(series('output_tps', 'higher', 0.05, 0, 100), [], commits).band!;
    expect(band.lo).toBeCloseTo(95, 9);
    expect(band.hi).toBeCloseTo(100 / 0.95, 9);
  });

  it('none for error_rate, whose tolerance is absolute', () => {
    expect(dashboardSeries(series('error_rate', 'lower', 0.02, 0, 0), [], commits).band).toBeNull();
  });
});
