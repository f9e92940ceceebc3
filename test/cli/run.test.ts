// The built CLI (dist/, through bin/) run as a user runs it, against a loopback server.
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

// The CLI under test is the bundle; make sure it is built from these sources.
beforeAll(buildDist);

describe('llm-perf-gate run', () => {
  it('runs the matrix, prints a table and writes a result that validates', async () => {
    server = await startFakeServer({ ttftMs: 10, gapMs: 2 });
    const dir = await tempDir();
    const out = join(dir, 'r.json');
    const ran = await cli(['run', '--config', 'test/fixtures/small.yml', '--url', server.url, '--out', out]);
    expect(ran.stderr).toContain('cell 1/2 short@c=4: started');
    expect(ran.stderr).toContain('cell 2/2 short@r=30/s');
    expect(ran.code, ran.stderr).toBe(0);
    // 20 requests x 1 trial cannot support the TTFT p95s gated by default: reading the config raised them to 60, and said so.
    expect(ran.stderr).toContain('note: run.requests raised from 20 to 60: ttft_ms.p95 and queued_ttft_ms.p95 are gated by default');
    // A loaded machine may tag a cell "[client saturated]"; the counts are what this checks.
    expect(ran.stdout).toMatch(/short@c=4(?: \[client saturated\])?\s+60\/60/);
    expect(ran.stdout).toMatch(/short@r=30\/s(?: \[client saturated\])?\s+60\/60/);
    const doc = JSON.parse(await readFile(out, 'utf8')) as ResultDoc;
    expect(validateResult(doc)).toEqual([]);
    expect(doc.status).toBe('complete');
    expect(doc.target!.model).toBe('fake-model');
    expect(doc.cells.map((c) => c.id)).toEqual(['short@c=4', 'short@r=30/s']);
    expect(doc.cells[0]!.metrics.goodput_ratio).toBe(1);
  });

  it('gives byte-identical prompts for the same config and seed', async () => {
    server = await startFakeServer({ ttftMs: 1, gapMs: 1 });
    const dir = await tempDir();
    await cli(['run', '--config', 'test/fixtures/small.yml', '--url', server.url, '--out', join(dir, 'a.json')]);
    const first = server.requests.filter((r) => r.completionIndex !== null).map((r) => r.body.messages[0].content as string);
    server.requests.length = 0;
    await cli(['run', '--config', 'test/fixtures/small.yml', '--url', server.url, '--out', join(dir, 'b.json')]);
    const second = server.requests.filter((r) => r.completionIndex !== null).map((r) => r.body.messages[0].content as string);
    // Closed-loop order may interleave; the set of prompts must be identical.
    expect(second.sort()).toEqual(first.sort());
    expect(new Set(first).size).toBe(first.length);
    const a = JSON.parse(await readFile(join(dir, 'a.json'), 'utf8')) as ResultDoc;
    const b = JSON.parse(await readFile(join(dir, 'b.json'), 'utf8')) as ResultDoc;
    expect(a.workload_hash).toBe(b.workload_hash);
    expect(a.config_hash).toBe(b.config_hash);
  });

  it('exits 2 with a message when the target cannot be reached', async () => {
    server = await startFakeServer();
    const url = server.url;
    await server.close();
    const dir = await tempDir();
    const ran = await cli(['run', '--config', 'test/fixtures/small.yml', '--url', url, '--out', join(dir, 'r.json')]);
    expect(ran.code).toBe(2);
    expect(ran.stderr).toMatch(/error: target unusable: cannot reach the target: .*ECONNREFUSED/);
  });

  it('exits 2 when the server refuses every completion with 401 although /v1/models answers', async () => {
    server = await startFakeServer({ ttftMs: 1, gapMs: 1, faults: [{ fault: { kind: 'http', status: 401 } }] });
    const dir = await tempDir();
    const out = join(dir, 'r.json');
    const ran = await cli(['run', '--config', 'test/fixtures/small.yml', '--url', server.url, '--out', out]);
    expect(ran.code, ran.stderr).toBe(2);
    // The first 5 requests refused alike stop the run (src/load/first-failures.ts), before the cell's end.
    expect(ran.stderr).toMatch(/error: target unusable: the first 5 requests were all refused with HTTP 401 \(fake fault: HTTP 401\), so the run stopped early: .*No key is configured/);
    expect((JSON.parse(await readFile(out, 'utf8')) as ResultDoc).status).toBe('failed');
  });

  it('exits 2 naming file, line, field and value for a bad config', async () => {
    const ran = await cli(['run', '--config', 'test/fixtures/bad.yml', '--url', 'http://127.0.0.1:9']);
    expect(ran.code).toBe(2);
    expect(ran.stderr).toContain('test/fixtures/bad.yml:4:19: scenarios[0].input_tokens: must be an integer');
    expect(ran.stderr).toContain('"lots"');
    expect(ran.stderr).toContain('loads[0]: give exactly one of concurrency, rate, ramp or burst');
  });

  it('exits 2 on usage errors', async () => {
    const ran = await cli(['run', '--bogus']);
    expect(ran.code).toBe(2);
    expect(ran.stderr).toMatch(/error: .*bogus/);
    expect((await cli(['frobnicate'])).code).toBe(2);
  });

  it('on Ctrl-C writes what it measured and exits 130', async () => {
    server = await startFakeServer({ ttftMs: 5, gapMs: 30 });
    const dir = await tempDir();
    const out = join(dir, 'r.json');
    const ran = await cli(['run', '--config', 'test/fixtures/small.yml', '--url', server.url, '--out', out], { interruptAfterMs: 700 });
    expect(ran.code).toBe(130);
    expect(ran.stderr).toContain('interrupted');
    const doc = JSON.parse(await readFile(out, 'utf8')) as ResultDoc;
    expect(validateResult(doc)).toEqual([]);
    expect(doc.status).toBe('interrupted');
    expect(doc.cells[0]!.status).toBe('interrupted');
    expect(doc.cells[0]!.metrics.counts.completed).toBeGreaterThan(0);
  });

  // docs/gate.md: SLO checks "also apply when there is no baseline yet", in the CLI as in the action.
  async function sloConfig(dir: string, check: string): Promise<string> {
    const file = join(dir, 'slo.yml');
    const text = (await readFile('test/fixtures/small.yml', 'utf8')).replace('loads:\n  - concurrency: 4\n  - rate: 30\n', 'loads:\n  - concurrency: 4\n');
    await writeFile(file, `${text}gate:\n  slo:\n    - ${check}\n`);
    return file;
  }

  it('without --baseline, exits 1 when an SLO check fails, naming it', async () => {
    server = await startFakeServer({ ttftMs: 40, gapMs: 1 });
    const dir = await tempDir();
    const json = join(dir, 'v.json');
    const ran = await cli(['run', '--config', await sloConfig(dir, 'ttft_ms.p50 <= 5'), '--url', server.url, '--out', join(dir, 'r.json'), '--json', json]);
    expect(ran.code, ran.stderr).toBe(1);
    expect(ran.stdout).toMatch(/verdict: FAIL .*1 SLO failures/);
    expect(ran.stdout).toMatch(/short@c=4: SLO ttft_ms\.p50 <= 5 failed \(value \d/);
    const v = JSON.parse(await readFile(json, 'utf8')) as VerdictDoc;
    expect(v.verdict).toBe('fail');
    expect(v.slo).toEqual([expect.objectContaining({ cell: 'short@c=4', ok: false })]);
  });

  it('without --baseline, exits 0 when every SLO check holds', async () => {
    server = await startFakeServer({ ttftMs: 5, gapMs: 1 });
    const dir = await tempDir();
    const ran = await cli(['run', '--config', await sloConfig(dir, 'ttft_ms.p50 <= 5000'), '--url', server.url, '--out', join(dir, 'r.json')]);
    expect(ran.code, ran.stderr).toBe(0);
    expect(ran.stdout).toMatch(/verdict: PASS .*0 SLO failures/);
  });
});
