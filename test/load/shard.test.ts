// The shard split: n shards together send exactly the requests of one process.
import { describe, expect, it } from 'vitest';
import { inFlight, type LoadPlan } from '../../src/shapes/index.js';
import { emptyOutcome } from '../../src/load/record.js';
import { runCell } from '../../src/load/run-cell.js';
import { ownsRequest, parseShard, shardLoad, shardProblem, shareOf } from '../../src/load/shard.js';

const closed = (c: number): LoadPlan => ({ shape: 'concurrency', label: `c=${c}`, concurrency: c });
const open = (rate: number, cap: number | null = null): LoadPlan => ({ shape: 'poisson', label: `r=${rate}/s`, rate, maxConcurrency: cap });

describe('shard split', () => {
  it('parses i/n and refuses anything else', () => {
    expect(parseShard('0/4')).toEqual({ index: 0, count: 4 });
    expect(parseShard('3/4')).toEqual({ index: 3, count: 4 });
    for (const bad of ['4/4', '1/0', '-1/2', '1', 'a/b', '1/2/3', '']) expect(parseShard(bad), bad).toBeNull();
  });

  it('splits a concurrency that n does not divide as ceil for the first c mod n shards', () => {
    expect([0, 1, 2, 3].map((index) => shareOf(10, { index, count: 4 }))).toEqual([3, 3, 2, 2]);
    expect([0, 1, 2].map((index) => shareOf(7, { index, count: 3 }))).toEqual([3, 2, 2]);
  });

  it.each([closed(6), closed(8), closed(5), open(100)])('gives every request to exactly one shard, in proportion to its users ($label)', (load) => {
    for (const count of [1, 2, 3, 4]) {
      const owners = Array.from({ length: 120 }, (_, j) => [...Array(count).keys()].filter((index) => ownsRequest(load, j, { index, count })));
      expect(owners.every((o) => o.length === 1)).toBe(true);
      for (let index = 0; index < count; index++) {
        const mine = owners.filter((o) => o[0] === index).length;
        const share = load.shape === 'concurrency' ? shareOf(load.concurrency, { index, count }) / load.concurrency : 1 / count;
        expect(mine / 120).toBeCloseTo(share, 1);
      }
    }
  });

  it('refuses more shards than a load has concurrency, naming the load', () => {
    expect(shardProblem(closed(3), { index: 0, count: 4 })).toMatch(/load 'c=3' has concurrency 3, fewer than 4 shards/);
    expect(shardProblem(open(10, 2), { index: 0, count: 3 })).toMatch(/max_concurrency 2/);
    expect(shardProblem(open(10), { index: 0, count: 64 })).toBeNull();
    expect(shardLoad(open(10, 5), { index: 1, count: 2 })).toMatchObject({ maxConcurrency: 2 });
  });
});

/** Runs shard `index` of `count` of one cell with a send that takes `ms` and returns at once afterwards. */
async function runShard(load: LoadPlan, index: number, count: number, ms = 2) {
  let inFlight = 0;
  let most = 0;
  const run = await runCell({
    load,
    count: 40,
    warmup: 4,
    maxDurationMs: 20_000,
    seedMaterial: 'seed|s|0',
    maxTokens: () => 8,
    send: async (i) => {
      inFlight++;
      most = Math.max(most, inFlight);
      const tSend = performance.now();
      await new Promise((r) => setTimeout(r, ms));
      inFlight--;
      return { ...emptyOutcome(tSend), tDone: performance.now(), nOut: 8, nIn: i };
    },
    cancel: new AbortController().signal,
    shard: { index, count },
  });
  return { run, most };
}

describe('runCell with a shard', () => {
  it.each([closed(6), open(400, 4)])('the shards of $label send every request once, each within its share of the concurrency', async (load) => {
    for (const count of [2, 4]) {
      const runs = await Promise.all([...Array(count).keys()].map((index) => runShard(load, index, count)));
      const sent = runs.flatMap((r) => r.run.records.map((rec) => rec.index)).sort((a, b) => a - b);
      expect(sent).toEqual([...Array(40).keys()]);
      runs.forEach((r, index) => {
        const c = inFlight(load)!;
        expect(r.most).toBeLessThanOrEqual(shareOf(c, { index, count }));
        expect(r.run.stoppedBy).toBe('count');
        expect(r.run.notSent).toBe(0);
        // Warm-up is the plan's first 4 requests, wherever they landed.
        expect(
          r.run.records
            .filter((rec) => rec.warmup)
            .map((rec) => rec.index)
            .every((j) => j < 4),
        ).toBe(true);
      });
    }
  });

  it('an open-loop shard keeps the single-process due times of its arrivals', async () => {
    const whole = await runShard(open(200), 0, 1, 0);
    const half = await runShard(open(200), 1, 2, 0);
    // Offsets from the cell start are not stored; the gaps between a shard's own arrivals are the whole schedule's.
    const due = (recs: readonly { index: number; tSched: number }[]): Map<number, number> => new Map(recs.map((r) => [r.index, r.tSched]));
    const a = due(whole.run.records);
    const b = due(half.run.records);
    const idx = [...b.keys()].sort((x, y) => x - y);
    for (let k = 1; k < idx.length; k++) {
      expect(b.get(idx[k]!)! - b.get(idx[k - 1]!)!).toBeCloseTo(a.get(idx[k]!)! - a.get(idx[k - 1]!)!, 6);
    }
    expect(idx.every((j) => j % 2 === 1)).toBe(true);
  });
});
