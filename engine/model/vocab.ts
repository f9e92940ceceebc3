// A real tokenizer for the generated model: llama.cpp's vocabulary-only GGUF
// files (models/ggml-vocab-*.gguf in the llama.cpp source that node-llama-cpp
// ships as a git bundle). Taken out once per machine into the cache.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readGguf, type GgufFile } from '../gguf/read.js';
import { cacheRoot, EngineSetupError, llamaCppBundle } from '../paths.js';

export interface Vocab {
  /** e.g. 'llama-spm' */
  name: string;
  file: GgufFile;
  /** SHA-256 of the vocabulary file: part of the model's identity. */
  sha256: string;
}

function git(args: string[], step: string): Buffer {
  const r = spawnSync('git', args, { maxBuffer: 256 * 1024 * 1024 });
  if (r.error)
    throw new EngineSetupError(`${step}: git is needed to read llama.cpp's vocabulary from node-llama-cpp's source bundle (${r.error.message}); install git (Debian: apt-get install -y git)`);
  if (r.status !== 0) throw new EngineSetupError(`${step}: git ${args.join(' ')} failed: ${r.stderr.toString().trim()}`);
  return r.stdout;
}

/** The vocabulary file's path in the cache, extracting it from the bundle the first time. */
function vocabPath(name: string): string {
  const bundle = llamaCppBundle();
  const heads = git(['bundle', 'list-heads', bundle], 'reading the llama.cpp bundle').toString();
  const commit = /^([0-9a-f]{40}) HEAD$/m.exec(heads)?.[1] ?? heads.slice(0, 40);
  const dir = join(cacheRoot(), 'vocab');
  const out = join(dir, `ggml-vocab-${name}-${commit.slice(0, 12)}.gguf`);
  if (existsSync(out)) return out;
  mkdirSync(dir, { recursive: true });
  const repo = join(dir, `.bundle-${process.pid}`);
  try {
    git(['clone', '--quiet', '--bare', bundle, repo], 'unpacking the llama.cpp bundle');
    const blob = git(['--git-dir', repo, 'cat-file', 'blob', `HEAD:models/ggml-vocab-${name}.gguf`], `reading models/ggml-vocab-${name}.gguf`);
    const tmp = `${out}.tmp-${process.pid}`;
    writeFileSync(tmp, blob);
    renameSync(tmp, out);
  } finally {
    rmSync(repo, { recursive: true, force: true });
  }
  return out;
}

export function loadVocab(name: string): Vocab {
  const buf = readFileSync(vocabPath(name));
  return { name, file: readGguf(buf), sha256: createHash('sha256').update(buf).digest('hex') };
}
