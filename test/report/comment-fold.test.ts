// The pull-request comment on one screen (issue 21, item 3): a one-sentence
// headline of what regressed by how much, the gated table of the cells that
// are not plain passes (the others in one line), telemetry, the trend and
// every metric folded away; nothing the report showed before is lost.
import { describe, expect, it } from 'vitest';
import { DEFAULT_FAIL_ON, stepNote } from '../../src/pipeline/publish.js';
import { renderReport } from '../../src/pipeline/report.js';
import { verdictSentence } from '../../src/report/markdown.js';
import { linesAboveFold, matrixComment, REGRESSED_CELL } from '../support/comment-matrix.js';

/** The most Markdown lines a reader sees before opening anything, for the 2x2 matrix with one regressed cell. */
const MAX_LINES_REGRESSED = 25;

describe('the comment of a 2x2 matrix with one regressed cell', () => {
  const c = matrixComment(1.3);
  const above = linesAboveFold(c.markdown);

  it(`fits in ${MAX_LINES_REGRESSED} Markdown lines above the fold`, () => {
    console.log(`2x2, one regressed cell: ${above.length} Markdown lines above the fold (of ${c.markdown.split('\n').length})`);
    expect(c.verdict.verdict).toBe('fail');
    expect(above.length, above.join('\n')).toBeLessThanOrEqual(MAX_LINES_REGRESSED);
  });

  it('says what regressed by how much in one sentence under the headline', () => {
    expect(above[0]).toBe('## ❌ llm-perf-gate: fail');
    const tpot = c.verdict.cells.find((x) => x.id === REGRESSED_CELL)!.metrics.find((m) => m.metric === 'tpot_ms.p50')!;
    expect(tpot.verdict).toBe('regressed');
    expect(above[1]).toMatch(new RegExp(`^chat@c=8: tpot_ms\\.p50 \\+${tpot.change_pct!.toFixed(1)}% and output_tps -\\d+\\.\\d% regressed; 3 other cells unchanged\\.$`));
  });

  it('shows the gated rows of the regressed cell only, the three passing cells in one line', () => {
    const rows = above.filter((l) => /^\| [a-z]+@c=\d/.test(l));
    expect(rows.length).toBe(4);
    expect(rows.every((r) => r.startsWith(`| ${REGRESSED_CELL} `))).toBe(true);
    expect(above).toContain('<details><summary>✅ 3 other cells: every gated metric unchanged (12 rows): chat@c=1, rag@c=1 and rag@c=8</summary>');
  });

  it('folds telemetry, the trend and every metric, and loses none of them', () => {
    for (const title of ['### Server telemetry', '### Trend over the last 10 commits']) {
      const at = above.indexOf(title);
      expect(at, title).toBeGreaterThan(0);
      expect(above[at + 1]).toMatch(/^<details><summary>.+<\/summary>$/);
    }
    expect(above).toContain('<details><summary>peak GPU memory, utilisation, KV cache and queue of 4 cells; chat@c=8 side by side with the baseline</summary>');
    expect(above).toContain('<details><summary>All metrics, per cell (4 cells)</summary>');
    // Everything is still there, folded: each cell's gated rows, its telemetry row, its trend rows and its 44 metrics.
    for (const cell of ['chat@c=1', 'chat@c=8', 'rag@c=1', 'rag@c=8']) {
      expect(c.markdown).toMatch(new RegExp(`\\| ${cell} +\\| tpot_ms\\.p50 +\\| +\\d`));
      expect(c.markdown).toContain(`| ${cell} | 71.2 / 79.6 GiB |`);
      expect(c.markdown).toMatch(new RegExp(`\\| ${cell} \\| tpot_ms\\.p50 \\| [▁▂▃▄▅▆▇█]+ \\|`));
      expect(c.markdown).toContain(`<details><summary>${cell}: all 41 metrics (cost and energy left out: neither side had their input)</summary>`);
    }
    expect(c.markdown).toContain('| mean KV cache usage |');
    // Every block is closed.
    expect(c.markdown.match(/<details>/g)!.length).toBe(c.markdown.match(/<\/details>/g)!.length);
  });
});

describe('a short comment', () => {
  it('a pass of the 2x2 matrix is a handful of lines', () => {
    const c = matrixComment(1);
    const above = linesAboveFold(c.markdown);
    console.log(`2x2, all cells pass: ${above.length} Markdown lines above the fold`);
    expect(c.verdict.verdict).toBe('pass');
    expect(above[0]).toBe('## ✅ llm-perf-gate: pass');
    expect(above[1]).toBe('all 4 cells unchanged.');
    // No gated table row in sight: the passing cells' rows are folded under one line.
    expect(above.filter((l) => l.startsWith('| '))).toEqual([]);
    expect(above).toContain('<details><summary>✅ All 4 cells: every gated metric unchanged (16 rows): chat@c=1, chat@c=8, rag@c=1 and rag@c=8</summary>');
    expect(above.length, above.join('\n')).toBeLessThanOrEqual(15);
  });

  it('keeps the accepted-regression headline and its bold note first', () => {
    const c = matrixComment(1.3);
    const v = { ...c.verdict, accepted: { by: 'maint', at: '2026-12-01T10:00:00Z', reason: 'slower by design', via: 'comment' as const } };
    const md = renderReport(v, c.candidate, { baselineNote: 'baseline: file `b.json`', noBaseline: false, trend: null, baseline: c.baseline, stepNote: stepNote(v, DEFAULT_FAIL_ON) });
    const above = linesAboveFold(md);
    expect(above[0]).toBe('## ☑️ llm-perf-gate: fail · regression accepted');
    expect(above[1]).toMatch(/^\*\*Passed: the regression was accepted by @\u200bmaint on 2026-12-01 \(comment command\): slower by design\./);
    expect(above[2]).toMatch(/^chat@c=8: .* regressed; 3 other cells unchanged\.$/);
    expect(above).toContain('Baseline: file `b.json`');
    expect(above.length).toBeLessThanOrEqual(MAX_LINES_REGRESSED);
  });
});

