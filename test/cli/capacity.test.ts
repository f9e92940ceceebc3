// Capacity cells end to end through the built CLI: `run` searches the
// loopback server (whose per-token cost rises with the requests generating
// at once, so latency bends up with load), writes every probed point, and
// `compare` fails a slower server on capacity_rps.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { VerdictDoc } from '../../src/gate/verdict.js';
import type { ResultDoc } from '../../src/result/types.js';
import { validateResult } from '../../src/result/validate.js';
import { startFakeServer, type FakeServer } from '../support/fake-server.js';
import { tempDir } from '../support/measure.js';
import { buildDist, cli } from '../support/cli.js';

let server: FakeServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

beforeAll(buildDist);

// TPOT = gapMs + gapPerActiveMs * (c - 1): the SLO tpot_ms.p90 <= 17 holds
// up to c = 7 with 2 ms per active request, and up to c = 5 with 3 ms.
const SCHEDULE = { ttftMs: 5, gapMs: 4, gapPerActiveMs: 2, slots: 32, tokensPerChunk: 1 };

async function runOn(gapPerActiveMs: number, out: string): Promise<{ code: number | null; stdout: string; stderr: string; doc: ResultDoc }> {
  server = await startFakeServer({ ...SCHEDULE, gapPerActiveMs });
  const ran = await cli(['run', '--config', 'test/fixtures/capacity.yml', '--url', server.url, '--out', out]);
  await server.close();
  server = null;
  return { ...ran, doc: JSON.parse(await readFile(out, 'utf8')) as ResultDoc };
}

