// The one GitHub client's retries and rate-limit handling (Octokit's retry and
// throttling plugins) against a loopback fake of the REST API: what is
// retried, what is not, that the number of tries is bounded, and that
// retry-after is honoured. Waits are scaled down (secondMs) so this runs in ms.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createGithubClient, DEFAULT_RETRIES, githubClient, MAX_RATE_LIMIT_RETRIES, MAX_RATE_LIMIT_WAIT_S, type ClientOptions, type Octokit } from '../../src/github/client.js';
import { startFakeGitHub, type FakeGitHub } from '../support/fake-github.js';

const WHERE = { owner: 'acme', repo: 'serve', issue_number: 7 };
const POST = 'POST /repos/acme/serve/issues/7/comments';

let gh: FakeGitHub;
let lines: string[];
const client = (options: ClientOptions = {}): Octokit =>
  createGithubClient('ghs_test-token', {
    baseUrl: gh.url,
    secondMs: 1,
    writeGapMs: 0,
    log: { info: (t) => lines.push(`info: ${t}`), warn: (t) => lines.push(`warn: ${t}`) },
    ...options,
  });
const calls = (): string[] => gh.requests.map((r) => `${r.method} ${r.path}`);
const post = (octokit: Octokit, body: unknown = 'hello') => octokit.rest.issues.createComment({ ...WHERE, body: body as string });
const statusOf = async (p: Promise<unknown>): Promise<number | undefined> =>
  (
    (await p.then(
      () => null,
      (e: unknown) => e,
    )) as { status?: number } | null
  )?.status;

beforeEach(async () => {
  gh = await startFakeGitHub();
  lines = [];
});
afterEach(async () => {
  await gh.close();
});

describe('server errors and dropped connections (plugin-retry)', () => {
  it('retries a 502 and succeeds on the next try', async () => {
    gh.failNext(1, 502, 'POST');
    const r = await post(client());
    expect(r.status).toBe(201);
    expect(calls()).toEqual([POST, POST]);
    expect(gh.comments('acme', 'serve', 7).map((c) => c.body)).toEqual(['hello']);
    expect(gh.requests.every((q) => q.authorization === 'token ghs_test-token')).toBe(true);
  });

  it('retries a connection dropped without an answer', async () => {
    gh.failNext(1, 'reset');
    expect(
      (
        await client()
          .rest.users.getAuthenticated()
          .catch((e: { status: number }) => e)
      ).status,
    ).toBe(403); // the fake's GET /user for GITHUB_TOKEN
    expect(calls()).toEqual(['GET /user', 'GET /user']);
  });

  it(`gives up after ${DEFAULT_RETRIES + 1} tries with the last answer's status`, async () => {
    gh.failNext(50, 502);
    expect(await statusOf(post(client()))).toBe(502);
    expect(calls()).toEqual(Array<string>(DEFAULT_RETRIES + 1).fill(POST));
  });

  it('takes the number of retries from the options', async () => {
    gh.failNext(50, 503);
    expect(await statusOf(post(client({ retries: 1 })))).toBe(503);
    expect(calls()).toHaveLength(2);
  });

  it('waits (n + 1)^2 seconds before retry n + 1, in secondMs units', async () => {
    gh.failNext(2, 502);
    const t0 = performance.now();
    await post(client({ secondMs: 20 }));
    expect(performance.now() - t0).toBeGreaterThanOrEqual((1 + 4) * 20 - 5);
    expect(calls()).toHaveLength(3);
  });
});

describe('answers that retrying cannot fix', () => {
  it('does not retry a 404, a 422 or a 403 without a rate limit', async () => {
    const octokit = client();
    gh.hidden = true;
    expect(await statusOf(post(octokit))).toBe(404);
    expect(calls()).toEqual([POST]);

    gh.hidden = false;
    gh.requests.length = 0;
    expect(await statusOf(post(octokit, 'x'.repeat(70_000)))).toBe(422);
    expect(calls()).toEqual([POST]);

    gh.requests.length = 0;
    gh.forbid = 'writes'; // a fork's read-only token
    expect(await statusOf(post(octokit))).toBe(403);
    expect(calls()).toEqual([POST]);
    expect(lines).toEqual([]);
  });
});

describe('rate limits (plugin-throttling)', () => {
  it('retries a secondary rate limit after the retry-after GitHub sent, and logs it', async () => {
    gh.retryAfter = '3';
    gh.failNext(1, 'secondary', 'POST');
    const t0 = performance.now();
    expect((await post(client({ secondMs: 20 }))).status).toBe(201);
    expect(performance.now() - t0).toBeGreaterThanOrEqual(3 * 20 - 5);
    expect(calls()).toEqual([POST, POST]);
    expect(lines).toEqual([expect.stringMatching(/^info: GitHub secondary rate limit on POST \/repos\/acme\/serve\/issues\/7\/comments: retrying in 3 s \(retry 1 of 2\)/) as string]);
  });

  it(`retries a rate limit at most ${MAX_RATE_LIMIT_RETRIES} times`, async () => {
    gh.failNext(50, 'secondary');
    expect(await statusOf(post(client()))).toBe(403);
    expect(calls()).toEqual(Array<string>(MAX_RATE_LIMIT_RETRIES + 1).fill(POST));
    expect(lines.at(-1)).toMatch(/^warn: GitHub secondary rate limit on POST .*: giving up after 3 tries/);
  });

  it('fails at once when the quota comes back only in an hour', async () => {
    gh.failNext(1, 'quota');
    expect(await statusOf(post(client()))).toBe(403);
    expect(calls()).toEqual([POST]);
    expect(lines).toEqual([
      expect.stringMatching(new RegExp(`^warn: GitHub rate limit on POST .*: it asks for 36\\d\\d s, longer than the ${MAX_RATE_LIMIT_WAIT_S} s this job waits; not retried`)) as string,
    ]);
  });

  it('spaces writes writeGapMs apart, and new comments three times that', async () => {
    const octokit = client({ writeGapMs: 30 });
    const t0 = performance.now();
    await Promise.all([post(octokit, 'a'), post(octokit, 'b')]);
    expect(performance.now() - t0).toBeGreaterThanOrEqual(3 * 30 - 5);
    expect(
      gh
        .comments('acme', 'serve', 7)
        .map((c) => c.body)
        .sort(),
    ).toEqual(['a', 'b']);
  });
});

describe('githubClient', () => {
  it('is one client per token for the process', () => {
    const a = githubClient('ghs_one');
    expect(githubClient('ghs_one', { info: () => {}, warn: () => {} })).toBe(a);
    expect(githubClient('ghs_two')).not.toBe(a);
  });
});
