// The sticky comment against a loopback fake of the GitHub REST API, through
// the action's client (a real Octokit from @actions/github with the retry and
// throttling plugins; client.loopback.test.ts tests those on their own).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createGithubClient, DEFAULT_RETRIES, MAX_RATE_LIMIT_RETRIES, type Octokit } from '../../src/github/client.js';
import { CommentError } from '../../src/errors/comment-error.js';
import { capComment, COMMENT_MARKER, commentMarker, MAX_COMMENT_CHARS, upsertComment, type CommentTarget } from '../../src/github/comment.js';
import { ACTIONS_BOT, startFakeGitHub, type FakeGitHub } from '../support/fake-github.js';

const T: CommentTarget = { owner: 'acme', repo: 'serve', issueNumber: 7 };
const HUMAN = { login: 'octocat', type: 'User' as const };

let gh: FakeGitHub;
let octokit: Octokit;
beforeEach(async () => {
  gh = await startFakeGitHub();
  // Waits in ms instead of seconds, writes not spaced: the tests stay fast.
  octokit = createGithubClient('ghs_test-token', { baseUrl: gh.url, secondMs: 1, writeGapMs: 0, log: { info: () => {}, warn: () => {} } });
});
afterEach(async () => {
  await gh.close();
});

const writes = (): string[] => gh.requests.filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.path}`);

describe('upsertComment', () => {
  it('creates the comment, then updates the same one in place', async () => {
    const first = await upsertComment(octokit, T, 'report v1', 'always', true);
    expect(first).toMatchObject({ action: 'created', id: expect.any(Number) as number });
    expect(first.url).toBe(`https://github.example/acme/serve/pull/7#issuecomment-${first.id}`);
    const second = await upsertComment(octokit, T, 'report v2', 'always', true);
    expect(second).toEqual({ action: 'updated', id: first.id, url: first.url });

    const comments = gh.comments('acme', 'serve', 7);
    expect(comments).toHaveLength(1);
    expect(comments[0]?.body).toBe(`${COMMENT_MARKER}\nreport v2`);
    expect(writes()).toEqual(['POST /repos/acme/serve/issues/7/comments', `PATCH /repos/acme/serve/issues/comments/${first.id}`]);
    expect(gh.requests.every((r) => r.authorization === 'token ghs_test-token')).toBe(true);
    // GITHUB_TOKEN cannot read GET /user: the bot login is assumed.
    expect(gh.requests.filter((r) => r.path === '/user')).toHaveLength(2);
  });

  it("ignores other accounts' comments that carry the marker, and markers not at the start", async () => {
    gh.seed('acme', 'serve', 7, [
      { body: `${COMMENT_MARKER}\nquoted by a human`, user: HUMAN },
      { body: `${COMMENT_MARKER}\nfrom another bot`, user: { login: 'renovate[bot]', type: 'Bot' } },
      { body: `a reply quoting\n${COMMENT_MARKER}`, user: ACTIONS_BOT },
      { body: 'unrelated', user: ACTIONS_BOT },
    ]);
    const r = await upsertComment(octokit, T, 'report', 'always', true);
    expect(r.action).toBe('created');
    const bodies = gh.comments('acme', 'serve', 7).map((c) => c.body);
    expect(bodies.slice(0, 4)).toEqual([`${COMMENT_MARKER}\nquoted by a human`, `${COMMENT_MARKER}\nfrom another bot`, `a reply quoting\n${COMMENT_MARKER}`, 'unrelated']);
  });

  it('uses GET /user when the token can read it (a personal token)', async () => {
    gh.userForbidden = false;
    gh.actor = HUMAN;
    const [mine] = gh.seed('acme', 'serve', 7, [{ body: `${COMMENT_MARKER}\nold`, user: HUMAN }]);
    gh.seed('acme', 'serve', 7, [{ body: `${COMMENT_MARKER}\nbot`, user: ACTIONS_BOT }]);
    expect(await upsertComment(octokit, T, 'new', 'always', true)).toMatchObject({ action: 'updated', id: mine?.id });
    expect(gh.comments('acme', 'serve', 7).map((c) => c.body)).toEqual([`${COMMENT_MARKER}\nnew`, `${COMMENT_MARKER}\nbot`]);
  });

  it('finds its comment beyond the first 100, paginating with per_page=100', async () => {
    gh.seed(
      'acme',
      'serve',
      7,
      Array.from({ length: 230 }, (_, i) => ({ body: `chatter ${i}`, user: HUMAN })),
    );
    const [ours] = gh.seed('acme', 'serve', 7, [{ body: `${COMMENT_MARKER}\nold`, user: ACTIONS_BOT }]);
    const r = await upsertComment(octokit, T, 'new', 'always', true);
    expect(r).toMatchObject({ action: 'updated', id: ours?.id });
    const pages = gh.requests.filter((q) => q.method === 'GET' && q.path.endsWith('/comments'));
    expect(pages.map((q) => [q.query.get('per_page'), q.query.get('page') ?? '1'])).toEqual([
      ['100', '1'],
      ['100', '2'],
      ['100', '3'],
    ]);
  });

  it('keeps several gates apart by marker', async () => {
    const a = await upsertComment(octokit, { ...T, marker: commentMarker('llm-perf.yml') }, 'A', 'always', true);
    const b = await upsertComment(octokit, { ...T, marker: commentMarker('gpu/large.yml') }, 'B', 'always', true);
    expect(a.id).not.toBe(b.id);
    expect(await upsertComment(octokit, { ...T, marker: commentMarker('llm-perf.yml') }, 'A2', 'always', true)).toMatchObject({ action: 'updated', id: a.id });
    expect(commentMarker('x y-->')).toBe('<!-- llm-perf-gate:report:x_y--_ -->');
    await expect(upsertComment(octokit, { ...T, marker: '<!-- a --> b -->' }, 'x', 'always', true)).rejects.toThrow(TypeError);
  });

  it('on-change: creates nothing when nothing changed, but always updates an existing comment', async () => {
    expect(await upsertComment(octokit, T, 'same', 'on-change', false)).toMatchObject({ action: 'skipped', id: null, url: null, reason: expect.stringContaining('on-change') as string });
    expect(writes()).toEqual([]);
    expect((await upsertComment(octokit, T, 'changed', 'on-change', true)).action).toBe('created');
    expect((await upsertComment(octokit, T, 'same again', 'on-change', false)).action).toBe('updated');
    expect(gh.comments('acme', 'serve', 7).map((c) => c.body)).toEqual([`${COMMENT_MARKER}\nsame again`]);
  });

  it('degrades to skipped with a reason on a fork read-only token (403) or a hidden repository (404)', async () => {
    gh.forbid = 'writes';
    const r = await upsertComment(octokit, T, 'report', 'always', true);
    expect(r).toMatchObject({ action: 'skipped', id: null, url: null });
    expect(r.reason).toMatch(/403 Resource not accessible by integration \(POST http:\/\/127\.0\.0\.1:\d+\/repos\/acme\/serve\/issues\/7\/comments\); .*fork/);
    expect(r.reason).not.toContain('ghs_test-token');

    gh.forbid = 'all';
    expect((await upsertComment(octokit, T, 'report', 'always', true)).action).toBe('skipped');
    gh.forbid = 'none';
    gh.hidden = true;
    expect(await upsertComment(octokit, T, 'report', 'always', true)).toMatchObject({ action: 'skipped', reason: expect.stringMatching(/: 404 Not Found \(GET /) as string });
    expect(gh.comments('acme', 'serve', 7)).toEqual([]);
  });

  it('retries a transient 502 and a secondary rate limit', async () => {
    gh.failNext(1, 502, 'POST');
    expect((await upsertComment(octokit, T, 'v1', 'always', true)).action).toBe('created');
    expect(writes()).toEqual(['POST /repos/acme/serve/issues/7/comments', 'POST /repos/acme/serve/issues/7/comments']);
    gh.requests.length = 0;
    gh.userForbidden = false;
    gh.failNext(1, 'secondary', 'GET'); // GET /user
    gh.failNext(2, 502, 'PATCH');
    expect((await upsertComment(octokit, T, 'v2', 'always', true)).action).toBe('updated');
    expect(gh.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /user',
      'GET /user',
      'GET /repos/acme/serve/issues/7/comments',
      ...Array<string>(3).fill(`PATCH /repos/acme/serve/issues/comments/${gh.comments('acme', 'serve', 7)[0]?.id}`),
    ]);
    expect(gh.comments('acme', 'serve', 7).map((c) => c.body)).toEqual([`${COMMENT_MARKER}\nv2`]);
  });

  it(`gives up after ${DEFAULT_RETRIES + 1} tries with a typed error naming the call`, async () => {
    // GET /user fails every try and falls back to the bot login; then the list call fails every try.
    const tries = DEFAULT_RETRIES + 1;
    gh.failNext(2 * tries, 502);
    const err = (await upsertComment(octokit, T, 'x', 'always', true).catch((e: unknown) => e)) as CommentError;
    expect(err).toBeInstanceOf(CommentError);
    expect(err.message).toMatch(new RegExp(`after ${tries} tries.*\\(GET http://127\\.0\\.0\\.1:\\d+/repos/acme/serve/issues/7/comments\\?per_page=100 -> 502\\)`));
    expect(err.status).toBe(502);
    expect(gh.requests).toHaveLength(2 * tries);
  });

  it('fails (not skipped as a read-only token) when a rate limit outlasts its retries', async () => {
    gh.failNext(MAX_RATE_LIMIT_RETRIES + 1, 'secondary', 'POST');
    const err = (await upsertComment(octokit, T, 'x', 'always', true).catch((e: unknown) => e)) as CommentError;
    expect(err).toBeInstanceOf(CommentError);
    expect(err.message).toMatch(new RegExp(`on a rate limit: You have exceeded a secondary rate limit.*-> 403\\)`));
    expect(writes()).toEqual(Array<string>(MAX_RATE_LIMIT_RETRIES + 1).fill('POST /repos/acme/serve/issues/7/comments'));
  });
});

