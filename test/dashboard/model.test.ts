// The dashboard's band is what the next pull request is judged against: the
// gate's own threshold (tolerance, or the floor where that is wider) on the
// bad side and its mirror on the good side, not value x (1 -/+ tolerance).
import { describe, expect, it } from 'vitest';
import type { MetricSeries } from '../../src/changes/series.js';
import { dashboardGate, dashboardSeries, gateMark, type DashboardCommit } from '../../src/dashboard/model.js';
import { dashboardData } from '../../src/dashboard/site.js';
import type { StoredGate } from '../../src/result/types.js';
import { REALISTIC, syntheticResult } from '../support/synthetic.js';

const commits: DashboardCommit[] = ['a', 'b'].map((c) => ({ commit: c.repeat(40), date: '2026-12-01T00:00:00Z', measuredAt: '2026-12-01T00:00:00Z', subject: null, gate: null, mark: null }));

function series(metric: string, direction: 'higher' | 'lower', tolerance: number, floor: number, last: number): MetricSeries {
  return {
    cell: 'chat@c=4',
    metric,
    unit: 'x',
    direction,
    gated: true,
    tolerance,
    floor,
    points: commits.map((c, i) => ({ commit: c.commit, value: i === 0 ? last * 1.01 : last, trialRange: null })),
  };
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

const ACCEPTANCE = { by: 'alice', at: '2026-11-30T10:00:00Z', reason: 'longer prompts', via: 'label' as const };

describe('gate marks', () => {
  const gate = (verdict: StoredGate['verdict'], accepted: StoredGate['accepted'] = null): StoredGate => ({ verdict, regressed: verdict === 'fail' ? 1 : 0, accepted, pull_request: 7 });

  it('a failed gate is marked fail; an accepted regression is marked accepted whatever its verdict; nothing else is marked', () => {
    expect(gateMark(dashboardGate(gate('fail')))).toBe('fail');
    expect(gateMark(dashboardGate(gate('fail', ACCEPTANCE)))).toBe('accepted');
    expect(gateMark(dashboardGate(gate('pass', ACCEPTANCE)))).toBe('accepted');
    for (const v of ['pass', 'warn', 'inconclusive', 'invalid'] as const) expect(gateMark(dashboardGate(gate(v)))).toBeNull();
    expect(gateMark(dashboardGate(undefined))).toBeNull();
    expect(dashboardGate(gate('fail', ACCEPTANCE))).toEqual({ verdict: 'fail', regressed: 1, accepted: ACCEPTANCE, pullRequest: 7 });
  });

  it("dashboardData carries each commit's gate, mark and measuring time, the acceptance on its change point, and a note on results without a gate", () => {
    const history = Array.from({ length: 24 }, (_, i) => {
      const doc = syntheticResult(`dash-${i}`, { ...REALISTIC, requests: 60, trialCv: 0.03 }, { tpot: i >= 12 ? 1.25 : 1 });
      doc.started_at = new Date(Date.UTC(2026, 10, 1) + i * 3_600_000).toISOString();
      if (i === 12) doc.gate = gate('fail', ACCEPTANCE);
      else if (i === 18) doc.gate = gate('fail');
      else if (i >= 4) doc.gate = gate('pass');
      return { commit: i.toString(16).padStart(40, '0'), doc, date: doc.started_at, subject: null };
    });
    const { data } = dashboardData(history, { title: 't', repoUrl: 'https://github.com/o/r', extraMetrics: [], changes: {}, generatedAt: '2026-12-01T00:00:00Z' });
    expect(data.commits.map((c) => c.mark).filter((m) => m !== null)).toEqual(['accepted', 'fail']);
    expect(data.commits[12]).toMatchObject({ measuredAt: history[12]!.doc.started_at, gate: { verdict: 'fail', accepted: ACCEPTANCE, pullRequest: 7 }, mark: 'accepted' });
    expect(data.commits[0]!.gate).toBeNull();
    const tpot = data.series.find((s) => s.metric === 'tpot_ms.p50')!;
    expect(tpot.summary.lastChange).toMatchObject({ at: 12, worse: true, accepted: { by: 'alice', reason: 'longer prompts', via: 'label', pullRequest: 7 } });
    expect(data.notes).toContain('4 of 24 stored results carry no gate (stored before gates were kept, or not by the action on a push): those commits are not marked.');
  });
});
