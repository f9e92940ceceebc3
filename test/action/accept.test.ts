// Issue 21, items 1 and 2, through the built action and a fake GitHub API:
// in the fork-safe two-workflow setup the privileged job (report mode) reads
// who labelled the pull request or commanded the acceptance, and asks the API
// whether they may write; a check run goes beside the job's status when the
// token allows it.
import { execFileSync } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { actionCheckout, runAction, type ActionRun } from '../support/action-env.js';
import { buildDist } from '../support/cli.js';
import { ACTIONS_BOT, startFakeGitHub, type FakeGitHub } from '../support/fake-github.js';
import { REALISTIC, syntheticResult } from '../support/synthetic.js';

let gh: FakeGitHub;
let work: string;
let head = '';
let base = '';
const repository = { full_name: 'acme/serving', default_branch: 'main' };
const LABEL_AT = '2026-12-01T10:00:00Z';

const git = (...args: string[]): string =>
  execFileSync('git', args, { cwd: work, encoding: 'utf8', env: { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@t', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@t' } }).trim();

beforeAll(async () => {
  buildDist();
  gh = await startFakeGitHub();
  ({ work } = await actionCheckout());
  git('commit', '-q', '--allow-empty', '-m', 'base');
  base = git('rev-parse', 'HEAD');
  git('commit', '-q', '--allow-empty', '-m', 'a bigger model');
  head = git('rev-parse', 'HEAD');
  // The untrusted half's artifact: a candidate 60% slower per token than the baseline file.
  await writeFile(join(work, 'base.json'), JSON.stringify({ ...syntheticResult('base'), git: { commit: base, ref: null } }));
  await writeFile(join(work, 'artifact.json'), JSON.stringify({ ...syntheticResult('cand', REALISTIC, { tpot: 1.6 }), git: { commit: head, ref: null } }));
  gh.pulls.set('acme/serving#10', { number: 10, base: { sha: base, ref: 'main' }, head: { sha: head, ref: 'f', repo: { full_name: 'forker/serving' } } });
  gh.permissions.set('maint', 'write');
  gh.permissions.set('forker', 'read');
}, 120_000);

/** The action's own comment, as a run on `sha` left it: its report on that head commit shown since `since`. */
const reported = (sha: string, since = '2026-12-01T09:00:00.000Z'): void =>
  void gh.seed('acme', 'serving', 10, [{ body: `<!-- llm-perf-gate:report -->\n<!-- llm-perf-gate:head ${sha} since ${since} -->\nearlier report`, user: ACTIONS_BOT }]);

beforeEach(() => {
  gh.labelEvents.clear();
  gh.comments('acme', 'serving', 10).splice(0);
  // Every test starts after a report on the head was shown, before any acceptance.
  reported(head);
  gh.checkRuns.splice(0);
  gh.checksForbidden = false;
  gh.permissionFailures.clear();
});

afterAll(async () => {
  await gh?.close();
});

/** The privileged half: report mode on the workflow_run of the fork's pull request. */
function report(inputs: Record<string, string> = {}, sha = head): Promise<ActionRun> {
  return runAction('index', {
    workspace: work,
    event: 'workflow_run',
    payload: { repository, workflow_run: { id: 1, event: 'pull_request', head_sha: sha, head_repository: { full_name: 'forker/serving' }, pull_requests: [] } },
    sha: base,
    ref: 'refs/heads/main',
    inputs: { 'github-token': 'ghs_test_token_123', mode: 'report', result: 'artifact.json', 'pr-number': '10', baseline: 'base.json', ...inputs },
    apiUrl: gh.url,
  });
}

const labelled = (actor: string): void => void gh.labelEvents.set('acme/serving#10', [{ event: 'labeled', label: { name: 'perf-accepted' }, actor: { login: actor }, created_at: LABEL_AT }]);

