// Report text as GitHub shows it (issue 23, item 6): what stands inside a code
// span is shown as written (no entities), a Mermaid title needs no HTML
// escaping, the telemetry section's title is never inside or below a collapsed block,
// and an interval too wide to mean anything says so instead of printing
// absurd percentages.
import { describe, expect, it } from 'vitest';
import { planFromObject } from '../../src/config/load.js';
import { compare } from '../../src/gate/compare.js';
import type { MetricVerdict, VerdictDoc } from '../../src/gate/verdict.js';
import { capacityChart } from '../../src/report/capacity.js';
import { codeSpan } from '../../src/report/escape.js';
import { absurdInterval, MARKDOWN_STYLE, rowFigures, TERMINAL_STYLE, TOO_WIDE } from '../../src/report/figures.js';
import { renderMarkdown } from '../../src/report/markdown.js';
import { verdictTable } from '../../src/report/verdict-table.js';
import type { ResultDoc } from '../../src/result/types.js';
import type { CellTelemetry } from '../../src/telemetry/types.js';
import { REALISTIC, syntheticResult } from '../support/synthetic.js';

const gate = planFromObject(
  { target: { url: 'http://127.0.0.1:1' }, scenarios: [{ name: 'chat', input_tokens: 8, output_tokens: 4 }], loads: [{ concurrency: 4 }] },
  { file: null, baseDir: '/' },
).gate;

/** The text of every code span of a Markdown line (single-backtick spans, as the report writes them). */
const codeSpans = (md: string): string[] => [...md.matchAll(/`([^`\n]+)`/g)].map((m) => m[1]!);

describe('code spans', () => {
  it('show an SLO check as written: no HTML entities inside the backticks', () => {
    const v = compare(syntheticResult('a'), syntheticResult('b'), gate);
    v.slo = [{ check: 'ttft_ms.p95 <= 2000', cell: 'chat@c=4', value: 1500, ok: true, note: null }];
    const md = renderMarkdown(v);
    const row = md.split('\n').find((l) => l.startsWith('| chat@c=4') && l.includes('ttft_ms.p95 <='))!;
    expect(row, md).toBeDefined();
    expect(codeSpans(row)).toEqual(['ttft_ms.p95 <= 2000']);
    expect(row).not.toMatch(/&#\d+;|&lt;/);
  });

  it('cannot be broken out of: a backtick, a line break and a table pipe are neutralised, HTML stays inert text', () => {
    const s = codeSpan('a` <img src=x>|b\n[x](http://y) @org');
    // One span on one line; the pipe escaped so the table cell does not end; the rest raw (inert inside a code span).
    expect(s).toBe("`a' <img src=x>\\|b [x](http://y) @org`");
    expect(s.split('`')).toHaveLength(3);
    expect(codeSpan('')).toBe('–');
    expect(codeSpan('\u001b[31m')).toBe('`\\x1b[31m`');
  });

  it('a hostile commit id in the headline stays inside its span, shown as written', () => {
    const a = syntheticResult('a');
    const b = syntheticResult('b');
    b.git = { ...(b.git ?? {}), commit: '`<b>x|' } as ResultDoc['git'];
    const md = renderMarkdown(compare(a, b, gate));
    const line = md.split('\n').find((l) => l.startsWith('Baseline '))!;
    expect(line).toContain("vs candidate `'<b>x\\|`");
  });
});

