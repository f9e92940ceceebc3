// The action's orchestrator on a fake host: inputs, event, log, outputs,
// state, summary and the cancel signal are all in the test's hands, the
// inference server is a real loopback one, the files are real.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runAction } from '../../src/action/main.js';
import type { VerdictDoc } from '../../src/gate/verdict.js';
import type { ResultDoc } from '../../src/result/types.js';
import { startFakeServer, type FakeServer } from '../support/fake-server.js';
import { fakeHost } from '../support/fake-action-host.js';
import { tempDir } from '../support/measure.js';

let server: FakeServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

/** A one-cell config in a fresh workspace, with the given gate.slo checks. */
async function workspace(slo: string[] = []): Promise<string> {
  const dir = await tempDir();
  const text = (await readFile('test/fixtures/small.yml', 'utf8')).replace('loads:\n  - concurrency: 4\n  - rate: 30\n', 'loads:\n  - concurrency: 4\n');
  await writeFile(join(dir, 'llm-perf.yml'), slo.length ? `${text}gate:\n  slo:\n${slo.map((s) => `    - ${s}\n`).join('')}` : text);
  return dir;
}

describe('runAction on a fake host', () => {
  it('without a baseline, fails the step on a failed SLO check, with an annotation, outputs and summary', async () => {
    server = await startFakeServer({ ttftMs: 40, gapMs: 1 });
    const dir = await workspace(['ttft_ms.p50 <= 5']);
    // The token is here to be masked; with no GitHub to reach (the check run has its own tests), the step
    // spent 14 s retrying a check run on api.github.com that the loopback guard refused.
    const h = fakeHost(dir, { url: server.url, baseline: 'none', comment: 'never', 'check-run': 'false', 'github-token': 'ghs_secret_1' });
    await runAction(h.host);
    expect(h.logs.filter((l) => /check run/i.test(l.text))).toEqual([]);
    expect(h.failures).toHaveLength(1);
    expect(h.failures[0]).toMatch(/^llm-perf-gate: fail \(0 regressed, 0 improved, 1 SLO failures\): no baseline/);
    expect(h.outputs).toMatchObject({ verdict: 'fail', regressions: '0', 'result-path': join(dir, 'llm-perf-result.json') });
    expect(h.secrets).toEqual(['ghs_secret_1']);
    expect(h.logs).toContainEqual(expect.objectContaining({ level: 'error', title: 'llm-perf-gate: SLO check failed' }));
    expect(h.summaries).toHaveLength(1);
    expect(h.summaries[0]).toContain('### Measured');
    const v = JSON.parse(await readFile(h.outputs['verdict-path']!, 'utf8')) as VerdictDoc;
    expect(v.verdict).toBe('fail');
    expect(await readFile(h.outputs['report-path']!, 'utf8')).toBe(h.summaries[0]);
    // Progress went through the host's log, once per cell.
    expect(h.logs.filter((l) => l.text.includes('cell 1/1 short@c=4: started'))).toHaveLength(1);
    // 20 requests x 1 trial cannot support the default-gated TTFT p95: reading the config raised them, with a notice.
    expect(h.logs).toContainEqual(expect.objectContaining({ level: 'notice', text: expect.stringMatching(/^run\.requests raised from 20 to 60: ttft_ms\.p95 is gated by default/) }));
    expect(JSON.parse(await readFile(join(dir, 'llm-perf-result.json'), 'utf8')).cells[0].metrics.counts.attempted).toBe(60);
  });

  it('compares with a baseline file and passes, logging the baseline and the outcome', async () => {
    server = await startFakeServer({ ttftMs: 5, gapMs: 2 });
    const dir = await workspace();
    const first = fakeHost(dir, { url: server.url, baseline: 'none', comment: 'never', out: 'base.json' });
    await runAction(first.host);
    expect(first.failures).toEqual([]);
    expect(first.outputs.verdict).toBe('pass');
    const second = fakeHost(dir, { url: server.url, baseline: 'base.json', comment: 'never' });
    await runAction(second.host);
    // The same server twice: never a regression. A busy machine can make the
    // client saturate, which the gate calls invalid: that fails the step under
    // the default fail-on (regression, invalid), saying why.
    expect(['pass', 'inconclusive', 'warn', 'invalid']).toContain(second.outputs.verdict);
    if (second.outputs.verdict === 'invalid')
      expect(second.failures).toEqual([expect.stringMatching(/^llm-perf-gate: invalid \(0 regressed.*: The check failed because no valid comparison was made/)]);
    else expect(second.failures).toEqual([]);
    expect(second.logs.map((l) => l.text)).toContain('baseline: file `base.json`');
    if (second.outputs.verdict !== 'invalid') expect(second.logs.at(-1)!.text).toMatch(/^llm-perf-gate: (pass|inconclusive|warn) \(0 regressed/);
    // Compared cell by cell, not judged by SLO checks alone.
    const v = JSON.parse(await readFile(second.outputs['verdict-path']!, 'utf8')) as VerdictDoc;
    expect(v.cells.map((c) => c.id)).toEqual(['short@c=4']);
    expect(second.summaries[0]).not.toContain('### Measured');
  });

  it('an invalid comparison fails the step by default, and with fail-on regression passes with a warning; the report says why first', async () => {
    server = await startFakeServer({ ttftMs: 5, gapMs: 1 });
    const dir = await workspace();
    const first = fakeHost(dir, { url: server.url, baseline: 'none', comment: 'never', out: 'base.json' });
    await runAction(first.host);
    expect(first.failures).toEqual([]);
    // Other work than the baseline did: the comparison cannot be made.
    const config = join(dir, 'llm-perf.yml');
    await writeFile(config, (await readFile(config, 'utf8')).replace('output_tokens: 12', 'output_tokens: 10'));
    const strict = fakeHost(dir, { url: server.url, baseline: 'base.json', comment: 'never' });
    await runAction(strict.host);
    expect(strict.outputs.verdict).toBe('invalid');
    expect(strict.failures).toEqual([
      expect.stringMatching(
        /^llm-perf-gate: invalid \(0 regressed, 0 improved, 0 SLO failures\): The check failed because no valid comparison was made \(fail-on \(regression, invalid\) includes invalid\): short@c=4: /,
      ),
    ]);
    const note = (md: string): string => md.split('\n').find((l) => /^\*\*(The check|Not a pass)/.test(l))!;
    expect(note(strict.summaries[0]!)).toMatch(/^\*\*The check failed because no valid comparison was made .*set fail-on to regression to let an invalid comparison pass with a warning\.\*\*$/);

    const lenient = fakeHost(dir, { url: server.url, baseline: 'base.json', comment: 'never', 'fail-on': 'regression' });
    await runAction(lenient.host);
    expect(lenient.outputs.verdict).toBe('invalid');
    expect(lenient.failures).toEqual([]);
    // Never green silently: a warning annotation and the report's first line say why and what to change.
    expect(lenient.logs).toContainEqual(expect.objectContaining({ level: 'warn', title: 'llm-perf-gate: not a pass: no valid comparison was made' }));
    expect(note(lenient.summaries[0]!)).toMatch(
      /^\*\*Not a pass: no valid comparison was made, and the check is green only because fail-on \(regression\) leaves out invalid: short@c=4: .*add invalid to fail-on to block merges on it\.\*\*$/,
    );
  });

  it('on the cancel signal finishes the result as interrupted and fails the step', async () => {
    server = await startFakeServer({ ttftMs: 5, gapMs: 30 });
    const dir = await workspace();
    const h = fakeHost(dir, { url: server.url, baseline: 'none', comment: 'never' }, (l, abort) => {
      if (l.text.endsWith(': started')) setTimeout(abort, 300);
    });
    await runAction(h.host);
    expect(h.failures).toHaveLength(1);
    expect(h.failures[0]).toMatch(/^the run was interrupted/);
    const doc = JSON.parse(await readFile(join(dir, 'llm-perf-result.json'), 'utf8')) as ResultDoc;
    expect(doc.status).toBe('interrupted');
    expect(h.outputs.verdict).toBeUndefined();
  });

  it('fails the step with what to fix when the target cannot be used', async () => {
    const gone = await startFakeServer();
    const url = gone.url;
    await gone.close();
    const h = fakeHost(await workspace(), { url, baseline: 'none', comment: 'never' });
    await runAction(h.host);
    expect(h.failures).toHaveLength(1);
    expect(h.failures[0]).toMatch(/^target unusable: cannot reach the target: .*ECONNREFUSED/);
  });

  it('fails the step naming a bad input, before measuring anything', async () => {
    const dir = await workspace();
    const h = fakeHost(dir, { 'fail-on': 'sometimes' });
    await runAction(h.host);
    expect(h.failures).toEqual(["'fail-on' must be a comma-separated set of regression|invalid|warn|inconclusive, or never alone, got 'sometimes'"]);
    expect(h.outputs).toEqual({});
  });
});
