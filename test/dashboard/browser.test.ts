// The generated dashboard in a real headless Chromium (Debian's package,
// driven by puppeteer-core over a pipe: no browser download, no socket), on a
// 60-commit history with two injected shifts. Set
// LLM_PERF_GATE_UPDATE_SCREENSHOT=1 to refresh docs/dashboard.png.
import { existsSync } from 'node:fs';
import { copyFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import puppeteer, { type Browser } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboardData, writeSite } from '../../src/dashboard/site.js';
import { orderResults } from '../../src/history/reader.js';
import { historyFixture, type HistoryFixture } from '../support/history-fixture.js';

const CHROMIUM = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => existsSync(p)) ?? null;
if (CHROMIUM === null) console.warn('dashboard browser test skipped: no chromium binary at /usr/bin/chromium (apt-get install chromium)');

interface Drawn {
  ready: boolean;
  charts: { cell: string; metric: string; id: string; markers: { commit: string; x: number }[] }[];
}

describe.skipIf(CHROMIUM === null)('dashboard in a browser', () => {
  let f: HistoryFixture;
  let browser: Browser;
  let url: string;
  let site: string;
  const errors: string[] = [];

  beforeAll(async () => {
    f = await historyFixture(60, { 20: 1.2, 42: 0.85 });
    const { results } = await orderResults(
      f.docs.map((doc, i) => ({ commit: f.commits[i]!, doc })),
      { repoDir: f.repo, ref: 'main', maxCommits: 1000 },
    );
    const { data } = dashboardData(results, { title: 'llm-perf-gate history <test>', repoUrl: 'https://github.com/o/r', extraMetrics: [], changes: {}, generatedAt: '2026-12-01T00:00:00.000Z' });
    site = join(f.root, 'site');
    url = pathToFileURL(await writeSite(site, data)).href;
    browser = await puppeteer.launch({ executablePath: CHROMIUM!, headless: true, pipe: true, args: ['--no-sandbox', '--disable-gpu', '--no-first-run'] });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
  });

  it('draws every chart with the change points at the injected commits, without console errors', async () => {
    const page = await browser.newPage();
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    page.on('pageerror', (e) => errors.push(String(e)));
    page.on('requestfailed', (r) => errors.push(`request failed: ${r.url()}`));
    await page.setViewport({ width: 1200, height: 900 });
    await page.goto(url, { waitUntil: 'load' });
    // Page-side code as strings: this project's TypeScript has no DOM types.
    await page.waitForFunction('window.__dashboard && window.__dashboard.ready === true', { timeout: 20_000 });
    const drawn = (await page.evaluate('window.__dashboard')) as Drawn;
    expect(errors).toEqual([]);
    expect(drawn.charts.map((c) => c.metric).sort()).toEqual(['output_tps', 'tpot_ms.p50', 'ttft_ms.p95']);

    const markers = Object.fromEntries(drawn.charts.map((c) => [c.metric, c.markers.map((m) => m.commit)]));
    expect(markers['tpot_ms.p50']).toEqual([f.commits[20], f.commits[42]]);
    expect(markers['output_tps']).toEqual([f.commits[20], f.commits[42]]);
    expect(markers['ttft_ms.p95']).toEqual([]);

    // Each chart's canvas has drawn pixels (not a blank or transparent surface).
    const inked = (await page.evaluate(`[...document.querySelectorAll('.chart canvas')].map((canvas) => {
      const px = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
      let n = 0;
      for (let i = 0; i < px.length; i += 4) if (px[i + 3] > 0 && (px[i] < 240 || px[i + 1] < 240 || px[i + 2] < 240)) n++;
      return n;
    })`)) as number[];
    expect(inked).toHaveLength(3);
    for (const n of inked) expect(n).toBeGreaterThan(2000);

    // The summary table names the last change point of the decode-speed chart.
    const summary = await page.$$eval('#summary tbody tr', (rows) => rows.map((r) => r.textContent ?? ''));
    expect(summary.find((r) => r.includes('tpot_ms.p50'))).toContain(f.commits[42]!.slice(0, 7));

    // Hovering a point shows the commit, its subject as text (not markup) and the figures.
    const chart = drawn.charts.find((c) => c.metric === 'tpot_ms.p50')!;
    const over = await page.$(`#${chart.id} .u-over`);
    await over!.scrollIntoView();
    const box = (await over!.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.waitForFunction(`document.getElementById('tooltip').style.display === 'block'`, { timeout: 5_000 });
    const tip = await page.$eval('#tooltip', (t) => ({ text: t.textContent ?? '', html: t.innerHTML }));
    expect(tip.text).toMatch(/change \d+ <b>bold<\/b> & "quoted"/);
    expect(tip.html).not.toContain('<b>');
    expect(tip.text).toMatch(/tpot_ms\.p50: [\d.]+ ms \(trials [\d.]+–[\d.]+\)/);
    expect(await page.$eval('h1', (h) => h.textContent)).toBe('llm-perf-gate history <test>');

    await page.mouse.move(0, 0);
    const shot = join(site, 'dashboard.png');
    await page.screenshot({ path: shot as `${string}.png`, fullPage: true });
    if (process.env.LLM_PERF_GATE_UPDATE_SCREENSHOT === '1') await copyFile(shot, join(process.cwd(), 'docs', 'dashboard.png'));
    await page.close();
  }, 120_000);
});
