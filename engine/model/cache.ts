// The generated model lives in the per-machine cache, named by seed and a hash
// of everything that shapes its bytes, so it is made once per machine.
import { existsSync, mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { cacheRoot } from '../paths.js';
import { DEFAULT_SPEC, modelFileName, writeTinyModel, type TinyModelSpec } from './random-llama.js';
import { loadVocab } from './vocab.js';

export interface EnsuredModel {
  path: string;
  /** false when the cached file was used */
  made: boolean;
  bytes: number;
  /** time to make it (0 when cached) */
  seconds: number;
}

export function modelsDir(): string {
  return join(cacheRoot(), 'models');
}

/** The tiny model's path, making it first when the cache lacks it. */
export function ensureTinyModel(overrides: Partial<TinyModelSpec> = {}, opts: { force?: boolean } = {}): EnsuredModel {
  const spec: TinyModelSpec = { ...DEFAULT_SPEC, ...overrides };
  const t0 = performance.now();
  const vocab = loadVocab(spec.vocab);
  const dir = modelsDir();
  const path = join(dir, modelFileName(spec, vocab.sha256));
  if (!opts.force && existsSync(path)) return { path, made: false, bytes: statSync(path).size, seconds: 0 };
  mkdirSync(dir, { recursive: true });
  const made = writeTinyModel(path, spec, vocab);
  return { path, made: true, bytes: made.bytes, seconds: (performance.now() - t0) / 1000 };
}
