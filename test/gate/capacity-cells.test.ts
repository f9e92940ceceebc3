// The gate's capacity comparisons on stored cells: the verdict mapping, the
// validity rules, and how they count in the summary.
import { describe, expect, it } from 'vitest';
import type { GatePlan } from '../../src/config/plan.js';
import { judgeCapacityCells, tallyCapacity } from '../../src/gate/capacity-cells.js';
import type { VerdictDoc } from '../../src/gate/verdict.js';
import { capacityCellSection, capacityVerdictRows } from '../../src/report/capacity-cell.js';
import type { CapacityCell, ResultDoc } from '../../src/result/types.js';

const GATE = { capacity: { tolerance: 0.1, noise: 0 } } as GatePlan;

function cell(rps: { value: number; lo: number; hi: number | null }, over: Partial<CapacityCell> = {}): CapacityCell {
  const est = (k: number) => ({ value: rps.value * k, lo: rps.lo * k, hi: rps.hi === null ? null : rps.hi * k });
  return {
    id: 'chat@capacity:concurrency',
    kind: 'capacity',
    scenario: { name: 'chat', input_tokens: 16, output_tokens: 8, shared_prefix_tokens: 0, dataset: null },
    mode: 'concurrency',
    slo: ['ttft_ms.p90 <= 1000'],
    status: 'complete',
    workload_hash: 'a'.repeat(64),
    started_at: '2026-01-01T00:00:00.000Z',
    duration_s: 10,
    points: [
      {
        role: 'search',
        load: { kind: 'concurrency', concurrency: 4 },
        requests: 40,
        runs: 1,
        verdict: 'pass',
        leaning: 'pass',
        slos: [{ slo: 'ttft_ms.p90 <= 1000', value: 300, lo: 250, hi: 400, verdict: 'pass' }],
        rps: 3,
        output_tps: 24,
        goodput_rps: 3,
        error_rate: 0,
        detail: [{ big: true }],
      },
      {
        role: 'search',
        load: { kind: 'concurrency', concurrency: 8 },
        requests: 40,
        runs: 1,
        verdict: 'fail',
        leaning: 'fail',
        slos: [{ slo: 'ttft_ms.p90 <= 1000', value: 1500, lo: 1200, hi: 1900, verdict: 'fail' }],
        rps: 4,
        output_tps: 32,
        goodput_rps: 1,
        error_rate: 0,
      },
    ],
    search: {
      mode: 'concurrency',
      slos: ['ttft_ms.p90 <= 1000'],
      level: 0.9,
      resolution: 0.05,
      status: 'found',
      reason: 'bracket',
      bracket: { lastPass: 4, firstFail: 8, undecided: [] },
      capacity: { value: 5, lo: 4, hi: 6 },
      capacity_rps: est(1),
      capacity_output_tps: est(8),
      binding: 'ttft_ms.p90 <= 1000',
      atCapacity: null,
      steps: 2,
      elapsedMs: 10_000,
    },
    sweep: null,
    ...over,
  };
}

const doc = (...cells: CapacityCell[]) => ({ capacity: cells }) as unknown as ResultDoc;
const summary = (): VerdictDoc['summary'] => ({ regressed: 0, improved: 0, unchanged: 0, warn: 0, inconclusive: 0, invalid_cells: 0, slo_failed: 0 });

describe('capacity cells in the gate', () => {
  it('maps fail to regressed and pass to unchanged, and counts them', () => {
    const base = cell({ value: 10, lo: 9.8, hi: 10.2 });
    const lost = judgeCapacityCells(doc(base), doc(cell({ value: 7, lo: 6.9, hi: 7.1 })), GATE);
    expect(lost.cells[0]!.metrics.map((m) => [m.metric, m.verdict, m.outcome])).toEqual([
      ['capacity_rps', 'fail', 'regressed'],
      ['capacity_output_tps', 'fail', 'regressed'],
    ]);
    const s = summary();
    expect(tallyCapacity(s, lost.cells)).toEqual([
      expect.stringMatching(/^chat@capacity:concurrency: capacity_rps regressed \(capacity fell to 70\.0%/),
      expect.stringMatching(/capacity_output_tps regressed/),
    ]);
    expect(s.regressed).toBe(2);
    // The report's points carry no per-step metrics; the stored result keeps them.
    expect(lost.cells[0]!.candidate.points[0]!.detail).toBeUndefined();
    const same = judgeCapacityCells(doc(base), doc(cell({ value: 10.1, lo: 9.9, hi: 10.3 })), GATE);
    const s2 = summary();
    tallyCapacity(s2, same.cells);
    expect(s2).toMatchObject({ unchanged: 2, regressed: 0 });
  });

  it('is invalid when the SLOs, mode or workload differ, or a side has no summary', () => {
    const base = cell({ value: 10, lo: 9, hi: 11 });
    const other = cell({ value: 10, lo: 9, hi: 11 }, { slo: ['ttft_ms.p99 <= 1000'], workload_hash: 'b'.repeat(64) });
    const r = judgeCapacityCells(doc(base), doc(other), GATE);
    expect(r.cells[0]!.valid).toBe(false);
    expect(r.cells[0]!.invalid_reasons).toEqual(['SLOs differ (baseline ttft_ms.p90 <= 1000; candidate ttft_ms.p99 <= 1000)', 'workload hash differs: the sides sent different prompts']);
    expect(r.cells[0]!.metrics).toEqual([]);
    const s = summary();
    tallyCapacity(s, r.cells);
    expect(s.invalid_cells).toBe(1);
    const running = judgeCapacityCells(doc(base), doc(cell({ value: 0, lo: 0, hi: 0 }, { status: 'running', search: null })), GATE);
    expect(running.cells[0]!.invalid_reasons).toEqual(['no capacity summary on the candidate side (status running)']);
    const zero = judgeCapacityCells(doc(cell({ value: 0, lo: 0, hi: 1 })), doc(base), GATE);
    expect(zero.cells[0]!.invalid_reasons[0]).toMatch(/^capacity_rps: the baseline has no capacity/);
  });

  it('shows a sweep and a one-sided cell without gating them', () => {
    const sweep = cell(
      { value: 0, lo: 0, hi: 0 },
      { id: 'chat@sweep:concurrency', search: null, sweep: { mode: 'concurrency', slos: ['ttft_ms.p90 <= 1000'], knee: { load: 4, index: 0, slo: 'ttft_ms.p90 <= 1000' }, skipped: [] } },
    );
    const r = judgeCapacityCells(doc(), doc(cell({ value: 10, lo: 9, hi: 11 }), sweep), GATE);
    expect(r.warnings).toEqual(['capacity cell chat@capacity:concurrency is only in the candidate: not compared', 'capacity cell chat@sweep:concurrency is a sweep: shown, not gated']);
    expect(r.cells.every((c) => c.valid && c.metrics.length === 0)).toBe(true);
    const md = capacityCellSection(r.cells[1]!.candidate, null, []);
    expect(md).toContain('### Sweep: chat@sweep:concurrency');
    expect(md).toContain('sweep of 2 loads within p90 TTFT <= 1.00 s: meets it up to 4 concurrent requests; knee at 4 concurrent requests');
    expect(md).toMatch(/\| 4 \(knee\) /);
    expect(capacityVerdictRows(r.cells).lines[0]).toMatch(/^capacity chat@capacity:concurrency: sustains 10\.0 req\/s \(9\.00-11\.0\)/);
  });
});