describe('the capacity chart title', () => {
  const point = (c: number, v: number) => ({
    role: 'search',
    load: { kind: 'concurrency', concurrency: c },
    requests: 40,
    runs: 1,
    verdict: 'pass',
    leaning: 'pass',
    slos: [{ slo: 'ttft_ms.p90 <= 1000', value: v, lo: v, hi: v, verdict: 'pass' }],
    rps: 3,
    output_tps: 24,
    goodput_rps: 3,
    error_rate: 0,
  });
  it('writes the comparison without < or > (GitHub shows them as &lt; in a Mermaid title)', () => {
    const chart = capacityChart({ slos: ['ttft_ms.p90 <= 1000'], mode: 'concurrency', points: [point(1, 300), point(4, 800)] } as never)!;
    const title = chart.split('\n').find((l) => l.trim().startsWith('title'))!;
    expect(title).toBe('  title "ttft_ms.p90 ≤ 1000 vs load"');
    expect(title).not.toMatch(/[<>]|&lt;|&gt;|&#/);
  });

  it('a strict bound reads as a word', () => {
    const p = (c: number, v: number) => ({ ...point(c, v), slos: [{ slo: 'user_tps.p50 > 20', value: v, lo: v, hi: v, verdict: 'pass' }] });
    const chart = capacityChart({ slos: ['user_tps.p50 > 20'], mode: 'concurrency', points: [p(1, 30), p(4, 25)] } as never)!;
    expect(chart).toContain('title "user_tps.p50 above 20 vs load"');
  });
});

function telemetry(): CellTelemetry {
  return {
    started_at: '2026-12-01T02:00:00.000Z',
    duration_s: 30,
    gpu: { status: 'absent', message: null, interval_ms: 500, gpus: [], other_processes: [] },
    engine: null,
    neighbours: { others_cpu_share: 0.02, others_cores: 0.04, cpus: 2, limit: 0.25, flagged: false, reasons: [] },
  };
}

/** The <details> depth at the start of each line. */
function depths(md: string): number[] {
  let depth = 0;
  return md.split('\n').map((line) => {
    const at = depth;
    depth += (line.match(/<details>/g)?.length ?? 0) - (line.match(/<\/details>/g)?.length ?? 0);
    return at;
  });
}

describe('report structure', () => {
  it('puts the telemetry title at the top level, before anything collapsed, its tables folded under a line that says what they hold', () => {
    const a = syntheticResult('a');
    const b = syntheticResult('b', REALISTIC, { tpot: 1.3 });
    for (const d of [a, b]) for (const c of d.cells) c.telemetry = telemetry();
    const v = compare(a, b, gate);
    v.warnings.push('a warning about the run');
    const confirm = '### Confirmation\n\n<details><summary>First measurement (paired design): fail</summary>\n\n| a |\n| - |\n\n</details>';
    const md = renderMarkdown(v, { results: { baseline: a, candidate: b }, sections: [confirm] });
    const lines = md.split('\n');
    const at = lines.indexOf('### Server telemetry');
    expect(at, md).toBeGreaterThan(0);
    expect(depths(md)[at]).toBe(0);
    // Its tables fold under one line (issue 21, item 3: the comment fits on one screen), still in the report.
    expect(lines[at + 2]).toBe('<details><summary>peak GPU memory, utilisation, KV cache and queue of 1 cell; chat@c=4 side by side with the baseline</summary>');
    expect(md).toContain('| mean KV cache usage |');
    // Nothing collapsed comes before its title: the telemetry is read with the verdict, not after the folded parts.
    expect(lines.slice(0, at).join('\n')).not.toContain('<details>');
    expect(depths(md).at(-1)).toBe(0);
  });

  it('closes every <details> block when the report is cut to fit', () => {
    const a = syntheticResult('a');
    const b = syntheticResult('b');
    const v = compare(a, b, gate);
    v.warnings.push(...Array.from({ length: 200 }, (_, i) => `warning ${i}: ${'x'.repeat(60)}`));
    // Cut inside the warnings block.
    const md = renderMarkdown(v, { maxChars: 6_000 });
    expect(md.length).toBeLessThanOrEqual(6_000);
    expect(md).toContain('_(report truncated)_');
    const d = depths(md);
    expect(d.at(-1), md.slice(-400)).toBe(0);
    // The note itself is outside every block.
    expect(d[md.split('\n').findIndex((l) => l.includes('_(report truncated)_'))]).toBe(0);
  });
});

describe('an interval too wide to mean anything', () => {
  const m = (change: number | null, interval: [number, number]): MetricVerdict =>
    ({
      metric: 'ttft_ms.p95',
      unit: 'ms',
      baseline: 100,
      candidate: 100 * (1 + (change ?? 0) / 100),
      change_pct: change,
      interval_pct: interval,
      gated: true,
      verdict: 'inconclusive',
      reason: '',
    }) as unknown as MetricVerdict;

  it('reads "too few trials" instead of -100.0% … +17403598802.5%', () => {
    const row = m(12.5, [-100, 17403598802.5]);
    expect(rowFigures(row, MARKDOWN_STYLE, true).interval).toBe(TOO_WIDE);
    expect(rowFigures(row, TERMINAL_STYLE, false).interval).toBe(TOO_WIDE);
    expect(TOO_WIDE).toMatch(/too few trials/);
  });

  it('keeps real intervals, large changes included', () => {
    expect(rowFigures(m(-28.6, [-35.8, -20.6]), MARKDOWN_STYLE, false).interval).toBe('-35.8% … -20.6%');
    // A genuine +1094% change: its interval lies near its estimate.
    expect(rowFigures(m(1094.3, [1039.8, 1189.8]), MARKDOWN_STYLE, false).interval).toBe('+1039.8% … +1189.8%');
    // Wide but meaningful (3 trials of a noisy p95): shown.
    expect(rowFigures(m(165.7, [57.9, 570.2]), MARKDOWN_STYLE, false).interval).toBe('+57.9% … +570.2%');
    // A throughput that fell to nothing: -100% is the estimate itself.
    expect(absurdInterval([-100, -99.99], -100)).toBe(false);
  });

  it('is absurd when an end reaches -100% or lies ten times beyond the estimate', () => {
    expect(absurdInterval([-100, 40], 5)).toBe(true);
    expect(absurdInterval([-20, 1200], 10)).toBe(true);
    expect(absurdInterval([-95, 30], 0)).toBe(true);
    expect(absurdInterval([-100, 2000], null)).toBe(true);
    expect(absurdInterval([-50, 50], null)).toBe(false);
  });

  it('shows in the Markdown and terminal tables while the verdict JSON keeps its numbers', () => {
    const v = compare(syntheticResult('a'), syntheticResult('b'), gate) as VerdictDoc;
    const target = v.cells[0]!.metrics.find((x) => x.gated)!;
    target.interval_pct = [-100, 17403598802.5];
    const json = JSON.stringify(v);
    expect(renderMarkdown(v)).toContain(`| ${TOO_WIDE} |`);
    expect(renderMarkdown(v)).not.toContain('17403598802');
    expect(verdictTable(v)).toContain(TOO_WIDE);
    expect(JSON.stringify(v)).toBe(json);
    expect(target.interval_pct).toEqual([-100, 17403598802.5]);
  });
});
