// Confirm before failing, the decisions: when a verdict needs a second
// measurement, which route, and what two measurements decide together.
import { describe, expect, it } from 'vitest';
import { VERDICT_SCHEMA, type MetricOutcome, type MetricVerdict, type VerdictDoc } from '../../src/gate/verdict.js';
import { confirmRoute, noisyCells, regressedKeys, settle } from '../../src/pipeline/confirm-rule.js';
import { DEFAULT_FAIL_ON } from '../../src/pipeline/publish.js';

function metric(name: string, verdict: MetricOutcome, gated = true): MetricVerdict {
  return {
    metric: name,
    unit: 'ms',
    direction: 'lower',
    gated,
    level: 'fail',
    baseline: 10,
    candidate: 12,
    change_pct: 20,
    interval_pct: [10, 30],
    p: 0.01,
    p_adj: 0.02,
    threshold_pct: 5,
    verdict,
    method: 'bootstrap',
    mde_pct: null,
    reason: 'beyond the threshold',
  };
}

/** A verdict with the overall outcome and counts that compare would give these cells. */
function verdict(cells: Record<string, MetricVerdict[]>, o: { design?: 'paired' | 'unpaired'; slo?: boolean; invalid?: string[] } = {}): VerdictDoc {
  const all = Object.entries(cells)
    .filter(([id]) => !o.invalid?.includes(id))
    .flatMap(([, ms]) => ms.filter((m) => m.gated));
  const count = (v: MetricOutcome): number => all.filter((m) => m.verdict === v).length;
  const regressed = count('regressed');
  const side = { commit: null, model: 'm', started_at: '2026-01-01T00:00:00Z', status: 'complete', tool_version: '0' };
  return {
    schema: VERDICT_SCHEMA,
    tool: { name: 'llm-perf-gate', version: '0' },
    verdict: regressed > 0 || o.slo ? 'fail' : count('warn') > 0 ? 'warn' : 'pass',
    summary: {
      regressed,
      improved: count('improved'),
      unchanged: count('unchanged'),
      warn: count('warn'),
      inconclusive: count('inconclusive'),
      invalid_cells: o.invalid?.length ?? 0,
      slo_failed: o.slo ? 1 : 0,
    },
    reasons: regressed > 0 ? ['something regressed'] : [],
    warnings: [],
    design: o.design ?? 'unpaired',
    settings: { confidence: 0.9, alpha: 0.05, bootstrap_iterations: 100 },
    baseline: side,
    candidate: side,
    cells: Object.entries(cells).map(([id, metrics]) => ({ id, valid: !o.invalid?.includes(id), invalid_reasons: [], warnings: [], trials: { baseline: 3, candidate: 3 }, metrics })),
    slo: o.slo ? [{ check: 'ttft_ms.p50 <= 1', cell: 'a', value: 2, ok: false, note: null }] : [],
  };
}

const opts = { enabled: true, failOn: DEFAULT_FAIL_ON, baselineServer: false };

describe('confirmRoute', () => {
  const failing = verdict({ a: [metric('ttft_ms.p95', 'regressed'), metric('output_tps', 'unchanged')], b: [metric('ttft_ms.p95', 'unchanged')], c: [metric('tpot_ms.p50', 'regressed')] });

  it('repeats the failing cells of an unpaired failure, or pairs against a baseline server', () => {
    expect(confirmRoute(failing, opts)).toEqual({ kind: 'repeat', cells: ['a', 'c'] });
    expect(confirmRoute(failing, { ...opts, baselineServer: true })).toEqual({ kind: 'paired' });
  });

  it('leaves alone what a second measurement cannot change or what does not fail', () => {
    expect(confirmRoute(failing, { ...opts, enabled: false })).toEqual({ kind: 'none' });
    expect(confirmRoute(failing, { ...opts, failOn: [] })).toEqual({ kind: 'none' });
    // An invalid verdict that fails the step (the default fail-on) fails for what it is: measuring its valid cells again would not change it.
    const invalid = { ...verdict({ a: [metric('ttft_ms.p95', 'regressed')], b: [metric('ttft_ms.p95', 'unchanged')] }, { invalid: ['b'] }), verdict: 'invalid' as const };
    expect(confirmRoute(invalid, opts)).toEqual({ kind: 'none' });
    expect(confirmRoute({ ...invalid, verdict: 'fail' }, opts)).toEqual({ kind: 'repeat', cells: ['a'] });
    // Measured in this job already.
    expect(confirmRoute(verdict({ a: [metric('ttft_ms.p95', 'regressed')] }, { design: 'paired' }), opts)).toEqual({ kind: 'none' });
    // An SLO bound is absolute: nothing regressed against the baseline.
    expect(confirmRoute(verdict({ a: [metric('ttft_ms.p95', 'unchanged')] }, { slo: true }), opts)).toEqual({ kind: 'none' });
    expect(confirmRoute(verdict({ a: [metric('ttft_ms.p95', 'unchanged')] }), opts)).toEqual({ kind: 'none' });
    // Ungated metrics and invalid cells do not count.
    expect(regressedKeys(verdict({ a: [metric('e2e_ms.p50', 'regressed', false)], b: [metric('ttft_ms.p95', 'regressed')] }, { invalid: ['b'] }))).toEqual([]);
  });
});

