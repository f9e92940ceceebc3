// run.workers: worker threads each send their shard of every cell; the joined
// result equals the one-thread result in counts and tokens.
import { describe, expect, it } from 'vitest';
import { resolveWorkers } from '../../src/config/derive.js';
import { workerShard } from '../../src/run/workers.js';
import { ownsRequest } from '../../src/load/shard.js';
import { validateResult } from '../../src/result/validate.js';
import { startFakeServer } from '../support/fake-server.js';
import { measure, plan } from '../support/measure.js';

const config = (workers: number | 'auto' | undefined) => ({
  seed: 5,
  run: { requests: 48, warmup: 4, max_duration_s: 60, trials: 2, ...(workers === undefined ? {} : { workers }) },
  scenarios: [{ name: 's', input_tokens: 40, output_tokens: 12 }],
  loads: [{ concurrency: 5 }, { rate: 80, max_concurrency: 6 }],
  slos: { ttft_ms: 1000 },
});

describe('run.workers', () => {
  it('resolves auto to one worker per core but one, 1 to 16, and keeps the config hash', () => {
    expect(resolveWorkers(undefined)).toBe(1);
    expect(resolveWorkers(3)).toBe(3);
    expect([1, 2, 8, 64].map((cores) => resolveWorkers('auto', cores))).toEqual([1, 1, 7, 16]);
    const url = 'http://127.0.0.1:9';
    expect(plan(url, config(2)).configHash).toBe(plan(url, config(undefined)).configHash);
    expect(plan(url, config('auto')).limits.workers).toBeGreaterThanOrEqual(1);
  });

  it('nests worker shards inside a machine shard: the workers of shard s send exactly its requests', () => {
    const load = { shape: 'concurrency', label: 'c=6', concurrency: 6 } as const;
    for (const j of Array.from({ length: 100 }, (_, k) => k)) {
      const byMachine = ownsRequest(load, j, { index: 1, count: 2 });
      const byWorkers = [0, 1, 2].some((i) => ownsRequest(load, j, workerShard(i, 3, { index: 1, count: 2 })));
      expect(byWorkers).toBe(byMachine);
    }
  });

  it('workers: 2 sends every request once and equals workers: 1 in counts and tokens', async () => {
    const server = await startFakeServer({ ttftMs: 20, gapMs: 3 });
    try {
      const one = await measure(server.url, config(1));
      const promptsOne = server.requests
        .filter((r) => r.completionIndex !== null)
        .map((r) => r.body.messages[0].content as string)
        .sort();
      server.requests.length = 0;
      const two = await measure(server.url, config(2));
      const promptsTwo = server.requests
        .filter((r) => r.completionIndex !== null)
        .map((r) => r.body.messages[0].content as string)
        .sort();
      expect(promptsTwo).toEqual(promptsOne);
      expect(validateResult(two.doc)).toEqual([]);
      expect(two.doc.status).toBe('complete');
      expect(two.doc.workload_hash).toBe(one.doc.workload_hash);
      expect(two.doc.config_hash).toBe(one.doc.config_hash);
      for (const cell of one.doc.cells) {
        const other = two.doc.cells.find((c) => c.id === cell.id)!;
        expect(other.metrics.counts).toEqual(cell.metrics.counts);
        expect(other.metrics.samples.n_out).toEqual(cell.metrics.samples.n_out);
        expect(other.metrics.samples.n_in).toEqual(cell.metrics.samples.n_in);
        expect(other.trials.map((t) => t.samples)).toEqual(cell.trials.map((t) => t.samples));
        expect(other.metrics.itl_ms!.n).toBe(cell.metrics.itl_ms!.n);
        // Stamps from both threads share one clock: the window spans the cell, the requests in flight never exceed the load's.
        expect(other.metrics.window_s).toBeGreaterThan(0);
        expect(other.metrics.concurrency.achieved_max).toBeLessThanOrEqual(cell.load.kind === 'concurrency' ? cell.load.concurrency : cell.load.max_concurrency!);
        // The server answers 20 ms after the body (its timer may fire up to 1 ms early).
        expect(other.metrics.ttft_ms!.min).toBeGreaterThanOrEqual(19);
      }
    } finally {
      await server.close();
    }
  });

  it('an interrupt reaches the workers: the run ends interrupted with what they measured', async () => {
    const server = await startFakeServer({ ttftMs: 50, gapMs: 20 });
    try {
      const stop = new AbortController();
      // Interrupt once the workers are sending (starting them takes a while on a loaded machine).
      const poll = setInterval(() => {
        if (server.requests.filter((r) => r.completionIndex !== null).length >= 20) {
          clearInterval(poll);
          t0 = Date.now();
          stop.abort();
        }
      }, 10);
      let t0 = Infinity;
      const { doc } = await measure(server.url, { ...config(2), run: { requests: 400, warmup: 0, max_duration_s: 60, trials: 1, workers: 2 } }, stop.signal);
      // 400 requests of ~290 ms over 5 users would take ~23 s: the interrupt stopped them.
      clearInterval(poll);
      expect(Date.now() - t0).toBeLessThan(10_000);
      expect(doc.status).toBe('interrupted');
      const cell = doc.cells[0]!;
      expect(cell.status).toBe('interrupted');
      expect(cell.metrics.counts.completed).toBeGreaterThan(0);
      expect(cell.metrics.counts.completed + cell.metrics.counts.not_sent + cell.metrics.counts.cancelled + cell.metrics.counts.failed).toBe(400);
    } finally {
      await server.close();
    }
  });
});
