// What a verdict cost and what an undecided one rules out, in plain words
// (src/report/cost.ts): the headline a reviewer reads first.
import { describe, expect, it } from 'vitest';
import { VERDICT_SCHEMA, type MetricVerdict, type VerdictDoc } from '../../src/gate/verdict.js';
import { costLine, undecidedSentence } from '../../src/report/cost.js';

function tps(o: Partial<MetricVerdict> = {}): MetricVerdict {
  return {
    metric: 'output_tps',
    unit: 'tok/s',
    direction: 'higher',
    gated: true,
    level: 'fail',
    baseline: 100,
    candidate: 97,
    change_pct: -3,
    interval_pct: [-8, 2],
    p: 0.2,
    p_adj: 0.2,
    // Signed the bad way: a drop, for a metric where higher is better.
    threshold_pct: -5,
    verdict: 'inconclusive',
    method: 'paired',
    mde_pct: 8,
    reason: 'the interval reaches past the threshold',
    ...o,
  };
}

function verdict(design: VerdictDoc['design'], m: MetricVerdict, cost?: VerdictDoc['cost']): VerdictDoc {
  const side = { commit: null, model: 'm', started_at: '2026-01-01T00:00:00Z', status: 'complete', tool_version: '0' };
  return {
    schema: VERDICT_SCHEMA,
    tool: { name: 'llm-perf-gate', version: '0' },
    verdict: 'inconclusive',
    summary: { regressed: 0, improved: 0, unchanged: 0, warn: 0, inconclusive: 1, invalid_cells: 0, slo_failed: 0 },
    reasons: [],
    warnings: [],
    design,
    settings: { confidence: 0.9, alpha: 0.05, bootstrap_iterations: 100 },
    baseline: side,
    candidate: side,
    cells: [{ id: 'chat@c=1', valid: true, invalid_reasons: [], warnings: [], trials: { baseline: 6, candidate: 6 }, metrics: [m] }],
    slo: [],
    ...(cost === undefined ? {} : { cost }),
  } as VerdictDoc;
}

const sequentialCost = { trials: 10, requests: 2000, wall_s: 102, server_minutes: 3.4, gpu_minutes: null, budget: { trials: 10, minutes: 30, stopped: 'budget-trials' as const } };

describe('the cost of a verdict', () => {
  it('says what a sequential run measured and why it stopped', () => {
    expect(costLine(verdict('paired', tps(), sequentialCost))).toBe(
      'cost: 10 pairs, 2000 requests, 1.7 min of measuring, 3.4 server-minutes (sequential, stopped undecided at the budget; budget 10 pairs, 30 min).',
    );
    expect(costLine(verdict('paired', tps()))).toBeNull();
  });

  it('a paired run undecided at its budget: what the data rule out, and about how many pairs would decide it', () => {
    // Interval -8% .. +2% around -3% against a 5% threshold: half-width 5 points, 2 from the threshold.
    expect(undecidedSentence(verdict('paired', tps(), sequentialCost))).toMatch(
      /^Undecided after 10 pairs, the budget: output tok\/s moved -3%, no drop beyond 8\.0%; about \d+ pairs in all would decide it\.$/,
    );
  });

  it('against stored runs, points at the same-job A/B instead of a trial count that cannot decide', () => {
    const m = tps({ noise: { jobs: 10, job_cv_pct: 6.24, trial_cv_pct: 2, mdc_pct: -14, swing_pct: [-9, 8] } });
    const s = undecidedSentence({ ...verdict('history', m), cells: [{ id: 'chat@c=1', valid: true, invalid_reasons: [], warnings: [], trials: { baseline: 3, candidate: 3 }, metrics: [m] }] });
    expect(s).toBe(
      "Undecided after 3 trials: output tok/s moved -3%, no drop beyond 8.0%; more trials of this job cannot narrow the stored runs' spread (about 6.2% from job to job): a same-job A/B (the action's baseline-url, or 'llm-perf-gate ab') would decide it.",
    );
    expect(s).not.toMatch(/trials in all/);
  });

  it('says nothing when every gated metric is decided', () => {
    expect(undecidedSentence({ ...verdict('paired', tps({ verdict: 'unchanged', interval_pct: [-2, 2] })), verdict: 'pass' })).toBeNull();
  });
});
