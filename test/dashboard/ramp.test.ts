// A ramp cell in the history and on the dashboard: its gated metrics are
// charted under its own cell id, as any open-loop cell's, and a slowdown of
// its server is a change point there.
import { describe, expect, it } from 'vitest';
import { dashboardData } from '../../src/dashboard/site.js';
import type { ResultDoc } from '../../src/result/types.js';
import { REALISTIC, syntheticResult } from '../support/synthetic.js';

const ID = 'chat@ramp=2..10/s,25s,steps=5';

/** A synthetic result whose one cell is stored as a ramp cell (its metrics the synthetic server's). */
function asRamp(doc: ResultDoc): ResultDoc {
  const cell = doc.cells[0]!;
  const ramp = { from: 2, to: 10, duration_s: 25, shape: 'steps' as const, steps: 5, trials: cell.trials.length, criteria: null, per_step: [], saturation: null };
  return { ...doc, cells: [{ ...cell, id: ID, load: { kind: 'rate', label: 'ramp=2..10/s,25s,steps=5', rate: 6, arrival: 'ramp', burstiness: 1, max_concurrency: null }, ramp }] };
}

describe('a ramp cell on the dashboard', () => {
  it('charts its gated open-loop metrics under its id, and finds a slowdown', () => {
    const history = Array.from({ length: 24 }, (_, i) => {
      const doc = asRamp(syntheticResult(`ramp-dash-${i}`, { ...REALISTIC, requests: 60, trialCv: 0.03 }, { ttft: i >= 12 ? 1.5 : 1 }));
      doc.started_at = new Date(Date.UTC(2026, 10, 1) + i * 3_600_000).toISOString();
      return { commit: i.toString(16).padStart(40, '0'), doc, date: doc.started_at, subject: null };
    });
    const { data, changes } = dashboardData(history, { title: 't', repoUrl: null, extraMetrics: [], changes: {}, generatedAt: '2026-12-01T00:00:00Z' });
    const ids = data.series.filter((s) => s.cell === ID).map((s) => s.metric);
    // A rate cell's default gates: queued TTFT p95 beside throughput and TPOT.
    expect(ids).toContain('queued_ttft_ms.p95');
    expect(ids).toContain('output_tps');
    expect(data.series.find((s) => s.cell === ID && s.metric === 'queued_ttft_ms.p95')!.values.filter((v) => v !== null)).toHaveLength(24);
    expect(changes.some((c) => c.cell === ID && c.metric === 'queued_ttft_ms.p95' && c.index === 12 && c.worse)).toBe(true);
  });
});
