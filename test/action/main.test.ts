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
    const h = fakeHost(dir, { url: server.url, baseline: 'none', comment: 'never', 'github-token': 'ghs_secret_1' });
    await runAction(h.host);
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
    // The same server twice: never a fail. A busy machine can make the client
    // saturate, which the gate calls invalid: a warning, not a failed step.
    expect(second.failures).toEqual([]);
    expect(['pass', 'inconclusive', 'warn', 'invalid']).toContain(second.outputs.verdict);
    expect(second.logs.map((l) => l.text)).toContain('baseline: file `base.json`');
    expect(second.logs.at(-1)!.text).toMatch(/^llm-perf-gate: (pass|inconclusive|warn|invalid) \(0 regressed/);
    // Compared cell by cell, not judged by SLO checks alone.
    const v = JSON.parse(await readFile(second.outputs['verdict-path']!, 'utf8')) as VerdictDoc;
    expect(v.cells.map((c) => c.id)).toEqual(['short@c=4']);
    expect(second.summaries[0]).not.toContain('### Measured');
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
    expect(h.failures).toEqual(["'fail-on' must be one of regression|warn|never, got 'sometimes'"]);
    expect(h.outputs).toEqual({});
  });
});
