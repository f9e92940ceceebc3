// A tiny Llama-architecture model with random weights, made from a seed: the
// same spec and seed always give the same bytes. It is a real model to
// llama.cpp (real tokenizer, real attention, KV cache, sampling), only its
// text means nothing, so a load test on a laptop or in CI runs real engine
// code without a model download.
//
// Byte, control and unknown tokens are made practically unsampleable, so the
// output is always valid UTF-8 text: one embedding dimension (0) carries a
// constant that no layer writes to (the rows of attn_output and ffn_down for
// dimension 0 are zero), so after the final RMSNorm it is always positive, and
// the output weight of those tokens on it is a large negative number: a logit
// bias, in a bias-free architecture. End-of-sequence gets a small positive bias
// instead, so an answer without `ignore_eos` stops now and then, as real ones do.
import { createHash } from 'node:crypto';
import { ValueType, gguf, type GgufValue } from '../gguf/types.js';
import { GgmlType, writeGguf, type TensorSpec, type WriteResult } from '../gguf/write.js';
import type { Vocab } from './vocab.js';

/** Bump when the generator's output changes for the same spec: it is part of the file's hash. */
const GENERATOR_VERSION = 1;

export interface TinyModelSpec {
  seed: number;
  layers: number;
  width: number;
  heads: number;
  kvHeads: number;
  ffn: number;
  /** llama.cpp vocabulary file name: models/ggml-vocab-<vocab>.gguf */
  vocab: string;
  /** The context the model claims to be trained for (no warning below it). */
  contextLength: number;
  /** Output weight on the constant dimension for EOS: how often an answer stops by itself. */
  eosBias: number;
}

export const DEFAULT_SPEC: TinyModelSpec = {
  seed: 1,
  layers: 4,
  width: 256,
  heads: 4,
  kvHeads: 4,
  ffn: 768,
  vocab: 'llama-spm',
  contextLength: 32768,
  eosBias: 1,
};

const MODEL_NAME = 'tiny-llama';

/** ChatML; llama.cpp recognises it by its markers, and the embedded engine formats chats the same way. */
const CHAT_TEMPLATE =
  "{% for message in messages %}{{ '<|im_start|>' + message['role'] + '\\n' + message['content'] + '<|im_end|>' + '\\n' }}{% endfor %}" +
  "{% if add_generation_prompt %}{{ '<|im_start|>assistant\\n' }}{% endif %}";

// Token types of llama.cpp's vocabularies (llama_token_type).
const TOKEN_NORMAL = 1;

/** The constant carried by embedding dimension 0. */
const BIAS_CHANNEL = 4;
/** Output weight on dimension 0 of tokens that must not be sampled. */
const SUPPRESS = -60;
const EMBED_RANGE = 0.5;
/** Scale of the residual-writing projections (attn_output, ffn_down). */
const RESIDUAL_GAIN = 0.25;
const OUTPUT_RANGE = 0.32;

export function specHash(spec: TinyModelSpec, vocabSha256: string): string {
  const canonical = JSON.stringify({ generator: GENERATOR_VERSION, spec: Object.fromEntries(Object.entries(spec).sort()), vocab: vocabSha256 });
  return createHash('sha256').update(canonical).digest('hex').slice(0, 12);
}

export function modelFileName(spec: TinyModelSpec, vocabSha256: string): string {
  return `${MODEL_NAME}-${spec.seed}-${specHash(spec, vocabSha256)}.gguf`;
}

function checkSpec(spec: TinyModelSpec): void {
  const ints: Array<keyof TinyModelSpec> = ['seed', 'layers', 'width', 'heads', 'kvHeads', 'ffn', 'contextLength'];
  for (const k of ints) {
    const v = spec[k];
    if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < (k === 'seed' ? 0 : 1)) throw new Error(`model spec: ${k} must be an integer >= ${k === 'seed' ? 0 : 1}, got ${String(v)}`);
  }
  if (spec.seed > 0xffffffff) throw new Error('model spec: seed must fit 32 bits');
  if (spec.width % spec.heads !== 0) throw new Error('model spec: width must be a multiple of heads');
  if (spec.heads % spec.kvHeads !== 0) throw new Error('model spec: heads must be a multiple of kvHeads');
  if ((spec.width / spec.heads) % 2 !== 0) throw new Error('model spec: the head size must be even (RoPE)');
}