describe('accepting an intended regression, fork-safe setup', () => {
  it('unaccepted, the regression fails the step, and the check run fails with an annotation per regressed metric', async () => {
    const r = await report();
    expect(r.code, r.stdout).toBe(1);
    expect(r.stdout).toMatch(/::error::llm-perf-gate: fail \(\d+ regressed/);
    expect(gh.checkRuns).toHaveLength(1);
    const run = gh.checkRuns[0]!.body as { head_sha: string; conclusion: string; output: { title: string; annotations: unknown[] } };
    expect(run).toMatchObject({ head_sha: head, conclusion: 'failure', name: 'llm-perf-gate', status: 'completed' });
    expect(run.output.title).toMatch(/^llm-perf-gate: fail \(/);
    expect(r.outputs['check-run-url']).toBe('https://github.example/acme/serving/runs/1');
    // How to accept it, in one line of the comment and of the check run, with the label and command as configured (issue 31).
    const how =
      '**To accept this regression as intended:** someone with write access adds the label `perf-accepted` or comments `/llm-perf-gate accept <reason>`; a workflow on those events re-judges this verdict in seconds';
    expect(gh.comments('acme', 'serving', 10)[0]!.body).toContain(how);
    expect((run.output as unknown as { summary: string }).summary).toContain(how);
  }, 60_000);

  it('the label added by someone with write access: the step passes, the comment and check run say who and when', async () => {
    labelled('maint');
    const r = await report();
    expect(r.code, r.stdout).toBe(0);
    expect(r.stdout).toContain(`Pull request #10: regression accepted by @maint (label, ${LABEL_AT}): label 'perf-accepted'`);
    const comment = gh.comments('acme', 'serving', 10)[0]!.body;
    expect(comment).toMatch(/## ☑️ llm-perf-gate: fail · regression accepted/);
    expect(comment).toContain('accepted by @\u200bmaint on 2026-12-01 (pull-request label)');
    expect((gh.checkRuns[0]!.body as { conclusion: string }).conclusion).toBe('neutral');
    expect(comment).not.toContain('To accept this regression');
    // Beside a passing step, the accepted regressions are warnings, not errors (issue 31).
    expect(r.stdout).not.toMatch(/^::error/m);
    expect(r.stdout).toMatch(/^::warning title=llm-perf-gate%3A chat@c=4 tpot_ms\.p50 regressed \(accepted\)::tpot_ms\.p50 /m);
    // Who may write was asked of the API, not taken from the event.
    expect(gh.requests.some((q) => q.path === '/repos/acme/serving/collaborators/maint/permission')).toBe(true);
  }, 60_000);

  it('the label added by someone without write access (the fork author) is ignored, and the step fails', async () => {
    labelled('forker');
    const r = await report();
    expect(r.code, r.stdout).toBe(1);
    expect(r.stdout).toContain("Acceptance of pull request #10 ignored: label 'perf-accepted' added by @forker, who has no write access.");
  }, 60_000);

  it('a comment command by someone with write access accepts with its reason; by the fork author it is ignored', async () => {
    gh.seed('acme', 'serving', 10, [{ body: '/llm-perf-gate accept trust me', user: { login: 'forker', type: 'User' } }]);
    const refused = await report();
    expect(refused.code, refused.stdout).toBe(1);
    expect(refused.stdout).toContain("'/llm-perf-gate accept' by @forker, who has no write access");
    gh.seed('acme', 'serving', 10, [{ body: '/llm-perf-gate accept the 70B model is slower by design\nIntended.', user: { login: 'maint', type: 'User' } }]);
    const r = await report();
    expect(r.code, r.stdout).toBe(0);
    expect(r.stdout).toContain('regression accepted by @maint (comment');
    expect(r.summary).toContain('(comment command): the 70B model is slower by design.');
  }, 60_000);

  it('a token without checks: write gets no check run, and a notice that says to grant it; the step is what it would be', async () => {
    gh.checksForbidden = true;
    labelled('maint');
    const r = await report();
    expect(r.code, r.stdout).toBe(0);
    expect(gh.checkRuns).toHaveLength(0);
    expect(r.stdout).toMatch(/^::notice::No check run: the token may not create one \(Resource not accessible by integration.*\)\. Add 'checks: write' to the workflow's permissions to have one/m);
    expect(r.stdout).not.toMatch(/::(warning|error)::.*check run/);
    expect(r.outputs['check-run-url']).toBeUndefined();
  }, 60_000);

  it('a withdrawal whose writer cannot be looked up (502, 403) accepts nothing: the step fails, saying why', async () => {
    gh.permissions.set('maint2', 'write');
    for (const status of [502, 403]) {
      gh.permissionFailures.set('maint2', status);
      gh.labelEvents.set('acme/serving#10', [
        { event: 'labeled', label: { name: 'perf-accepted' }, actor: { login: 'maint' }, created_at: LABEL_AT },
        { event: 'unlabeled', label: { name: 'perf-accepted' }, actor: { login: 'maint2' }, created_at: '2026-12-01T11:00:00Z' },
      ]);
      const r = await report();
      expect(r.code, r.stdout).toBe(1);
      expect(r.stdout).toContain(`Could not read whether pull request #10 accepts a regression: could not read @maint2's permission on acme/serving (HTTP ${status}), so no acceptance counts`);
      expect(r.stdout).not.toContain('regression accepted by');
    }
  }, 120_000);

  it("a writer's comment that shows the command in a code block, or asks about it, accepts nothing", async () => {
    gh.seed('acme', 'serving', 10, [
      { body: 'To accept, a writer comments:\n```\n/llm-perf-gate accept <reason>\n```', user: { login: 'maint', type: 'User' } },
      { body: '```\n/llm-perf-gate accept <reason>\n```', user: { login: 'maint', type: 'User' } },
      { body: '/llm-perf-gate accept? I think not.', user: { login: 'maint', type: 'User' } },
    ]);
    const r = await report();
    expect(r.code, r.stdout).toBe(1);
    expect(r.stdout).not.toContain('regression accepted by');
  }, 60_000);

  it('an acceptance holds for the head commit it followed: after the author pushes other code the step fails, saying a new push needs a new acceptance', async () => {
    labelled('maint');
    expect((await report()).code).toBe(0);
    // The read-only author force-pushes other code after the label.
    git('commit', '-q', '--allow-empty', '-m', 'other code');
    const pushed = git('rev-parse', 'HEAD');
    await writeFile(join(work, 'artifact-2.json'), JSON.stringify({ ...syntheticResult('cand2', REALISTIC, { tpot: 1.6 }), git: { commit: pushed, ref: null } }));
    gh.pulls.set('acme/serving#10', { number: 10, base: { sha: base, ref: 'main' }, head: { sha: pushed, ref: 'f', repo: { full_name: 'forker/serving' } } });
    try {
      const r = await report({ result: 'artifact-2.json' }, pushed);
      expect(r.code, r.stdout).toBe(1);
      expect(r.stdout).toContain(`was given before any report on it for head commit ${pushed.slice(0, 7)}: a new push needs a new acceptance`);
      // The comment now reports on the new head, from now on.
      const body = gh.comments('acme', 'serving', 10)[0]!.body;
      expect(body).toMatch(new RegExp(`^<!-- llm-perf-gate:report -->\n<!-- llm-perf-gate:head ${pushed} since \\S+ -->\n`));
      // Run again on the same head (a re-run): still not accepted, as the label came before this head's report.
      expect((await report({ result: 'artifact-2.json' }, pushed)).code).toBe(1);
      // The writer accepts again, after seeing the new report: accepted for this head.
      gh.seed('acme', 'serving', 10, [{ body: '/llm-perf-gate accept the new code is slower by design too', user: { login: 'maint', type: 'User' } }]);
      const again = await report({ result: 'artifact-2.json' }, pushed);
      expect(again.code, again.stdout).toBe(0);
      expect(again.summary).toContain('a new push needs a new acceptance');
    } finally {
      gh.pulls.set('acme/serving#10', { number: 10, base: { sha: base, ref: 'main' }, head: { sha: head, ref: 'f', repo: { full_name: 'forker/serving' } } });
    }
  }, 120_000);
});

describe("accepting without measuring again: the label or comment event re-judges the comment's verdict (issue 31)", () => {
  const pullRequest = (sha = head) => ({ number: 10, base: { sha: base, ref: 'main' }, head: { sha, ref: 'f', repo: { full_name: 'forker/serving' } } });
  /** The accept workflow's step (docs/action.md, "Accepting an intended regression"): no checkout, no config, no server. */
  async function accept(event: string, payload: object): Promise<ActionRun> {
    const empty = await mkdtemp(join(tmpdir(), 'llm-perf-gate-accept-'));
    return runAction('index', { workspace: empty, event, payload: { repository, ...payload }, sha: base, ref: 'refs/heads/main', inputs: { 'github-token': 'ghs_test_token_123' }, apiUrl: gh.url });
  }
  const labelEvent = (action: 'labeled' | 'unlabeled', name = 'perf-accepted') => accept('pull_request_target', { action, label: { name }, pull_request: pullRequest() });
  const commentEvent = (body: string, login = 'maint', type = 'User') =>
    accept('issue_comment', { action: 'created', issue: { number: 10, pull_request: { url: 'https://api.github.example/repos/acme/serving/pulls/10' } }, comment: { body, user: { login, type } } });
  const ownComment = (): string => gh.comments('acme', 'serving', 10).find((c) => c.body.startsWith('<!-- llm-perf-gate:report -->'))!.body;

  it("the label added, then removed: the comment's top, the check run and the step follow it each time, and nothing is measured", async () => {
    // The measuring run: fails, and its comment keeps the verdict it reports.
    expect((await report()).code).toBe(1);
    const measured = ownComment();
    expect(measured).toMatch(/^<!-- llm-perf-gate:report -->\n<!-- llm-perf-gate:head [0-9a-f]{40} since \S+ -->\n<!-- llm-perf-gate:verdict [A-Za-z0-9+/=]+ -->\n## ❌ llm-perf-gate: fail/);
    const figures = measured.slice(measured.indexOf('<!-- llm-perf-gate:top-end -->'));
    expect(figures).toContain('tpot_ms.p50');
    const requestsBefore = gh.requests.length;

    labelled('maint');
    const t0 = Date.now();
    const r = await labelEvent('labeled');
    const seconds = (Date.now() - t0) / 1000;
    expect(r.code, r.stdout).toBe(0);
    expect(r.stdout).toContain(`Re-judging the verdict the comment reports on ${head.slice(0, 7)} with the acceptance now in force; nothing is measured.`);
    expect(r.stdout).toContain(`Pull request #10: regression accepted by @maint (label, ${LABEL_AT})`);
    const accepted = ownComment();
    expect(accepted).toMatch(/## ☑️ llm-perf-gate: fail · regression accepted/);
    expect(accepted).toContain('accepted by @\u200bmaint on 2026-12-01 (pull-request label)');
    expect(accepted).not.toContain('To accept this regression');
    // The figures are the measured run's, word for word; only the top changed.
    expect(accepted.slice(accepted.indexOf('<!-- llm-perf-gate:top-end -->'))).toBe(figures);
    expect(gh.checkRuns.map((c) => (c.body as { conclusion: string }).conclusion)).toEqual(['failure', 'neutral']);
    expect(r.outputs.verdict).toBe('fail');
    expect(r.summary).toContain('regression accepted');
    expect(r.stdout).not.toMatch(/^::error/m);
    // Nothing but the API: no pull-request code, no config, no server (the workspace is empty).
    expect(gh.requests.slice(requestsBefore).every((q) => q.path.startsWith('/repos/acme/serving/') || q.path === '/user')).toBe(true);
    console.log(`re-judged by a label in ${seconds.toFixed(1)} s`);

    // The writer removes the label: the verdict fails again, with how to accept.
    gh.labelEvents.get('acme/serving#10')!.push({ event: 'unlabeled', label: { name: 'perf-accepted' }, actor: { login: 'maint' }, created_at: '2026-12-01T11:00:00Z' });
    const removed = await labelEvent('unlabeled');
    expect(removed.code, removed.stdout).toBe(1);
    expect(ownComment()).toMatch(/## ❌ llm-perf-gate: fail\n/);
    expect(ownComment()).toContain('To accept this regression as intended');
    expect(gh.checkRuns.map((c) => (c.body as { conclusion: string }).conclusion)).toEqual(['failure', 'neutral', 'failure']);
    expect(removed.stdout).toMatch(/^::error title=llm-perf-gate%3A chat@c=4 tpot_ms\.p50 regressed::/m);
  }, 120_000);

  it("a writer's comment command re-judges at once; a stranger's, a bot's or a plain comment changes nothing", async () => {
    expect((await report()).code).toBe(1);
    const checks = gh.checkRuns.length;
    gh.seed('acme', 'serving', 10, [{ body: '/llm-perf-gate accept trust me', user: { login: 'forker', type: 'User' } }]);
    const stranger = await commentEvent('/llm-perf-gate accept trust me', 'forker');
    expect(stranger.code, stranger.stdout).toBe(1);
    expect(stranger.stdout).toContain("'/llm-perf-gate accept' by @forker, who has no write access");
    expect(stranger.stdout).toContain('the comment already shows this (not accepted); nothing to update');
    expect(gh.checkRuns).toHaveLength(checks);

    for (const [body, login, type, why] of [
      ['Looks good to me', 'maint', 'User', 'the comment gives no /llm-perf-gate command'],
      ['/llm-perf-gate accept by a bot', 'renovate[bot]', 'Bot', 'the comment is by a bot (@renovate[bot])'],
    ] as const) {
      const before = gh.requests.length;
      const r = await commentEvent(body, login, type);
      expect(r.code, r.stdout).toBe(0);
      expect(r.stdout).toContain(`llm-perf-gate: nothing to do for this issue_comment event: ${why}.`);
      // Not one API call: a busy pull request's comments cost nothing.
      expect(gh.requests.length).toBe(before);
    }

    gh.seed('acme', 'serving', 10, [{ body: '/llm-perf-gate accept the 70B model is slower by design', user: { login: 'maint', type: 'User' } }]);
    const r = await commentEvent('/llm-perf-gate accept the 70B model is slower by design');
    expect(r.code, r.stdout).toBe(0);
    expect(ownComment()).toContain('(comment command): the 70B model is slower by design.');
    expect(gh.checkRuns.at(-1)!.body as { conclusion: string; head_sha: string }).toMatchObject({ conclusion: 'neutral', head_sha: head });
  }, 120_000);

  it('a comment whose report is on an older head, or that keeps no verdict, is not re-judged: the notice says the next run judges it', async () => {
    // The beforeEach comment: a report on the head, from before re-judging existed (no stored verdict).
    gh.seed('acme', 'serving', 10, [{ body: '/llm-perf-gate accept the 70B model is slower by design', user: { login: 'maint', type: 'User' } }]);
    const old = await commentEvent('/llm-perf-gate accept the 70B model is slower by design');
    expect(old.code, old.stdout).toBe(0);
    expect(old.stdout).toMatch(/::notice::Nothing re-judged on pull request #10: its comment keeps no verdict \(too large, or written by an older llm-perf-gate\)\. The next run/);
    expect(gh.checkRuns).toHaveLength(0);

    // A report with its verdict on the head, then the author pushes before the writer's command is re-judged.
    gh.comments('acme', 'serving', 10).splice(0);
    reported(head);
    expect((await report()).code).toBe(1);
    gh.seed('acme', 'serving', 10, [{ body: '/llm-perf-gate accept the 70B model is slower by design', user: { login: 'maint', type: 'User' } }]);
    gh.pulls.set('acme/serving#10', pullRequest('f'.repeat(40)));
    try {
      const moved = await commentEvent('/llm-perf-gate accept the 70B model is slower by design');
      expect(moved.code, moved.stdout).toBe(0);
      expect(moved.stdout).toContain(`Nothing re-judged on pull request #10: its comment reports on ${head.slice(0, 7)}, and its head is fffffff now.`);
      expect(gh.checkRuns).toHaveLength(1);
    } finally {
      gh.pulls.set('acme/serving#10', pullRequest());
    }
  }, 120_000);

  it('another label keeps its meaning: the run measures as ever', async () => {
    const r = await labelEvent('labeled', 'run-perf');
    // An empty workspace has no config to measure with: the step says so, so it did try to measure.
    expect(r.code, r.stdout).toBe(1);
    expect(r.stdout).not.toContain('Re-judging');
    expect(r.stdout).toMatch(/llm-perf\.yml/);
  }, 60_000);
});
