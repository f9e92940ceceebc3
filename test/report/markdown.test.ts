// The Markdown report: what it says, that untrusted text cannot inject markup, and that it fits a comment.
import { describe, expect, it } from 'vitest';
import { planFromObject } from '../../src/config/load.js';
import { compare } from '../../src/gate/compare.js';
import { renderMarkdown } from '../../src/report/markdown.js';
import { escapeMd } from '../../src/report/escape.js';
import { REALISTIC, syntheticResult } from '../support/synthetic.js';

const gate = planFromObject(
  // The report's layout, not interval precision: 400 resamples an interval (the default is 2,000).
  { target: { url: 'http://127.0.0.1:1' }, scenarios: [{ name: 'chat', input_tokens: 8, output_tokens: 4 }], loads: [{ concurrency: 4 }], gate: { bootstrap_iterations: 400 } },
  { file: null, baseDir: '/' },
).gate;

describe('renderMarkdown', () => {
  it('leads with the verdict and counts, then the gated table, reasons, and all metrics collapsed', () => {
    const v = compare(syntheticResult('a'), syntheticResult('b', REALISTIC, { tpot: 1.3 }), gate);
    const md = renderMarkdown(v, { context: ['Baseline: file `x.json`'] });
    const lines = md.split('\n');
    expect(lines[0]).toBe('## ❌ llm-perf-gate: fail');
    expect(md).toMatch(/\*\*\d+ regressed\*\* · \d+ improved · \d+ unchanged/);
    expect(md).toContain('Baseline: file `x.json`');
    expect(md).toMatch(/### Gated metrics\n\n\| cell +\| metric +\| +baseline/);
    expect(md).toMatch(/\| chat@c=4 \| tpot_ms\.p50 +\| .* \| ❌ regressed +\|/);
    expect(md).toContain('<details><summary>chat@c=4: all 41 metrics (cost and energy left out: neither side had their input)</summary>');
  });

  it("keeps the cost rows in every metric's table once a side has a price", () => {
    const v = compare(syntheticResult('a'), syntheticResult('b', REALISTIC, { tpot: 1.3 }), gate);
    // The verdict is frozen: a copy whose baseline had a price.
    const priced = { ...v, cells: v.cells.map((c) => ({ ...c, metrics: c.metrics.map((m) => (m.metric === 'cost_per_mtok_output_usd' ? { ...m, baseline: 1.25 } : m)) })) };
    const md = renderMarkdown(priced, {});
    expect(md).toContain('<details><summary>chat@c=4: all 42 metrics (cost and energy left out: neither side had their input)</summary>');
    expect(md).toMatch(/\| cost_per_mtok_output_usd +\|/);
    expect(md).not.toMatch(/\| energy_per_output_token_j +\|/);
  });

  it('escapes untrusted strings (model names, cell ids, server messages)', () => {
    const base = syntheticResult('a');
    const cand = syntheticResult('b');
    cand.target!.model = 'evil</details><img src=x onerror=alert(1)>|[link](http://x)';
    base.target!.model = cand.target!.model;
    const md = renderMarkdown(compare(base, cand, gate));
    expect(md).not.toContain('<img');
    expect(md).not.toContain('[link](');
    expect(md).toContain('evil&#60;/details&#62;&#60;img src=x onerror=alert(1)&#62;&#124;&#91;link&#93;(http:\u200b//x)');
    expect(escapeMd('a\nb|c')).toBe('a b&#124;c');
  });

  it('stays under the limit by cutting the per-cell details first, and says so', () => {
    const base = syntheticResult('a');
    const cand = syntheticResult('b');
    // Forty cells: the full details would need far more than the limit.
    for (let i = 1; i < 40; i++) {
      base.cells.push({ ...base.cells[0]!, id: `chat@c=${i + 4}` });
      cand.cells.push({ ...cand.cells[0]!, id: `chat@c=${i + 4}` });
    }
    const v = compare(base, cand, gate, { metrics: (id) => id.startsWith('ttft_ms') || id === 'output_tps' });
    const full = renderMarkdown(v, { maxChars: 10_000_000 });
    expect(full.length).toBeGreaterThan(20_000);
    const md = renderMarkdown(v, { maxChars: 20_000 });
    expect(md.length).toBeLessThanOrEqual(20_000);
    expect(md).toContain('### Gated metrics');
    expect(md).toMatch(/_\d+ cells' details were cut to fit 20000 characters; the verdict JSON has them all\._/);
  });
});