describe('capacity cells through the CLI', () => {
  let dir: string;
  let base: Awaited<ReturnType<typeof runOn>>;
  beforeAll(async () => {
    dir = await tempDir();
    base = await runOn(2, join(dir, 'base.json'));
  }, 180_000);

  it('run searches the capacity, prints it and stores every probed point', () => {
    expect(base.code, base.stderr).toBe(0);
    expect(validateResult(base.doc)).toEqual([]);
    const cell = base.doc.capacity![0]!;
    expect(cell.id).toBe('chat@capacity:concurrency');
    expect(cell.status).toBe('complete');
    expect(cell.search!.status).toBe('found');
    expect(cell.search!.bracket).toMatchObject({ lastPass: 7, firstFail: 8 });
    expect(cell.points.length).toBeGreaterThanOrEqual(4);
    expect(cell.points.every((p) => p.requests >= 80 && Array.isArray(p.detail))).toBe(true);
    // Progress per point in the log, the headline line with the table.
    expect(base.stderr).toMatch(/chat@capacity:concurrency: concurrency 8: fail after \d+ requests/);
    expect(base.stdout).toMatch(/capacity chat@capacity:concurrency: sustains [0-9.]+ req\/s \([0-9.]+-[0-9.]+\) at [0-9.]+-[0-9.]+ concurrent requests within p90 TPOT <= 17 ms/);
    // The matrix's own cell is untouched by the capacity cell.
    expect(base.doc.cells.map((c) => c.id)).toEqual(['chat@c=1']);
  });

  it('compare fails a slower server on capacity_rps and puts capacity first in the report', { timeout: 180_000 }, async () => {
    const slow = await runOn(3, join(dir, 'slow.json'));
    expect(slow.code, slow.stderr).toBe(0);
    expect(slow.doc.capacity![0]!.search!.bracket.lastPass).toBe(5);
    const md = join(dir, 'report.md');
    const vj = join(dir, 'verdict.json');
    const ran = await cli(['compare', '--baseline', join(dir, 'base.json'), '--candidate', join(dir, 'slow.json'), '--markdown', md, '--json', vj]);
    expect(ran.code, ran.stderr + ran.stdout).toBe(1);
    expect(ran.stdout).toMatch(/chat@capacity:concurrency\s+capacity_rps\s+.*regressed/);
    const v = JSON.parse(await readFile(vj, 'utf8')) as VerdictDoc;
    expect(v.verdict).toBe('fail');
    expect(v.capacity![0]!.metrics.map((m) => [m.metric, m.outcome])).toContainEqual(['capacity_rps', 'regressed']);
    expect(v.summary.regressed).toBeGreaterThanOrEqual(1);
    expect(v.reasons.some((r) => r.startsWith('chat@capacity:concurrency: capacity_rps regressed'))).toBe(true);
    const report = await readFile(md, 'utf8');
    expect(report.indexOf('### Capacity: chat@capacity:concurrency')).toBeGreaterThan(0);
    expect(report.indexOf('### Capacity')).toBeLessThan(report.indexOf('### Gated metrics'));
    expect(report).toMatch(/sustains [0-9.]+ req\/s .* within p90 TPOT <= 17 ms; baseline [0-9.]+/);
    expect(report).toContain('xychart-beta');
  });

  it('a result without capacity cells (written before they existed) still compares', async () => {
    const old = { ...base.doc } as Partial<ResultDoc>;
    delete old.capacity;
    const config = { ...base.doc.config } as Record<string, unknown>;
    delete config.capacity;
    const gate = { ...(config.gate as Record<string, unknown>) };
    delete gate.capacity;
    const oldPath = join(dir, 'old.json');
    await writeFile(oldPath, JSON.stringify({ ...old, config: { ...config, gate } }));
    const vj = join(dir, 'old-verdict.json');
    const ran = await cli(['compare', '--baseline', oldPath, '--candidate', oldPath, '--json', vj]);
    // Read and judged (2 would be a refused file); the matrix cell may be
    // invalid when the loaded test machine saturated the client.
    expect([0, 3], ran.stderr + ran.stdout).toContain(ran.code);
    const v = JSON.parse(await readFile(vj, 'utf8')) as VerdictDoc;
    expect(v.cells.map((c) => c.id)).toEqual(['chat@c=1']);
    expect(v.capacity).toBeUndefined();
    // Against a candidate with capacity cells: shown, not compared, no crash.
    const mixed = await cli(['compare', '--baseline', oldPath, '--candidate', join(dir, 'base.json'), '--json', vj]);
    expect(mixed.stdout).toContain('capacity cell chat@capacity:concurrency is only in the candidate: not compared');
    expect([0, 3]).toContain(mixed.code);
  });

  it('an interrupt during the search keeps the points and the bracket reached', { timeout: 60_000 }, async () => {
    server = await startFakeServer(SCHEDULE);
    const out = join(dir, 'interrupted.json');
    // The search walks concurrency 1, 2, 4, ...; the step at 4 sends its 4
    // warm-up requests in ~0.15 s, then its 80 requests in ~2.5 s: an
    // interrupt 1 s after the step at 2 is printed lands inside that run.
    const ran = await cli(['run', '--config', 'test/fixtures/capacity.yml', '--url', server.url, '--out', out], {
      interruptAfter: /chat@capacity:concurrency: concurrency 2: /,
      interruptAfterMs: 1000,
    });
    expect(ran.code).toBe(130);
    const doc = JSON.parse(await readFile(out, 'utf8')) as ResultDoc;
    expect(validateResult(doc)).toEqual([]);
    const cell = doc.capacity![0]!;
    expect(cell.status).toBe('interrupted');
    expect(cell.points.map((p) => (p.load.kind === 'concurrency' ? p.load.concurrency : null))).toEqual([1, 2, 4]);
    // The step cut short keeps the requests it completed; no step starts
    // after it. Its last run (a step runs 80 requests, then 80 and 160 more
    // while its SLO is undecided) is the one that stopped short.
    const last = cell.points.at(-1)!;
    const runs = last.detail as { counts: { attempted: number; not_sent: number; cancelled: number } }[];
    expect(runs.length).toBe(last.runs);
    const cut = runs.at(-1)!.counts;
    expect(cut.not_sent + cut.cancelled).toBeGreaterThan(0);
    expect(last.requests).toBe(runs.reduce((n, r) => n + r.counts.attempted, 0));
    expect(last.requests).toBeLessThan(80 * 2 ** (last.runs - 1));
    expect(cell.search!.status).toBe('budget');
    expect(cell.search!.reason).toMatch(new RegExp(`^the run was interrupted after ${cell.search!.steps} runs with the bracket \\[`));
  });

  it('refuses a bad capacity config with file:line:col and the field', async () => {
    const bad = join(dir, 'bad.yml');
    const text = (await readFile('test/fixtures/capacity.yml', 'utf8')).replace('tpot_ms.p90 <= 17', 'tpot_ms.p42 <= 17').replace('range: { min: 1, max: 16 }', 'range: { min: 8, max: 2 }');
    await writeFile(bad, text);
    const ran = await cli(['run', '--config', bad, '--url', 'http://127.0.0.1:9']);
    expect(ran.code).toBe(2);
    expect(ran.stderr).toMatch(/bad\.yml:20:11: capacity\[0\]\.slo\[0\]: expected METRIC OP NUMBER.*got "tpot_ms\.p42 <= 17"/);
    expect(ran.stderr).toMatch(/bad\.yml:21:12: capacity\[0\]\.range: needs 0 < min <= max/);
  });
});
