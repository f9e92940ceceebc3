// The built action's history features end to end, through dist/, against the
// fake GitHub API and a real git remote: a push to the default branch whose
// history has a step announces it (warning annotation, job-summary section,
// commit comment), publishes the dashboard to the Pages branch and compacts
// the data branch; a pull request's comment carries the trend table of every
// gated metric and links the dashboard. The action runs from a copy of dist/
// in a temporary folder, with no node_modules above it, as on a runner: the
// chart library must be inside the bundle.
import { cp, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderIndex, type HistoryEntry } from '../../src/history/layout.js';
import { headline } from '../../src/result/headline.js';
import type { ResultDoc } from '../../src/result/types.js';
import { actionCheckout, runAction } from '../support/action-env.js';
import { buildDist, cli } from '../support/cli.js';
import { startFakeGitHub, type FakeGitHub } from '../support/fake-github.js';
import { startFakeServer, type FakeServer } from '../support/fake-server.js';
import { git } from '../support/history-fixture.js';

let gh: FakeGitHub;
let server: FakeServer;
let root: string;
let remote: string;
let work: string;
let dist: string;
const repository = { full_name: 'acme/serving', default_branch: 'main' };
/** Commits on main, oldest first: FAST at the server's normal speed, then SLOW_SEEDED slower ones stored before the pushed one. */
// The permutation test must call the 3-commit step significant (p = 0.0025 at
// best with 399 permutations; the level is 0.005) and the 2-commit one before
// it not: the seeded levels are noiseless, and the more commits before a
// 2-commit step, the less likely chance makes it, which at 45 commits left it
// near the level (it was found early in 10 of 40 level pairs, so the push
// announced nothing new). At 30 both held for 200 of 200 level pairs.
const FAST = 30;
/** Results on the data branch after the push: FAST + SLOW_SEEDED + the pushed one. */
const STORED = FAST + 3;
const SLOW_SEEDED = 2;
const main: string[] = [];

/** A result measured by the built CLI at the server's current speed. */
async function measured(name: string): Promise<ResultDoc> {
  const out = join(root, `${name}.json`);
  const r = await cli(['run', '--config', 'llm-perf.yml', '--url', server.url, '--out', out], { cwd: work });
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(await readFile(out, 'utf8')) as ResultDoc;
}

/**
 * The data branch as pushes to main would have left it: one result per
 * commit, the real measurements at two speeds, the slower from commit FAST on.
 */
async function seedHistory(fast: ResultDoc, slow: ResultDoc): Promise<void> {
  const seed = join(root, 'seed');
  git(root, 'clone', '-q', remote, seed);
  git(seed, 'checkout', '-q', '--orphan', 'llm-perf-history');
  git(seed, 'rm', '-rfq', '--ignore-unmatch', '.');
  await mkdir(join(seed, 'results'));
  const index: HistoryEntry[] = [];
  for (const [i, commit] of main.entries()) {
    const doc = { ...(i < FAST ? fast : slow), git: { commit, ref: 'refs/heads/main' } };
    const file = `results/${commit}.json`;
    await writeFile(join(seed, file), JSON.stringify(doc));
    index.unshift({ commit, ref: 'refs/heads/main', stored_at: new Date(Date.UTC(2026, 10, 1) + i * 3_600_000).toISOString(), file, headline: headline(doc) });
  }
  await writeFile(join(seed, 'index.json'), renderIndex(index));
  git(seed, 'add', 'results', 'index.json');
  git(seed, 'commit', '-qm', 'seeded history');
  git(seed, 'push', '-q', 'origin', 'llm-perf-history');
}

beforeAll(async () => {
  buildDist();
  gh = await startFakeGitHub();
  server = await startFakeServer({ ttftMs: 10, gapMs: 4 });
  ({ root, remote, work } = await actionCheckout());
  dist = join(root, 'action', 'dist');
  await cp('dist', dist, { recursive: true });
  git(work, 'add', 'llm-perf.yml');
  for (let i = 0; i < FAST + SLOW_SEEDED; i++) {
    git(work, 'commit', '-q', '--allow-empty', '-m', `main ${i}`);
    main.push(git(work, 'rev-parse', 'HEAD'));
  }
  git(work, 'push', '-q', 'origin', 'main');
  const fast = await measured('fast');
  server.setSchedule({ gapMs: 8 });
  const slow = await measured('slow');
  await seedHistory(fast, slow);
}, 180_000);

afterAll(async () => {
  await server?.close();
  await gh?.close();
});

const inputs = (over: Record<string, string> = {}): Record<string, string> => ({ url: server.url, 'github-token': 'ghs_test_token_123', ...over });

