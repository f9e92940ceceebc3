// The step's status under fail-on, and what an invalid or inconclusive
// verdict says about it (issue 23: a green check means measured and not regressed).
import { describe, expect, it } from 'vitest';
import { VERDICT_SCHEMA, type Overall, type VerdictDoc } from '../../src/gate/verdict.js';
import { DEFAULT_FAIL_ON, failOnText, outcome, stepNote, type FailOn } from '../../src/pipeline/publish.js';
import { renderReport } from '../../src/pipeline/report.js';
import type { ResultDoc } from '../../src/result/types.js';

function verdict(overall: Overall): VerdictDoc {
  const side = { commit: null, model: 'm', started_at: '2026-01-01T00:00:00Z', status: 'complete', tool_version: '0' };
  const invalid = overall === 'invalid';
  return {
    schema: VERDICT_SCHEMA,
    tool: { name: 'llm-perf-gate', version: '0' },
    verdict: overall,
    summary: {
      regressed: overall === 'fail' ? 1 : 0,
      improved: 0,
      unchanged: 0,
      warn: overall === 'warn' ? 1 : 0,
      inconclusive: overall === 'inconclusive' ? 1 : 0,
      invalid_cells: invalid ? 1 : 0,
      slo_failed: 0,
    },
    reasons: invalid ? ['chat@c=4: error rate 12.0% on the candidate exceeds the limit 5.0%'] : [],
    warnings: [],
    design: 'unpaired',
    settings: { confidence: 0.9, alpha: 0.05, bootstrap_iterations: 100 },
    baseline: side,
    candidate: side,
    cells: [
      {
        id: 'chat@c=4',
        valid: !invalid,
        invalid_reasons: invalid ? ['error rate 12.0% on the candidate exceeds the limit 5.0%'] : [],
        warnings: [],
        trials: { baseline: 2, candidate: 2 },
        metrics: [
          {
            metric: 'ttft_ms.p95',
            unit: 'ms',
            direction: 'lower',
            gated: true,
            level: 'fail',
            baseline: 10,
            candidate: 11,
            change_pct: 10,
            interval_pct: null,
            p: null,
            p_adj: null,
            threshold_pct: 10,
            verdict: overall === 'inconclusive' ? 'inconclusive' : 'unchanged',
            method: 'bootstrap',
            mde_pct: null,
            reason: 'too few samples (32; p95 needs 60)',
          },
        ],
      },
    ],
    slo: [],
  };
}

const ALL: Overall[] = ['pass', 'warn', 'fail', 'inconclusive', 'invalid'];
const failingUnder = (failOn: FailOn): Overall[] => ALL.filter((o) => outcome(verdict(o), failOn).failing);

describe('outcome', () => {
  it('fails on a regression and on an invalid comparison by default', () => {
    expect(failingUnder(DEFAULT_FAIL_ON)).toEqual(['fail', 'invalid']);
    expect(outcome(verdict('invalid'), DEFAULT_FAIL_ON)).toEqual({ failing: true, line: 'llm-perf-gate: invalid (0 regressed, 0 improved, 0 SLO failures)' });
  });

  it('fails on exactly the verdicts of the set', () => {
    expect(failingUnder(['fail'])).toEqual(['fail']);
    expect(failingUnder(['fail', 'warn'])).toEqual(['warn', 'fail']);
    expect(failingUnder(['fail', 'invalid', 'warn', 'inconclusive'])).toEqual(['warn', 'fail', 'inconclusive', 'invalid']);
    expect(failingUnder([])).toEqual([]);
  });

  it('names a set as the input writes it', () => {
    expect(failOnText(DEFAULT_FAIL_ON)).toBe('regression, invalid');
    expect(failOnText([])).toBe('never');
  });
});

