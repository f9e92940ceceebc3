// Which events re-judge without measuring (src/action/rejudge.ts), and the
// verdict a comment keeps for it (src/action/stored-verdict.ts): what is
// kept, and that a line that is not ours, or not whole, is refused by name.
// The re-judge itself runs through the built action: test/action/accept.test.ts.
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { RunEvent, Trigger } from '../../src/action/event.js';
import { readInputs } from '../../src/action/inputs.js';
import { rejudgeCall } from '../../src/action/rejudge.js';
import { decodeStoredVerdict, encodeStoredVerdict, MAX_STORED_CHARS } from '../../src/action/stored-verdict.js';
import type { VerdictDoc } from '../../src/gate/verdict.js';

const inputs = (values: Record<string, string> = {}) =>
  readInputs(
    (name) => values[name] ?? '',
    () => {},
  );
const event = (trigger: Trigger | null): RunEvent => ({
  name: 'x',
  owner: 'o',
  repo: 'r',
  sha: 'a'.repeat(40),
  ref: '',
  defaultBranch: 'main',
  isDefaultBranchPush: false,
  pr: null,
  baselineCommit: null,
  trigger,
});
const comment = (body: string, o: { pr?: number | null; bot?: boolean } = {}): Trigger => ({
  kind: 'comment',
  pr: o.pr === undefined ? 7 : o.pr,
  body,
  author: o.bot ? 'renovate[bot]' : 'maint',
  bot: o.bot ?? false,
});

describe('rejudgeCall', () => {
  it('the accept label, added or removed, re-judges; another label, or no label or comment, measures as ever', () => {
    expect(rejudgeCall(event({ kind: 'label', action: 'labeled', label: 'perf-accepted', pr: 7 }), inputs())).toEqual({ pr: 7 });
    expect(rejudgeCall(event({ kind: 'label', action: 'unlabeled', label: 'perf-ok', pr: 7 }), inputs({ 'accept-label': 'perf-ok' }))).toEqual({ pr: 7 });
    expect(rejudgeCall(event({ kind: 'label', action: 'labeled', label: 'run-perf', pr: 7 }), inputs())).toBeNull();
    expect(rejudgeCall(event({ kind: 'label', action: 'labeled', label: 'perf-accepted', pr: 7 }), inputs({ 'accept-label': 'none' }))).toBeNull();
    expect(rejudgeCall(event(null), inputs())).toBeNull();
  });

  it('a comment event re-judges on a command only, and never measures', () => {
    expect(rejudgeCall(event(comment('/llm-perf-gate accept the bigger model')), inputs())).toEqual({ pr: 7 });
    expect(rejudgeCall(event(comment('/llm-perf-gate unaccept')), inputs())).toEqual({ pr: 7 });
    // A command without a reason is re-judged too: the notice that it gives none is the acceptance's own.
    expect(rejudgeCall(event(comment('/llm-perf-gate accept')), inputs())).toEqual({ pr: 7 });
    expect(rejudgeCall(event(comment('lgtm')), inputs())).toEqual({ skip: 'the comment gives no /llm-perf-gate command' });
    expect(rejudgeCall(event(comment('/llm-perf-gate accept x', { pr: null })), inputs())).toEqual({ skip: 'the comment is on an issue, not a pull request' });
    expect(rejudgeCall(event(comment('/llm-perf-gate accept x', { bot: true })), inputs())).toEqual({ skip: 'the comment is by a bot (@renovate[bot])' });
    expect(rejudgeCall(event(comment('/llm-perf-gate accept because')), inputs({ 'accept-commands': 'false' }))).toEqual({ skip: "comment commands accept nothing here ('accept-commands' is false)" });
  });
});

const verdict = (): VerdictDoc =>
  ({
    verdict: 'fail',
    summary: { regressed: 1, slo_failed: 0 },
    slo: [],
    accepted: { by: 'maint', at: '2026-12-01T10:00:00Z', via: 'label', reason: "label 'perf-accepted'" },
    cells: [
      {
        id: 'chat@c=4',
        valid: true,
        metrics: [
          { metric: 'tpot_ms.p50', gated: true, verdict: 'regressed' },
          { metric: 'tpot_ms.p90', gated: false, verdict: 'regressed' },
        ],
      },
    ],
  }) as unknown as VerdictDoc;

describe('the stored verdict', () => {
  it('keeps the gated metrics and the acceptance apart from the verdict as measured', () => {
    const text = encodeStoredVerdict(verdict())!;
    expect(text).toMatch(/^[A-Za-z0-9+/=]+$/);
    const back = decodeStoredVerdict(text);
    if ('problem' in back) throw new Error(back.problem);
    expect(back.accepted).toEqual(verdict().accepted);
    expect(back.verdict.accepted).toBeUndefined();
    expect(back.verdict.cells[0]!.metrics.map((m) => m.metric)).toEqual(['tpot_ms.p50']);
  });

  it('is not kept when it would not fit the comment', () => {
    // Cells whose names do not repeat compress badly: enough of them pass the limit.
    const many = { ...verdict(), cells: Array.from({ length: 4000 }, (_, i) => ({ ...verdict().cells[0]!, id: `cell-${i}-${(i * 2654435761) % 1e9}` })) };
    expect(encodeStoredVerdict(many)).toBeNull();
    expect(MAX_STORED_CHARS).toBeLessThan(65_536 / 2);
  });

  it('a line that is not whole, not this format, or not a verdict is refused, saying which', () => {
    expect(decodeStoredVerdict('AAAA')).toMatchObject({ problem: expect.stringMatching(/^its stored verdict cannot be read \(/) });
    const packed = (doc: unknown): string => gzipSync(Buffer.from(JSON.stringify(doc))).toString('base64');
    expect(decodeStoredVerdict(packed({ format: 'llm-perf-gate/stored-verdict@9', verdict: {} }))).toEqual({
      problem: 'its stored verdict is not llm-perf-gate/stored-verdict@1 (written by another version of llm-perf-gate?)',
    });
    expect(decodeStoredVerdict(packed({ format: 'llm-perf-gate/stored-verdict@1', verdict: { verdict: 'fail' } }))).toEqual({
      problem: 'its stored verdict lacks the verdict, summary, cells or SLO checks',
    });
    // A small line that inflates past the bound is refused, not inflated.
    expect(decodeStoredVerdict(gzipSync(Buffer.alloc(16 * 1024 * 1024, 32)).toString('base64'))).toMatchObject({ problem: expect.stringMatching(/cannot be read/) });
  });
});
