// Issue 19, item 7: GitHub links bare URLs (`https://…`, `www.…`), e-mail
// addresses and issue references (`#123`, `GH-123`) in comments and job
// summaries without any Markdown syntax, so a
// fork that names its model or cell after a URL would plant a clickable link in
// the bot's comment. Untrusted text must come out with no autolink left in it,
// and the links the report writes itself (the dashboard) must still link.
import { describe, expect, it } from 'vitest';
import { renderTrendTable } from '../../src/changes/markdown.js';
import type { MetricSeries } from '../../src/changes/series.js';
import { planFromObject } from '../../src/config/load.js';
import { compare } from '../../src/gate/compare.js';
import { codeSpan, escapeMd } from '../../src/report/escape.js';
import { renderMarkdown } from '../../src/report/markdown.js';
import { syntheticResult } from '../support/synthetic.js';

/**
 * What GFM's autolink extension takes for a link: a scheme and `://`, `www.`
 * and a domain, or an address `local@domain.tld`. Broader than GitHub (no
 * left-boundary rule), so "none found" here means none there.
 */
const AUTOLINK = /(?:https?|ftp):\/\/[^\s<]|www\.[A-Za-z0-9_-]|[A-Za-z0-9._+-]@[A-Za-z0-9_-]+\.[A-Za-z0-9]|(?<!&)#\d|\bGH-\d/i;

const HOSTILE = [
  'https://evil.example/login',
  'see http://evil.example',
  'HTTPS://EVIL.EXAMPLE',
  'ftp://evil.example/x',
  'www.evil.example/path',
  '*www.evil.example',
  '_www.evil.example',
  '(WWW.evil.example)',
  'mail admin@evil.example',
  'mailto:admin@evil.example',
  'xmpp:admin@evil.example/r',
  '#123',
  'see #1 #2',
  'acme/serving#7',
  'GH-42',
  'gh-42',
];

const gate = planFromObject(
  { target: { url: 'http://127.0.0.1:1' }, scenarios: [{ name: 'chat', input_tokens: 8, output_tokens: 4 }], loads: [{ concurrency: 4 }] },
  { file: null, baseDir: '/' },
).gate;

describe('escapeMd: no autolink survives in untrusted text', () => {
  it.each(HOSTILE)('%s', (text) => {
    expect(text).toMatch(AUTOLINK);
    const out = escapeMd(text);
    expect(out).not.toMatch(AUTOLINK);
    // It reads the same: only zero-width spaces were added.
    expect(out.replaceAll('\u200b', '').replace(/&#(\d+);/g, (_, n: string) => String.fromCharCode(Number(n)))).toBe(text);
  });

  it('leaves what GitHub does not link as it was: cell ids, plain words, a scheme without //', () => {
    for (const text of ['chat@c=4', 'short@c=3 output_tps', 'ttft_ms.p50', 'docs/gate.md', 'model: llama', 'awwwards', 'C#', 'tag #v2', 'HIGH-1']) expect(escapeMd(text)).toBe(text);
  });

  it('a code span needs nothing: GitHub links nothing inside one', () => {
    expect(codeSpan('https://evil.example')).toBe('`https://evil.example`');
  });
});

describe('the report: a model and cell named after URLs link nowhere; its own links still do', () => {
  it('renderMarkdown', () => {
    const base = syntheticResult('a');
    const cand = syntheticResult('b');
    cand.target!.model = 'https://evil.example/login www.evil.example admin@evil.example';
    base.target!.model = cand.target!.model;
    cand.cells[0]!.id = base.cells[0]!.id = 'www.evil.example@c=4';
    const md = renderMarkdown(compare(base, cand, gate), { context: ['Baseline: file `x.json`'] });
    expect(md).toContain('evil.example');
    expect(md).not.toMatch(AUTOLINK);
  });

  it('the trend table: hostile cell and metric names are inert, the dashboard link is kept', () => {
    const points = [1, 2, 3].map((i) => ({ commit: `${i}`.repeat(40), value: 10 + i, trialRange: null }));
    const series: MetricSeries[] = [{ cell: 'https://evil.example', metric: 'www.evil.example', unit: 'admin@evil.example', direction: 'lower', gated: true, tolerance: 0.1, floor: 0, points }];
    const md = renderTrendTable(series, [], 20, 'https://acme.github.io/serving/');
    expect(md).not.toBeNull();
    expect(md!.replace('[Dashboard](https://acme.github.io/serving/)', '')).not.toMatch(AUTOLINK);
    expect(md).toContain('[Dashboard](https://acme.github.io/serving/)');
  });
});