describe('stepNote', () => {
  it('says nothing for pass, warn and fail', () => {
    for (const o of ['pass', 'warn', 'fail'] as const) expect(stepNote(verdict(o), DEFAULT_FAIL_ON)).toBeNull();
  });

  it('an invalid verdict: why the check failed, and how to let it pass', () => {
    const n = stepNote(verdict('invalid'), DEFAULT_FAIL_ON)!;
    expect(n.headline).toBe('check failed: no valid comparison was made');
    expect(n.detail).toBe(
      'The check failed because no valid comparison was made (fail-on (regression, invalid) includes invalid): chat@c=4: error rate 12.0% on the candidate exceeds the limit 5.0%. Fix what made the results not comparable (reasons below), or set fail-on to regression to let an invalid comparison pass with a warning.',
    );
    const green = stepNote(verdict('invalid'), ['fail'])!;
    expect(green.headline).toBe('not a pass: no valid comparison was made');
    expect(green.detail).toMatch(/^Not a pass: no valid comparison was made, and the check is green only because fail-on \(regression\) leaves out invalid: chat@c=4: error rate/);
    expect(green.detail).toMatch(/add invalid to fail-on to block merges on it\.$/);
  });

  it('an inconclusive verdict is never green without saying which metric and what to measure', () => {
    const n = stepNote(verdict('inconclusive'), DEFAULT_FAIL_ON)!;
    expect(n.headline).toBe('not a pass: too little data to decide');
    expect(n.detail).toContain('chat@c=4 ttft_ms.p95: too few samples (32; p95 needs 60)');
    expect(n.detail).toContain('raise run.requests or run.trials');
    expect(stepNote(verdict('inconclusive'), ['fail', 'inconclusive'])!.headline).toBe('check failed: too little data to decide');
  });
});

describe('renderReport', () => {
  // The parts of a result the report reads: no cells, a config without a price.
  const doc = { cells: [], config: {} } as unknown as ResultDoc;
  it('puts the step note first under the headline, escaped', () => {
    const v = verdict('invalid');
    v.cells[0]!.invalid_reasons = ['model <b>x</b> differs'];
    const md = renderReport(v, doc, { baselineNote: 'baseline: file `b.json`', noBaseline: false, trend: null, stepNote: stepNote(v, DEFAULT_FAIL_ON) });
    const lines = md.split('\n').filter((l) => l.trim() !== '');
    // The headline says it, and the reason is the very next line, before the counts.
    expect(lines[0]).toBe('## 🚫 llm-perf-gate: invalid · check failed: no valid comparison was made');
    const at = lines.findIndex((l) => l.startsWith('**The check failed because no valid comparison was made'));
    expect(at).toBe(1);
    expect(lines.find((l) => l.startsWith('Baseline: '))).toBe('Baseline: file `b.json`');
    expect(lines[at]).toContain('model &#60;b&#62;x&#60;/b&#62; differs');
    expect(md).not.toContain('<b>');
    // Without a note the baseline line is where it was.
    const plain = renderReport(verdict('pass'), doc, { baselineNote: 'baseline: file `b.json`', noBaseline: false, trend: null });
    expect(plain).not.toContain('**The check');
    expect(plain.split('\n')[0]).toBe('## ✅ llm-perf-gate: pass');
  });
});

describe('an accepted regression (issue 21, item 1)', () => {
  const acceptance = { by: 'maint', at: '2026-12-01T10:00:00Z', reason: 'the 70B model is slower by design', via: 'comment' as const };

  it('passes the step under every fail-on, with a note that says who, when and why', () => {
    const v = { ...verdict('fail'), accepted: acceptance };
    for (const failOn of [DEFAULT_FAIL_ON, ['fail', 'invalid', 'warn', 'inconclusive'] as FailOn]) expect(outcome(v, failOn).failing).toBe(false);
    expect(outcome(v, DEFAULT_FAIL_ON).line).toBe('llm-perf-gate: fail, accepted by @maint (1 regressed, 0 improved, 0 SLO failures)');
    expect(stepNote(v, DEFAULT_FAIL_ON)).toEqual({
      headline: 'regression accepted',
      detail:
        'Passed: the regression was accepted by @maint on 2026-12-01 (comment command): the 70B model is slower by design. The result stored after the merge carries the acceptance, and later pull requests are judged against the new level. It holds for this head commit only: a new push needs a new acceptance.',
    });
  });

  it('does not cover a failed SLO check or an invalid comparison', () => {
    const slo = { ...verdict('fail'), accepted: acceptance };
    slo.summary = { ...slo.summary, slo_failed: 1 };
    expect(outcome(slo, DEFAULT_FAIL_ON).failing).toBe(true);
    expect(outcome({ ...verdict('invalid'), accepted: acceptance }, DEFAULT_FAIL_ON).failing).toBe(true);
  });
});
