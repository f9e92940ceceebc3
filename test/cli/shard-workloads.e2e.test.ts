// Shards of a length-distribution cell and a trace cell, run as separate
// processes (the built CLI, `run --shard i/n`) and merged: the merged cells
// keep what the requests asked for (lengths), how late they left (lateness,
// pooled from the shards' histograms) and the cost per token at the merged
// throughput; a shard written before lateness histograms were kept leaves
// the merged cell without lateness, and says so.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { costPerMtok } from '../../src/metrics/efficiency.js';
import { mergeShards } from '../../src/result/merge.js';
import { readResult } from '../../src/result/read.js';
import type { ResultDoc } from '../../src/result/types.js';
import { validateResult } from '../../src/result/validate.js';
import { buildDist, cli } from '../support/cli.js';
import { startFakeServer, type FakeServer } from '../support/fake-server.js';
import { tempDir } from '../support/measure.js';

const CONFIG = 'test/fixtures/shard-workloads.yml';
const CELLS = ['mixed@r=40/s', 'replay@trace'];

let server: FakeServer;
let dir: string;
const read = async (file: string): Promise<ResultDoc> => JSON.parse(await readFile(file, 'utf8')) as ResultDoc;

beforeAll(async () => {
  buildDist();
  server = await startFakeServer({ ttftMs: 20, gapMs: 2 });
  dir = await tempDir();
});
afterAll(async () => server.close());

describe('merging shards of length-distribution and trace cells', () => {
  let single: ResultDoc;
  let shards: ResultDoc[];
  let merged: ResultDoc;
  let mergedPath: string;
  let mergeOut: string;

  beforeAll(async () => {
    const one = join(dir, 'single.json');
    const r = await cli(['run', '--config', CONFIG, '--url', server.url, '--out', one]);
    expect(r.code, r.stderr).toBe(0);
    single = await read(one);
    const at = new Date(Date.now() + 1500).toISOString();
    const files = [0, 1].map((i) => join(dir, `shard-${i}.json`));
    const ran = await Promise.all(files.map((out, i) => cli(['run', '--config', CONFIG, '--url', server.url, '--out', out, '--shard', `${i}/2`, '--start-at', at])));
    for (const x of ran) expect(x.code, x.stderr).toBe(0);
    shards = await Promise.all(files.map(read));
    mergedPath = join(dir, 'merged.json');
    const m = await cli(['merge', ...files, '--out', mergedPath]);
    expect(m.code, m.stderr).toBe(0);
    mergeOut = m.stdout + m.stderr;
    merged = await read(mergedPath);
  }, 120_000);

  it("keeps each cell's lengths: every shard recorded the whole cell's, the same as one process", () => {
    expect(merged.cells.map((c) => c.id)).toEqual(CELLS);
    for (const id of CELLS) {
      const m = merged.cells.find((c) => c.id === id)!;
      const s = single.cells.find((c) => c.id === id)!;
      expect(m.lengths, id).toBeDefined();
      expect(m.lengths).toEqual(s.lengths);
      for (const sh of shards) expect(sh.cells.find((c) => c.id === id)!.lengths).toEqual(s.lengths);
    }
    // The trace's lengths are its rows': 40 requests of 54-375 prompt tokens and their recorded outputs.
    expect(merged.cells[1]!.lengths!.output_tokens.max).toBe(single.cells[1]!.lengths!.output_tokens.max);
    expect(merged.cells[1]!.scenario.trace).toEqual(single.cells[1]!.scenario.trace);
  });

  it("pools the shards' lateness: counts add, the max is the greatest, the percentiles lie between the shards'", () => {
    for (const id of CELLS) {
      const m = merged.cells.find((c) => c.id === id)!.lateness_ms!;
      const parts = shards.map((sh) => sh.cells.find((c) => c.id === id)!.lateness_ms!);
      expect(m, id).toBeDefined();
      for (const p of parts) expect(p.hist).toEqual(expect.any(String));
      expect(m.count).toBe(parts[0]!.count + parts[1]!.count);
      // Every request of the cell was sent once: as many as one process sent.
      expect(m.count).toBe(single.cells.find((c) => c.id === id)!.lateness_ms!.count);
      expect(m.max).toBe(Math.max(...parts.map((p) => p.max)));
      for (const q of ['p50', 'p99'] as const) {
        // Pooled to the histograms' 0.1% resolution (and 1 µs of rounding).
        const lo = Math.min(...parts.map((p) => p[q]));
        const hi = Math.max(...parts.map((p) => p[q]));
        expect(m[q]).toBeGreaterThanOrEqual(lo * 0.999 - 0.001);
        expect(m[q]).toBeLessThanOrEqual(hi * 1.001 + 0.001);
      }
    }
  });

  it("recomputes cost per token from the merged throughput and the plan's price, and the result reads back", async () => {
    for (const c of merged.cells) {
      expect(c.metrics.cost_per_mtok_output_usd).toBe(costPerMtok(20, c.metrics.output_tps));
      expect(c.metrics.cost_per_mtok_total_usd).toBe(costPerMtok(20, c.metrics.total_tps));
      for (const t of c.trials) expect(t.metrics.cost_per_mtok_output_usd).toBe(costPerMtok(20, t.metrics.output_tps));
    }
    expect(validateResult(merged)).toEqual([]);
    await expect(readResult(mergedPath)).resolves.toMatchObject({ merged: { count: 2 } });
    expect(mergeOut).toContain('merged 2 shards');
  });

  it('leaves lateness out, saying why, when a shard has no histogram (written before they were kept)', () => {
    const old = structuredClone(shards[1]!);
    for (const c of old.cells) delete c.lateness_ms!.hist;
    const { doc, warnings } = mergeShards([
      { file: 'a.json', doc: shards[0]! },
      { file: 'b.json', doc: old },
    ]);
    for (const c of doc.cells) {
      expect(c.lateness_ms).toBeUndefined();
      expect(c.lengths).toBeDefined();
    }
    expect(warnings).toContain(`cell 'replay@trace': a shard's lateness has no histogram (written by an earlier version): its percentiles cannot be pooled, and the merged cell has no lateness`);
  });
});
