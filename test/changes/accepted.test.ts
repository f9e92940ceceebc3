// A step for the worse whose pull request accepted the regression (the gate
// stored with the result after the merge): the change point carries who
// accepted it, where and why, and its Markdown says so instead of warning.
import { describe, expect, it } from 'vitest';
import { logChanges } from '../../src/action/history-push.js';
import { renderChanges, renderTrendTable } from '../../src/changes/markdown.js';
import { buildSeries, describeChange, findChanges, type HistoryPoint } from '../../src/changes/series.js';
import { hostLog } from '../../src/pipeline/host.js';
import type { StoredGate } from '../../src/result/types.js';
import type { Logged } from '../support/fake-action-host.js';
import { REALISTIC, syntheticResult } from '../support/synthetic.js';

const commit = (i: number): string => i.toString(16).padStart(40, '0');
const ACCEPTED: StoredGate = {
  verdict: 'fail',
  regressed: 2,
  accepted: { by: 'alice', at: '2026-11-30T10:00:00Z', reason: 'longer context <b>on purpose</b>', via: 'comment' },
  pull_request: 12,
};

/** 30 commits, TPOT 25% slower from commit 15 on; commit 15's stored gate accepted it. */
function history(gateAt15: StoredGate | undefined): HistoryPoint[] {
  return Array.from({ length: 30 }, (_, i) => {
    const doc = syntheticResult(`accepted-${i}`, { ...REALISTIC, requests: 60, trialCv: 0.03 }, { tpot: i >= 15 ? 1.25 : 1 });
    if (i === 15 && gateAt15 !== undefined) doc.gate = gateAt15;
    else if (i > 0) doc.gate = { verdict: 'pass', regressed: 0, accepted: null, pull_request: 100 + i };
    return { commit: commit(i), doc };
  });
}

describe('change points of an accepted step', () => {
  it('carry the acceptance of the first commit after the step, for the worse side only', () => {
    const changes = findChanges(buildSeries(history(ACCEPTED)));
    const tpot = changes.find((c) => c.metric === 'tpot_ms.p50')!;
    expect(tpot.commit).toBe(commit(15));
    expect(tpot.worse).toBe(true);
    expect(tpot.accepted).toEqual({ by: 'alice', at: '2026-11-30T10:00:00Z', reason: 'longer context <b>on purpose</b>', via: 'comment', pullRequest: 12 });
    expect(describeChange(tpot)).toMatch(/ at 0000000 \(worse; p = [\d.]+\); accepted by @alice in pull request #12 \(comment, 2026-11-30\): longer context <b>on purpose<\/b>$/);
    // Without a stored acceptance (older results, or a pull request that accepted nothing) there is none.
    expect(findChanges(buildSeries(history(undefined))).every((c) => c.accepted === null)).toBe(true);
  });

  it('render as accepted (no warning sign), escaped, with links to the commit and the pull request', () => {
    const changes = findChanges(buildSeries(history(ACCEPTED))).filter((c) => c.metric === 'tpot_ms.p50');
    const md = renderChanges(
      changes,
      (c) => `https://github.com/o/r/commit/${c}`,
      (n) => `https://github.com/o/r/pull/${n}`,
    )!;
    expect(md).toContain('- ☑️ tpot_ms.p50 of ');
    expect(md).not.toContain('⚠️');
    // escapeMd keeps @alice and #12 from mentioning or autolinking (a zero-width space after @ and #).
    expect(md.replace(/\u200b/g, '')).toContain('accepted by @alice in pull request #12 (comment, 2026-11-30): longer context &#60;b&#62;on purpose&#60;/b&#62;');
    expect(md).toContain(`([${commit(15).slice(0, 7)}](https://github.com/o/r/commit/${commit(15)}), [#12](https://github.com/o/r/pull/12))`);
    expect(md).toContain('☑️: a step for the worse that the pull request it came from accepted as intended.');
    const trend = renderTrendTable(buildSeries(history(ACCEPTED)), changes)!;
    expect(trend).toMatch(/\| tpot_ms\.p50 \| .* at `0{7}` \(accepted\) \|/);
  });
});

describe('the action announcing change points', () => {
  it('warns of a step for the worse, and only notes one that its pull request accepted: it was intended', () => {
    const logs: Logged[] = [];
    const log = hostLog({ write: (level, text, title) => void logs.push({ level, text, title }) });
    const changes = findChanges(buildSeries(history(ACCEPTED)));
    const plain = findChanges(buildSeries(history(undefined)));
    logChanges(log, [...changes.filter((c) => c.metric === 'tpot_ms.p50'), ...plain.filter((c) => c.metric === 'tpot_ms.p50')]);
    expect(logs.map((l) => [l.level, l.title])).toEqual([
      ['notice', undefined],
      ['warn', 'llm-perf-gate: change point'],
    ]);
    expect(logs[0]!.text).toMatch(/^llm-perf-gate: change point: tpot_ms\.p50 of .* \(worse; p = [\d.]+\); accepted by @alice in pull request #12 /);
    expect(logs[1]!.text).not.toContain('accepted');
  });
});
