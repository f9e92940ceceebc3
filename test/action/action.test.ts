// The built action end to end, as GitHub runs it: a first push with no
// baseline, history stored on a data branch of a real git remote, a pull
// request compared with its base commit's result and commented on once, the
// comment updated in place on the next push, and a slowed server failing the
// step with the regression named in the comment, the summary and an annotation.
import { execFileSync } from 'node:child_process';
import { copyFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VerdictDoc } from '../../src/gate/verdict.js';
import { actionCheckout, runAction } from '../support/action-env.js';
import { buildDist } from '../support/cli.js';
import { startFakeGitHub, type FakeGitHub } from '../support/fake-github.js';
import { startFakeServer, type FakeServer } from '../support/fake-server.js';

const git = (cwd: string, ...args: string[]): string =>
  execFileSync('git', args, { cwd, encoding: 'utf8', env: { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@t', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@t' } }).trim();

let gh: FakeGitHub;
let server: FakeServer;
let remote: string;
let work: string;
const repository = { full_name: 'acme/serving', default_branch: 'main' };

async function commit(message: string): Promise<string> {
  await mkdir(join(work, 'src'), { recursive: true });
  execFileSync('sh', ['-c', `echo "${message}" >> src/log.txt`], { cwd: work });
  git(work, 'add', 'src');
  git(work, 'commit', '-q', '-m', message);
  return git(work, 'rev-parse', 'HEAD');
}

const inputs = (over: Record<string, string> = {}): Record<string, string> => ({
  url: server.url,
  'github-token': 'ghs_test_token_123',
  ...over,
});

function prPayload(number: number, base: string, head: string): object {
  return { repository, pull_request: { number, base: { sha: base, ref: 'main' }, head: { sha: head, ref: 'feature', repo: { full_name: 'acme/serving' } } } };
}

beforeAll(async () => {
  buildDist();
  gh = await startFakeGitHub();
  server = await startFakeServer({ ttftMs: 10, gapMs: 4 });
  ({ remote, work } = await actionCheckout());
}, 60_000);

afterAll(async () => {
  await server?.close();
  await gh?.close();
});

let main1 = '';
const main1Of = (): string => main1;

