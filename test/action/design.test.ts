// The action's orchestrator on fake ports: canned results stand in for the
// servers and the load, a fake history and GitHub record what they were
// asked. No server, process, git remote or network: this runs in the unit
// lane, which refuses all of them (test/support/unit-only.ts).
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RunEvent } from '../../src/action/event.js';
import { runAction } from '../../src/action/main.js';
import type { ResultDoc } from '../../src/result/types.js';
import { fakeHost } from '../support/fake-action-host.js';
import { fakePorts, type Canned } from '../support/fake-ports.js';
import { REALISTIC, syntheticResult } from '../support/synthetic.js';

const BASE = 'b'.repeat(40);
const HEAD = 'c'.repeat(40);

const PR_EVENT: RunEvent = {
  name: 'pull_request',
  owner: 'acme',
  repo: 'serving',
  sha: HEAD,
  ref: 'refs/pull/7/merge',
  defaultBranch: 'main',
  isDefaultBranchPush: false,
  pr: { number: 7, baseSha: BASE, headSha: HEAD, fromFork: false },
  baselineCommit: BASE,
};
const PUSH_EVENT: RunEvent = { ...PR_EVENT, name: 'push', ref: 'refs/heads/main', isDefaultBranchPush: true, pr: null };

/** The one cell of the synthetic results (chat@c=4), gated as the defaults say, with the smallest bootstrap the config allows: this tests the plumbing, not the statistics. */
async function workspace(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'lpg-design-'));
  await writeFile(
    join(dir, 'llm-perf.yml'),
    'target:\n  url: http://127.0.0.1:8000\n  model: m\nscenarios:\n  - name: chat\n    input_tokens: 256\n    output_tokens: 32\nloads:\n  - concurrency: 4\nrun:\n  requests: 200\n  trials: 3\ngate:\n  bootstrap_iterations: 200\n',
  );
  return dir;
}

const same = (seed: string): ResultDoc => syntheticResult(seed);
const slower = (seed: string): ResultDoc => syntheticResult(seed, REALISTIC, { tpot: 1.6 });
const stored = (doc: ResultDoc): Canned['stored'] => ({ doc, history: [], note: `baseline: stored result of the base commit \`${BASE.slice(0, 7)}\``, commit: BASE });

async function act(inputs: Record<string, string>, canned: Canned, event: RunEvent = PR_EVENT) {
  const dir = await workspace();
  const h = fakeHost(dir, { 'history-runs': '1', ...inputs });
  const { factory, calls } = fakePorts(canned);
  const started = performance.now();
  await runAction({ ...h.host, event: () => event }, factory);
  return { ...h, calls, dir, ms: performance.now() - started };
}