describe('cells that noise made not comparable (issue 23, item 4)', () => {
  const noisy = (reason: string): VerdictDoc => {
    const v = { ...verdict({ a: [metric('ttft_ms.p95', 'unchanged')], b: [metric('ttft_ms.p95', 'regressed')] }, { invalid: ['b'] }), verdict: 'invalid' as const };
    v.cells[1]!.invalid_reasons = [reason];
    return v;
  };

  it('are measured once more, whatever fail-on says; work that differed is not', () => {
    const v = noisy('other processes used 0.4% of the CPU beside the baseline and 45.0% beside the candidate: more load beside the candidate, over the 25.0% limit');
    expect(noisyCells(v)).toEqual(['b']);
    expect(confirmRoute(v, opts)).toEqual({ kind: 'repeat', cells: ['b'] });
    expect(confirmRoute(v, { ...opts, failOn: [] })).toEqual({ kind: 'repeat', cells: ['b'] });
    expect(confirmRoute(noisy('client stall: only 1 of 6 pairs were measured alike'), opts)).toEqual({ kind: 'repeat', cells: ['b'] });
    expect(confirmRoute(noisy('different workload: the prompts or max_tokens differ (workload hash)'), opts)).toEqual({ kind: 'none' });
    expect(confirmRoute(v, { ...opts, enabled: false })).toEqual({ kind: 'none' });
  });

  it('a cell the first measurement could not judge is judged by the second alone, or stays invalid and says so', () => {
    const first = noisy('other processes used 0.4% of the CPU beside the baseline and 45.0% beside the candidate');
    const judged = settle(first, verdict({ a: [metric('ttft_ms.p95', 'unchanged')], b: [metric('ttft_ms.p95', 'regressed')] }));
    expect(judged.verdict.verdict).toBe('fail');
    expect(judged.verdict.cells[1]!.metrics[0]!.verdict).toBe('regressed');
    expect(judged.verdict.reasons[0]).toBe('measured again after noise made them not comparable: b (judged on the second measurement)');
    const still = settle(first, first);
    expect(still.verdict.verdict).toBe('invalid');
    expect(still.verdict.reasons[0]).toBe('still not comparable after measuring again in this job: b');
  });
});

describe('settle', () => {
  it('fails when a regression persists, and warns about one seen in one measurement only', () => {
    const first = verdict({ a: [metric('ttft_ms.p95', 'regressed'), metric('output_tps', 'regressed')] });
    const second = verdict({ a: [metric('ttft_ms.p95', 'regressed'), metric('output_tps', 'unchanged'), metric('tpot_ms.p50', 'regressed')] });
    const s = settle(first, second);
    expect(s.persisted).toEqual(['a ttft_ms.p95']);
    expect(s.cleared).toEqual(['a output_tps']);
    expect(s.verdict.verdict).toBe('fail');
    expect(s.verdict.summary).toMatchObject({ regressed: 1, warn: 1, unchanged: 1 });
    const tpot = s.verdict.cells[0]!.metrics.find((m) => m.metric === 'tpot_ms.p50')!;
    expect(tpot.verdict).toBe('warn');
    expect(tpot.reason).toMatch(/^regressed in the confirmation only/);
    expect(s.verdict.reasons[0]).toBe('confirmed: regressed in both measurements: a ttft_ms.p95');
    // The second verdict itself is not changed.
    expect(second.cells[0]!.metrics[2]!.verdict).toBe('regressed');
  });

  it('passes when the regression does not persist', () => {
    const first = verdict({ a: [metric('ttft_ms.p95', 'regressed')] });
    const s = settle(first, verdict({ a: [metric('ttft_ms.p95', 'unchanged')] }));
    expect(s.persisted).toEqual([]);
    expect(s.verdict.verdict).toBe('pass');
    expect(s.verdict.reasons[0]).toBe('not confirmed: the regression of the first measurement (a ttft_ms.p95) did not persist when measured again');
    // A different metric regressing the second time only is a warning, not a failure.
    const moved = settle(first, verdict({ a: [metric('ttft_ms.p95', 'unchanged'), metric('output_tps', 'regressed')] }));
    expect(moved.verdict.verdict).toBe('warn');
    expect(moved.verdict.summary.regressed).toBe(0);
  });

  it('keeps a failed SLO check of the second measurement a failure', () => {
    const s = settle(verdict({ a: [metric('ttft_ms.p95', 'regressed')] }), verdict({ a: [metric('ttft_ms.p95', 'unchanged')] }, { slo: true }));
    expect(s.verdict.verdict).toBe('fail');
  });
});
