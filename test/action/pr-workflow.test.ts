// The pull-request workflow's words around a verdict (issue 31): how to
// accept a regression, as the inputs configure it, and what happens next
// after a run with nothing to compare with.
import { describe, expect, it } from 'vitest';
import { readInputs } from '../../src/action/inputs.js';
import { acceptHint, firstRunNext } from '../../src/action/pr-workflow.js';
import type { VerdictDoc } from '../../src/gate/verdict.js';

const inputs = (values: Record<string, string> = {}) =>
  readInputs(
    (name) => values[name] ?? '',
    () => {},
  );
const verdict = (over: { verdict?: VerdictDoc['verdict']; regressed?: number; slo_failed?: number; accepted?: boolean } = {}): VerdictDoc =>
  ({
    verdict: over.verdict ?? 'fail',
    summary: { regressed: over.regressed ?? 2, slo_failed: over.slo_failed ?? 0 },
    ...(over.accepted ? { accepted: { by: 'maint', at: '2026-12-01T10:00:00Z', via: 'label', reason: 'x' } } : {}),
  }) as unknown as VerdictDoc;

describe('acceptHint', () => {
  it('names the label and the command as configured', () => {
    expect(acceptHint(verdict(), inputs(), 7)).toBe(
      '**To accept this regression as intended:** someone with write access adds the label `perf-accepted` or comments `/llm-perf-gate accept <reason>`; a workflow on those events re-judges this verdict in seconds, without measuring (llm-perf-gate\'s docs/action.md, "Accepting an intended regression"), else it counts at the next run.',
    );
    expect(acceptHint(verdict(), inputs({ 'accept-label': 'perf-ok', 'accept-commands': 'false' }), 7)).toContain('someone with write access adds the label `perf-ok`; a workflow');
    expect(acceptHint(verdict(), inputs({ 'accept-label': 'none' }), 7)).toContain('someone with write access comments `/llm-perf-gate accept <reason>`; a workflow');
  });

  it('says nothing where nothing could accept: no regression to accept, already accepted, no pull request, no comment, no way configured', () => {
    expect(acceptHint(verdict({ verdict: 'pass', regressed: 0 }), inputs(), 7)).toBeNull();
    expect(acceptHint(verdict({ slo_failed: 1 }), inputs(), 7)).toBeNull();
    expect(acceptHint(verdict({ accepted: true }), inputs(), 7)).toBeNull();
    expect(acceptHint(verdict(), inputs(), null)).toBeNull();
    expect(acceptHint(verdict(), inputs({ comment: 'never' }), 7)).toBeNull();
    expect(acceptHint(verdict(), inputs({ 'accept-label': 'none', 'accept-commands': 'false' }), 7)).toBeNull();
  });
});

describe('firstRunNext', () => {
  it('a push that stores says so; a pull request hears that the push after the merge stores the baseline, or to measure the base in the same job', () => {
    expect(firstRunNext(inputs(), true)).toEqual(['**Next:** this result is stored on `llm-perf-history` as the baseline: pull requests based on this commit or a later one are judged against it.']);
    const pr = firstRunNext(inputs({ 'history-branch': 'perf-data' }), false);
    expect(pr[0]).toMatch(/^\*\*Next:\*\* when this is merged, the push to the default branch measures it and stores the result on `perf-data`/);
    expect(pr[1]).toContain('`baseline-url`');
    expect(firstRunNext(inputs({ baseline: 'none' }), false)[0]).toContain('input `baseline` is none');
  });
});
