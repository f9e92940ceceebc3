// The generated dashboard in a real headless Chromium (Debian's package,
// driven by puppeteer-core over a pipe: no browser download, no socket), on a
// 60-commit history with two injected shifts, the first accepted by its pull
// request and a later gate failed; then the filters, the date axis and the
// downloads. Set LLM_PERF_GATE_UPDATE_SCREENSHOT=1 to refresh docs/dashboard.png.
import { existsSync } from 'node:fs';
import { copyFile, readdir, readFile } from 'node:fs/promises';
import { runInThisContext } from 'node:vm';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import puppeteer, { type Browser } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DashboardData } from '../../src/dashboard/model.js';
import { dashboardData, writeSite } from '../../src/dashboard/site.js';
import { VIEW_SCRIPT } from '../../src/dashboard/view-script.js';
import { orderResults } from '../../src/history/reader.js';
import { historyFixture, type HistoryFixture } from '../support/history-fixture.js';

const CHROMIUM = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => existsSync(p)) ?? null;
if (CHROMIUM === null) console.warn('dashboard browser test skipped: no chromium binary at /usr/bin/chromium (apt-get install chromium)');

interface Drawn {
  ready: boolean;
  renders: number;
  view: { cell: string | null; metric: string | null; axis: 'commit' | 'date' };
  charts: {
    cell: string;
    metric: string;
    id: string;
    axis: string;
    markers: { commit: string; x: number; accepted: boolean }[];
    gates: { commit: string; mark: 'fail' | 'accepted'; x: number; y: number }[];
  }[];
  downloads: { name: string; type: string }[];
}

/** The page's own view script, run here to know what a download must hold. */
const view = runInThisContext(`${VIEW_SCRIPT}\n;dashboardView`) as { toCsv(d: DashboardData, v: Drawn['view']): string; toJson(d: DashboardData, v: Drawn['view']): string };

/** Commit 20's step (TPOT 20% slower) was accepted in its pull request; commit 33's gate failed; commits before 10 were stored without a gate. */
const ACCEPTED_AT = 20;
const FAILED_AT = 33;

