// uPlot's browser build and stylesheet, inlined into the page (no CDN: the
// site must work offline and from file://). Run from source (vitest, the CLI
// through scripts/run-ts.mjs) they are read from the installed package; the
// bundles under dist/ run where no node_modules exist (an action's checkout),
// so scripts/build.mjs puts the two files' text into the bundle as
// __LLM_PERF_GATE_UPLOT_JS__ and __LLM_PERF_GATE_UPLOT_CSS__.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';

export interface ChartAssets {
  js: string;
  css: string;
}

/** Replaced by the bundler (esbuild `define`) with the files' text; undeclared when run from source. */
declare const __LLM_PERF_GATE_UPLOT_JS__: string | undefined;
declare const __LLM_PERF_GATE_UPLOT_CSS__: string | undefined;

/** The one place that knows where the chart library's files are. */
export async function loadChartAssets(): Promise<ChartAssets> {
  if (typeof __LLM_PERF_GATE_UPLOT_JS__ === 'string' && typeof __LLM_PERF_GATE_UPLOT_CSS__ === 'string') return { js: __LLM_PERF_GATE_UPLOT_JS__, css: __LLM_PERF_GATE_UPLOT_CSS__ };
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
