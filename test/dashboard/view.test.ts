// The page's view script (filters, axis, CSV and JSON of what is shown): the
// very text inlined into index.html, run here as the browser runs it.
import { runInThisContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import type { DashboardCommit, DashboardData, DashboardSeries } from '../../src/dashboard/model.js';
import { VIEW_SCRIPT } from '../../src/dashboard/view-script.js';

interface View {
  cell: string | null;
  metric: string | null;
  axis: 'commit' | 'date';
}
interface ViewApi {
  cells(d: DashboardData): string[];
  metrics(d: DashboardData): string[];
  parseHash(h: string, d: DashboardData): View | null;
  formatHash(v: View): string;
  shownSeries(d: DashboardData, v: View): DashboardSeries[];
  axisOf(d: DashboardData, axis: View['axis']): { order: number[]; x: (number | null)[] };
  rows(d: DashboardData, v: View): Record<string, unknown>[];
  toCsv(d: DashboardData, v: View): string;
  toJson(d: DashboardData, v: View): string;
  fileName(d: DashboardData, v: View, ext: string): string;
  when(iso: string, withTime: boolean): string;
  tick(seconds: number, spanSeconds: number): string;
}

const view = runInThisContext(`${VIEW_SCRIPT}\n;dashboardView`) as ViewApi;
const ALL: View = { cell: null, metric: null, axis: 'commit' };

const commit = (c: string, date: string, over: Partial<DashboardCommit> = {}): DashboardCommit => ({ commit: c.repeat(40), date, measuredAt: date, subject: null, gate: null, mark: null, ...over });
const series = (cell: string, metric: string, values: (number | null)[]): DashboardSeries => ({
  cell,
  metric,
  unit: 'ms',
  direction: 'lower',
  gated: true,
  values,
  lo: values.map((v) => (v === null ? null : v - 1)),
  hi: values.map((v) => (v === null ? null : v + 1)),
  band: null,
  changes: [],
  summary: { latest: null, latestCommit: null, lastChange: null, sinceChange: null, trendPerCommit: null },
});

const data: DashboardData = {
  title: 'acme/serving: history',
  generatedAt: '2026-12-01T00:00:00Z',
  repoUrl: 'https://github.com/o/r',
  commits: [
    commit('a', '2026-11-02T00:00:00Z', { subject: '=HYPERLINK("x"), "quoted"' }),
    commit('b', '2026-11-01T00:00:00Z', { gate: { verdict: 'fail', regressed: 2, accepted: null, pullRequest: 5 }, mark: 'fail' }),
    commit('c', 'not a date', {
      subject: 'line\nbreak',
      gate: { verdict: 'fail', regressed: 1, accepted: { by: 'alice', at: '2026-11-03T00:00:00Z', reason: 'intended, see #9', via: 'comment' }, pullRequest: 6 },
      mark: 'accepted',
    }),
  ],
  series: [series('chat@c=4', 'tpot_ms.p50', [10, 11, 12]), series('chat@c=4', 'ttft_ms.p95', [100, null, 90]), series('rag@c=1', 'tpot_ms.p50', [20, 21, 22])],
  detection: { significance: 0.005, minRelativeChange: 0.02, permutations: 399 },
  notes: [],
};

describe('dashboard view: filters and the URL hash', () => {
  it('filters by cell, by metric, or both', () => {
    const ids = (v: View): string[] => view.shownSeries(data, v).map((s) => `${s.cell} ${s.metric}`);
    expect(ids(ALL)).toHaveLength(3);
    expect(ids({ ...ALL, cell: 'chat@c=4' })).toEqual(['chat@c=4 tpot_ms.p50', 'chat@c=4 ttft_ms.p95']);
    expect(ids({ ...ALL, metric: 'tpot_ms.p50' })).toEqual(['chat@c=4 tpot_ms.p50', 'rag@c=1 tpot_ms.p50']);
    expect(ids({ ...ALL, cell: 'rag@c=1', metric: 'ttft_ms.p95' })).toEqual([]);
    expect(view.cells(data)).toEqual(['chat@c=4', 'rag@c=1']);
    expect(view.metrics(data)).toEqual(['tpot_ms.p50', 'ttft_ms.p95']);
  });

  it('round-trips a view through the hash; unknown values fall back to all; a chart anchor is no view', () => {
    const v: View = { cell: 'chat@c=4', metric: 'tpot_ms.p50', axis: 'date' };
    expect(view.formatHash(v)).toBe('cell=chat%40c%3D4&metric=tpot_ms.p50&axis=date');
    expect(view.parseHash(`#${view.formatHash(v)}`, data)).toEqual(v);
    expect(view.formatHash(ALL)).toBe('');
    expect(view.parseHash('', data)).toEqual(ALL);
    expect(view.parseHash('#cell=nope&axis=sideways', data)).toEqual(ALL);
    expect(view.parseHash('#cell=%E0%A4%A', data)).toBeNull();
    expect(view.parseHash('#chart-0-chat-c-4-tpot-ms-p50', data)).toBeNull();
  });
});

describe('dashboard view: the x axis', () => {
  it('commit axis: the commits in order; date axis: seconds, sorted by date, unreadable dates left out', () => {
    expect(view.axisOf(data, 'commit')).toEqual({ order: [0, 1, 2], x: [0, 1, 2] });
    const d = view.axisOf(data, 'date');
    expect(d.order).toEqual([1, 0]);
    expect(d.x).toEqual([Date.UTC(2026, 10, 2) / 1000, Date.UTC(2026, 10, 1) / 1000, null]);
  });

  it('writes dates one way, in UTC: the day, or the day and the time, on the axis and in the tooltip', () => {
    // A commit date with an offset reads as its UTC time, not its local one.
    expect(view.when('2026-12-04T23:30:00-02:00', true)).toBe('2026-12-05 01:30 UTC');
    expect(view.when('2026-12-04T23:30:00-02:00', false)).toBe('2026-12-05');
    expect(view.when('not a date', true)).toBe('not a date');
    const t = Date.UTC(2026, 11, 4, 9, 5) / 1000;
    expect(view.tick(t, 3 * 86400)).toBe('2026-12-04');
    expect(view.tick(t, 3600)).toBe('12-04 09:05');
  });
});

describe('dashboard view: what is shown, as CSV and JSON', () => {
  it('one row per shown series and commit with a value, with the gate, who accepted and why, and the links', () => {
    const rows = view.rows(data, { ...ALL, metric: 'ttft_ms.p95' });
    expect(rows.map((r) => [r.commit, r.value])).toEqual([
      ['a'.repeat(40), 100],
      ['c'.repeat(40), 90],
    ]);
    expect(rows[1]).toEqual({
      cell: 'chat@c=4',
      metric: 'ttft_ms.p95',
      unit: 'ms',
      commit: 'c'.repeat(40),
      date: 'not a date',
      measured_at: 'not a date',
      subject: 'line\nbreak',
      value: 90,
      trials_low: 89,
      trials_high: 91,
      gate: 'fail',
      regressed: 1,
      accepted_by: 'alice',
      accepted_via: 'comment',
      accepted_at: '2026-11-03T00:00:00Z',
      accepted_reason: 'intended, see #9',
      pull_request: 6,
      commit_url: `https://github.com/o/r/commit/${'c'.repeat(40)}`,
      pull_request_url: 'https://github.com/o/r/pull/6',
    });
    expect(view.rows({ ...data, repoUrl: null }, ALL)[0]).toMatchObject({ commit_url: null, pull_request_url: null });
  });

  it('CSV: a header, RFC 4180 quoting, and text a spreadsheet would run as a formula defused', () => {
    const csv = view.toCsv(data, { ...ALL, cell: 'chat@c=4', metric: 'tpot_ms.p50' });
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe(
      'cell,metric,unit,commit,date,measured_at,subject,value,trials_low,trials_high,gate,regressed,accepted_by,accepted_via,accepted_at,accepted_reason,pull_request,commit_url,pull_request_url',
    );
    expect(lines[1]).toBe(
      `chat@c=4,tpot_ms.p50,ms,${'a'.repeat(40)},2026-11-02T00:00:00Z,2026-11-02T00:00:00Z,"'=HYPERLINK(""x""), ""quoted""",10,9,11,,,,,,,,https://github.com/o/r/commit/${'a'.repeat(40)},`,
    );
    expect(lines[2]).toBe(
      `chat@c=4,tpot_ms.p50,ms,${'b'.repeat(40)},2026-11-01T00:00:00Z,2026-11-01T00:00:00Z,,11,10,12,fail,2,,,,,5,https://github.com/o/r/commit/${'b'.repeat(40)},https://github.com/o/r/pull/5`,
    );
    expect(csv).toContain('"line\nbreak"');
    expect(csv).toContain(',alice,comment,2026-11-03T00:00:00Z,"intended, see #9",6,');
    expect(csv.endsWith('\r\n')).toBe(true);
    expect(lines).toHaveLength(5);
  });

  it('JSON: the view and the same rows', () => {
    const v: View = { cell: 'rag@c=1', metric: null, axis: 'date' };
    const doc = JSON.parse(view.toJson(data, v)) as { title: string; repoUrl: string; view: View; rows: Record<string, unknown>[] };
    expect(doc.view).toEqual(v);
    expect(doc.title).toBe('acme/serving: history');
    expect(doc.rows).toEqual(JSON.parse(JSON.stringify(view.rows(data, v))));
    expect(doc.rows.map((r) => r.value)).toEqual([20, 21, 22]);
  });

  it('names the file after the title and the filters', () => {
    expect(view.fileName(data, ALL, 'csv')).toBe('acme-serving-history.csv');
    expect(view.fileName(data, { ...ALL, cell: 'chat@c=4', metric: 'tpot_ms.p50' }, 'json')).toBe('acme-serving-history-chat@c=4-tpot_ms.p50.json');
    expect(view.fileName({ ...data, title: '<>' }, ALL, 'csv')).toBe('dashboard.csv');
  });
});