describe.skipIf(CHROMIUM === null)('dashboard in a browser', () => {
  let f: HistoryFixture;
  let browser: Browser;
  let url: string;
  let site: string;
  let data: DashboardData;
  const errors: string[] = [];

  beforeAll(async () => {
    f = await historyFixture(60, { 20: 1.2, 42: 0.85 });
    f.docs.forEach((doc, i) => {
      if (i < 10) return;
      doc.gate = { verdict: i === ACCEPTED_AT || i === FAILED_AT ? 'fail' : 'pass', regressed: i === ACCEPTED_AT || i === FAILED_AT ? 2 : 0, accepted: null, pull_request: 100 + i };
      if (i === ACCEPTED_AT) doc.gate.accepted = { by: 'alice', at: '2026-10-01T19:00:00Z', reason: 'bigger batches <i>on purpose</i>', via: 'comment' };
    });
    const { results } = await orderResults(
      f.docs.map((doc, i) => ({ commit: f.commits[i]!, doc })),
      { repoDir: f.repo, ref: 'main', maxCommits: 1000 },
    );
    ({ data } = dashboardData(results, { title: 'llm-perf-gate history <test>', repoUrl: 'https://github.com/o/r', extraMetrics: [], changes: {}, generatedAt: '2026-12-01T00:00:00.000Z' }));
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
    // The step at commit 20 was accepted: its change points say so; the one at 42 was not.
    expect(drawn.charts.find((c) => c.metric === 'tpot_ms.p50')!.markers.map((m) => m.accepted)).toEqual([true, false]);

    // Every chart marks the failed gate and the accepted regression on their points.
    for (const c of drawn.charts) {
      expect(c.gates.map((g) => [g.commit, g.mark])).toEqual([
        [f.commits[ACCEPTED_AT], 'accepted'],
        [f.commits[FAILED_AT], 'fail'],
      ]);
    }
    // The gates table links each pull request.
    const gateRows = await page.$$eval('#gates tbody tr', (rows) => rows.map((r) => ({ text: r.textContent ?? '', links: [...r.querySelectorAll('a')].map((a) => a.getAttribute('href')) })));
    expect(gateRows).toHaveLength(2);
    expect(gateRows[0]!.text).toContain('accepted (fail, 2 regressed)');
    expect(gateRows[0]!.text).toContain('accepted by @alice (comment, 2026-10-01): bigger batches <i>on purpose</i>');
    expect(gateRows[0]!.links).toEqual([`https://github.com/o/r/commit/${f.commits[ACCEPTED_AT]}`, `https://github.com/o/r/pull/${100 + ACCEPTED_AT}`]);
    expect(gateRows[1]!.text).toContain('failed (2 regressed)');
    expect(gateRows[1]!.links).toEqual([`https://github.com/o/r/commit/${f.commits[FAILED_AT]}`, `https://github.com/o/r/pull/${100 + FAILED_AT}`]);

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
    // Dates in one format, UTC; and the legend once, above every chart, not under each.
    expect(tip.text).toMatch(/^[0-9a-f]{7} {2}\d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC/);
    expect(await page.$$eval('.legend', (ls) => ls.length)).toBe(1);
    expect(await page.$eval('#legend', (l) => l.textContent ?? '')).toMatch(/^Line: pooled value per commit\. Shaded:/);
    expect(await page.$eval('.muted', (p) => p.textContent ?? '')).toMatch(/; generated \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC\.$/);
    expect(await page.$eval('h1', (h) => h.textContent)).toBe('llm-perf-gate history <test>');

    // Hovering the accepted mark says who accepted the regression, why, and in which pull request.
    const accepted = chart.gates.find((g) => g.mark === 'accepted')!;
    await page.mouse.move(box.x + accepted.x, box.y + accepted.y);
    await page.waitForFunction(`document.getElementById('tooltip').textContent.includes('regression accepted')`, { timeout: 5_000 });
    const acceptedTip = await page.$eval('#tooltip', (t) => t.textContent ?? '');
    expect(acceptedTip).toContain('gate: fail (2 regressed)');
    expect(acceptedTip).toContain('regression accepted by @alice (comment, 2026-10-01): bigger batches <i>on purpose</i>');
    expect(acceptedTip).toContain(`pull request #${100 + ACCEPTED_AT}`);

    await page.mouse.move(0, 0);
    const shot = join(site, 'dashboard.png');
    await page.screenshot({ path: shot as `${string}.png`, fullPage: true });
    if (process.env.LLM_PERF_GATE_UPDATE_SCREENSHOT === '1') await copyFile(shot, join(process.cwd(), 'docs', 'dashboard.png'));
    await page.close();
  }, 120_000);
  it('filters by metric, switches to a date axis, keeps the view in the URL, and downloads what is shown as CSV and JSON', async () => {
    const page = await browser.newPage();
    page.on('pageerror', (e) => errors.push(String(e)));
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    const downloads = join(site, 'downloads');
    const cdp = await page.createCDPSession();
    await cdp.send('Browser.setDownloadBehavior', { behavior: 'allow', downloadPath: downloads });
    await page.setViewport({ width: 1200, height: 900 });
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForFunction('window.__dashboard && window.__dashboard.ready === true', { timeout: 20_000 });
    const drawn = async (): Promise<Drawn> => (await page.evaluate('window.__dashboard')) as Drawn;
    const renders = (await drawn()).renders;

    await page.select('#filter-metric', 'tpot_ms.p50');
    await page.waitForFunction(`window.__dashboard.renders === ${renders + 1}`, { timeout: 5_000 });
    let d = await drawn();
    expect(d.charts.map((c) => c.metric)).toEqual(['tpot_ms.p50']);
    expect(await page.$$eval('#summary tbody tr', (rows) => rows.length)).toBe(1);
    expect(await page.$eval('#shown', (e) => e.textContent)).toBe('1 of 3 charts shown');

    await page.select('#axis', 'date');
    await page.waitForFunction(`window.__dashboard.renders === ${renders + 2}`, { timeout: 5_000 });
    d = await drawn();
    expect(d.view).toEqual({ cell: null, metric: 'tpot_ms.p50', axis: 'date' });
    expect(await page.evaluate('location.hash')).toBe('#metric=tpot_ms.p50&axis=date');
    const chart = d.charts[0]!;
    expect(chart.axis).toBe('date');
    // The commits are an hour apart: on a date axis the change points and the gate marks sit where they did, left to right.
    expect(chart.markers.map((m) => m.commit)).toEqual([f.commits[20], f.commits[42]]);
    expect(chart.markers[0]!.x).toBeLessThan(chart.markers[1]!.x);
    expect(chart.gates.map((g) => g.mark)).toEqual(['accepted', 'fail']);
    const ticks = await page.$$eval(`#${chart.id} .u-axis`, (axes) => axes[0]?.textContent ?? '');
    expect(ticks).not.toContain(f.commits[30]!.slice(0, 7));

    // The downloads hold exactly the page's CSV and JSON of this view (its own view script, run here), and reach the disk.
    await page.click('#download-csv');
    await page.click('#download-json');
    await page.waitForFunction('window.__dashboard.downloads.length === 2', { timeout: 5_000 });
    d = await drawn();
    expect(d.downloads.map((x) => [x.name, x.type])).toEqual([
      ['llm-perf-gate-history-test-tpot_ms.p50.csv', 'text/csv;charset=utf-8'],
      ['llm-perf-gate-history-test-tpot_ms.p50.json', 'application/json'],
    ]);
    const csv = (await page.evaluate('window.__dashboard.downloads[0].blob.text()')) as string;
    const json = (await page.evaluate('window.__dashboard.downloads[1].blob.text()')) as string;
    expect(csv).toBe(view.toCsv(data, d.view));
    expect(json).toBe(view.toJson(data, d.view));
    expect(csv.split('\r\n')).toHaveLength(62);
    expect(csv).toContain(`,fail,2,alice,comment,2026-10-01T19:00:00Z,bigger batches <i>on purpose</i>,${100 + ACCEPTED_AT},`);
    const rows = (JSON.parse(json) as { rows: { metric: string; pull_request_url: string | null }[] }).rows;
    expect(rows).toHaveLength(60);
    expect(new Set(rows.map((r) => r.metric))).toEqual(new Set(['tpot_ms.p50']));
    expect(rows[FAILED_AT]!.pull_request_url).toBe(`https://github.com/o/r/pull/${100 + FAILED_AT}`);
    const deadline = Date.now() + 10_000;
    let files: string[] = [];
    while (Date.now() < deadline && files.filter((n) => !n.endsWith('.crdownload')).length < 2) {
      files = await readdir(downloads).catch(() => []);
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(files.sort()).toEqual(['llm-perf-gate-history-test-tpot_ms.p50.csv', 'llm-perf-gate-history-test-tpot_ms.p50.json']);
    expect(await readFile(join(downloads, 'llm-perf-gate-history-test-tpot_ms.p50.csv'), 'utf8')).toBe(csv);

    // A link with a view opens on it.
    await page.goto(`${url}#cell=${encodeURIComponent(data.series[0]!.cell)}&metric=ttft_ms.p95`, { waitUntil: 'load' });
    await page.waitForFunction('window.__dashboard && window.__dashboard.ready === true', { timeout: 20_000 });
    d = await drawn();
    expect(d.charts.map((c) => [c.metric, c.axis])).toEqual([['ttft_ms.p95', 'commit']]);
    expect(await page.$eval('#filter-metric', (e) => (e as unknown as { value: string }).value)).toBe('ttft_ms.p95');
    expect(errors).toEqual([]);
    await page.close();
  }, 120_000);
});