describe('the action on fake ports', () => {
  it('a pull request judged against the stored base: measured once, compared, commented, nothing stored', async () => {
    const r = await act({}, { candidate: [same('cand')], stored: stored(same('base')) });
    expect(r.calls.candidate).toHaveLength(1);
    expect(r.calls.stored).toEqual([{ commit: BASE, runs: 1 }]);
    expect(r.calls.pairs).toEqual([]);
    expect(r.calls.comments.map((c) => c.prNumber)).toEqual([7]);
    expect(r.calls.saved).toEqual([]);
    expect(r.failures).toEqual([]);
    expect(r.outputs['baseline-commit']).toBe(BASE);
    expect(r.outputs['comment-url']).toBe('https://github.test/pull/7#comment');
    expect(r.logs.map((l) => l.text)).toContain(
      `run design: measure the candidate, against the newest stored result of ${BASE.slice(0, 7)} or its ancestors; a failure confirmed by measuring the failing cells again`,
    );
  });

  it('a regression is measured again through the port (the failing cell only) and fails the step when it persists', async () => {
    const r = await act({}, { candidate: [slower('cand'), slower('again')], stored: stored(same('base')) });
    expect(r.calls.candidate.map((c) => c.cells)).toEqual([['chat@c=4'], ['chat@c=4']]);
    expect(r.calls.candidate[1]!.outPath).toBe(join(r.dir, 'llm-perf-result.confirm.json'));
    expect(r.outputs.verdict).toBe('fail');
    expect(r.failures).toEqual([expect.stringMatching(/^llm-perf-gate: fail \(2 regressed.*: confirmed: regressed in both measurements: chat@c=4 output_tps, chat@c=4 tpot_ms\.p50/)]);
    expect(r.calls.comments[0]!.report).toContain('confirmed: regressed in both measurements');
  });

  it('a regression that does not persist when measured again does not fail the step, and the report says so', async () => {
    const r = await act({}, { candidate: [slower('cand'), same('again')], stored: stored(same('base')) });
    expect(r.calls.candidate).toHaveLength(2);
    expect(['pass', 'warn', 'inconclusive']).toContain(r.outputs.verdict);
    expect(r.failures).toEqual([]);
    expect(r.calls.comments[0]!.report).toContain('not confirmed: the regressions of the first measurement');
  });

  it('confirm false: one measurement decides', async () => {
    const r = await act({ confirm: 'false' }, { candidate: [slower('cand')], stored: stored(same('base')) });
    expect(r.calls.candidate).toHaveLength(1);
    expect(r.outputs.verdict).toBe('fail');
  });

  it('a baseline server: the pairs decide, the candidate is never measured alone, the history is not read', async () => {
    const r = await act({ 'baseline-url': 'http://127.0.0.1:8001' }, { pairs: [{ baseline: same('b'), candidate: slower('c') }] });
    expect(r.calls.pairs).toHaveLength(1);
    expect(r.calls.candidate).toEqual([]);
    expect(r.calls.stored).toEqual([]);
    expect(r.outputs['baseline-result-path']).toBe(join(r.dir, 'llm-perf-result.baseline.json'));
    expect(r.logs.map((l) => l.text)).toContain('baseline: measured in this job (fake)');
  });

  it('same-job confirm with nothing stored: the pairs are measured after all, and say why', async () => {
    const r = await act({ 'baseline-url': 'http://127.0.0.1:8001', 'same-job': 'confirm' }, { candidate: [same('cand')], pairs: [{ baseline: same('b'), candidate: same('c') }] });
    expect(r.calls.candidate).toHaveLength(1);
    expect(r.calls.stored).toHaveLength(1);
    expect(r.calls.pairs).toHaveLength(1);
    expect(r.logs.map((l) => l.text)).toContain('no stored result (fake); measuring the same-job A/B instead');
  });

  it('same-job confirm: a failure against the stored result is confirmed by pairs; a candidate as fast as stored never starts them', async () => {
    const inputs = { 'baseline-url': 'http://127.0.0.1:8001', 'same-job': 'confirm' };
    const r = await act(inputs, { candidate: [slower('cand')], stored: stored(same('base')), pairs: [{ baseline: same('b'), candidate: slower('c') }] });
    expect(r.calls.pairs.map((p) => p.outPaths)).toEqual([{ baseline: join(r.dir, 'llm-perf-result.baseline.json'), candidate: join(r.dir, 'llm-perf-result.confirm.json') }]);
    expect(r.calls.candidate).toHaveLength(1);
    expect(r.failures).toEqual([expect.stringMatching(/^llm-perf-gate: fail/)]);
    expect(r.calls.comments[0]!.report).toContain('paired A/B against the baseline server in this job (3 pairs per cell)');
    const quick = await act(inputs, { candidate: [same('cand')], stored: stored(same('base')), pairs: [{ baseline: same('b'), candidate: same('c') }] });
    expect(quick.calls.pairs).toEqual([]);
    expect(quick.outputs['baseline-result-path']).toBeUndefined();
  });

  it('a push to the default branch stores its complete result, then runs what follows a store', async () => {
    const doc = same('cand');
    const r = await act({}, { candidate: [doc] }, PUSH_EVENT);
    expect(r.calls.saved.map((s) => s.commit)).toEqual([HEAD]);
    expect(r.calls.afterStore).toEqual([HEAD]);
  });

  it('a run that did not complete fails the step, names its partial result, and stores nothing', async () => {
    const r = await act({}, { candidate: [{ ...same('cand'), status: 'failed', error: 'target went away' }] }, PUSH_EVENT);
    expect(r.failures).toEqual([`the run was failed: target went away (partial result in ${join(r.dir, 'llm-perf-result.json')})`]);
    expect(r.calls.saved).toEqual([]);
    expect(r.calls.comments).toEqual([]);
  });

  it('report mode: the pull request is asked of the API, the result file is judged, nothing measured or stored', async () => {
    const dir = await workspace();
    const path = join(dir, 'r.json');
    const canned: Canned = {
      files: { [path]: { ...same('cand'), git: { commit: HEAD, ref: null } } },
      stored: stored(same('base')),
      pullRequest: (e, n) => ({ ...e, pr: { number: n, baseSha: BASE, headSha: HEAD, fromFork: true, headRepo: 'fork/serving' }, baselineCommit: BASE }),
    };
    const trusted: RunEvent = { ...PR_EVENT, name: 'workflow_run', pr: null, baselineCommit: null, trustedHead: { source: 'workflow_run', headSha: HEAD, headRepo: 'fork/serving', numbers: [] } };
    const h = fakeHost(dir, { mode: 'report', result: 'r.json', 'pr-number': '7', 'history-runs': '1', 'save-history': 'true' });
    const { factory, calls } = fakePorts(canned);
    await runAction({ ...h.host, event: () => trusted }, factory);
    expect(h.failures).toEqual([]);
    expect(calls.pullRequests).toEqual([7]);
    expect(calls.readResult).toEqual([path]);
    expect(calls.stored).toEqual([{ commit: BASE, runs: 1 }]);
    expect(calls.candidate).toEqual([]);
    expect(calls.saved).toEqual([]);
    expect(calls.comments.map((c) => c.prNumber)).toEqual([7]);
  });

  it('report mode: a pr-number the triggering event does not name gets no comment, and the step fails saying why', async () => {
    const dir = await workspace();
    const path = join(dir, 'r.json');
    const canned: Canned = {
      files: { [path]: same('cand') },
      stored: stored(same('base')),
      pullRequest: (e, n) => ({ ...e, pr: { number: n, baseSha: BASE, headSha: 'd'.repeat(40), fromFork: true, headRepo: 'other/serving' }, baselineCommit: BASE }),
    };
    const trusted: RunEvent = { ...PR_EVENT, name: 'workflow_run', pr: null, baselineCommit: null, trustedHead: { source: 'workflow_run', headSha: HEAD, headRepo: 'fork/serving', numbers: [] } };
    const h = fakeHost(dir, { mode: 'report', result: 'r.json', 'pr-number': '7' });
    const { factory, calls } = fakePorts(canned);
    await runAction({ ...h.host, event: () => trusted }, factory);
    expect(calls.comments).toEqual([]);
    expect(h.failures).toEqual([expect.stringMatching(/^Not commenting on pull request #7: /)]);
    expect(h.summaries).toHaveLength(1);
  });
});

describe('the pull-request workflow on fake ports (issue 21, items 1 and 2)', () => {
  const accepted = { by: 'maint', at: '2026-12-01T10:00:00Z', reason: 'the 70B model is slower by design', via: 'comment' as const };

  it('an accepted regression passes the step, the report and the check run say who, when and why', async () => {
    const r = await act({}, { candidate: [slower('cand'), slower('again')], stored: stored(same('base')), acceptance: { acceptance: accepted, ignored: [] } });
    expect(r.failures).toEqual([]);
    expect(r.calls.acceptance).toEqual([7]);
    expect(r.outputs.verdict).toBe('fail');
    const report = r.calls.comments[0]!.report;
    expect(report).toMatch(/^## ☑️ llm-perf-gate: fail · regression accepted/);
    // The @ is broken by a zero-width space: the report names the writer without pinging them.
    expect(report).toContain('Passed: the regression was accepted by @\u200bmaint on 2026-12-01 (comment command): the 70B model is slower by design.');
    expect(r.logs).toContainEqual(expect.objectContaining({ level: 'warn', title: 'llm-perf-gate: regression accepted' }));
    const check = r.calls.checkRuns[0]!;
    expect(check).toMatchObject({ name: 'llm-perf-gate', headSha: HEAD, conclusion: 'neutral' });
    expect(check.title).toMatch(/^llm-perf-gate: fail, accepted by @maint \(2 regressed.*: regression accepted$/);
    expect(check.annotations.map((a) => [a.path, a.level, a.title])).toEqual([
      ['llm-perf.yml', 'warning', 'chat@c=4 output_tps regressed (accepted)'],
      ['llm-perf.yml', 'warning', 'chat@c=4 tpot_ms.p50 regressed (accepted)'],
    ]);
    expect(r.outputs['check-run-url']).toBe('https://github.test/runs/1');
  });

  it('a regression nobody with write access accepted fails, and what was ignored is said', async () => {
    const r = await act(
      {},
      { candidate: [slower('cand'), slower('again')], stored: stored(same('base')), acceptance: { acceptance: null, ignored: ["label 'perf-accepted' added by @drive-by, who has no write access"] } },
    );
    expect(r.failures).toEqual([expect.stringMatching(/^llm-perf-gate: fail \(2 regressed/)]);
    expect(r.logs.map((l) => l.text)).toContain("Acceptance of pull request #7 ignored: label 'perf-accepted' added by @drive-by, who has no write access.");
    expect(r.calls.checkRuns[0]).toMatchObject({ conclusion: 'failure' });
    expect(r.calls.checkRuns[0]!.annotations.every((a) => a.level === 'failure')).toBe(true);
  });

  it('a pass asks nobody about acceptance, and its check run succeeds', async () => {
    const r = await act({}, { candidate: [same('cand')], stored: stored(same('base')) });
    expect(r.calls.acceptance).toEqual([]);
    expect(['success', 'neutral']).toContain(r.calls.checkRuns[0]!.conclusion);
  });

  it('accept-label none and accept-commands false: nothing is asked, the regression fails', async () => {
    const r = await act(
      { 'accept-label': 'none', 'accept-commands': 'false' },
      { candidate: [slower('cand'), slower('again')], stored: stored(same('base')), acceptance: { acceptance: accepted, ignored: [] } },
    );
    expect(r.calls.acceptance).toEqual([]);
    expect(r.failures).toHaveLength(1);
  });

  it("a token without checks: write: no check run, a notice that says to grant it (a fork's token: quietly), the step as it would be", async () => {
    const forbidden = { forbidden: 'Resource not accessible by integration' };
    const r = await act({}, { candidate: [same('cand')], stored: stored(same('base')), checkRun: forbidden });
    expect(r.failures).toEqual([]);
    expect(r.logs).toContainEqual(
      expect.objectContaining({
        level: 'notice',
        text: "No check run: the token may not create one (Resource not accessible by integration). Add 'checks: write' to the workflow's permissions to have one; the step's status and the comment are as they would be.",
      }),
    );
    expect(r.outputs['check-run-url']).toBeUndefined();
    const fork = await act({}, { candidate: [same('cand')], stored: stored(same('base')), checkRun: forbidden }, { ...PR_EVENT, pr: { ...PR_EVENT.pr!, fromFork: true } });
    expect(fork.logs).toContainEqual(expect.objectContaining({ level: 'info', text: "No check run: a fork's token may not create one: Resource not accessible by integration" }));
    expect(fork.logs.filter((l) => l.level === 'notice' && l.text.includes('check run'))).toEqual([]);
    const off = await act({ 'check-run': 'false' }, { candidate: [same('cand')], stored: stored(same('base')) });
    expect(off.calls.checkRuns).toEqual([]);
  });

  it('a push stores the gate with its result: the verdict, and the acceptance of the pull request it was merged from', async () => {
    const r = await act(
      {},
      {
        candidate: [slower('cand'), slower('again')],
        stored: stored(same('base')),
        mergedFrom: 12,
        acceptance: { acceptance: { ...accepted, via: 'label', reason: "label 'perf-accepted'" }, ignored: [] },
      },
      { ...PUSH_EVENT, baselineCommit: BASE },
    );
    expect(r.calls.acceptance).toEqual([12]);
    expect(r.failures).toEqual([]);
    expect(r.calls.saved[0]!.doc.gate).toEqual({ verdict: 'fail', regressed: 2, accepted: { ...accepted, via: 'label', reason: "label 'perf-accepted'" }, pull_request: 12 });
    // A push with nothing to accept still records its verdict.
    const plain = await act({}, { candidate: [same('cand')], stored: stored(same('base')), mergedFrom: 13 }, { ...PUSH_EVENT, baselineCommit: BASE });
    expect(plain.calls.saved[0]!.doc.gate).toMatchObject({ accepted: null, pull_request: 13 });
  });
});