describe('the action after a push to the default branch, through dist/', () => {
  let pushed = '';

  it('announces the step the push revealed, publishes the dashboard and compacts the data branch', async () => {
    // The server is still slow: this push is the third slow commit, which makes the step detectable (3 commits a side).
    git(work, 'commit', '-q', '--allow-empty', '-m', 'main: the third slow commit');
    pushed = git(work, 'rev-parse', 'HEAD');
    git(work, 'push', '-q', 'origin', 'main');
    const firstSlow = main[FAST]!;
    const r = await runAction('index', {
      workspace: work,
      event: 'push',
      payload: { repository, before: main.at(-1), after: pushed },
      sha: pushed,
      ref: 'refs/heads/main',
      inputs: inputs({ dashboard: 'true', 'change-comment': 'true', 'history-compact': 'true' }),
      apiUrl: gh.url,
      dist,
    });
    expect(r.code, r.stdout).toBe(0);
    // A warning annotation per new change point ("%" is %25 in a workflow command) for the worse, at the first slow commit.
    // The slower tokens (4 -> 8 ms) show as throughput down and TPOT up; which of the two first
    // reaches significance depends on the noise of these runs, so either announces the step.
    expect(r.stdout).toMatch(
      new RegExp(
        `::warning title=llm-perf-gate%3A change point::(output_tps of short@c=3 stepped down|tpot_ms\\.p50 of short@c=3 stepped up) [\\d.]+%25 \\([\\d.]+-[\\d.]+%25\\) at ${firstSlow.slice(0, 7)} \\(worse; p = [\\d.]+\\)`,
      ),
    );
    expect(r.summary).toContain('### Change points');
    expect(r.summary).toContain(`([${firstSlow.slice(0, 7)}](https://github.example/acme/serving/commit/${firstSlow}))`);
    // The report's trend before it: every gated metric of the cell, this push last.
    expect(r.summary).toContain('### Trend over the last 20 commits');
    expect(r.summary).not.toContain('```mermaid');

    const comments = gh.commitComments('acme', 'serving', pushed);
    expect(comments).toHaveLength(1);
    expect(comments[0]!.body).toMatch(/(output_tps of short@c=3 stepped down|tpot_ms\.p50 of short@c=3 stepped up)/);
    expect(r.stdout).toContain(`Commented the change points on ${pushed.slice(0, 7)}: https://github.example/acme/serving/commit/${pushed}#commitcomment-`);

    expect(git(remote, 'ls-tree', '--name-only', 'gh-pages').split('\n').sort()).toEqual(['.nojekyll', 'index.html']);
    expect(git(remote, 'rev-list', '--count', 'gh-pages')).toBe('1');
    const html = git(remote, 'show', 'gh-pages:index.html');
    expect(html).toContain("default-src 'none'");
    expect(html).toContain('uPlot');
    expect(html).toContain(pushed);
    expect(html).toContain('acme/serving: llm-perf-gate history');
    expect(r.stdout).toMatch(
      new RegExp(`Published the dashboard \\(${STORED} commit\\(s\\), \\d+ chart\\(s\\), \\d+ change point\\(s\\)\\) to 'gh-pages' as [0-9a-f]{7}: https://acme\\.github\\.io/serving/`),
    );

    // The seeded commit and the push's own store: compacted into one commit holding all of them.
    expect(r.stdout).toContain(`Compacted 'llm-perf-history': 2 commit(s) -> 1 holding ${STORED} result(s)`);
    expect(git(remote, 'rev-list', '--count', 'llm-perf-history')).toBe('1');
    expect(git(remote, 'ls-tree', '--name-only', 'llm-perf-history:results').split('\n')).toHaveLength(STORED);
  }, 180_000);

  it('a later push does not announce the same step again', async () => {
    git(work, 'commit', '-q', '--allow-empty', '-m', 'main: one more slow commit');
    const next = git(work, 'rev-parse', 'HEAD');
    git(work, 'push', '-q', 'origin', 'main');
    const r = await runAction('index', {
      workspace: work,
      event: 'push',
      payload: { repository, before: pushed, after: next },
      sha: next,
      ref: 'refs/heads/main',
      inputs: inputs({ 'change-comment': 'true' }),
      apiUrl: gh.url,
      dist,
    });
    expect(r.code, r.stdout).toBe(0);
    // Only the throughput and TPOT steps are certain here: a real measurement's noise may still reveal a small one elsewhere (TTFT).
    for (const text of [r.stdout, r.summary, ...gh.commitComments('acme', 'serving', next).map((c) => c.body)]) {
      expect(text).not.toContain('output_tps of short@c=3 stepped');
      expect(text).not.toContain('tpot_ms.p50 of short@c=3 stepped');
    }
    expect(r.stdout).toMatch(new RegExp(`Change points: none new over ${STORED + 1} stored commit\\(s\\)\\.|change point(::|: )ttft_ms`));
    pushed = next;
  }, 180_000);

  it("a pull request's comment has the trend table of every gated metric and links the dashboard", async () => {
    git(work, 'checkout', '-q', '-b', 'feature');
    git(work, 'commit', '-q', '--allow-empty', '-m', 'feature');
    const head = git(work, 'rev-parse', 'HEAD');
    const payload = { repository, pull_request: { number: 3, base: { sha: pushed, ref: 'main' }, head: { sha: head, ref: 'feature', repo: { full_name: 'acme/serving' } } } };
    const r = await runAction('index', { workspace: work, event: 'pull_request', payload, sha: head, ref: 'refs/pull/3/merge', inputs: inputs({ dashboard: 'true' }), apiUrl: gh.url, dist });
    expect(r.code, r.stdout).toBe(0);
    const body = gh.comments('acme', 'serving', 3)[0]!.body;
    expect(body).toContain('### Trend over the last 20 commits');
    expect(body).toContain('| cell | metric | trend | latest | last change point |');
    for (const metric of ['output_tps', 'tpot_ms.p50', 'ttft_ms.p95']) expect(body).toMatch(new RegExp(`\\| short@c=3 \\| ${metric.replace('.', '\\.')} \\| [▁▂▃▄▅▆▇█]{20} \\|`));
    expect(body).toContain(`at \`${main[FAST]!.slice(0, 7)}\` ⚠️`);
    expect(body).toContain('[Dashboard](https://acme.github.io/serving/)');
    // A pull request publishes nothing.
    expect(git(remote, 'rev-list', '--count', 'gh-pages')).toBe('1');
  }, 180_000);
});
