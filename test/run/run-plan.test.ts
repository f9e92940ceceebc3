// How a run ends when it cannot finish: an interrupt between trials, and a
// server that refuses every completion for its credentials.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { TargetError } from '../../src/errors/target-error.js';
import type { ResultDoc } from '../../src/result/types.js';
import { runPlan } from '../../src/run/run-plan.js';
import { startFakeServer, type FakeServer } from '../support/fake-server.js';
import { oneCell, plan, tempDir } from '../support/measure.js';

let server: FakeServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

describe('runPlan', () => {
  it('marks a cell interrupted when the run stops after its first of several trials', async () => {
    server = await startFakeServer({ ttftMs: 1, gapMs: 1 });
    const outPath = join(await tempDir(), 'r.json');
    const ac = new AbortController();
    const doc = await runPlan({
      plan: plan(server.url, oneCell({ concurrency: 2 }, { requests: 6, trials: 3 })),
      outPath,
      cwd: process.cwd(),
      env: {},
      signal: ac.signal,
      // Ctrl-C lands just as the first trial of the only cell ends.
      progress: { cellStart: () => undefined, requestDone: () => undefined, cellEnd: () => ac.abort(), note: () => undefined },
    });
    expect(doc.status).toBe('interrupted');
    expect(doc.cells[0]!.trials).toHaveLength(1);
    expect(doc.cells[0]!.trials[0]!.status).toBe('complete');
    expect(doc.cells[0]!.status).toBe('interrupted');
    const written = JSON.parse(await readFile(outPath, 'utf8')) as ResultDoc;
    expect(written.cells[0]!.status).toBe('interrupted');
  });

  it('ends as an unusable target when every completion of a cell gets 401, keeping the failures in the result', async () => {
    // /v1/models answers 200; only the completions are refused.
    server = await startFakeServer({ ttftMs: 1, gapMs: 1, faults: [{ fault: { kind: 'http', status: 401 } }] });
    const outPath = join(await tempDir(), 'r.json');
    const run = runPlan({ plan: plan(server.url, oneCell({ concurrency: 2 }, { requests: 4, warmup: 1 })), outPath, cwd: process.cwd(), env: {}, signal: new AbortController().signal });
    await expect(run).rejects.toThrow(TargetError);
    // Its 5 requests, warm-up included, are the first 5 refused alike: the run stops (src/load/first-failures.ts).
    await expect(run).rejects.toThrow(/the first 5 requests were all refused with HTTP 401 .*\(POST http:\/\/127\.0\.0\.1:\d+\/v1\/chat\/completions\)/);
    const written = JSON.parse(await readFile(outPath, 'utf8')) as ResultDoc;
    expect(written.status).toBe('failed');
    expect(written.cells[0]!.metrics.counts.failed).toBe(4);
  });

  it('keeps a cell whose requests partly got 401 as data', async () => {
    server = await startFakeServer({ ttftMs: 1, gapMs: 1, faults: [{ fault: { kind: 'http', status: 401 }, every: 2 }] });
    const { doc } = await (async () => {
      const outPath = join(await tempDir(), 'r.json');
      return { doc: await runPlan({ plan: plan(server!.url, oneCell({ concurrency: 2 }, { requests: 6 })), outPath, cwd: process.cwd(), env: {}, signal: new AbortController().signal }) };
    })();
    expect(doc.status).toBe('complete');
    expect(doc.cells[0]!.metrics.counts.failed).toBe(3);
  });
});
