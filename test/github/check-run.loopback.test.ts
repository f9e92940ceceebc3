// A check run against a loopback fake of the GitHub REST API, which refuses
// (422) an output field past GitHub's bound in UTF-8 bytes, as GitHub does:
// a summary under the bound in characters but over it in bytes (box-drawing
// and emoji) must be cut to fit, not lose the check run.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCheckRun, type CheckRunContent } from '../../src/github/check-run.js';
import { createGithubClient, type Octokit } from '../../src/github/client.js';
import { startFakeGitHub, type FakeGitHub } from '../support/fake-github.js';

let gh: FakeGitHub;
let octokit: Octokit;
beforeEach(async () => {
  gh = await startFakeGitHub();
  octokit = createGithubClient('ghs_test-token', { baseUrl: gh.url, secondMs: 1, writeGapMs: 0, log: { info: () => {}, warn: () => {} } });
});
afterEach(async () => {
  await gh.close();
});

const content = (over: Partial<CheckRunContent>): CheckRunContent => ({
  name: 'llm-perf-gate',
  headSha: 'a'.repeat(40),
  conclusion: 'failure',
  title: 'llm-perf-gate: fail',
  summary: 'short',
  annotations: [],
  ...over,
});

describe('createCheckRun', () => {
  it("cuts a summary, text and title to GitHub's bounds in bytes, so the check run is created", async () => {
    // 65,522 characters, 67,640 bytes: under the bound in characters, over it in bytes.
    const summary = `${'│'.repeat(1059)}${'x'.repeat(64_463)}`;
    expect(summary.length).toBe(65_522);
    expect(Buffer.byteLength(summary)).toBe(67_640);
    const text = '😀'.repeat(20_000);
    const title = `llm-perf-gate: fail ${'é'.repeat(200)}`;
    const r = await createCheckRun(octokit, { owner: 'acme', repo: 'serve' }, content({ summary, text, title }));
    expect(r).toEqual({ url: 'https://github.example/acme/serve/runs/1' });
    const output = (gh.checkRuns[0]!.body as { output: { summary: string; text: string; title: string } }).output;
    expect(Buffer.byteLength(output.summary)).toBeLessThanOrEqual(65_535);
    expect(Buffer.byteLength(output.summary)).toBeGreaterThan(65_400);
    expect(output.summary.endsWith("… (cut at GitHub's limit)")).toBe(true);
    expect(Buffer.byteLength(output.text)).toBeLessThanOrEqual(65_535);
    // Never half a character: the text decodes to whole emoji.
    expect(output.text).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|\uFFFD/);
    expect(Buffer.byteLength(output.title)).toBeLessThanOrEqual(255);
    expect(output.title.startsWith('llm-perf-gate: fail é')).toBe(true);
  });

  it('leaves what fits as it is', async () => {
    const summary = '│'.repeat(21_845); // 65,535 bytes exactly
    await createCheckRun(octokit, { owner: 'acme', repo: 'serve' }, content({ summary }));
    expect((gh.checkRuns[0]!.body as { output: { summary: string } }).output.summary).toBe(summary);
  });
});
