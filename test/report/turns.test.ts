import { describe, expect, it } from 'vitest';
import { newRecord } from '../../src/load/record.js';
import { mergeTurns, turnMetrics } from '../../src/metrics/turns.js';
import { turnsLines, turnsSection } from '../../src/report/turns.js';
import type { CellResult, ResultDoc } from '../../src/result/types.js';

const rec = (index: number, ttft: number, nIn: number) =>
  newRecord(index, false, 0, 8, {
    tSend: 0,
    tFirst: ttft,
    tLast: ttft + 10,
    tDone: ttft + 10,
    gaps: [],
    outputEvents: 8,
    nIn,
    nOut: 8,
    tokenSource: 'server',
    status: 200,
    failure: null,
    message: null,
    finishReason: 'length',
    systemFingerprint: null,
    cancelled: false,
  });

/** 8 sessions of 2 turns: turn 1 slow (a full prefill), turn 2 fast. */
const turns = turnMetrics(Array.from({ length: 8 }, (_, s) => [rec(s * 2, 300 + s, 500), rec(s * 2 + 1, 40 + s, 560)]).flat(), 2);

function doc(cell: Partial<CellResult>): ResultDoc {
  return { cells: [{ id: 'chat@c=2', ...cell } as CellResult] } as unknown as ResultDoc;
}

describe('multi-turn cells in the reports', () => {
  it("Markdown: a table by turn, the engine's prefix-cache hit rate under it, ids escaped", () => {
    const md = turnsSection(doc({ turns, telemetry: { engine: { prefix_cache_hit_rate: 0.7387 } } as CellResult['telemetry'] }))!;
    expect(md).toContain('### By turn');
    expect(md).toContain('**chat@c=2** (2 turns a session)');
    expect(md).toMatch(/\| +1 \| +8\/8 \| +500 \| +303\.1 \| +~307\.\d \(n=8\) \|/);
    expect(md).toMatch(/\| +2 \| +8\/8 \| +560 \| +43\.0 \| +~47\.\d \(n=8\) \|/);
    // 8 samples of a p95 the gate needs 60 for: shown, marked rough, with the footnote.
    expect(md).toContain('~X (n=K): a rough figure, from K samples where the gate needs 60 for a p95 (run.requests x run.trials a cell)');
    expect(md).toContain("Prefix-cache hit rate (the engine's /metrics, over the cell): **73.9%**.");
    expect(turnsSection(doc({ id: 'a|b*c', turns }))).toContain('**a&#124;b&#42;c**');
    // No multi-turn cell, no section.
    expect(turnsSection(doc({}))).toBeNull();
  });

  it('Markdown beside a baseline: its TTFT p50 by turn in a column', () => {
    const slower = turnMetrics(Array.from({ length: 8 }, (_, s) => [rec(s * 2, 300, 500), rec(s * 2 + 1, 290, 560)]).flat(), 2);
    const md = turnsSection(doc({ turns }), doc({ turns: slower }))!;
    expect(md).toContain('baseline TTFT p50');
    expect(md).toMatch(/\| +2 \| +8\/8 \| +560 \| +43\.0 \| +~47\.\d \(n=8\) \| +290\.0 \|/);
  });

  it('terminal: one line a cell', () => {
    expect(turnsLines(doc({ turns }))).toEqual([expect.stringMatching(/^chat@c=2 by turn: TTFT p50 1: 303\.\d, 2: 43\.\d ms · input tokens 500, 560$/)]);
  });

  it('shards: turns pool (counts add, input tokens weighted, distributions merged)', () => {
    const a = turnMetrics([rec(0, 100, 500), rec(1, 10, 600), rec(4, 120, 500), rec(5, 12, 700)], 2);
    const b = turnMetrics([rec(2, 110, 500), rec(3, 20, 900)], 2);
    const m = mergeTurns([a, b]);
    expect(m.map((t) => [t.turn, t.attempted, t.completed, t.input_tokens_mean])).toEqual([
      [1, 3, 3, 500],
      [2, 3, 3, 733.333],
    ]);
    expect(m[1]!.ttft_ms).toMatchObject({ n: 3, min: 10, max: 20, mean: 14 });
  });
});
