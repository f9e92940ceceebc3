// uPlot's browser build and stylesheet, read from the installed package and
// inlined into the page (no CDN: the site must work offline and from file://).
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';

export interface ChartAssets {
  js: string;
  css: string;
}

/** The one place that knows where the chart library's files are (bundles: swap for inlined text here). */
export async function loadChartAssets(): Promise<ChartAssets> {
  const require = createRequire(import.meta.url);
  let js: string;
  let css: string;
  try {
    js = await readFile(require.resolve('uplot/dist/uPlot.iife.min.js'), 'utf8');
    css = await readFile(require.resolve('uplot/dist/uPlot.min.css'), 'utf8');
  } catch (err) {
    throw new Error(`dashboard: cannot read the chart library (npm package 'uplot'): ${(err as Error).message}`, { cause: err });
  }
  return { js, css };
}
