// The pull-request comment as GitHub shows it (issue 21, item 3): the
// report's Markdown rendered by a GFM renderer (marked, GFM on: tables and
// raw <details> blocks as GitHub passes them), laid out in a real headless
// Chromium (Debian's package, driven by puppeteer-core over a pipe) at a
// comment's width with GitHub's font sizes, every <details> closed, and the
// height a reader scrolls through before opening anything measured.
import { existsSync } from 'node:fs';
import { Marked } from 'marked';
import puppeteer, { type Browser } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matrixComment } from '../support/comment-matrix.js';

const CHROMIUM = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => existsSync(p)) ?? null;
if (CHROMIUM === null) console.warn('comment render test skipped: no chromium binary at /usr/bin/chromium (apt-get install chromium)');

/** A comment's body on github.com at a usual window: about 780 px of text. */
const WIDTH = 780;
/**
 * The 2x2 matrix with one regressed cell, every block closed: px at most.
 * Measured in Debian's Chromium: 2,839 px before the comment folded (issue
 * 21, item 3), 836 px after.
 */
const MAX_PX_REGRESSED = 1_000;

// The parts of GitHub's markdown-body style that set a comment's height.
const STYLE = `
body { margin: 0; background: #fff; }
.markdown-body { width: ${WIDTH}px; font-family: -apple-system, BlinkMacSystemFont, "Segoe UI", "Noto Sans", Helvetica, Arial, sans-serif; font-size: 14px; line-height: 1.5; color: #1f2328; word-wrap: break-word; }
.markdown-body > *:first-child { margin-top: 0 !important; }
.markdown-body > *:last-child { margin-bottom: 0 !important; }
.markdown-body p, .markdown-body ul, .markdown-body table, .markdown-body blockquote, .markdown-body details { margin-top: 0; margin-bottom: 16px; }
.markdown-body h2, .markdown-body h3 { margin-top: 24px; margin-bottom: 16px; font-weight: 600; line-height: 1.25; }
.markdown-body h2 { font-size: 1.5em; padding-bottom: .3em; border-bottom: 1px solid #d1d9e0b3; }
.markdown-body h3 { font-size: 1.25em; }
.markdown-body ul { padding-left: 2em; }
.markdown-body table { display: block; width: max-content; max-width: 100%; overflow: auto; border-spacing: 0; border-collapse: collapse; }
.markdown-body td, .markdown-body th { padding: 6px 13px; border: 1px solid #d1d9e0; }
.markdown-body code { padding: .2em .4em; font-size: 85%; font-family: ui-monospace, SFMono-Regular, Menlo, monospace; background: #818b981f; border-radius: 6px; }
.markdown-body summary { cursor: pointer; }
.markdown-body details > *:last-child { margin-bottom: 0; }
`;

const page = (html: string): string => `<!doctype html><html><head><meta charset="utf-8"><style>${STYLE}</style></head><body><article class="markdown-body">${html}</article></body></html>`;

describe.skipIf(CHROMIUM === null)('the comment in a browser', () => {
  let browser: Browser;
  const gfm = new Marked({ gfm: true, breaks: false });

  beforeAll(async () => {
    browser = await puppeteer.launch({ executablePath: CHROMIUM!, headless: true, pipe: true, args: ['--no-sandbox', '--disable-gpu', '--no-first-run'] });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
  });

  /** The rendered comment's height in px with every block closed, and with every block open. */
  async function heights(md: string): Promise<{ closed: number; open: number; blocks: number }> {
    const html = gfm.parse(md, { async: false });
    const tab = await browser.newPage();
    await tab.setViewport({ width: WIDTH + 40, height: 900 });
    await tab.setContent(page(html), { waitUntil: 'load' });
    // Page-side code as strings: this project's TypeScript has no DOM types.
    const closed = (await tab.evaluate(`(() => {
      const blocks = [...document.querySelectorAll('details')];
      if (blocks.some((d) => d.open)) throw new Error('a block renders open');
      return document.querySelector('article').getBoundingClientRect().height;
    })()`)) as number;
    const blocks = (await tab.evaluate(`document.querySelectorAll('details').length`)) as number;
    const open = (await tab.evaluate(`(() => {
      for (const d of document.querySelectorAll('details')) d.open = true;
      return document.querySelector('article').getBoundingClientRect().height;
    })()`)) as number;
    await tab.close();
    return { closed: Math.round(closed), open: Math.round(open), blocks };
  }

  it(`shows a 2x2 matrix with one regressed cell in at most ${MAX_PX_REGRESSED} px before anything is opened`, async () => {
    const { markdown } = matrixComment(1.3);
    const h = await heights(markdown);
    console.log(`2x2, one regressed cell, at ${WIDTH} px: ${h.closed} px above the fold, ${h.open} px with all ${h.blocks} blocks open`);
    // Every block of the Markdown is a block in the page, folded, not lost: opening them shows much more.
    expect(h.blocks).toBe(markdown.match(/<details>/g)!.length);
    expect(h.open).toBeGreaterThan(h.closed * 4);
    expect(h.closed).toBeLessThanOrEqual(MAX_PX_REGRESSED);
  });

  it('renders the headline, the regressed rows and the folded lines as GitHub would: text, not markup', async () => {
    const { markdown } = matrixComment(1.3);
    const tab = await browser.newPage();
    await tab.setContent(page(gfm.parse(markdown, { async: false })), { waitUntil: 'load' });
    const seen = (await tab.evaluate(`(() => {
      // Shown unless inside the folded part of a closed block (a block's own summary is shown).
      const visible = (el) => {
        for (let d = el.closest('details'); d !== null; d = d.parentElement.closest('details')) {
          if (!d.open && el.closest('summary')?.parentElement !== d) return false;
        }
        return true;
      };
      return {
        h2: document.querySelector('h2').textContent,
        sentence: document.querySelector('h2 + p').textContent,
        rows: [...document.querySelectorAll('table tbody tr')].filter(visible).map((r) => r.cells[0].textContent + ' ' + r.cells[1].textContent),
        summaries: [...document.querySelectorAll('summary')].filter(visible).map((s) => s.textContent),
      };
    })()`)) as { h2: string; sentence: string; rows: string[]; summaries: string[] };
    await tab.close();
    expect(seen.h2).toBe('❌ llm-perf-gate: fail');
    expect(seen.sentence).toMatch(/^chat@c=8: tpot_ms\.p50 \+\d+\.\d% and output_tps -\d+\.\d% regressed; 3 other cells unchanged\.$/);
    expect(seen.rows).toEqual(['chat@c=8 output_tps', 'chat@c=8 error_rate', 'chat@c=8 ttft_ms.p95', 'chat@c=8 tpot_ms.p50']);
    expect(seen.summaries).toEqual([
      '✅ 3 other cells: every gated metric unchanged (12 rows): chat@c=1, rag@c=1 and rag@c=8',
      'peak GPU memory, utilisation, KV cache and queue of 4 cells; chat@c=8 side by side with the baseline',
      'the last stored runs of each gated metric: sparkline, latest value, last change point',
      'All metrics, per cell (4 cells)',
    ]);
  });
});
