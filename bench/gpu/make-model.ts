// The tiny model (engine/model/random-llama.ts, the same bytes as `make-model`)
// from a vocabulary file given by path, for a machine without node-llama-cpp
// or git (bench/gpu/llama-check.sh): bundled to one file by esbuild first.
//   node make-model.mjs ggml-vocab-llama-spm.gguf OUTDIR   -> prints the model's path
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readGguf } from '../../engine/gguf/read.js';
import { DEFAULT_SPEC, modelFileName, writeTinyModel } from '../../engine/model/random-llama.js';

const [vocabFile, outDir] = process.argv.slice(2);
if (!vocabFile || !outDir) throw new Error('usage: make-model VOCAB.gguf OUTDIR');
const buf = readFileSync(vocabFile);
const vocab = { name: DEFAULT_SPEC.vocab, file: readGguf(buf), sha256: createHash('sha256').update(buf).digest('hex') };
mkdirSync(outDir, { recursive: true });
const path = join(outDir, modelFileName(DEFAULT_SPEC, vocab.sha256));
writeTinyModel(path, DEFAULT_SPEC, vocab);
process.stdout.write(`${path}\n`);
