// Issue 31, through the built action and a fake GitHub API: a first pull
// request with nothing stored yet is neither a pass nor a fail (a neutral
// headline and check, the measured figures first, what happens next), and a
// same-job A/B names the base commit its baseline server was built from.
import { execFileSync } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ResultDoc } from '../../src/result/types.js';
import { actionCheckout, runAction, type ActionRun } from '../support/action-env.js';
import { buildDist } from '../support/cli.js';
import { startFakeGitHub, type FakeGitHub } from '../support/fake-github.js';
import { startFakeServer, type FakeServer } from '../support/fake-server.js';

let gh: FakeGitHub;
let server: FakeServer;
let baselineServer: FakeServer;
let work: string;
let base = '';
let head = '';
const repository = { full_name: 'acme/serving', default_branch: 'main' };
const git = (...args: string[]): string =>
  execFileSync('git', args, { cwd: work, encoding: 'utf8', env: { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@t', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@t' } }).trim();

beforeAll(async () => {
  buildDist();
  gh = await startFakeGitHub();
  server = await startFakeServer({ ttftMs: 5, gapMs: 2 });
  baselineServer = await startFakeServer({ ttftMs: 5, gapMs: 2 });
  ({ work } = await actionCheckout());
  // Small and quick: one cell, p95 not gated (it would raise the requests), a history of nothing yet.
  const config = [
    'version: 1',
    'seed: 5',
    'run: { requests: 12, warmup: 2, trials: 3, max_duration_s: 30 }',
    'scenarios:',
    '  - { name: short, input_tokens: 16, output_tokens: 8 }',
    'loads:',
    '  - concurrency: 2',
  ];
  const gate = ['gate:', '  metrics:', '    ttft_ms.p95: { gate: false }', 'telemetry: { max_neighbour_cpu_share: 1 }'];
  await writeFile(join(work, 'llm-perf.yml'), `${[...config, ...gate].join('\n')}\n`);
  git('commit', '-q', '--allow-empty', '-m', 'base');
  git('push', '-q', 'origin', 'main');
  base = git('rev-parse', 'HEAD');
  git('commit', '-q', '--allow-empty', '-m', 'head');
  head = git('rev-parse', 'HEAD');
}, 60_000);

afterAll(async () => {
  await server?.close();
  await baselineServer?.close();
  await gh?.close();
});

function pullRequest(number: number, inputs: Record<string, string> = {}): Promise<ActionRun> {
  return runAction('index', {
    workspace: work,
    event: 'pull_request',
    payload: { repository, pull_request: { number, base: { sha: base, ref: 'main' }, head: { sha: head, ref: 'feature', repo: { full_name: 'acme/serving' } } } },
    // The runner's GITHUB_SHA on a pull request is the merge commit's; here the head's, which the A/B's baseline must not take.
    sha: head,
    ref: `refs/pull/${number}/merge`,
    inputs: { url: server.url, 'github-token': 'ghs_test_token_123', ...inputs },
    apiUrl: gh.url,
  });
}

const times = (text: string, part: string): number => text.split(part).length - 1;

describe('a first pull request, with nothing stored yet', () => {
  it('is neither a pass nor a fail: a neutral headline and check, the measured figures first, and what happens next', async () => {
    const r = await pullRequest(3);
    expect(r.code, r.stdout).toBe(0);
    const comment = gh.comments('acme', 'serving', 3)[0]!.body;
    expect(comment).toContain('## ➖ llm-perf-gate: no baseline yet: figures recorded\n');
    expect(comment).not.toMatch(/llm-perf-gate: pass|no cell was compared|unknown commit|unknown model|\*\*0 regressed\*\*/);
    // Why nothing was compared, said once; then the table, then what happens next, then the rest.
    expect(times(comment, 'no stored result')).toBe(1);
    expect(comment).toContain(`**Nothing was compared: no stored result of this environment for ${base.slice(0, 7)} or its ancestors on branch 'llm-perf-history' yet.**`);
    const at = (s: string): number => comment.indexOf(s);
    expect(at('### Measured')).toBeGreaterThan(at('Nothing was compared'));
    expect(at('**Next:** when this is merged, the push to the default branch measures it and stores the result on `llm-perf-history`')).toBeGreaterThan(at('### Measured'));
    expect(at('`baseline-url`')).toBeGreaterThan(at('**Next:**'));
    expect(at(`Candidate \`${head.slice(0, 7)}\` (fake-model); no baseline to compare with.`)).toBeGreaterThan(at('`baseline-url`'));
    expect(at('### Server telemetry')).toBeGreaterThan(at('Candidate '));
    // The check run: neutral, titled so; the step's log ends in a notice, not a pass.
    expect(gh.checkRuns).toHaveLength(1);
    expect(gh.checkRuns[0]!.body).toMatchObject({ head_sha: head, conclusion: 'neutral', output: { title: 'llm-perf-gate: no baseline yet: figures recorded' } });
    expect(r.stdout).toMatch(/^::notice::llm-perf-gate: no baseline yet: figures recorded: nothing was compared \(no stored result .*\)\. Next: when this is merged/m);
    expect(r.stdout).not.toMatch(/^::(warning|error)::/m);
    expect(r.summary).toContain('## ➖ llm-perf-gate: no baseline yet: figures recorded\n');
  }, 60_000);

  it('a same-job A/B names the base commit for the baseline and the head for the candidate', async () => {
    // The fixed design (run.trials pairs): what is tested is the commits the results name, not the budget.
    const r = await pullRequest(4, { 'baseline-url': baselineServer.url, budget: 'off' });
    expect(r.code, r.stdout).toBe(0);
    const comment = gh.comments('acme', 'serving', 4)[0]!.body;
    expect(comment).toContain(`Baseline \`${base.slice(0, 7)}\` (fake-model) vs candidate \`${head.slice(0, 7)}\` (fake-model); paired design`);
    const stored = JSON.parse(await readFile(r.outputs['baseline-result-path']!, 'utf8')) as ResultDoc;
    expect(stored.git).toEqual({ commit: base, ref: null });
    const candidate = JSON.parse(await readFile(r.outputs['result-path']!, 'utf8')) as ResultDoc;
    expect(candidate.git?.commit).toBe(head);
  }, 60_000);
});