// ---- deterministic numbers -------------------------------------------------

function fnv1a(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

function splitmix32(x: number): () => number {
  let s = x >>> 0;
  return () => {
    s = (s + 0x9e3779b9) >>> 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) >>> 0;
  };
}

/** xoshiro128** seeded per tensor, so each tensor's values do not depend on the others. */
export class Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: number, stream: string) {
    const sm = splitmix32(seed ^ fnv1a(stream));
    this.a = sm();
    this.b = sm();
    this.c = sm();
    this.d = sm();
    if ((this.a | this.b | this.c | this.d) === 0) this.a = 1;
  }

  nextU32(): number {
    const result = Math.imul(rotl(Math.imul(this.b, 5), 7), 9) >>> 0;
    const t = this.b << 9;
    this.c ^= this.a;
    this.d ^= this.b;
    this.b ^= this.c;
    this.a ^= this.d;
    this.c ^= t;
    this.d = rotl(this.d, 11);
    return result;
  }

  /** Uniform in [-range, range). */
  uniform(range: number): number {
    return (((this.nextU32() >>> 8) / 16777216) * 2 - 1) * range;
  }
}

function rotl(x: number, k: number): number {
  return (x << k) | (x >>> (32 - k));
}

// ---- half floats -------------------------------------------------------------

const f32 = new Float32Array(1);
const u32 = new Uint32Array(f32.buffer);

/** IEEE 754 binary16 bits of v, round to nearest even (via float32, as ggml does). */
export function toHalf(v: number): number {
  f32[0] = v;
  const x = u32[0]!;
  const sign = (x >>> 16) & 0x8000;
  const exp = (x >>> 23) & 0xff;
  let mant = x & 0x7fffff;
  if (exp === 0xff) return sign | 0x7c00 | (mant ? 0x200 : 0);
  const e = exp - 127 + 15;
  if (e >= 0x1f) return sign | 0x7c00;
  if (e <= 0) {
    if (e < -10) return sign;
    mant |= 0x800000;
    const shift = 14 - e;
    let half = mant >>> shift;
    const rem = mant & ((1 << shift) - 1);
    const mid = 1 << (shift - 1);
    if (rem > mid || (rem === mid && half & 1)) half++;
    return sign | half;
  }
  let half = (e << 10) | (mant >>> 13);
  const rem = mant & 0x1fff;
  if (rem > 0x1000 || (rem === 0x1000 && half & 1)) half++;
  return sign | half;
}

// ---- the model ---------------------------------------------------------------

function uniformF16(seed: number, name: string, range: number): (out: Buffer) => void {
  return (out) => {
    const rng = new Rng(seed, name);
    for (let i = 0; i < out.length; i += 2) out.writeUInt16LE(toHalf(rng.uniform(range)), i);
  };
}

function onesF32(out: Buffer): void {
  for (let i = 0; i < out.length; i += 4) out.writeFloatLE(1, i);
}

/** A [nIn, nOut] projection whose output row 0 is zero: it never writes the bias channel. */
function residualF16(seed: number, name: string, nIn: number, range: number): (out: Buffer) => void {
  return (out) => {
    uniformF16(seed, name, range)(out);
    out.fill(0, 0, nIn * 2);
  };
}

interface MadeModel extends WriteResult {
  path: string;
  nParams: number;
}