describe('capComment', () => {
  it('leaves a body within the limit alone', () => {
    expect(capComment(COMMENT_MARKER, 'short')).toBe(`${COMMENT_MARKER}\nshort`);
    const exact = 'x'.repeat(MAX_COMMENT_CHARS - COMMENT_MARKER.length - 1);
    expect(capComment(COMMENT_MARKER, exact)).toHaveLength(MAX_COMMENT_CHARS);
  });

  it('cuts an oversized body with a note, closing an open code fence and never splitting a surrogate pair', () => {
    const body = `intro\n\`\`\`\n${'😀'.repeat(MAX_COMMENT_CHARS)}`;
    const out = capComment(COMMENT_MARKER, body);
    expect(out.length).toBeLessThanOrEqual(MAX_COMMENT_CHARS);
    expect(out.startsWith(`${COMMENT_MARKER}\nintro`)).toBe(true);
    expect(out).toMatch(/\n```\n\n---\n\*\*Truncated:\*\* .*65536/);
    expect(out).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
  });

  it('counts the limit in UTF-8 bytes: a body under it in characters but over it in bytes is cut to fit', () => {
    const out = capComment(COMMENT_MARKER, '│'.repeat(30_000));
    expect(Buffer.byteLength(out)).toBeLessThanOrEqual(MAX_COMMENT_CHARS);
    expect(out).toMatch(/\*\*Truncated:\*\*/);
    expect(out).not.toContain('\uFFFD');
  });

  it('keeps an oversized comment postable end to end', async () => {
    const r = await upsertComment(octokit, T, 'y'.repeat(MAX_COMMENT_CHARS * 2), 'always', true);
    expect(r.action).toBe('created');
    expect(gh.comments('acme', 'serve', 7)[0]?.body.length).toBeLessThanOrEqual(MAX_COMMENT_CHARS);
  });
});
