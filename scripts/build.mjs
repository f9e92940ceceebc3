// Bundles each entry point into one ESM file under dist/ (or the folder given
// as the first argument, which check-dist uses to compare).
import { readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { build } from 'esbuild';

const outdir = process.argv[2] ?? 'dist';
// Chunk names carry content hashes: clear old ones so dist/ holds only this build.
rmSync(outdir, { recursive: true, force: true });

// The dashboard's chart library (src/dashboard/assets.ts): its text goes into
// the bundle, because an action runs from dist/ with no node_modules.
// Two strings, not one object: esbuild inlines a string where it is used, but
// turns an object into a variable initialised in every module of the bundle.
const require = createRequire(import.meta.url);
const chartAssets = {
  __LLM_PERF_GATE_UPLOT_JS__: JSON.stringify(readFileSync(require.resolve('uplot/dist/uPlot.iife.min.js'), 'utf8')),
  __LLM_PERF_GATE_UPLOT_CSS__: JSON.stringify(readFileSync(require.resolve('uplot/dist/uPlot.min.css'), 'utf8')),
};

await build({
  // worker: the thread of run.workers (src/run/workers.ts finds it next to the bundle).
  entryPoints: { index: 'src/action/index.ts', post: 'src/action/post-entry.ts', cli: 'src/cli/index.ts', worker: 'src/run/worker-entry.ts' },
  outdir,
  bundle: true,
  platform: 'node',
  target: 'node24',
  format: 'esm',
  // Some CommonJS dependencies call require() for Node built-ins; ESM has no
  // require, so give the bundle one.
  banner: { js: "import { createRequire as __llmPerfGateRequire } from 'node:module'; const require = __llmPerfGateRequire(import.meta.url);" },
  // The tokenizer tables (several MB each) load through dynamic import: split
  // them into shared chunks so both entry points use one copy, loaded on demand.
  define: chartAssets,
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  legalComments: 'none',
  logLevel: 'warning',
  // Deterministic output: check-dist compares bytes.
  metafile: false,
  sourcemap: false,
});

// The embedded engine (serve-embedded, make-model): a bundle of its own, that
// only those commands load, by a path computed at run time (src/cli/embedded.ts);
// node-llama-cpp stays outside it (native code, installed under engine/ by
// scripts/install-engine.mjs) and is imported by path at run time too.
await build({
  entryPoints: { engine: 'engine/index.ts' },
  outdir,
  bundle: true,
  platform: 'node',
  target: 'node24',
  format: 'esm',
  external: ['node-llama-cpp'],
  legalComments: 'none',
  logLevel: 'warning',
  metafile: false,
  sourcemap: false,
});