export function writeTinyModel(path: string, spec: TinyModelSpec, vocab: Vocab): MadeModel {
  checkSpec(spec);
  const v = vocab.file.metadata;
  const tokens = v.get('tokenizer.ggml.tokens');
  const types = v.get('tokenizer.ggml.token_type');
  if (!tokens || tokens.type !== ValueType.ARRAY || !types || types.type !== ValueType.ARRAY) throw new Error(`vocabulary ${vocab.name} has no tokens`);
  const nVocab = tokens.value.length;
  const tokenType = types.value as ArrayLike<number>;
  const eosMeta = v.get('tokenizer.ggml.eos_token_id');
  const eos = eosMeta && typeof eosMeta.value === 'number' ? eosMeta.value : -1;
  const { seed, width: n, ffn, layers, heads, kvHeads } = spec;
  const headDim = n / heads;
  const kvWidth = headDim * kvHeads;

  const metadata: Array<[string, GgufValue]> = [
    ['general.architecture', gguf.str('llama')],
    ['general.name', gguf.str(`${MODEL_NAME}-${seed}`)],
    ['general.description', gguf.str(`random weights made by llm-perf-gate from seed ${seed}; for load tests, its text means nothing`)],
    ['general.file_type', gguf.u32(1)], // mostly F16
    ['llama.context_length', gguf.u32(spec.contextLength)],
    ['llama.embedding_length', gguf.u32(n)],
    ['llama.block_count', gguf.u32(layers)],
    ['llama.feed_forward_length', gguf.u32(ffn)],
    ['llama.rope.dimension_count', gguf.u32(headDim)],
    ['llama.rope.freq_base', gguf.f32(10000)],
    ['llama.attention.head_count', gguf.u32(heads)],
    ['llama.attention.head_count_kv', gguf.u32(kvHeads)],
    ['llama.attention.layer_norm_rms_epsilon', gguf.f32(1e-5)],
    ['llama.vocab_size', gguf.u32(nVocab)],
  ];
  for (const [key, value] of v) {
    if (key.startsWith('tokenizer.')) metadata.push([key, value]);
  }
  if (!v.has('tokenizer.chat_template')) metadata.push(['tokenizer.chat_template', gguf.str(CHAT_TEMPLATE)]);

  const tensors: TensorSpec[] = [];
  const f16 = (name: string, dims: number[], fill: (out: Buffer) => void): void => {
    tensors.push({ name, dims, type: GgmlType.F16, fill });
  };
  const f32n = (name: string, dims: number[]): void => {
    tensors.push({ name, dims, type: GgmlType.F32, fill: onesF32 });
  };

  f16('token_embd.weight', [n, nVocab], (out) => {
    const rng = new Rng(seed, 'token_embd.weight');
    const bias = toHalf(BIAS_CHANNEL);
    for (let t = 0; t < nVocab; t++) {
      const row = t * n * 2;
      out.writeUInt16LE(bias, row);
      for (let i = 1; i < n; i++) out.writeUInt16LE(toHalf(rng.uniform(EMBED_RANGE)), row + i * 2);
    }
  });
  f32n('output_norm.weight', [n]);
  f16('output.weight', [n, nVocab], (out) => {
    const rng = new Rng(seed, 'output.weight');
    for (let t = 0; t < nVocab; t++) {
      const row = t * n * 2;
      const sampleable = tokenType[t] === TOKEN_NORMAL || t === eos;
      // Draw the row either way, so one token's kind never shifts another's weights.
      for (let i = 1; i < n; i++) {
        const w = toHalf(rng.uniform(OUTPUT_RANGE));
        out.writeUInt16LE(sampleable ? w : 0, row + i * 2);
      }
      const b = t === eos ? spec.eosBias : sampleable ? 0 : SUPPRESS;
      out.writeUInt16LE(toHalf(b), row);
    }
  });
  const proj = (fanIn: number): number => Math.sqrt(3 / fanIn);
  for (let l = 0; l < layers; l++) {
    const p = `blk.${l}`;
    f32n(`${p}.attn_norm.weight`, [n]);
    f16(`${p}.attn_q.weight`, [n, n], uniformF16(seed, `${p}.attn_q.weight`, proj(n)));
    f16(`${p}.attn_k.weight`, [n, kvWidth], uniformF16(seed, `${p}.attn_k.weight`, proj(n)));
    f16(`${p}.attn_v.weight`, [n, kvWidth], uniformF16(seed, `${p}.attn_v.weight`, proj(n)));
    f16(`${p}.attn_output.weight`, [n, n], residualF16(seed, `${p}.attn_output.weight`, n, RESIDUAL_GAIN * proj(n)));
    f32n(`${p}.ffn_norm.weight`, [n]);
    f16(`${p}.ffn_gate.weight`, [n, ffn], uniformF16(seed, `${p}.ffn_gate.weight`, proj(n)));
    f16(`${p}.ffn_up.weight`, [n, ffn], uniformF16(seed, `${p}.ffn_up.weight`, proj(n)));
    f16(`${p}.ffn_down.weight`, [ffn, n], residualF16(seed, `${p}.ffn_down.weight`, ffn, RESIDUAL_GAIN * proj(ffn)));
  }
  const nParams = tensors.reduce((a, t) => a + t.dims.reduce((x, y) => x * y, 1), 0);
  const res = writeGguf(path, metadata, tensors);
  return { ...res, path, nParams };
}
