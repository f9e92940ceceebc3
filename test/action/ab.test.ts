// Same-job A/B in the action, on a fake host with real loopback servers: the
// baseline server measured in the same job as the candidate, trial by trial
// in pairs, judged with the paired design; both at once, or one server at a
// time in ABBA blocks; and a confirmation measured for real. Which design a
// set of inputs gets, and what each route does with its results, is tested on
// fake ports (test/action/design.test.ts); an A/A through the built action is
// in test/action/action.test.ts.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runAction } from '../../src/action/main.js';
import type { VerdictDoc } from '../../src/gate/verdict.js';
import type { ResultDoc } from '../../src/result/types.js';
import { fakeHost } from '../support/fake-action-host.js';
import { startFakeServer, type FakeServer } from '../support/fake-server.js';
import { tempDir } from '../support/measure.js';

const servers: FakeServer[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await s.close();
});

async function workspace(ab = ''): Promise<string> {
  const dir = await tempDir();
  const lines = [
    'version: 1',
    'run: { requests: 20, warmup: 2, trials: 4, max_duration_s: 30 }',
    'scenarios:',
    '  - { name: s, input_tokens: 16, output_tokens: 16 }',
    'loads:',
    '  - concurrency: 2',
    'telemetry: { max_neighbour_cpu_share: 1 }',
  ];
  await writeFile(join(dir, 'llm-perf.yml'), `${[...lines, ...(ab ? [ab] : [])].join('\n')}\n`);
  return dir;
}

const readJson = async <T>(path: string): Promise<T> => JSON.parse(await readFile(path, 'utf8')) as T;

describe('runAction: same-job A/B', () => {
  it('fails a slower candidate with the paired design and says so in the report', async () => {
    const base = await startFakeServer({ ttftMs: 8, gapMs: 3 });
    const cand = await startFakeServer({ ttftMs: 8, gapMs: 6 });
    servers.push(base, cand);
    const dir = await workspace();
    const h = fakeHost(dir, { url: cand.url, 'baseline-url': base.url, comment: 'never' });
    await runAction(h.host);
    expect(h.failures, h.summaries[0]).toHaveLength(1);
    expect(h.failures[0]).toMatch(/^llm-perf-gate: fail \([1-9]\d* regressed/);
    const v = await readJson<VerdictDoc>(h.outputs['verdict-path']!);
    expect(v.design).toBe('paired');
    expect(v.cells[0]!.metrics.find((m) => m.metric === 'tpot_ms.p50')!.verdict).toBe('regressed');
    expect(h.summaries[0]).toContain('same-job A/B, paired design (4 pairs per cell, both servers up at once');
    expect(h.summaries[0]).toMatch(/paired design \(interleaved A\/B in one job, sequential: judged after \d+ of at most \d+ pairs at that look's level\), \d+% intervals/);
    // Both results are kept, carry one run id, and the same requests went to both servers.
    expect(h.outputs['baseline-result-path']).toBe(join(dir, 'llm-perf-result.baseline.json'));
    const b = await readJson<ResultDoc>(h.outputs['baseline-result-path']!);
    const c = await readJson<ResultDoc>(h.outputs['result-path']!);
    expect(b.ab!.run_id).toBe(c.ab!.run_id);
    expect(b.cells[0]!.trials.map((t) => t.pair)).toEqual([0, 1, 2, 3]);
    const prompts = (s: FakeServer): string[] => s.requests.filter((r) => r.completionIndex !== null).map((r) => r.body.messages[0].content as string);
    expect(prompts(base).sort()).toEqual(prompts(cand).sort());
  }, 60_000);

  it('alternate schedule: one server at a time on one port, restarted per block in ABBA order', async () => {
    const port = 20000 + Math.floor(Math.random() * 2000);
    const fake = (gap: number): string => `exec "${process.execPath}" "${join(process.cwd(), 'scripts', 'fake-server.ts')}" ${port} 8 ${gap} 4`;
    const dir = await workspace('ab: { schedule: alternate }');
    const url = `http://127.0.0.1:${port}`;
    const h = fakeHost(dir, { url, 'server-command': fake(6), 'baseline-url': url, 'baseline-server-command': fake(3), comment: 'never' });
    await runAction(h.host);
    expect(h.failures).toHaveLength(1);
    expect(h.failures[0]).toMatch(/^llm-perf-gate: fail/);
    const started = h.logs.filter((l) => /^Starting (baseline server|server):/.test(l.text)).map((l) => (l.text.startsWith('Starting baseline') ? 'A' : 'B'));
    expect(started.join('')).toBe('ABBAABBA');
    expect(h.logs.filter((l) => /^(Baseline server|Server) stopped \(SIGTERM\)/.test(l.text))).toHaveLength(8);
    expect(h.state).toMatchObject({ 'server-pgid': '', 'baseline-server-pgid': '' });
    expect(h.summaries[0]).toContain('one server at a time, ABBA blocks');
    expect((await readJson<VerdictDoc>(h.outputs['verdict-path']!)).design).toBe('paired');
  }, 120_000);

  it('refuses a baseline server without its URL, and an endpoint that is the candidate itself', async () => {
    const dir = await workspace();
    const h = fakeHost(dir, { url: 'http://127.0.0.1:9', 'baseline-server-command': 'sleep 1' });
    await runAction(h.host);
    expect(h.failures).toEqual(["'baseline-server-command' needs 'baseline-url': the URL the baseline server serves at"]);
    const same = fakeHost(dir, { url: 'http://127.0.0.1:9/', 'baseline-url': 'http://127.0.0.1:9' });
    await runAction(same.host);
    expect(same.failures).toEqual(["'baseline-url' is the candidate's URL: the A/B would compare the server with itself"]);
  });
});

describe('runAction: confirm before failing', () => {
  /** A stored baseline measured on a fast server, and a workspace to compare with it. */
  async function stored(): Promise<{ dir: string; fast: FakeServer }> {
    const fast = await startFakeServer({ ttftMs: 8, gapMs: 3 });
    servers.push(fast);
    const dir = await workspace();
    const h = fakeHost(dir, { url: fast.url, baseline: 'none', comment: 'never', out: 'base.json' });
    await runAction(h.host);
    expect(h.failures).toEqual([]);
    return { dir, fast };
  }

  it('measures the failing cells again and passes when the slowdown does not persist; the report shows both', async () => {
    const { dir } = await stored();
    const cand = await startFakeServer({ ttftMs: 8, gapMs: 9 });
    servers.push(cand);
    const h = fakeHost(dir, { url: cand.url, baseline: 'base.json', comment: 'never' }, (l) => {
      // A one-off: the server is back to speed for the second measurement.
      if (l.text.includes('again before deciding')) cand.setSchedule({ gapMs: 3 });
    });
    await runAction(h.host);
    expect(h.failures, h.summaries[0]).toEqual([]);
    expect(h.logs.map((l) => l.text)).toContain(
      'Measuring s@c=2 again before deciding (input confirm): a regression against a stored result, or noise that made a cell not comparable, is measured once more in this job.',
    );
    const report = h.summaries[0]!;
    expect(report).toContain('### Confirmation');
    expect(report).toContain('the failing cell (s@c=2) measured again in this job, against the same baseline');
    expect(report).toMatch(/<summary>First measurement \(unpaired design\): fail<\/summary>/);
    expect(report).toContain('not confirmed: ');
    expect(h.outputs.verdict).not.toBe('fail');
  }, 90_000);
});
