// run.warmup: auto against a real loopback server that starts cold: the
// warm-up lasts as long as the server keeps getting faster, the measured
// requests see the warm server, and the result records what warming took.
import { afterEach, describe, expect, it } from 'vitest';
import { readResult } from '../../src/result/read.js';
import { startFakeServer, type FakeServer } from '../support/fake-server.js';
import { measure, oneCell } from '../support/measure.js';

let server: FakeServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

const completions = (s: FakeServer): number => s.requests.filter((r) => r.completionIndex !== null).length;

describe('warmup: auto', () => {
  it('keeps warming while a cold server speeds up, then measures the warm one', async () => {
    server = await startFakeServer({ ttftMs: 240, gapMs: 2 });
    const s = server;
    // Faster with every request until the 12th, then steady: a server that compiles or fills caches on first use.
    const watch = setInterval(() => s.setSchedule({ ttftMs: Math.max(10, 240 - 20 * completions(s)) }), 2);
    try {
      const { doc, outPath } = await measure(s.url, oneCell({ concurrency: 2 }, { requests: 16, output: 8, extra: { run: { requests: 16, warmup: 'auto', max_duration_s: 60, trials: 1 } } }));
      const cell = doc.cells[0]!;
      const w = cell.trials[0]!.warmup!;
      expect(w.stopped_by).toBe('steady');
      expect(w.requests).toBeGreaterThan(12);
      expect(w.requests).toBeLessThan(64);
      expect(cell.metrics.counts.warmup).toBe(w.requests);
      expect(cell.metrics.counts.completed).toBe(16);
      expect(completions(s)).toBe(w.requests + 16);
      // No cold request among the measured ones.
      expect(cell.metrics.ttft_ms!.max).toBeLessThan(100);
      // The record survives the result's schema check.
      expect((await readResult(outPath)).cells[0]!.trials[0]!.warmup).toEqual(w);
    } finally {
      clearInterval(watch);
    }
  }, 60_000);

  it('stops after the first windows on a server that is steady from the start, and a count stays a count', async () => {
    server = await startFakeServer({ ttftMs: 10, gapMs: 2 });
    const auto = await measure(server.url, oneCell({ concurrency: 2 }, { output: 8, extra: { run: { requests: 10, warmup: 'auto', max_duration_s: 60, trials: 1 } } }));
    const w = auto.doc.cells[0]!.trials[0]!.warmup!;
    expect(w.stopped_by).toBe('steady');
    expect(w.requests).toBeLessThanOrEqual(16);
    const fixed = await measure(server.url, oneCell({ concurrency: 2 }, { requests: 10, warmup: 3, output: 8 }));
    expect(fixed.doc.cells[0]!.trials[0]!.warmup).toBeUndefined();
    expect(fixed.doc.cells[0]!.metrics.counts.warmup).toBe(3);
    expect(fixed.doc.config.run.warmup).toBe(3);
    expect(auto.doc.config.run.warmup).toBe('auto');
  }, 60_000);
});
