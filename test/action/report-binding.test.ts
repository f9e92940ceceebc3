// Issue 19, item 2: in the fork-safe two-workflow setup `pr-number` comes from
// the artifact of a run of the pull request's own code. A fork must not be able
// to aim the trusted job's comment at someone else's pull request: the number
// is bound to the workflow_run event (head commit, head repository, listed pull
// requests), and anything else is refused with the job summary still written.
import { execFileSync } from 'node:child_process';
import { copyFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actionCheckout, runAction, type ActionRun } from '../support/action-env.js';
import { buildDist } from '../support/cli.js';
import { startFakeGitHub, type FakeGitHub } from '../support/fake-github.js';
import { startFakeServer, type FakeServer } from '../support/fake-server.js';

let gh: FakeGitHub;
let server: FakeServer;
let work: string;
let head = '';
let base = '';
const repository = { full_name: 'acme/serving', default_branch: 'main' };
const VICTIM_SHA = 'b'.repeat(40);

const git = (...args: string[]): string =>
  execFileSync('git', args, { cwd: work, encoding: 'utf8', env: { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@t', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@t' } }).trim();

beforeAll(async () => {
  buildDist();
  gh = await startFakeGitHub();
  server = await startFakeServer({ ttftMs: 5, gapMs: 2 });
  ({ work } = await actionCheckout());
  git('commit', '-q', '--allow-empty', '-m', 'base');
  base = git('rev-parse', 'HEAD');
  git('commit', '-q', '--allow-empty', '-m', 'the fork pull request');
  head = git('rev-parse', 'HEAD');
  // The untrusted half: the pull request's run measures and leaves its result as the artifact.
  const r = await runAction('index', {
    workspace: work,
    event: 'pull_request',
    payload: { repository, pull_request: { number: 10, base: { sha: base, ref: 'main' }, head: { sha: head, ref: 'f', repo: { full_name: 'forker/serving' } } } },
    sha: head,
    ref: 'refs/pull/10/merge',
    inputs: { url: server.url, comment: 'never', 'fail-on': 'never', baseline: 'none' },
    apiUrl: gh.url,
  });
  expect(r.code, r.stdout).toBe(0);
  await copyFile(join(work, 'llm-perf-result.json'), join(work, 'artifact.json'));
  // The fork's own pull request, and someone else's it would like to comment on.
  gh.pulls.set('acme/serving#10', { number: 10, base: { sha: base, ref: 'main' }, head: { sha: head, ref: 'f', repo: { full_name: 'forker/serving' } } });
  gh.pulls.set('acme/serving#11', { number: 11, base: { sha: base, ref: 'main' }, head: { sha: VICTIM_SHA, ref: 'g', repo: { full_name: 'victim/serving' } } });
  // Same head commit as the fork's (a fork can push any commit it can fetch), other head repository.
  gh.pulls.set('acme/serving#12', { number: 12, base: { sha: base, ref: 'main' }, head: { sha: head, ref: 'h', repo: { full_name: 'victim/serving' } } });
}, 120_000);

afterAll(async () => {
  await server?.close();
  await gh?.close();
});

/** The trusted half: report mode on a workflow_run event whose run measured `run`. */
function report(prNumber: string, run: object | null, event = 'workflow_run'): Promise<ActionRun> {
  const payload = run === null ? { repository } : { repository, workflow_run: { id: 1, event: 'pull_request', ...run } };
  return runAction('index', {
    workspace: work,
    event,
    payload,
    sha: base,
    ref: 'refs/heads/main',
    inputs: { 'github-token': 'ghs_test_token_123', mode: 'report', result: 'artifact.json', 'pr-number': prNumber, baseline: 'none' },
    apiUrl: gh.url,
  });
}

const forkRun = (): object => ({ head_sha: head, head_repository: { full_name: 'forker/serving' }, pull_requests: [] });

function expectRefused(r: ActionRun, issue: number, what: RegExp): void {
  expect(r.code, r.stdout).toBe(1);
  expect(r.stdout).toMatch(new RegExp(`::error::Not commenting on pull request #${issue}: `));
  expect(r.stdout).toMatch(what);
  expect(gh.comments('acme', 'serving', issue)).toHaveLength(0);
  expect(r.outputs['comment-url']).toBeUndefined();
  // The summary is written all the same.
  expect(r.summary).toContain('llm-perf-gate:');
}

describe('report mode binds pr-number to the workflow_run event', () => {
  it("refuses another pull request's number: head commit and head repository both differ, named in the message", async () => {
    const r = await report('11', forkRun());
    expectRefused(r, 11, new RegExp(`its head commit ${VICTIM_SHA.slice(0, 12)} is not the workflow_run event's head_sha ${head.slice(0, 12)}`));
    expect(r.stdout).toMatch(/its head repository victim\/serving is not the workflow_run event's head repository forker\/serving/);
  }, 60_000);

  it('refuses a pull request at the same commit from another repository', async () => {
    const r = await report('12', forkRun());
    expectRefused(r, 12, /its head repository victim\/serving is not the workflow_run event's head repository forker\/serving/);
    expect(r.stdout).not.toMatch(/its head commit/);
  }, 60_000);

  it('refuses a number the event does not list when it lists some (same-repository pull requests)', async () => {
    const r = await report('10', { ...forkRun(), pull_requests: [{ number: 9 }] });
    expectRefused(r, 10, /#10 is not among the pull requests of the workflow_run event \(#9\)/);
  }, 60_000);

  it('refuses when the event has no head to bind to (a workflow_run without head_sha, or an event with no pull request)', async () => {
    expectRefused(await report('10', { head_repository: { full_name: 'forker/serving' } }), 10, /head_sha none/);
    expectRefused(await report('10', null, 'workflow_dispatch'), 10, /the workflow_dispatch event that started this job names no pull request/);
  }, 60_000);

  it('comments on the pull request the event is about (head repository compared without case)', async () => {
    const r = await report('10', { ...forkRun(), head_repository: { full_name: 'Forker/Serving' } });
    expect(r.code, r.stdout).toBe(0);
    expect(r.stdout).not.toContain('Not commenting');
    expect(gh.comments('acme', 'serving', 10)).toHaveLength(1);
    expect(r.outputs['comment-url']).toMatch(/\/pull\/10#issuecomment-/);
  }, 60_000);
});
