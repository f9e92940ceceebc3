// Where things are: the checkout, the per-machine cache, and the engine's own
// node_modules (engine/package.json, installed by scripts/install-engine.mjs).
// Works from the TypeScript sources and from the bundle dist/engine.js alike.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const NODE_LLAMA_CPP_VERSION = '3.21.1';

export class EngineSetupError extends Error {}

let root: string | null = null;

/** The llm-perf-gate checkout this code runs from (else the one around the working directory). */
function packageRoot(): string {
  if (root) return root;
  for (const start of [dirname(fileURLToPath(import.meta.url)), process.cwd()]) {
    const found = findRoot(start);
    if (found) return (root = found);
  }
  throw new EngineSetupError('cannot find the llm-perf-gate checkout above the engine code or the working directory');
}

function findRoot(start: string): string | null {
  let dir = start;
  for (;;) {
    const pkg = join(dir, 'package.json');
    if (existsSync(pkg)) {
      try {
        if ((JSON.parse(readFileSync(pkg, 'utf8')) as { name?: string }).name === 'llm-perf-gate') return dir;
      } catch {
        // Not ours: keep walking.
      }
    }
    const up = dirname(dir);
    if (up === dir) return null;
    dir = up;
  }
}

/** ${XDG_CACHE_HOME:-~/.cache}/llm-perf-gate: made once per machine, outside the repository. */
export function cacheRoot(): string {
  const base = process.env.XDG_CACHE_HOME || join(homedir(), '.cache');
  return join(base, 'llm-perf-gate');
}

/**
 * What to do without node-llama-cpp: in a checkout its install script; from
 * the npm package (no scripts/, no engine/) node-llama-cpp beside the CLI,
 * which Node resolves from the CLI's folder upwards (the CPU build alone:
 * 83 MB instead of every platform's 732 MB).
 */
export function notInstalledMessage(checkout: boolean): string {
  if (checkout) return "node-llama-cpp is not installed: run 'npm ci' in the checkout (its postinstall installs the engine's dependencies), or 'node scripts/install-engine.mjs'";
  return `node-llama-cpp is not installed: the embedded engine needs it beside the CLI; in the folder you installed llm-perf-gate in, run: npm i --omit=optional node-llama-cpp@${NODE_LLAMA_CPP_VERSION} @node-llama-cpp/${process.platform}-${process.arch}@${NODE_LLAMA_CPP_VERSION}`;
}

/** The directory holding node-llama-cpp: the engine's install, else the root's. */
export function nodeLlamaCppDir(): string {
  const r = packageRoot();
  for (const base of [join(r, 'engine'), r]) {
    try {
      const entry = createRequire(join(base, 'package.json')).resolve('node-llama-cpp');
      // .../node_modules/node-llama-cpp/dist/index.js -> .../node_modules/node-llama-cpp
      return dirname(dirname(entry));
    } catch {
      // Try the next place.
    }
  }
  throw new EngineSetupError(notInstalledMessage(existsSync(join(r, 'scripts', 'install-engine.mjs'))));
}

/** The llama.cpp source bundle node-llama-cpp ships. */
export function llamaCppBundle(): string {
  const bundle = join(nodeLlamaCppDir(), 'llama', 'gitRelease.bundle');
  if (!existsSync(bundle)) throw new EngineSetupError(`node-llama-cpp has no llama.cpp source bundle at ${bundle}; reinstall it: node scripts/install-engine.mjs`);
  return bundle;
}