describe('the headline sentence', () => {
  it('names untrusted cell ids escaped, in the sentence and in the folded line', () => {
    const c = matrixComment(1.3);
    const evil = 'x</summary><img src=x onerror=alert(1)>|@team';
    for (const cell of c.verdict.cells) if (cell.id === 'rag@c=1') cell.id = evil;
    const md = renderReport(c.verdict, c.candidate, { baselineNote: 'baseline: none', noBaseline: false, trend: null });
    expect(md).not.toContain('<img');
    expect(md).toContain('x&#60;/summary&#62;&#60;img src=x onerror=alert(1)&#62;&#124;@\u200bteam');
  });

  it('says what is not a plain pass: SLO failures, invalid cells, warn, inconclusive and improved metrics', () => {
    const { verdict: v } = matrixComment(1.3);
    const [a, b, , d] = v.cells;
    a!.metrics.find((m) => m.metric === 'ttft_ms.p95')!.verdict = 'improved';
    b!.valid = false;
    d!.metrics.find((m) => m.metric === 'ttft_ms.p95')!.verdict = 'inconclusive';
    v.summary = { ...v.summary, regressed: 0, inconclusive: 1, improved: 1, invalid_cells: 1, slo_failed: 1 };
    v.slo = [{ check: 'ttft_ms.p95 <= 100', cell: 'rag@c=1', value: 120, ok: false, note: null }];
    const s = verdictSentence(v);
    expect(s).toMatch(/^1 SLO check failed \(rag@c=1 `ttft_ms\.p95 <= 100`\); chat@c=8 invalid, not counted; 1 metric inconclusive in rag@c=8; chat@c=1: ttft_ms\.p95 [-+]\d+\.\d% improved\.$/);
  });
});

describe('long lists', () => {
  it('show the failed SLO checks and fold the passing ones; show five reasons and fold the rest', () => {
    const { verdict: v, candidate, baseline } = matrixComment(1.3);
    v.slo = ['chat@c=1', 'chat@c=8', 'rag@c=1', 'rag@c=8'].map((cell) => ({ check: 'ttft_ms.p95 <= 2000', cell, value: cell === 'rag@c=8' ? 2500 : 150, ok: cell !== 'rag@c=8', note: null }));
    v.reasons.push(...Array.from({ length: 8 }, (_, i) => `reason ${i}`));
    const md = renderReport(v, candidate, { baselineNote: 'baseline: none', noBaseline: false, trend: null, baseline });
    const above = linesAboveFold(md);
    expect(above.filter((l) => l.startsWith('| ') && l.includes('`ttft_ms.p95 <= 2000`'))).toEqual([expect.stringMatching(/^\| rag@c=8 +\| `ttft_ms\.p95 <= 2000` \| 2500 +\| ❌ failed \|/)]);
    expect(above).toContain('<details><summary>✅ 3 checks ok</summary>');
    expect(md.match(/✅ ok/g)).toHaveLength(3);
    // 2 regressions and 8 more reasons: five shown, five folded.
    expect(above.filter((l) => l.startsWith('- '))).toHaveLength(5);
    expect(above).toContain('<details><summary>5 more reasons</summary>');
    expect(md).toContain('- reason 7');
  });
});

describe('the trend', () => {
  it('folds its rows and keeps the dashboard link in sight', () => {
    const { verdict: v, candidate, baseline } = matrixComment(1.3);
    const trend =
      '### Trend over the last 2 commits\n\n| cell | metric | trend | latest | last change point |\n| --- | --- | --- | --- | --- |\n| chat@c=1 | tpot_ms.p50 | ▁█ | 20.0 ms | – |\n\n[Dashboard](https://o.github.io/r/)';
    const md = renderReport(v, candidate, { baselineNote: 'baseline: none', noBaseline: false, trend, baseline });
    const above = linesAboveFold(md);
    const at = above.indexOf('### Trend over the last 2 commits');
    expect(above.slice(at, at + 3)).toEqual([
      '### Trend over the last 2 commits',
      '<details><summary>the last stored runs of each gated metric: sparkline, latest value, last change point</summary>',
      '[Dashboard](https://o.github.io/r/)',
    ]);
    expect(md).toContain('| chat@c=1 | tpot_ms.p50 | ▁█ | 20.0 ms | – |');
  });
});