describe('the action, end to end through dist/', () => {
  let head1: string;

  it('first push: reports without a baseline, says how to get one, and stores the result as history', async () => {
    main1 = await commit('first');
    git(work, 'push', '-q', 'origin', 'main');
    const r = await runAction('index', {
      workspace: work,
      event: 'push',
      payload: { repository, before: '0'.repeat(40), after: main1 },
      sha: main1,
      ref: 'refs/heads/main',
      inputs: inputs(),
      apiUrl: gh.url,
    });
    expect(r.code, r.stdout).toBe(0);
    expect(r.outputs.verdict).toBe('pass');
    // Nothing was compared: neither a pass nor a fail (issue 31), and the push says it stores the baseline.
    expect(r.summary).toContain('## ➖ llm-perf-gate: no baseline yet: figures recorded');
    expect(r.summary).toContain('**Next:** this result is stored on `llm-perf-history` as the baseline');
    expect(r.summary).toContain('### Measured');
    expect(r.stdout).toMatch(/Stored the result of [0-9a-f]{7} on 'llm-perf-history'/);
    const files = git(remote, 'ls-tree', '-r', '--name-only', 'llm-perf-history');
    expect(files.split('\n').sort()).toEqual(['index.json', `results/${main1}.json`]);
    // No comment is posted for a push: its one write is the check run on the pushed commit.
    expect(gh.requests.filter((q) => q.method !== 'GET').map((q) => `${q.method} ${q.path}`)).toEqual(['POST /repos/acme/serving/check-runs']);
    expect(gh.checkRuns[0]!.body).toMatchObject({ head_sha: main1, conclusion: 'neutral' });
  }, 120_000);

  it('pull request: compares with the base commit, posts one sticky comment', async () => {
    git(work, 'checkout', '-q', '-b', 'feature');
    head1 = await commit('feature 1');
    const r = await runAction('index', { workspace: work, event: 'pull_request', payload: prPayload(7, main1, head1), sha: head1, ref: 'refs/pull/7/merge', inputs: inputs(), apiUrl: gh.url });
    expect(r.code, r.stdout).toBe(0);
    expect(r.outputs['baseline-commit']).toBe(main1);
    expect(['pass', 'inconclusive', 'warn']).toContain(r.outputs.verdict);
    const comments = gh.comments('acme', 'serving', 7);
    expect(comments).toHaveLength(1);
    expect(comments[0]!.body).toContain('<!-- llm-perf-gate:report -->');
    expect(comments[0]!.body).toContain(`newest the base commit \`${main1.slice(0, 7)}\``);
    expect(comments[0]!.body).toContain('### Gated metrics');
    const v = JSON.parse(await readFile(r.outputs['verdict-path']!, 'utf8')) as VerdictDoc;
    expect(v.summary.regressed).toBe(0);
    // A pull request never writes history.
    expect(git(remote, 'ls-tree', '-r', '--name-only', 'llm-perf-history').split('\n')).toHaveLength(2);
  }, 120_000);

  it('second push to the pull request: updates the same comment in place', async () => {
    const before = gh.comments('acme', 'serving', 7)[0]!;
    const head2 = await commit('feature 2');
    const r = await runAction('index', { workspace: work, event: 'pull_request', payload: prPayload(7, main1, head2), sha: head2, ref: 'refs/pull/7/merge', inputs: inputs(), apiUrl: gh.url });
    expect(r.code, r.stdout).toBe(0);
    const comments = gh.comments('acme', 'serving', 7);
    expect(comments).toHaveLength(1);
    expect(comments[0]!.id).toBe(before.id);
    // Comment writes only: each run also creates its check run.
    const commentWrites = (method: string): number => gh.requests.filter((q) => q.method === method && q.path.includes('/comments')).length;
    expect(commentWrites('PATCH')).toBe(1);
    expect(commentWrites('POST')).toBe(1);
  }, 120_000);

  it('a slowed server fails the step, naming the regression in the comment, the summary and an annotation', async () => {
    server.setSchedule({ gapMs: 6 });
    const head3 = await commit('feature 3: slower kernels');
    const r = await runAction('index', { workspace: work, event: 'pull_request', payload: prPayload(7, main1, head3), sha: head3, ref: 'refs/pull/7/merge', inputs: inputs(), apiUrl: gh.url });
    server.setSchedule({ gapMs: 4 });
    expect(r.code).toBe(1);
    expect(r.outputs.verdict).toBe('fail');
    expect(Number(r.outputs.regressions)).toBeGreaterThan(0);
    // Workflow commands escape ':' in properties as %3A.
    expect(r.stdout).toMatch(/::error title=llm-perf-gate%3A short@c=3 output_tps regressed::output_tps [\d.,]+ tok\/s -> [\d.,]+ tok\/s/);
    expect(r.stdout).toMatch(/::error::llm-perf-gate: fail/);
    const comment = gh.comments('acme', 'serving', 7)[0]!.body;
    expect(comment).toContain('## ❌ llm-perf-gate: fail');
    expect(comment).toMatch(/short@c=3: output_tps regressed -\d+/);
    expect(r.summary).toContain('## ❌ llm-perf-gate: fail');
    expect(gh.comments('acme', 'serving', 7)).toHaveLength(1);
  }, 120_000);

  it('a push to main stores history again and shows the trend of every gated metric', async () => {
    git(work, 'checkout', '-q', 'main');
    const main2 = await commit('second on main');
    git(work, 'push', '-q', 'origin', 'main');
    const r = await runAction('index', { workspace: work, event: 'push', payload: { repository, before: main1, after: main2 }, sha: main2, ref: 'refs/heads/main', inputs: inputs(), apiUrl: gh.url });
    expect(r.code, r.stdout).toBe(0);
    expect(r.outputs['baseline-commit']).toBe(main1);
    expect(r.summary).toContain('### Trend over the last 2 commits');
    expect(r.summary).toMatch(/\| short@c=3 \| output_tps \| [▁▂▃▄▅▆▇█]{2} \|/);
    const index = JSON.parse(git(remote, 'show', 'llm-perf-history:index.json')) as { commit: string }[];
    expect(index.map((e) => e.commit)).toEqual([main2, main1]);
  }, 120_000);
});

