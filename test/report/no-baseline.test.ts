// A verdict with nothing to compare with (issue 31): neither a pass nor a
// fail when no SLO check failed, why said once, and no "unknown commit
// (unknown model)" baseline; a failed SLO check still fails.
import { describe, expect, it } from 'vitest';
import { planFromObject } from '../../src/config/load.js';
import { verdictWithoutBaseline } from '../../src/gate/no-baseline.js';
import { outcome } from '../../src/pipeline/publish.js';
import { noBaselineYet, renderMarkdown } from '../../src/report/markdown.js';
import { syntheticResult } from '../support/synthetic.js';

const plan = (slo: string[]) =>
  planFromObject(
    { target: { url: 'http://127.0.0.1:1' }, scenarios: [{ name: 'chat', input_tokens: 8, output_tokens: 4 }], loads: [{ concurrency: 4 }], gate: { slo: slo.map((check) => ({ check })) } },
    { file: null, baseDir: '/' },
  ).gate;
const candidate = { ...syntheticResult('c'), git: { commit: 'c'.repeat(40), ref: null } };
const WHY = "no stored result for abc1234 or its ancestors on branch 'llm-perf-history' yet";

describe('a report without a baseline', () => {
  it('is neither a pass nor a fail: its own headline, why once, the candidate named, no counts', () => {
    const v = verdictWithoutBaseline(candidate, plan([]), WHY);
    expect(noBaselineYet(v)).toBe(true);
    expect(outcome(v, ['fail', 'invalid'])).toEqual({ failing: false, line: 'llm-perf-gate: no baseline yet: figures recorded' });
    const md = renderMarkdown(v, { first: ['### Measured\n\n(table)'] });
    const lines = md.split('\n\n');
    expect(lines[0]).toBe('## ➖ llm-perf-gate: no baseline yet: figures recorded');
    expect(lines[1]).toBe(`**Nothing was compared: ${WHY}.**`);
    expect(lines[2]).toBe('### Measured');
    expect(lines[4]).toBe('Candidate `ccccccc` (m); no baseline to compare with.');
    expect(md.split('no stored result')).toHaveLength(2);
    expect(md).not.toMatch(/pass|unknown commit|unknown model|regressed\*\*/);
  });

  it('a failed SLO check fails it as ever, and the baseline line still names no unknown commit', () => {
    const v = verdictWithoutBaseline(candidate, plan(['ttft_ms.p50 < 0.001']), WHY);
    expect(noBaselineYet(v)).toBe(false);
    expect(outcome(v, ['fail', 'invalid']).failing).toBe(true);
    const md = renderMarkdown(v);
    expect(md.split('\n')[0]).toBe('## ❌ llm-perf-gate: fail');
    expect(md).toContain(': only the SLO checks judged it.');
    expect(md).not.toMatch(/unknown commit|unknown model/);
    expect(md.split('no stored result')).toHaveLength(2);
  });
});
