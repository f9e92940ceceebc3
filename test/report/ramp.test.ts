// The report of a ramp cell (src/report/ramp.ts): the per-step table in
// Markdown, the terminal lines, the saturation verdict saying which step
// broke and why, and a hostile cell id escaped.
import { describe, expect, it } from 'vitest';
import { rampResult } from '../../src/capacity/ramp.js';
import type { RampPlan } from '../../src/config/plan.js';
import { emptyOutcome, newRecord } from '../../src/load/record.js';
import { rampLines, rampSection } from '../../src/report/ramp.js';
import type { CellResult, ResultDoc } from '../../src/result/types.js';

const RAMP: RampPlan = { fromRps: 1, toRps: 2, durationMs: 20_000, shape: 'steps', steps: 2, saturation: { slo: ['queued_ttft_ms.p50 <= 500'], growth: null } };

/** A result of one ramp cell whose second step waits `wait` ms for a first token. */
function docWith(id: string, wait: number): ResultDoc {
  const offsets: number[] = [];
  for (let i = 0; i < 10; i++) offsets.push(i * 1000);
  for (let i = 0; i < 20; i++) offsets.push(10_000 + i * 500);
  const records = offsets.map((off, index) => {
    const tFirst = off + (off >= 10_000 ? wait : 20) + (index % 3);
    return newRecord(index, false, off, 4, { ...emptyOutcome(off), tFirst, tLast: tFirst + 30, tDone: tFirst + 31, outputEvents: 4, nOut: 4, nIn: 8, tokenSource: 'server' });
  });
  const ramp = rampResult(RAMP, [{ records, offsets }], 0.9);
  return { cells: [{ id, ramp } as unknown as CellResult] } as unknown as ResultDoc;
}

describe('the ramp report', () => {
  it('a Markdown table by step, with the verdict and the step that broke', () => {
    const md = rampSection(docWith('chat@ramp=1..2/s,20s,steps=2', 2000))!;
    expect(md).toContain('### By step (ramps)');
    expect(md).toContain('**chat@ramp=1..2/s,20s,steps=2**: 1.00 → 2.00 req/s over 20 s, 2 steps');
    expect(md).toMatch(/\| step \| window s\s+\| rate req\/s \| achieved req\/s \| ok\/sent \| err% \| TTFT p50 \| TTFT p95 \| TTFT p99 \| queued TTFT p95 \| TPOT p50 \| verdict\s+\|/);
    expect(md).toMatch(/\|\s+1 \| 0\.0–10\.0\s+\|\s+1\.00 \|\s+1\.00 \|\s+10\/10 \|\s+0\.0 \|\s+21\.\d \|\s+\(n=10\) \|/);
    expect(md).toMatch(/\|\s+2 \| 10\.0–20\.0 \|\s+2\.00 \|.*\| \*\*fail\*\*\s+\|/);
    // Which step broke and why; the SLO's `<` escaped.
    expect(md).toContain('**Saturation**: saturated from step 2 (2 req/s): queued_ttft_ms.p50 &#60;= 500: 2001');
    expect(rampSection({ cells: [{ id: 'c=1' }] } as unknown as ResultDoc)).toBeNull();
  });

  it("says so when no step went beyond, and names a baseline's verdict beside", () => {
    const md = rampSection(docWith('x', 30), docWith('x', 2000))!;
    expect(md).toContain('**No saturation**: no step went beyond the bounds up to step 2 (2 req/s)');
    expect(md).toContain('Baseline: **Saturation**: saturated from step 2 (2 req/s)');
  });

  it('terminal lines: rate and achieved rate, queued TTFT p95 by step, and the verdict', () => {
    expect(rampLines(docWith('r', 2000))).toEqual([
      // The last 4 of the second step's 20 finish after the ramp's end: 16 in its 10 s.
      'r by step (rate→achieved, queued TTFT p95 ms): 1.0→1.0 req/s (n=10) · 2.0→1.6 req/s (n=20)',
      expect.stringMatching(/^r: Saturation: saturated from step 2 \(2 req\/s\): queued_ttft_ms\.p50 <= 500: 2001/),
    ]);
  });

  it('escapes a hostile cell id', () => {
    const md = rampSection(docWith('a|b<script>', 30))!;
    expect(md).not.toContain('<script>');
    expect(md).not.toContain('a|b');
  });
});