describe('the action: forks and the two-workflow setup', () => {
  it('a fork pull request (read-only token) degrades to the job summary with a notice, never a failure', async () => {
    gh.forbid = 'writes';
    try {
      const head = git(work, 'rev-parse', 'HEAD');
      const payload = { repository, pull_request: { number: 9, base: { sha: main1Of(), ref: 'main' }, head: { sha: head, ref: 'f', repo: { full_name: 'someone/serving' } } } };
      const r = await runAction('index', { workspace: work, event: 'pull_request', payload, sha: head, ref: 'refs/pull/9/merge', inputs: inputs(), apiUrl: gh.url });
      expect(r.code, r.stdout).toBe(0);
      expect(r.stdout).toMatch(/::notice::Pull-request comment not posted \(the token may not comment on acme\/serving#9: 403/);
      expect(r.summary).toContain('llm-perf-gate:');
      expect(gh.comments('acme', 'serving', 9)).toHaveLength(0);
    } finally {
      gh.forbid = 'none';
    }
  }, 120_000);

  it('report mode posts a result made elsewhere, looking the pull request up by number, and refuses a tampered result', async () => {
    const head = git(work, 'rev-parse', 'HEAD');
    gh.pulls.set('acme/serving#10', { number: 10, base: { sha: main1Of(), ref: 'main' }, head: { sha: head, ref: 'f', repo: { full_name: 'someone/serving' } } });
    const artifact = join(work, 'artifact-result.json');
    await copyFile(join(work, 'llm-perf-result.json'), artifact);
    // What GitHub writes into the workflow_run event: the run's head commit and repository (test/action/report-binding.test.ts: pr-number must match them).
    const payload = { repository, workflow_run: { id: 1, event: 'pull_request', head_sha: head, head_repository: { full_name: 'someone/serving' }, pull_requests: [] } };
    const r = await runAction('index', {
      workspace: work,
      event: 'workflow_run',
      payload,
      sha: main1Of(),
      ref: 'refs/heads/main',
      inputs: inputs({ mode: 'report', result: 'artifact-result.json', 'pr-number': '10' }),
      apiUrl: gh.url,
    });
    expect(r.code, r.stdout).toBe(0);
    expect(r.outputs['baseline-commit']).toBe(main1Of());
    expect(gh.comments('acme', 'serving', 10)).toHaveLength(1);
    const tampered = join(work, 'tampered.json');
    const doc = JSON.parse(await readFile(artifact, 'utf8')) as Record<string, unknown>;
    await writeFile(tampered, JSON.stringify({ ...doc, cells: [{ id: '<img src=x>' }] }));
    const bad = await runAction('index', {
      workspace: work,
      event: 'workflow_run',
      payload,
      sha: main1Of(),
      ref: 'refs/heads/main',
      inputs: inputs({ mode: 'report', result: 'tampered.json', 'pr-number': '10' }),
      apiUrl: gh.url,
    });
    expect(bad.code).toBe(1);
    expect(bad.stdout).toMatch(/::error::.*tampered\.json: does not match llm-perf-gate\/result@1/);
    expect(gh.comments('acme', 'serving', 10)).toHaveLength(1);
    const pr = await runAction('index', {
      workspace: work,
      event: 'workflow_run',
      payload,
      sha: main1Of(),
      ref: 'refs/heads/main',
      inputs: inputs({ mode: 'report', result: 'artifact-result.json', 'pr-number': '10; rm -rf /' }),
      apiUrl: gh.url,
    });
    expect(pr.stdout).toContain("::error::'pr-number' must be a pull request number, got '10; rm -rf /'");
  }, 120_000);
});

describe('the action: inputs and the server it starts', () => {
  it('names a bad input and its value', async () => {
    const r = await runAction('index', {
      workspace: work,
      event: 'push',
      payload: { repository },
      sha: 'a'.repeat(40),
      ref: 'refs/heads/x',
      inputs: inputs({ 'fail-on': 'sometimes' }),
      apiUrl: gh.url,
    });
    expect(r.code).toBe(1);
    expect(r.stdout).toContain("::error::'fail-on' must be a comma-separated set of regression|invalid|warn|inconclusive, or never alone, got 'sometimes'");
  });

  it('starts server-command, waits for it, stops its process group; post stops a leftover group', async () => {
    const port = 18000 + Math.floor(Math.random() * 2000);
    const cmd = `exec "${process.execPath}" "${join(process.cwd(), 'scripts', 'fake-server.ts')}" ${port} 5 2 4`;
    const r = await runAction('index', {
      workspace: work,
      event: 'workflow_dispatch',
      payload: { repository },
      sha: git(work, 'rev-parse', 'HEAD'),
      ref: 'refs/heads/main',
      inputs: inputs({ url: `http://127.0.0.1:${port}`, 'server-command': cmd, baseline: 'none', 'server-log': 'server.log' }),
      apiUrl: gh.url,
    });
    expect(r.code, r.stdout).toBe(0);
    expect(r.stdout).toMatch(/Server ready after/);
    expect(r.stdout).toMatch(/Server stopped \(SIGTERM\)/);
    expect(await readFile(r.outputs['server-log']!, 'utf8')).toContain('fake OpenAI-compatible server');
    // The post step finds nothing left to stop.
    const post = await runAction('post', {
      workspace: work,
      event: 'workflow_dispatch',
      payload: { repository },
      sha: 'a'.repeat(40),
      ref: 'refs/heads/main',
      inputs: {},
      apiUrl: gh.url,
      state: `server-pgid<<EOF\n\nEOF\n`,
    });
    expect(post.code).toBe(0);
    // A leftover group (a cancelled main step) is stopped by the post step.
    const { spawn } = await import('node:child_process');
    const orphan = spawn('sh', ['-c', 'sleep 60 & sleep 60'], { detached: true, stdio: 'ignore' });
    const exited = new Promise<NodeJS.Signals | null>((res) => orphan.on('exit', (_c, sig) => res(sig)));
    const pgid = orphan.pid!;
    const post2 = await runAction('post', {
      workspace: work,
      event: 'workflow_dispatch',
      payload: { repository },
      sha: 'a'.repeat(40),
      ref: 'refs/heads/main',
      inputs: {},
      apiUrl: gh.url,
      state: `server-pgid<<EOF\n${pgid}\nEOF\n`,
    });
    expect(post2.code).toBe(0);
    expect(post2.stdout).toContain(`Stopped the server left running (process group ${pgid}, SIGTERM)`);
    expect(await exited).toBe('SIGTERM');
  }, 120_000);
});

describe('the action: same-job A/B through dist/', () => {
  it('a pull request with a baseline server: a slower candidate fails with the paired design named in the comment; an A/A passes', async () => {
    const base = await startFakeServer({ ttftMs: 10, gapMs: 3 });
    const slow = await startFakeServer({ ttftMs: 10, gapMs: 6 });
    const twin = await startFakeServer({ ttftMs: 10, gapMs: 3 });
    try {
      const head = await commit('same-job');
      const pr = (url: string, baselineUrl: string) =>
        runAction('index', {
          workspace: work,
          event: 'pull_request',
          payload: prPayload(11, main1Of() || head, head),
          sha: head,
          ref: 'refs/pull/11/merge',
          inputs: inputs({ url, 'baseline-url': baselineUrl }),
          apiUrl: gh.url,
        });
      const r = await pr(slow.url, base.url);
      expect(r.code, r.stdout).toBe(1);
      expect(r.outputs.verdict).toBe('fail');
      const comment = gh.comments('acme', 'serving', 11)[0]!.body;
      expect(comment).toContain('same-job A/B, paired design (3 pairs per cell, both servers up at once; baseline endpoint at');
      expect(comment).toMatch(/paired design \(interleaved A\/B in one job, sequential: judged after \d+ of at most \d+ pairs at that look's level\), \d+% intervals/);
      expect(r.outputs['baseline-result-path']).toMatch(/llm-perf-result\.baseline\.json$/);
      // The stored baseline plays no part: no history lookup is reported.
      expect(r.outputs['baseline-commit']).toBeUndefined();
      // Two servers with one schedule: never a regression (a saturated client on a busy machine is invalid, which fails the step under the default fail-on).
      const aa = await pr(twin.url, base.url);
      expect(['pass', 'inconclusive', 'warn', 'invalid']).toContain(aa.outputs.verdict);
      expect(aa.code, aa.stdout).toBe(aa.outputs.verdict === 'invalid' ? 1 : 0);
      expect(gh.comments('acme', 'serving', 11)[0]!.body).toContain('same-job A/B, paired design');
    } finally {
      await Promise.all([base.close(), slow.close(), twin.close()]);
    }
  }, 180_000);

  it('a wrong model name on a vLLM-like server: the step stops after the first 5 requests, naming what the server serves (issue 31, item 5)', async () => {
    const body = JSON.stringify({ object: 'error', message: 'The model `Qwen/Qwen3-8B` does not exist.', type: 'NotFoundError', param: null, code: 404 });
    const vllm = await startFakeServer({ ttftMs: 1, gapMs: 1, models: ['Qwen/Qwen2.5-7B-Instruct'], faults: [{ fault: { kind: 'http', status: 404, body } }] });
    try {
      const head = await commit('a wrong model name');
      const r = await runAction('index', {
        workspace: work,
        event: 'pull_request',
        payload: prPayload(9, main1Of(), head),
        sha: head,
        ref: 'refs/pull/9/merge',
        inputs: inputs({ url: vllm.url, model: 'Qwen/Qwen3-8B' }),
        apiUrl: gh.url,
      });
      expect(r.code, r.stdout).toBe(1);
      expect(r.stdout).toMatch(
        /^::error::.*the first 5 requests were all refused with HTTP 404 \(The model `Qwen\/Qwen3-8B` does not exist\.\).*the server serves: Qwen\/Qwen2\.5-7B-Instruct; target\.model is 'Qwen\/Qwen3-8B'/m,
      );
      // Before: the whole matrix ran, 0 of 60 ok, and the step passed.
      // The fixture's first cell sends 3 at once: the only others are those in flight when the fifth refusal came (and one sent as it came).
      const sent = vllm.requests.filter((q) => q.completionIndex !== null).length;
      expect(sent).toBeGreaterThanOrEqual(5);
      expect(sent).toBeLessThanOrEqual(5 + 3);
    } finally {
      await vllm.close();
    }
  }, 120_000);
});
