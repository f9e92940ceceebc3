// The gate's policy in one place: defaults, the override merge, the threshold,
// and Holm/alpha applied without touching the verdicts it was given.
import { describe, expect, it } from 'vitest';
import { planFromObject } from '../../src/config/load.js';
import type { GatePlan } from '../../src/config/plan.js';
import { METRIC_IDS } from '../../src/metric-ids.js';
import { CATALOGUE } from '../../src/metric-catalogue.js';
import { iterationsFor, percentileOf, rulesFor, thresholdLog, thresholdRatio, type MetricRule } from '../../src/gate/policy.js';
import { adjustCells, holmByGroupAtAlpha } from '../../src/gate/significance.js';
import type { CellVerdict, MetricVerdict } from '../../src/gate/verdict.js';

function gate(over: Record<string, unknown> = {}): GatePlan {
  return planFromObject(
    {
      target: { url: 'http://127.0.0.1:1' },
      scenarios: [
        { name: 'chat', input_tokens: 8, output_tokens: 4 },
        { name: 'code', input_tokens: 8, output_tokens: 4 },
      ],
      loads: [{ concurrency: 4 }],
      gate: over,
    },
    { file: null, baseDir: '/' },
  ).gate;
}
const rule = (g: GatePlan, id: string, scenario = 'chat', kind: 'concurrency' | 'rate' = 'concurrency'): MetricRule => rulesFor(g, scenario, kind).find((r) => r.def.id === id)!;

describe('gate policy', () => {
  it('lists the catalogue in the order of the import-free id list', () => {
    expect(CATALOGUE.map((d) => d.id)).toEqual(METRIC_IDS);
  });

  it('gates four metrics per cell by default, the error rate among them, queued TTFT under a rate load', () => {
    const gated = (kind: 'concurrency' | 'rate'): string[] =>
      rulesFor(gate(), 'chat', kind)
        .filter((r) => r.gated)
        .map((r) => r.def.id);
    expect(gated('concurrency')).toEqual(['output_tps', 'error_rate', 'ttft_ms.p95', 'tpot_ms.p50']);
    expect(gated('rate')).toEqual(['output_tps', 'error_rate', 'queued_ttft_ms.p95', 'tpot_ms.p50']);
    expect(rule(gate(), 'ttft_ms.p99')).toMatchObject({ tolerance: 0.15, floor: 5, level: 'fail', gated: false });
    expect(rule(gate(), 'error_rate')).toMatchObject({ tolerance: 0.01, floor: 0, gated: true });
  });

  it('merges gate.metrics, then gate.scenarios.<name>.metrics, field by field', () => {
    const g = gate({ metrics: { 'tpot_ms.p50': { tolerance: 0.2, level: 'warn' } }, scenarios: { code: { metrics: { 'tpot_ms.p50': { tolerance: 0.3 } } } } });
    expect(rule(g, 'tpot_ms.p50', 'chat')).toMatchObject({ tolerance: 0.2, level: 'warn', floor: 1, gated: true });
    expect(rule(g, 'tpot_ms.p50', 'code')).toMatchObject({ tolerance: 0.3, level: 'warn', floor: 1, gated: true });
  });

  it('widens the threshold by the floor at small values, in both units alike', () => {
    const tpot = rule(gate(), 'tpot_ms.p50');
    expect(thresholdRatio(tpot, 100)).toBeCloseTo(1.05, 12);
    expect(thresholdRatio(tpot, 2)).toBeCloseTo(1.5, 12);
    expect(thresholdRatio(tpot, null)).toBeCloseTo(1.05, 12);
    const tps = rule(gate(), 'output_tps');
    expect(thresholdRatio(tps, 10)).toBeCloseTo(0.9, 12);
    for (const [r, b] of [
      [tpot, 100],
      [tpot, 2],
      [tps, 10],
      [tps, 1000],
      [tpot, null],
    ] as const) {
      expect(thresholdLog(r, b)).toBeCloseTo(Math.abs(Math.log(thresholdRatio(r, b))), 12);
    }
  });

  it('gives reported metrics a quarter of the resamples, at least 200, and parses a statistic once', () => {
    const g = gate({ bootstrap_iterations: 2000 });
    expect(iterationsFor(rule(g, 'tpot_ms.p50'), g)).toBe(2000);
    expect(iterationsFor(rule(g, 'tpot_ms.p99'), g)).toBe(500);
    const small = gate({ bootstrap_iterations: 400 });
    expect(iterationsFor(rule(small, 'tpot_ms.p99'), small)).toBe(200);
    expect(percentileOf('p95')).toBe(95);
    expect(percentileOf('mean')).toBeNull();
  });
});

describe('significance', () => {
  const verdict = (metric: string, p: number, v: MetricVerdict['verdict'], gated = true): MetricVerdict => ({
    metric,
    unit: 'ms',
    direction: 'lower',
    gated,
    level: 'fail',
    baseline: 1,
    candidate: 2,
    change_pct: 100,
    interval_pct: [50, 150],
    p,
    p_adj: null,
    threshold_pct: 5,
    verdict: v,
    method: 'bootstrap',
    mde_pct: null,
    reason: 'the whole interval is beyond the 5% threshold',
  });
  const cell = (id: string, valid: boolean, metrics: MetricVerdict[]): CellVerdict => ({ id, valid, invalid_reasons: [], warnings: [], trials: { baseline: 3, candidate: 3 }, metrics });

  it('adjusts the gated tests of valid cells with Holm over the cells, a cell counted once, without touching its input', () => {
    const input = [
      cell('a', true, [verdict('x', 0.001, 'regressed'), verdict('y', 0.03, 'regressed'), verdict('z', 0.5, 'unchanged', false)]),
      cell('b', false, [verdict('x', 0.001, 'regressed')]),
      cell('c', true, [verdict('x', 0.02, 'regressed')]),
    ];
    const before = structuredClone(input);
    const out = adjustCells(input, gate({ alpha: 0.05 }));
    expect(input).toEqual(before);
    // Two valid cells: cell a has the smallest p (x2), cell c the next (x1, never below a's).
    const [x, y, z] = out[0]!.metrics;
    expect(x).toMatchObject({ p_adj: 0.002, verdict: 'regressed' });
    expect(y).toMatchObject({ p_adj: 0.06, verdict: 'warn' });
    expect(z).toBe(input[0]!.metrics[2]);
    expect(out[1]!.metrics[0]).toBe(input[1]!.metrics[0]);
    expect(out[2]!.metrics[0]).toMatchObject({ p_adj: 0.02, verdict: 'regressed' });
    const strict = adjustCells(input, gate({ alpha: 0.01 }));
    expect(strict[2]!.metrics[0]).toMatchObject({ verdict: 'warn', p_adj: 0.02 });
    expect(strict[2]!.metrics[0]!.reason).toMatch(/after Holm's correction over the cells is not below 0.01$/);
  });

  it('judges significance on the p-value the verdict states', () => {
    expect(holmByGroupAtAlpha([0.01, 0.04], ['a', 'b'], 0.05).map((a) => [a.pAdj, a.significant])).toEqual([
      [0.02, true],
      [0.04, true],
    ]);
    // One group: one multiplier for both.
    expect(holmByGroupAtAlpha([0.01, 0.04], ['a', 'a'], 0.05).map((a) => [a.pAdj, a.significant])).toEqual([
      [0.01, true],
      [0.04, true],
    ]);
    expect(holmByGroupAtAlpha([0.0499999], ['a'], 0.05)[0]).toMatchObject({ pAdj: 0.05, significant: false });
  });
});
