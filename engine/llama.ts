// Loads node-llama-cpp from wherever it is installed (engine/node_modules by
// default), by a path computed at run time: the bundle dist/engine.js keeps it
// external, and nothing else in the project ever loads it.
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import type * as NodeLlamaCpp from 'node-llama-cpp';
import { EngineSetupError, nodeLlamaCppDir, NODE_LLAMA_CPP_VERSION } from './paths.js';

type NodeLlamaCppModule = typeof NodeLlamaCpp;

let loaded: Promise<NodeLlamaCppModule> | null = null;

export function loadNodeLlamaCpp(): Promise<NodeLlamaCppModule> {
  loaded ??= (async () => {
    const dir = nodeLlamaCppDir();
    const version = (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version: string }).version;
    if (version !== NODE_LLAMA_CPP_VERSION) {
      process.stderr.write(`warning: node-llama-cpp ${version} found at ${dir}; the engine is tested with ${NODE_LLAMA_CPP_VERSION}\n`);
    }
    try {
      return (await import(pathToFileURL(join(dir, 'dist', 'index.js')).href)) as NodeLlamaCppModule;
    } catch (err) {
      throw new EngineSetupError(`cannot load node-llama-cpp from ${dir}: ${(err as Error).message}; reinstall it: node scripts/install-engine.mjs`);
    }
  })();
  return loaded;
}
