// Issue 31, items 6 and 10: a percentile with fewer samples than the gate
// needs is shown rough with its count, not hidden behind "(n=150)"; error_rate
// reads as a percentage; a cell's neighbour-load notes, alike but for their
// figures, are one line with a count.
import { describe, expect, it } from 'vitest';
import type { MetricVerdict, VerdictDoc } from '../../src/gate/verdict.js';
import { findings } from '../../src/pipeline/publish.js';
import { distValue } from '../../src/gate/extract.js';
import { MARKDOWN_STYLE, rowFigures, shareFigure, TERMINAL_STYLE } from '../../src/report/figures.js';
import { resultTableMd } from '../../src/report/result-table.js';
import { groupedReasons } from '../../src/report/telemetry.js';
import { resultTable } from '../../src/report/terminal.js';
import { REALISTIC, syntheticResult } from '../support/synthetic.js';

describe('percentiles on too few samples', () => {
  // 50 requests x 3 trials: 150 samples, under the 300 a p99 needs (as the built-in config's 150).
  const doc = syntheticResult('rough', { ...REALISTIC, requests: 50, trials: 3 });
  const ttft = doc.cells[0]!.metrics.ttft_ms!;

  it('the terminal table shows the histogram estimate, marked rough, with its count, and says why in a footnote', () => {
    expect(ttft.p99).toBeNull();
    const rough = distValue(ttft, 'p99')!.toFixed(1);
    const text = resultTable(doc);
    expect(text).toContain(`~${rough} (n=150)`);
    // No bare "(n=150)" is left: each has its figure before it.
    expect(text).not.toMatch(/ {2}\(n=150\)/);
    expect(text).toContain('latencies in ms; ~X (n=K): a rough figure, from K samples where the gate needs 300 for a p99 (run.requests x run.trials a cell)');
  });

  it('the Markdown table the same, and no footnote when every percentile had its samples', () => {
    const md = resultTableMd(syntheticResult('rough', { ...REALISTIC, requests: 10, trials: 1 }));
    // 10 samples: the p95s (60 needed) are rough, the p50s (6) are not.
    expect(md).toMatch(/\| +~\d+\.\d \(n=10\) \|/);
    expect(md).toContain('<sub>Latencies in ms; ~X (n=K): a rough figure, from K samples where the gate needs 60 for a p95 (run.requests x run.trials a cell).</sub>');
    const full = resultTableMd(syntheticResult('rough', REALISTIC));
    expect(full).not.toContain('~');
    expect(full).toContain('<sub>Latencies in ms.</sub>');
  });
});

describe('error_rate as a percentage', () => {
  const m = (baseline: number, candidate: number): MetricVerdict => ({ metric: 'error_rate', unit: 'share', baseline, candidate, change_pct: 0, interval_pct: [0, 0] }) as unknown as MetricVerdict;

  it('reads 0.0% and 2.5%, never "0.00 share"', () => {
    expect(rowFigures(m(0, 0.025), MARKDOWN_STYLE, true)).toMatchObject({ baseline: '0.0%', candidate: '2.5%' });
    expect(rowFigures(m(0, 0.025), TERMINAL_STYLE, false)).toMatchObject({ baseline: '0.0%', candidate: '2.5%' });
    expect(shareFigure(0.0004)).toBe('0.04%');
    expect(shareFigure(null)).toBe('–');
  });

  it("the step's annotation of a regressed error rate too", () => {
    const v = {
      cells: [{ id: 'chat@c=4', valid: true, metrics: [{ ...m(0, 0.05), gated: true, verdict: 'regressed', change_pct: 5, interval_pct: [3.1, 6.9], reason: 'rose' }] }],
      slo: [],
    } as unknown as VerdictDoc;
    expect(findings(v)[0]!.text).toBe('error_rate 0.0% -> 5.0% (5%, interval 3.1% .. 6.9%): rose');
  });
});

describe('neighbour-load notes of a cell', () => {
  const r = (pct: string, cores: string): string => `other processes used ${pct}% of the machine's CPU (${cores} of 2 cores), over the 25% limit`;

  it('alike but for their figures: one line, each differing figure as its range, and the count', () => {
    expect(groupedReasons([r('48.4', '0.97'), r('27.9', '0.56'), r('51.9', '1.04')])).toEqual([
      { text: "other processes used 27.9–51.9% of the machine's CPU (0.56–1.04 of 2 cores), over the 25% limit", count: 3 },
    ]);
    const gpu = 'other processes held the GPU: python3 (pid 4242)';
    expect(groupedReasons([r('30.0', '0.60'), gpu, r('30.0', '0.60')])).toEqual([
      { text: r('30.0', '0.60'), count: 2 },
      { text: gpu, count: 1 },
    ]);
    expect(groupedReasons([])).toEqual([]);
  });
});
