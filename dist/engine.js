// engine/cli.ts
import { parseArgs } from "node:util";

// engine/model/cache.ts
import { existsSync as existsSync3, mkdirSync as mkdirSync2, statSync } from "node:fs";
import { join as join3 } from "node:path";
import { performance } from "node:perf_hooks";

// engine/paths.ts
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { homedir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
var NODE_LLAMA_CPP_VERSION = "3.21.1";
var EngineSetupError = class extends Error {
};
var root = null;
function packageRoot() {
  if (root) return root;
  for (const start of [dirname(fileURLToPath(import.meta.url)), process.cwd()]) {
    const found = findRoot(start);
    if (found) return root = found;
  }
  throw new EngineSetupError("cannot find the llm-perf-gate checkout above the engine code or the working directory");
}
function findRoot(start) {
  let dir = start;
  for (; ; ) {
    const pkg = join(dir, "package.json");
    if (existsSync(pkg)) {
      try {
        if (JSON.parse(readFileSync(pkg, "utf8")).name === "llm-perf-gate") return dir;
      } catch {
      }
    }
    const up = dirname(dir);
    if (up === dir) return null;
    dir = up;
  }
}
function cacheRoot() {
  const base = process.env.XDG_CACHE_HOME || join(homedir(), ".cache");
  return join(base, "llm-perf-gate");
}
function notInstalledMessage(checkout) {
  if (checkout) return "node-llama-cpp is not installed: run 'npm ci' in the checkout (its postinstall installs the engine's dependencies), or 'node scripts/install-engine.mjs'";
  return `node-llama-cpp is not installed: the embedded engine needs it beside the CLI; in the folder you installed llm-perf-gate in, run: npm i --omit=optional node-llama-cpp@${NODE_LLAMA_CPP_VERSION} @node-llama-cpp/${process.platform}-${process.arch}@${NODE_LLAMA_CPP_VERSION}`;
}
function nodeLlamaCppDir() {
  const r = packageRoot();
  for (const base of [join(r, "engine"), r]) {
    try {
      const entry = createRequire(join(base, "package.json")).resolve("node-llama-cpp");
      return dirname(dirname(entry));
    } catch {
    }
  }
  throw new EngineSetupError(notInstalledMessage(existsSync(join(r, "scripts", "install-engine.mjs"))));
}
function llamaCppBundle() {
  const bundle = join(nodeLlamaCppDir(), "llama", "gitRelease.bundle");
  if (!existsSync(bundle)) throw new EngineSetupError(`node-llama-cpp has no llama.cpp source bundle at ${bundle}; reinstall it: node scripts/install-engine.mjs`);
  return bundle;
}

// engine/model/random-llama.ts
import { createHash as createHash2 } from "node:crypto";

// engine/gguf/types.ts
var GGUF_MAGIC = 1179993927;
var GGUF_VERSION = 3;
var GGUF_DEFAULT_ALIGNMENT = 32;
var GGML_TYPE_SIZE = {
  [0 /* F32 */]: 4,
  [1 /* F16 */]: 2
};
var gguf = {
  u32: (value) => ({ type: 4 /* UINT32 */, value }),
  i32: (value) => ({ type: 5 /* INT32 */, value }),
  f32: (value) => ({ type: 6 /* FLOAT32 */, value }),
  bool: (value) => ({ type: 7 /* BOOL */, value }),
  str: (value) => ({ type: 8 /* STRING */, value }),
  strings: (value) => ({ type: 9 /* ARRAY */, itemType: 8 /* STRING */, value }),
  f32s: (value) => ({ type: 9 /* ARRAY */, itemType: 6 /* FLOAT32 */, value }),
  i32s: (value) => ({ type: 9 /* ARRAY */, itemType: 5 /* INT32 */, value })
};

// engine/gguf/write.ts
import { createHash } from "node:crypto";
import { closeSync, fsyncSync, openSync, renameSync, rmSync, writeSync } from "node:fs";
var ByteSink = class {
  chunks = [];
  length = 0;
  push(b) {
    this.chunks.push(b);
    this.length += b.length;
  }
  u32(v) {
    const b = Buffer.allocUnsafe(4);
    b.writeUInt32LE(v);
    this.push(b);
  }
  u64(v) {
    const b = Buffer.allocUnsafe(8);
    b.writeBigUInt64LE(BigInt(v));
    this.push(b);
  }
  str(s) {
    const b = Buffer.from(s, "utf8");
    this.u64(b.length);
    this.push(b);
  }
  take() {
    const out = Buffer.concat(this.chunks, this.length);
    this.chunks = [];
    this.length = 0;
    return out;
  }
};
function scalarSize(type) {
  switch (type) {
    case 0 /* UINT8 */:
    case 1 /* INT8 */:
    case 7 /* BOOL */:
      return 1;
    case 2 /* UINT16 */:
    case 3 /* INT16 */:
      return 2;
    case 4 /* UINT32 */:
    case 5 /* INT32 */:
    case 6 /* FLOAT32 */:
      return 4;
    case 10 /* UINT64 */:
    case 11 /* INT64 */:
    case 12 /* FLOAT64 */:
      return 8;
    default:
      throw new Error(`value type ${type} has no fixed size`);
  }
}
function writeScalar(b, at, type, v) {
  switch (type) {
    case 0 /* UINT8 */:
      b.writeUInt8(v, at);
      return;
    case 1 /* INT8 */:
      b.writeInt8(v, at);
      return;
    case 7 /* BOOL */:
      b.writeUInt8(v ? 1 : 0, at);
      return;
    case 2 /* UINT16 */:
      b.writeUInt16LE(v, at);
      return;
    case 3 /* INT16 */:
      b.writeInt16LE(v, at);
      return;
    case 4 /* UINT32 */:
      b.writeUInt32LE(v, at);
      return;
    case 5 /* INT32 */:
      b.writeInt32LE(v, at);
      return;
    case 6 /* FLOAT32 */:
      b.writeFloatLE(v, at);
      return;
    case 12 /* FLOAT64 */:
      b.writeDoubleLE(v, at);
      return;
    case 10 /* UINT64 */:
      b.writeBigUInt64LE(v, at);
      return;
    case 11 /* INT64 */:
      b.writeBigInt64LE(v, at);
      return;
    default:
      throw new Error(`cannot write value type ${type} as a scalar`);
  }
}
function writeValue(s, v) {
  if (v.type === 8 /* STRING */) {
    s.str(v.value);
    return;
  }
  if (v.type === 9 /* ARRAY */) {
    s.u32(v.itemType);
    s.u64(v.value.length);
    if (v.itemType === 8 /* STRING */) {
      for (const item of v.value) s.str(item);
      return;
    }
    const size = scalarSize(v.itemType);
    const b2 = Buffer.alloc(size * v.value.length);
    const items = v.value;
    for (let i = 0; i < items.length; i++) writeScalar(b2, i * size, v.itemType, items[i]);
    s.push(b2);
    return;
  }
  const b = Buffer.alloc(scalarSize(v.type));
  writeScalar(b, 0, v.type, v.value);
  s.push(b);
}
function align(n, alignment) {
  return Math.ceil(n / alignment) * alignment;
}
function encodeHeader(metadata, tensors) {
  const keys = /* @__PURE__ */ new Set();
  let alignment = GGUF_DEFAULT_ALIGNMENT;
  for (const [key, v] of metadata) {
    if (keys.has(key)) throw new Error(`duplicate metadata key '${key}'`);
    keys.add(key);
    if (key === "general.alignment") {
      if (v.type !== 4 /* UINT32 */ || v.value <= 0 || v.value % 8 !== 0) throw new Error("general.alignment must be a u32 multiple of 8");
      alignment = v.value;
    }
  }
  const s = new ByteSink();
  s.u32(GGUF_MAGIC);
  s.u32(GGUF_VERSION);
  s.u64(tensors.length);
  s.u64(metadata.length);
  for (const [key, v] of metadata) {
    s.str(key);
    s.u32(v.type);
    writeValue(s, v);
  }
  const offsets = [];
  const sizes = [];
  let offset = 0;
  const names = /* @__PURE__ */ new Set();
  for (const t of tensors) {
    if (names.has(t.name)) throw new Error(`duplicate tensor '${t.name}'`);
    names.add(t.name);
    const elements = t.dims.reduce((a, b) => a * b, 1);
    const size = elements * GGML_TYPE_SIZE[t.type];
    s.str(t.name);
    s.u32(t.dims.length);
    for (const d of t.dims) s.u64(d);
    s.u32(t.type);
    s.u64(offset);
    offsets.push(offset);
    sizes.push(size);
    offset = align(offset + size, alignment);
  }
  const pad = align(s.length, alignment) - s.length;
  s.push(Buffer.alloc(pad));
  return { header: s.take(), offsets, sizes, alignment };
}
function writeGguf(path, metadata, tensors) {
  const { header, offsets, sizes } = encodeHeader(metadata, tensors);
  const hash = createHash("sha256");
  const tmp = `${path}.tmp-${process.pid}`;
  const fd = openSync(tmp, "w");
  let pos = 0;
  const put = (b) => {
    let done = 0;
    while (done < b.length) done += writeSync(fd, b, done, b.length - done);
    hash.update(b);
    pos += b.length;
  };
  try {
    put(header);
    const base = header.length;
    for (let i = 0; i < tensors.length; i++) {
      const t = tensors[i];
      const want = base + offsets[i];
      if (want > pos) put(Buffer.alloc(want - pos));
      const data = Buffer.alloc(sizes[i]);
      t.fill(data);
      put(data);
    }
    fsyncSync(fd);
  } catch (err) {
    closeSync(fd);
    rmSync(tmp, { force: true });
    throw err;
  }
  closeSync(fd);
  renameSync(tmp, path);
  return { bytes: pos, sha256: hash.digest("hex") };
}

// engine/model/random-llama.ts
var GENERATOR_VERSION = 1;
var DEFAULT_SPEC = {
  seed: 1,
  layers: 4,
  width: 256,
  heads: 4,
  kvHeads: 4,
  ffn: 768,
  vocab: "llama-spm",
  contextLength: 32768,
  eosBias: 1
};
var MODEL_NAME = "tiny-llama";
var CHAT_TEMPLATE = "{% for message in messages %}{{ '<|im_start|>' + message['role'] + '\\n' + message['content'] + '<|im_end|>' + '\\n' }}{% endfor %}{% if add_generation_prompt %}{{ '<|im_start|>assistant\\n' }}{% endif %}";
var TOKEN_NORMAL = 1;
var BIAS_CHANNEL = 4;
var SUPPRESS = -60;
var EMBED_RANGE = 0.5;
var RESIDUAL_GAIN = 0.25;
var OUTPUT_RANGE = 0.32;
function specHash(spec, vocabSha256) {
  const canonical = JSON.stringify({ generator: GENERATOR_VERSION, spec: Object.fromEntries(Object.entries(spec).sort()), vocab: vocabSha256 });
  return createHash2("sha256").update(canonical).digest("hex").slice(0, 12);
}
function modelFileName(spec, vocabSha256) {
  return `${MODEL_NAME}-${spec.seed}-${specHash(spec, vocabSha256)}.gguf`;
}
function checkSpec(spec) {
  const ints = ["seed", "layers", "width", "heads", "kvHeads", "ffn", "contextLength"];
  for (const k of ints) {
    const v = spec[k];
    if (typeof v !== "number" || !Number.isSafeInteger(v) || v < (k === "seed" ? 0 : 1)) throw new Error(`model spec: ${k} must be an integer >= ${k === "seed" ? 0 : 1}, got ${String(v)}`);
  }
  if (spec.seed > 4294967295) throw new Error("model spec: seed must fit 32 bits");
  if (spec.width % spec.heads !== 0) throw new Error("model spec: width must be a multiple of heads");
  if (spec.heads % spec.kvHeads !== 0) throw new Error("model spec: heads must be a multiple of kvHeads");
  if (spec.width / spec.heads % 2 !== 0) throw new Error("model spec: the head size must be even (RoPE)");
}
function fnv1a(s) {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}
function splitmix32(x) {
  let s = x >>> 0;
  return () => {
    s = s + 2654435769 >>> 0;
    let z = s;
    z = Math.imul(z ^ z >>> 16, 2246822507);
    z = Math.imul(z ^ z >>> 13, 3266489909);
    return (z ^ z >>> 16) >>> 0;
  };
}
var Rng = class {
  a;
  b;
  c;
  d;
  constructor(seed, stream) {
    const sm = splitmix32(seed ^ fnv1a(stream));
    this.a = sm();
    this.b = sm();
    this.c = sm();
    this.d = sm();
    if ((this.a | this.b | this.c | this.d) === 0) this.a = 1;
  }
  nextU32() {
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
  uniform(range) {
    return ((this.nextU32() >>> 8) / 16777216 * 2 - 1) * range;
  }
};
function rotl(x, k) {
  return x << k | x >>> 32 - k;
}
var f32 = new Float32Array(1);
var u32 = new Uint32Array(f32.buffer);
function toHalf(v) {
  f32[0] = v;
  const x = u32[0];
  const sign = x >>> 16 & 32768;
  const exp = x >>> 23 & 255;
  let mant = x & 8388607;
  if (exp === 255) return sign | 31744 | (mant ? 512 : 0);
  const e = exp - 127 + 15;
  if (e >= 31) return sign | 31744;
  if (e <= 0) {
    if (e < -10) return sign;
    mant |= 8388608;
    const shift = 14 - e;
    let half2 = mant >>> shift;
    const rem2 = mant & (1 << shift) - 1;
    const mid = 1 << shift - 1;
    if (rem2 > mid || rem2 === mid && half2 & 1) half2++;
    return sign | half2;
  }
  let half = e << 10 | mant >>> 13;
  const rem = mant & 8191;
  if (rem > 4096 || rem === 4096 && half & 1) half++;
  return sign | half;
}
function uniformF16(seed, name, range) {
  return (out) => {
    const rng = new Rng(seed, name);
    for (let i = 0; i < out.length; i += 2) out.writeUInt16LE(toHalf(rng.uniform(range)), i);
  };
}
function onesF32(out) {
  for (let i = 0; i < out.length; i += 4) out.writeFloatLE(1, i);
}
function residualF16(seed, name, nIn, range) {
  return (out) => {
    uniformF16(seed, name, range)(out);
    out.fill(0, 0, nIn * 2);
  };
}
function writeTinyModel(path, spec, vocab) {
  checkSpec(spec);
  const v = vocab.file.metadata;
  const tokens = v.get("tokenizer.ggml.tokens");
  const types = v.get("tokenizer.ggml.token_type");
  if (!tokens || tokens.type !== 9 /* ARRAY */ || !types || types.type !== 9 /* ARRAY */) throw new Error(`vocabulary ${vocab.name} has no tokens`);
  const nVocab = tokens.value.length;
  const tokenType = types.value;
  const eosMeta = v.get("tokenizer.ggml.eos_token_id");
  const eos = eosMeta && typeof eosMeta.value === "number" ? eosMeta.value : -1;
  const { seed, width: n, ffn, layers, heads, kvHeads } = spec;
  const headDim = n / heads;
  const kvWidth = headDim * kvHeads;
  const metadata = [
    ["general.architecture", gguf.str("llama")],
    ["general.name", gguf.str(`${MODEL_NAME}-${seed}`)],
    ["general.description", gguf.str(`random weights made by llm-perf-gate from seed ${seed}; for load tests, its text means nothing`)],
    ["general.file_type", gguf.u32(1)],
    // mostly F16
    ["llama.context_length", gguf.u32(spec.contextLength)],
    ["llama.embedding_length", gguf.u32(n)],
    ["llama.block_count", gguf.u32(layers)],
    ["llama.feed_forward_length", gguf.u32(ffn)],
    ["llama.rope.dimension_count", gguf.u32(headDim)],
    ["llama.rope.freq_base", gguf.f32(1e4)],
    ["llama.attention.head_count", gguf.u32(heads)],
    ["llama.attention.head_count_kv", gguf.u32(kvHeads)],
    ["llama.attention.layer_norm_rms_epsilon", gguf.f32(1e-5)],
    ["llama.vocab_size", gguf.u32(nVocab)]
  ];
  for (const [key, value] of v) {
    if (key.startsWith("tokenizer.")) metadata.push([key, value]);
  }
  if (!v.has("tokenizer.chat_template")) metadata.push(["tokenizer.chat_template", gguf.str(CHAT_TEMPLATE)]);
  const tensors = [];
  const f16 = (name, dims, fill) => {
    tensors.push({ name, dims, type: 1 /* F16 */, fill });
  };
  const f32n = (name, dims) => {
    tensors.push({ name, dims, type: 0 /* F32 */, fill: onesF32 });
  };
  f16("token_embd.weight", [n, nVocab], (out) => {
    const rng = new Rng(seed, "token_embd.weight");
    const bias = toHalf(BIAS_CHANNEL);
    for (let t = 0; t < nVocab; t++) {
      const row = t * n * 2;
      out.writeUInt16LE(bias, row);
      for (let i = 1; i < n; i++) out.writeUInt16LE(toHalf(rng.uniform(EMBED_RANGE)), row + i * 2);
    }
  });
  f32n("output_norm.weight", [n]);
  f16("output.weight", [n, nVocab], (out) => {
    const rng = new Rng(seed, "output.weight");
    for (let t = 0; t < nVocab; t++) {
      const row = t * n * 2;
      const sampleable = tokenType[t] === TOKEN_NORMAL || t === eos;
      for (let i = 1; i < n; i++) {
        const w = toHalf(rng.uniform(OUTPUT_RANGE));
        out.writeUInt16LE(sampleable ? w : 0, row + i * 2);
      }
      const b = t === eos ? spec.eosBias : sampleable ? 0 : SUPPRESS;
      out.writeUInt16LE(toHalf(b), row);
    }
  });
  const proj = (fanIn) => Math.sqrt(3 / fanIn);
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

// engine/model/vocab.ts
import { spawnSync } from "node:child_process";
import { createHash as createHash3 } from "node:crypto";
import { existsSync as existsSync2, mkdirSync, readFileSync as readFileSync2, renameSync as renameSync2, rmSync as rmSync2, writeFileSync } from "node:fs";
import { join as join2 } from "node:path";

// engine/gguf/read.ts
var GgufFormatError = class extends Error {
};
var Cursor = class {
  constructor(buf) {
    this.buf = buf;
  }
  buf;
  pos = 0;
  need(n) {
    if (this.pos + n > this.buf.length) throw new GgufFormatError(`truncated GGUF: need ${n} bytes at offset ${this.pos}, file has ${this.buf.length}`);
  }
  u8() {
    this.need(1);
    return this.buf.readUInt8(this.pos++);
  }
  i8() {
    this.need(1);
    return this.buf.readInt8(this.pos++);
  }
  u16() {
    this.need(2);
    const v = this.buf.readUInt16LE(this.pos);
    this.pos += 2;
    return v;
  }
  i16() {
    this.need(2);
    const v = this.buf.readInt16LE(this.pos);
    this.pos += 2;
    return v;
  }
  u32() {
    this.need(4);
    const v = this.buf.readUInt32LE(this.pos);
    this.pos += 4;
    return v;
  }
  i32() {
    this.need(4);
    const v = this.buf.readInt32LE(this.pos);
    this.pos += 4;
    return v;
  }
  f32() {
    this.need(4);
    const v = this.buf.readFloatLE(this.pos);
    this.pos += 4;
    return v;
  }
  f64() {
    this.need(8);
    const v = this.buf.readDoubleLE(this.pos);
    this.pos += 8;
    return v;
  }
  u64() {
    this.need(8);
    const v = this.buf.readBigUInt64LE(this.pos);
    this.pos += 8;
    return v;
  }
  i64() {
    this.need(8);
    const v = this.buf.readBigInt64LE(this.pos);
    this.pos += 8;
    return v;
  }
  /** A u64 that must fit a JS number (counts, lengths, offsets). */
  size() {
    const v = this.u64();
    if (v > BigInt(Number.MAX_SAFE_INTEGER)) throw new GgufFormatError(`size ${v} at offset ${this.pos - 8} is too large`);
    return Number(v);
  }
  str() {
    const n = this.size();
    this.need(n);
    const s = this.buf.toString("utf8", this.pos, this.pos + n);
    this.pos += n;
    return s;
  }
};
function readScalar(c, type) {
  switch (type) {
    case 0 /* UINT8 */:
      return c.u8();
    case 1 /* INT8 */:
      return c.i8();
    case 2 /* UINT16 */:
      return c.u16();
    case 3 /* INT16 */:
      return c.i16();
    case 4 /* UINT32 */:
      return c.u32();
    case 5 /* INT32 */:
      return c.i32();
    case 6 /* FLOAT32 */:
      return c.f32();
    case 12 /* FLOAT64 */:
      return c.f64();
    case 10 /* UINT64 */:
      return c.u64();
    case 11 /* INT64 */:
      return c.i64();
    case 7 /* BOOL */: {
      const b = c.u8();
      if (b > 1) throw new GgufFormatError(`bool value ${b} at offset ${c.pos - 1}`);
      return b === 1;
    }
    case 8 /* STRING */:
      return c.str();
    default:
      throw new GgufFormatError(`unknown value type ${type} at offset ${c.pos}`);
  }
}
function readValue(c, type) {
  if (type !== 9 /* ARRAY */) return { type, value: readScalar(c, type) };
  const itemType = c.u32();
  const n = c.size();
  if (itemType === 9 /* ARRAY */) throw new GgufFormatError("nested arrays are not supported");
  const value = new Array(n);
  for (let i = 0; i < n; i++) value[i] = readScalar(c, itemType);
  return { type, itemType, value };
}
function readGguf(buf) {
  const c = new Cursor(buf);
  const magic = c.u32();
  if (magic !== GGUF_MAGIC) throw new GgufFormatError("not a GGUF file (bad magic)");
  const version = c.u32();
  if (version !== 2 && version !== 3) throw new GgufFormatError(`unsupported GGUF version ${version}`);
  const nTensors = c.size();
  const nKv = c.size();
  const metadata = /* @__PURE__ */ new Map();
  for (let i = 0; i < nKv; i++) {
    const key = c.str();
    const type = c.u32();
    metadata.set(key, readValue(c, type));
  }
  const tensors = [];
  for (let i = 0; i < nTensors; i++) {
    const name = c.str();
    const nDims = c.u32();
    const dims = [];
    for (let d = 0; d < nDims; d++) dims.push(c.size());
    const type = c.u32();
    const offset = c.size();
    tensors.push({ name, dims, type, offset });
  }
  const al = metadata.get("general.alignment");
  const alignment = al && al.type === 4 /* UINT32 */ ? al.value : GGUF_DEFAULT_ALIGNMENT;
  const dataOffset = Math.ceil(c.pos / alignment) * alignment;
  return { version, metadata, tensors, alignment, dataOffset };
}

// engine/model/vocab.ts
function git(args, step) {
  const r = spawnSync("git", args, { maxBuffer: 256 * 1024 * 1024 });
  if (r.error)
    throw new EngineSetupError(`${step}: git is needed to read llama.cpp's vocabulary from node-llama-cpp's source bundle (${r.error.message}); install git (Debian: apt-get install -y git)`);
  if (r.status !== 0) throw new EngineSetupError(`${step}: git ${args.join(" ")} failed: ${r.stderr.toString().trim()}`);
  return r.stdout;
}
function vocabPath(name) {
  const bundle = llamaCppBundle();
  const heads = git(["bundle", "list-heads", bundle], "reading the llama.cpp bundle").toString();
  const commit = /^([0-9a-f]{40}) HEAD$/m.exec(heads)?.[1] ?? heads.slice(0, 40);
  const dir = join2(cacheRoot(), "vocab");
  const out = join2(dir, `ggml-vocab-${name}-${commit.slice(0, 12)}.gguf`);
  if (existsSync2(out)) return out;
  mkdirSync(dir, { recursive: true });
  const repo = join2(dir, `.bundle-${process.pid}`);
  try {
    git(["clone", "--quiet", "--bare", bundle, repo], "unpacking the llama.cpp bundle");
    const blob = git(["--git-dir", repo, "cat-file", "blob", `HEAD:models/ggml-vocab-${name}.gguf`], `reading models/ggml-vocab-${name}.gguf`);
    const tmp = `${out}.tmp-${process.pid}`;
    writeFileSync(tmp, blob);
    renameSync2(tmp, out);
  } finally {
    rmSync2(repo, { recursive: true, force: true });
  }
  return out;
}
function loadVocab(name) {
  const buf = readFileSync2(vocabPath(name));
  return { name, file: readGguf(buf), sha256: createHash3("sha256").update(buf).digest("hex") };
}

// engine/model/cache.ts
function modelsDir() {
  return join3(cacheRoot(), "models");
}
function ensureTinyModel(overrides = {}, opts = {}) {
  const spec = { ...DEFAULT_SPEC, ...overrides };
  const t0 = performance.now();
  const vocab = loadVocab(spec.vocab);
  const dir = modelsDir();
  const path = join3(dir, modelFileName(spec, vocab.sha256));
  if (!opts.force && existsSync3(path)) return { path, made: false, bytes: statSync(path).size, seconds: 0 };
  mkdirSync2(dir, { recursive: true });
  const made = writeTinyModel(path, spec, vocab);
  return { path, made: true, bytes: made.bytes, seconds: (performance.now() - t0) / 1e3 };
}

// engine/start.ts
import { existsSync as existsSync4 } from "node:fs";
import { availableParallelism } from "node:os";

// engine/engine.ts
import { basename } from "node:path";
import { performance as performance2 } from "node:perf_hooks";

// engine/llama.ts
import { pathToFileURL } from "node:url";
import { join as join4 } from "node:path";
import { readFileSync as readFileSync3 } from "node:fs";
var loaded = null;
function loadNodeLlamaCpp() {
  loaded ??= (async () => {
    const dir = nodeLlamaCppDir();
    const version = JSON.parse(readFileSync3(join4(dir, "package.json"), "utf8")).version;
    if (version !== NODE_LLAMA_CPP_VERSION) {
      process.stderr.write(`warning: node-llama-cpp ${version} found at ${dir}; the engine is tested with ${NODE_LLAMA_CPP_VERSION}
`);
    }
    try {
      return await import(pathToFileURL(join4(dir, "dist", "index.js")).href);
    } catch (err) {
      throw new EngineSetupError(`cannot load node-llama-cpp from ${dir}: ${err.message}; reinstall it: node scripts/install-engine.mjs`);
    }
  })();
  return loaded;
}

// engine/engine.ts
var RequestError = class extends Error {
  constructor(message, param = null, code = "invalid_request_error") {
    super(message);
    this.param = param;
    this.code = code;
  }
  param;
  code;
};
var CHATML_START = "<|im_start|>";
var CHATML_END = "<|im_end|>";
var Engine = class _Engine {
  constructor(llama, model, context, info) {
    this.llama = llama;
    this.model = model;
    this.context = context;
    this.info = info;
    for (let i = 0; i < info.parallel; i++) this.slots.push({ id: i, seq: context.getSequence(), busy: false, lastUsed: 0 });
  }
  llama;
  model;
  context;
  info;
  slots = [];
  queue = [];
  closed = false;
  counters = { maxBusy: 0, maxQueued: 0, requests: 0, promptTokens: 0, cachedTokens: 0, completionTokens: 0 };
  eosBias = null;
  noBias = null;
  pauses = 0;
  paused = null;
  static async load(opts) {
    const t0 = performance2.now();
    const nlc = await loadNodeLlamaCpp();
    const llama = await nlc.getLlama({
      gpu: false,
      build: "never",
      maxThreads: opts.threads,
      logLevel: nlc.LlamaLogLevel.error,
      progressLogs: false
    });
    try {
      const model = await llama.loadModel({ modelPath: opts.modelPath });
      const context = await model.createContext({
        contextSize: opts.ctx,
        sequences: opts.parallel,
        threads: { ideal: opts.threads, min: opts.threads },
        ...opts.batchSize ? { batchSize: opts.batchSize } : {},
        // Each request carries its own sampling; batches fill with every slot's next step.
        batching: { dispatchSchedule: "nextCycle", itemPrioritizationStrategy: "maximumParallelism" }
      });
      const release = llama.llamaCppRelease;
      const info = {
        modelId: basename(opts.modelPath).replace(/\.gguf$/i, ""),
        modelPath: opts.modelPath,
        nodeLlamaCpp: nlc.getModuleVersion ? await nlc.getModuleVersion() : "unknown",
        llamaCpp: release.release,
        threads: opts.threads,
        ctx: context.contextSize,
        parallel: opts.parallel,
        trainContext: model.trainContextSize,
        loadSeconds: (performance2.now() - t0) / 1e3
      };
      const engine = new _Engine(llama, model, context, info);
      engine.eosBias = engine.makeEosBias(nlc.TokenBias);
      engine.noBias = new nlc.TokenBias(model.tokenizer);
      return engine;
    } catch (err) {
      await llama.dispose();
      throw err;
    }
  }
  /**
   * A token bias that forbids EOS/EOT. node-llama-cpp's public `set()` refuses
   * end-of-generation tokens, so the entry goes into its bias map directly
   * (pinned version; the ignore_eos test guards it).
   */
  makeEosBias(TokenBiasClass) {
    const bias = new TokenBiasClass(this.model.tokenizer);
    const map = bias._biases;
    if (!(map instanceof Map)) throw new Error("node-llama-cpp TokenBias has no _biases map: the engine needs the pinned node-llama-cpp version");
    const eog = /* @__PURE__ */ new Set();
    for (const t of [this.model.tokens.eos, this.model.tokens.eot]) if (t !== null) eog.add(t);
    for (const t of eog) map.set(t, -Infinity);
    return bias;
  }
  stats() {
    let kvTokens = 0;
    for (const s of this.slots) {
      if (!s.busy) continue;
      try {
        kvTokens += s.seq.nextTokenIndex;
      } catch {
      }
    }
    return {
      slots: this.slots.length,
      busy: this.slots.filter((s) => s.busy).length,
      queued: this.queue.length,
      ...this.counters,
      kvTokens,
      kvCapacity: this.slots.length * this.info.ctx
    };
  }
  // ---- prompts ---------------------------------------------------------------
  /** Tokens of a completion prompt (BOS first when the model wants one). */
  completionPrompt(prompt) {
    if (Array.isArray(prompt)) return this.withBos(prompt);
    return this.withBos(this.model.tokenize(prompt, false));
  }
  /** Tokens of a chat, in ChatML (the generated model's template). */
  chatPrompt(messages) {
    const start = this.model.tokenize(CHATML_START, true);
    const end = this.model.tokenize(CHATML_END, true);
    const nl = this.model.tokenize("\n", false, "trimLeadingSpace");
    const out = [];
    for (const m of messages) {
      out.push(...start, ...this.model.tokenize(`${m.role}
${m.content}`, false, "trimLeadingSpace"), ...end, ...nl);
    }
    out.push(...start, ...this.model.tokenize("assistant\n", false, "trimLeadingSpace"));
    return this.withBos(out);
  }
  withBos(tokens) {
    const bos = this.model.tokens.bos;
    if (bos !== null && this.model.tokens.shouldPrependBosToken && tokens[0] !== bos) return [bos, ...tokens];
    return tokens;
  }
  /** The request's max_tokens, checked against the context as vLLM does. */
  resolveMaxTokens(promptTokens, maxTokens) {
    const ctx = this.info.ctx;
    if (promptTokens >= ctx) {
      throw new RequestError(
        `This model's maximum context length is ${ctx} tokens. However, your request has ${promptTokens} input tokens. Please reduce the length of the input messages.`,
        "messages",
        "context_length_exceeded"
      );
    }
    if (maxTokens === null) return ctx - promptTokens;
    if (promptTokens + maxTokens > ctx) {
      throw new RequestError(
        `This model's maximum context length is ${ctx} tokens. However, you requested ${promptTokens + maxTokens} tokens (${promptTokens} in the messages, ${maxTokens} in the completion). Please reduce the length of the messages or completion.`,
        "max_tokens",
        "context_length_exceeded"
      );
    }
    return maxTokens;
  }
  // ---- slots -------------------------------------------------------------------
  acquire(prompt, cachePrompt, signal) {
    if (this.closed) return Promise.reject(new Error("engine is shutting down"));
    const free = this.pickFree(prompt, cachePrompt);
    if (free && this.queue.length === 0) return Promise.resolve(this.take(free));
    return new Promise((resolve, reject) => {
      const waiter = {
        prompt,
        cachePrompt,
        resolve,
        reject,
        signal,
        onAbort: () => {
          const i = this.queue.indexOf(waiter);
          if (i !== -1) this.queue.splice(i, 1);
          reject(new AbortError());
        }
      };
      signal?.addEventListener("abort", waiter.onAbort, { once: true });
      this.queue.push(waiter);
      if (this.queue.length > this.counters.maxQueued) this.counters.maxQueued = this.queue.length;
    });
  }
  /**
   * The free slot sharing the longest prefix with the prompt; when none shares
   * more than the BOS token, the least recently used one, so other slots keep
   * their cached prompts.
   */
  pickFree(prompt, cachePrompt) {
    let best = null;
    let bestShared = 1;
    let lru = null;
    for (const s of this.slots) {
      if (s.busy) continue;
      if (lru === null || s.lastUsed < lru.lastUsed) lru = s;
      const shared = cachePrompt ? commonPrefix(s.seq.contextTokens, prompt) : 0;
      if (shared > bestShared) {
        best = s;
        bestShared = shared;
      }
    }
    return best ?? lru;
  }
  take(slot) {
    slot.busy = true;
    const busy = this.slots.filter((s) => s.busy).length;
    if (busy > this.counters.maxBusy) this.counters.maxBusy = busy;
    return slot;
  }
  release(slot) {
    slot.busy = false;
    slot.lastUsed = performance2.now();
    while (this.queue.length > 0) {
      const free = this.pickFree(this.queue[0].prompt, this.queue[0].cachePrompt);
      if (!free) return;
      const w = this.queue.shift();
      w.signal?.removeEventListener("abort", w.onAbort);
      w.resolve(this.take(free));
    }
  }
  /**
   * Runs fn (which edits a sequence's KV cache) with the running generations
   * holding back their next step. node-llama-cpp's batch loop keeps the
   * context lock for as long as any sequence has a step queued, and erasing a
   * sequence's tokens needs that lock: under steady load a new request would
   * wait for the whole batch to finish (seconds). Holding back for one step
   * lets the loop end, the erase run, and everyone go on.
   */
  async withBatchPaused(fn) {
    if (this.pauses++ === 0) {
      let resolve;
      const promise = new Promise((r) => resolve = r);
      this.paused = { promise, resolve };
    }
    try {
      return await fn();
    } finally {
      if (--this.pauses === 0) {
        this.paused.resolve();
        this.paused = null;
      }
    }
  }
  // ---- generation ----------------------------------------------------------------
  /**
   * Generates for one request. `onText` gets each new piece of text as soon as
   * it is sampled (never an incomplete UTF-8 sequence), except the last piece,
   * which comes back as `tail` to go out with the finish reason.
   * Throws for engine failures after a slot was taken (the caller reports them
   * in-stream); returns normally when aborted.
   */
  async generate(prompt, params, onText, signal) {
    const result = { promptTokens: prompt.length, completionTokens: 0, cachedTokens: 0, finishReason: null, aborted: false, tail: "" };
    let slot;
    try {
      slot = await this.acquire(prompt, params.cachePrompt, signal);
    } catch (err) {
      if (err instanceof AbortError) {
        result.aborted = true;
        return result;
      }
      throw err;
    }
    this.counters.requests++;
    this.counters.promptTokens += prompt.length;
    try {
      const seq = slot.seq;
      let reuse = params.cachePrompt ? commonPrefix(seq.contextTokens, prompt) : 0;
      if (reuse >= prompt.length) reuse = prompt.length - 1;
      if (seq.nextTokenIndex > reuse) {
        await this.withBatchPaused(() => seq.eraseContextTokenRanges([{ start: reuse, end: seq.nextTokenIndex }]));
      }
      result.cachedTokens = reuse;
      this.counters.cachedTokens += reuse;
      const forbidEos = () => params.ignoreEos || result.completionTokens < params.minTokens ? this.eosBias : this.noBias;
      const detok = new Detokenizer(this.model, params.stop);
      const evaluation = seq.evaluate(prompt.slice(reuse), {
        temperature: params.temperature,
        topK: params.topK,
        topP: params.topP,
        minP: params.minP,
        ...params.seed !== null ? { seed: params.seed } : {},
        tokenBias: forbidEos,
        yieldEogToken: true
      });
      try {
        for await (const token of evaluation) {
          if (signal?.aborted) {
            result.aborted = true;
            break;
          }
          if (this.model.isEogToken(token)) {
            result.finishReason = "stop";
            break;
          }
          result.completionTokens++;
          const piece = detok.push(token);
          if (piece.stopped) {
            result.finishReason = "stop";
            result.tail = piece.text;
            break;
          }
          if (result.completionTokens >= params.maxTokens) {
            result.finishReason = "length";
            result.tail = piece.text + detok.flush();
            break;
          }
          if (piece.text) onText(piece.text);
          if (this.paused) await this.paused.promise;
        }
      } finally {
        await evaluation.return();
      }
      if (result.finishReason === "stop" && result.tail === "") result.tail = detok.flush();
      this.counters.completionTokens += result.completionTokens;
      return result;
    } catch (err) {
      await this.withBatchPaused(() => slot.seq.clearHistory()).catch(() => {
      });
      throw err;
    } finally {
      this.release(slot);
    }
  }
  async close() {
    if (this.closed) return;
    this.closed = true;
    for (const w of this.queue.splice(0)) {
      w.signal?.removeEventListener("abort", w.onAbort);
      w.reject(new Error("engine is shutting down"));
    }
    await this.context.dispose();
    await this.model.dispose();
    await this.llama.dispose();
  }
};
var AbortError = class extends Error {
};
function commonPrefix(a, b) {
  const n = Math.min(a.length, b.length);
  let i = 0;
  while (i < n && a[i] === b[i]) i++;
  return i;
}
var Detokenizer = class {
  constructor(model, stops) {
    this.model = model;
    this.stops = stops;
    this.maxStop = stops.reduce((m, s) => Math.max(m, s.length), 0);
  }
  model;
  stops;
  done = [];
  pending = [];
  held = "";
  stopped = false;
  maxStop;
  push(token) {
    if (this.stopped) return { text: "", stopped: true };
    this.pending.push(token);
    const text = this.model.detokenize(this.pending, false, this.done.slice(-8));
    if (text.endsWith("\uFFFD") && this.pending.length < 4) return { text: "", stopped: false };
    this.done.push(...this.pending);
    if (this.done.length > 64) this.done.splice(0, this.done.length - 8);
    this.pending = [];
    return this.emit(text);
  }
  emit(text) {
    if (this.maxStop === 0) return { text, stopped: false };
    const all = this.held + text;
    let cut = -1;
    for (const s of this.stops) {
      const i = all.indexOf(s);
      if (i !== -1 && (cut === -1 || i < cut)) cut = i;
    }
    if (cut !== -1) {
      this.stopped = true;
      this.held = "";
      return { text: all.slice(0, cut), stopped: true };
    }
    const keep = Math.min(all.length, this.maxStop - 1);
    this.held = all.slice(all.length - keep);
    return { text: all.slice(0, all.length - keep), stopped: false };
  }
  flush() {
    if (this.stopped) return "";
    const rest = this.held + (this.pending.length ? this.model.detokenize(this.pending, false, this.done.slice(-8)) : "");
    this.held = "";
    this.pending = [];
    return rest;
  }
};

// engine/server.ts
import http from "node:http";

// engine/metrics.ts
var EMBEDDED_MARKER = "llm_perf_gate_embedded_build_info";
var f = (v) => Number.isInteger(v) ? `${v}.0` : String(v);
function labelValue(s) {
  return s.replace(/\\/g, "\\\\").replace(/"/g, '\\"').replace(/\n/g, "\\n");
}
function renderMetrics(stats, modelId, build = null) {
  const l = `{engine="0",model_name="${labelValue(modelId)}"}`;
  const kv = stats.kvCapacity > 0 ? Math.min(1, stats.kvTokens / stats.kvCapacity) : 0;
  const series = [
    ["vllm:num_requests_running", "gauge", "Number of requests in model execution batches.", stats.busy],
    ["vllm:num_requests_waiting", "gauge", "Number of requests waiting to be processed.", stats.queued],
    ["vllm:kv_cache_usage_perc", "gauge", "KV-cache usage. 1 means 100 percent usage.", Math.round(kv * 1e6) / 1e6],
    ["vllm:num_preemptions_total", "counter", "Cumulative number of preemption from the engine.", 0],
    ["vllm:prompt_tokens_total", "counter", "Number of prefill tokens processed.", stats.promptTokens],
    ["vllm:generation_tokens_total", "counter", "Number of generation tokens processed.", stats.completionTokens],
    ["vllm:prefix_cache_queries_total", "counter", "Prefix cache queries, in terms of number of queried tokens.", stats.promptTokens],
    ["vllm:prefix_cache_hits_total", "counter", "Prefix cache hits, in terms of number of cached tokens.", stats.cachedTokens],
    ["vllm:request_success_total", "counter", "Count of successfully processed requests.", stats.requests]
  ];
  const version = build === null ? "unknown" : `llama.cpp ${build.llamaCpp}; node-llama-cpp ${build.nodeLlamaCpp}`;
  const marker = `# HELP ${EMBEDDED_MARKER} llm-perf-gate's embedded engine (llama.cpp through node-llama-cpp), serving vLLM's metric names.
# TYPE ${EMBEDDED_MARKER} gauge
${EMBEDDED_MARKER}{version="${labelValue(version)}"} 1.0
`;
  return marker + series.map(([name, type, help, v]) => `# HELP ${name} ${help}
# TYPE ${name} ${type}
${name}${l} ${f(v)}
`).join("");
}

// engine/server.ts
var MAX_BODY = 32 * 1024 * 1024;
function errorBody(status, message, type = "invalid_request_error", param = null, code = null) {
  return JSON.stringify({ error: { message, type, param, code: code ?? status } });
}
function sendJson(res, status, body) {
  if (res.headersSent || res.destroyed) return;
  res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(body) });
  res.end(body);
}
var idCounter = 0;
function newId(kind) {
  idCounter = (idCounter + 1) % 16777216;
  const rand = Math.floor(Math.random() * 4294967295).toString(16).padStart(8, "0");
  return `${kind === "chat" ? "chatcmpl" : "cmpl"}-${rand}${idCounter.toString(16).padStart(6, "0")}`;
}
function optNumber(b, key, dflt, check, rule) {
  const v = b[key];
  if (v === void 0 || v === null) return dflt;
  if (typeof v !== "number" || !Number.isFinite(v) || !check(v)) throw new RequestError(`'${key}' must be ${rule}, got ${JSON.stringify(v)}`, key);
  return v;
}
function optInt(b, key, min) {
  const v = b[key];
  if (v === void 0 || v === null) return null;
  if (typeof v !== "number" || !Number.isInteger(v) || v < min) throw new RequestError(`'${key}' must be an integer >= ${min}, got ${JSON.stringify(v)}`, key);
  return v;
}
function messageText(content, i) {
  if (typeof content === "string") return content;
  if (content === null || content === void 0) return "";
  if (Array.isArray(content)) {
    return content.map((part, j) => {
      const p = part;
      if (p && p.type === "text" && typeof p.text === "string") return p.text;
      throw new RequestError(`messages[${i}].content[${j}]: only text parts are supported`, "messages");
    }).join("");
  }
  throw new RequestError(`messages[${i}].content must be a string or an array of text parts`, "messages");
}
function parseRequest(engine, kind, b) {
  let prompt;
  if (kind === "chat") {
    if (!Array.isArray(b.messages) || b.messages.length === 0) throw new RequestError("'messages' must be a non-empty array", "messages");
    const messages = b.messages.map((m, i) => {
      const msg = m;
      if (!msg || typeof msg.role !== "string") throw new RequestError(`messages[${i}].role must be a string`, "messages");
      return { role: msg.role, content: messageText(msg.content, i) };
    });
    prompt = engine.chatPrompt(messages);
  } else {
    const p = b.prompt;
    if (typeof p === "string") prompt = engine.completionPrompt(p);
    else if (Array.isArray(p) && p.length === 1 && typeof p[0] === "string") prompt = engine.completionPrompt(p[0]);
    else if (Array.isArray(p) && p.length > 0 && p.every((t) => Number.isInteger(t) && t >= 0)) prompt = engine.completionPrompt(p);
    else throw new RequestError("'prompt' must be a string or an array of token ids (one prompt per request)", "prompt");
  }
  const n = optInt(b, "n", 1);
  if (n !== null && n !== 1) throw new RequestError("only 'n': 1 is supported", "n");
  const maxRaw = optInt(b, "max_tokens", 1) ?? optInt(b, "max_completion_tokens", 1);
  const maxTokens = engine.resolveMaxTokens(prompt.length, maxRaw);
  const minTokens = Math.min(optInt(b, "min_tokens", 0) ?? 0, maxTokens);
  if (b.ignore_eos !== void 0 && typeof b.ignore_eos !== "boolean") throw new RequestError("'ignore_eos' must be a boolean", "ignore_eos");
  if (b.cache_prompt !== void 0 && typeof b.cache_prompt !== "boolean") throw new RequestError("'cache_prompt' must be a boolean", "cache_prompt");
  if (b.stream !== void 0 && b.stream !== null && typeof b.stream !== "boolean") throw new RequestError("'stream' must be a boolean", "stream");
  let stop = [];
  if (typeof b.stop === "string") stop = [b.stop];
  else if (Array.isArray(b.stop) && b.stop.every((s) => typeof s === "string")) stop = b.stop;
  else if (b.stop !== void 0 && b.stop !== null) throw new RequestError("'stop' must be a string or an array of strings", "stop");
  stop = stop.filter((s) => s.length > 0);
  const seed = optInt(b, "seed", 0);
  const opts = b.stream_options;
  return {
    prompt,
    params: {
      maxTokens,
      minTokens,
      ignoreEos: b.ignore_eos === true,
      temperature: optNumber(b, "temperature", 1, (v) => v >= 0 && v <= 2, "between 0 and 2"),
      topP: optNumber(b, "top_p", 1, (v) => v > 0 && v <= 1, "in (0, 1]"),
      topK: Math.max(
        0,
        optNumber(b, "top_k", 40, (v) => Number.isInteger(v) && v >= -1, "an integer >= -1")
      ),
      minP: optNumber(b, "min_p", 0, (v) => v >= 0 && v <= 1, "in [0, 1]"),
      // Unseeded requests each get their own seed, as with any real server.
      seed: seed === null ? Math.floor(Math.random() * 4294967296) : seed % 4294967296,
      stop,
      cachePrompt: b.cache_prompt !== false
    },
    stream: b.stream === true,
    includeUsage: opts !== null && typeof opts === "object" && opts.include_usage === true,
    model: engine.info.modelId,
    echoModel: typeof b.model === "string" && b.model.length > 0 ? b.model : engine.info.modelId
  };
}
function usageOf(r) {
  return {
    prompt_tokens: r.promptTokens,
    total_tokens: r.promptTokens + r.completionTokens,
    completion_tokens: r.completionTokens,
    prompt_tokens_details: { cached_tokens: r.cachedTokens }
  };
}
async function handleCompletion(engine, kind, raw, req, res, active) {
  let body;
  try {
    body = JSON.parse(raw);
  } catch {
    sendJson(res, 400, errorBody(400, "request body is not valid JSON"));
    return;
  }
  if (!body || typeof body !== "object" || Array.isArray(body)) {
    sendJson(res, 400, errorBody(400, "request body must be a JSON object"));
    return;
  }
  let parsed;
  try {
    parsed = parseRequest(engine, kind, body);
  } catch (err) {
    if (err instanceof RequestError) {
      sendJson(res, 400, errorBody(400, err.message, "invalid_request_error", err.param, err.code));
      return;
    }
    throw err;
  }
  const ac = new AbortController();
  active.add(ac);
  const onGone = () => ac.abort();
  res.on("close", onGone);
  req.socket.once("end", onGone);
  const id = newId(kind);
  const created = Math.floor(Date.now() / 1e3);
  const object = kind === "chat" ? "chat.completion.chunk" : "text_completion";
  const head = `{"id":"${id}","object":"${object}","created":${created},"model":${JSON.stringify(parsed.echoModel)},`;
  try {
    if (parsed.stream) {
      res.writeHead(200, { "content-type": "text/event-stream; charset=utf-8", "cache-control": "no-cache", connection: "keep-alive" });
      const write = (json) => {
        if (!res.destroyed) res.write(`data: ${json}

`);
      };
      const choice2 = (text2, finish2) => kind === "chat" ? `"choices":[{"index":0,"delta":${text2 === "" && finish2 !== null ? "{}" : `{"content":${JSON.stringify(text2)}}`},"logprobs":null,"finish_reason":${JSON.stringify(finish2)}}]}` : `"choices":[{"index":0,"text":${JSON.stringify(text2)},"logprobs":null,"finish_reason":${JSON.stringify(finish2)},"stop_reason":null}]}`;
      if (kind === "chat") write(`${head}"choices":[{"index":0,"delta":{"role":"assistant","content":""},"logprobs":null,"finish_reason":null}]}`);
      else res.flushHeaders();
      let result2;
      try {
        result2 = await engine.generate(parsed.prompt, parsed.params, (text2) => write(`${head}${choice2(text2, null)}`), ac.signal);
      } catch (err) {
        write(JSON.stringify({ error: { message: `generation failed: ${err.message}`, type: "server_error", param: null, code: 500 } }));
        res.end();
        return;
      }
      if (result2.aborted) {
        res.end();
        return;
      }
      write(`${head}${choice2(result2.tail, result2.finishReason ?? "length")}`);
      if (parsed.includeUsage) write(`${head}"choices":[],"usage":${JSON.stringify(usageOf(result2))}}`);
      if (!res.destroyed) res.end("data: [DONE]\n\n");
      return;
    }
    let text = "";
    let result;
    try {
      result = await engine.generate(parsed.prompt, parsed.params, (t) => text += t, ac.signal);
      text += result.tail;
    } catch (err) {
      sendJson(res, 500, errorBody(500, `generation failed: ${err.message}`, "server_error"));
      return;
    }
    if (result.aborted) {
      res.destroy();
      return;
    }
    const finish = result.finishReason ?? "length";
    const choice = kind === "chat" ? { index: 0, message: { role: "assistant", content: text }, logprobs: null, finish_reason: finish } : { index: 0, text, logprobs: null, finish_reason: finish, stop_reason: null };
    sendJson(res, 200, JSON.stringify({ id, object: kind === "chat" ? "chat.completion" : "text_completion", created, model: parsed.echoModel, choices: [choice], usage: usageOf(result) }));
  } finally {
    active.delete(ac);
    res.off("close", onGone);
    req.socket.off("end", onGone);
  }
}
async function serveEngine(engine, opts) {
  const sockets = /* @__PURE__ */ new Set();
  const active = /* @__PURE__ */ new Set();
  let closing = false;
  const server = http.createServer({ noDelay: true, requestTimeout: 0, keepAliveTimeout: 6e4 }, (req, res) => {
    res.setHeader("server", opts.serverHeader);
    const url = req.url ?? "/";
    const path = url.split("?")[0].replace(/\/+$/, "") || "/";
    const method = req.method ?? "GET";
    const kind = path === "/v1/chat/completions" ? "chat" : path === "/v1/completions" ? "completions" : null;
    if (kind === null) {
      req.resume();
      if (path === "/health" && method === "GET") {
        sendJson(res, closing ? 503 : 200, closing ? '{"status":"shutting down"}' : '{"status":"ok"}');
      } else if (path === "/v1/models" && method === "GET") {
        const info = engine.info;
        const data = [
          {
            id: info.modelId,
            object: "model",
            created: Math.floor(Date.now() / 1e3),
            owned_by: "llm-perf-gate",
            max_model_len: info.ctx,
            meta: { engine: "llama.cpp via node-llama-cpp", llama_cpp: info.llamaCpp, node_llama_cpp: info.nodeLlamaCpp, parallel: info.parallel, threads: info.threads, ctx_per_sequence: info.ctx }
          }
        ];
        sendJson(res, 200, JSON.stringify({ object: "list", data }));
      } else if (path === "/stats" && method === "GET") {
        sendJson(res, 200, JSON.stringify(engine.stats()));
      } else if (path === "/metrics" && method === "GET") {
        const body = renderMetrics(engine.stats(), engine.info.modelId, engine.info);
        res.writeHead(200, { "content-type": "text/plain; version=0.0.4; charset=utf-8", "content-length": Buffer.byteLength(body) });
        res.end(body);
      } else if (path === "/health" || path === "/v1/models" || path === "/stats" || path === "/metrics") {
        sendJson(res, 405, errorBody(405, `method ${method} not allowed on ${path}`));
      } else {
        sendJson(res, 404, errorBody(404, `no route for ${method} ${path}`, "not_found_error"));
      }
      return;
    }
    if (method !== "POST") {
      req.resume();
      sendJson(res, 405, errorBody(405, `method ${method} not allowed on ${path}`));
      return;
    }
    if (closing) {
      req.resume();
      sendJson(res, 503, errorBody(503, "server is shutting down", "server_error"));
      return;
    }
    const parts = [];
    let size = 0;
    req.on("data", (c) => {
      size += c.length;
      if (size > MAX_BODY) {
        sendJson(res, 413, errorBody(413, `request body larger than ${MAX_BODY} bytes`));
        req.destroy();
        return;
      }
      parts.push(c);
    });
    req.on("end", () => {
      if (res.headersSent) return;
      handleCompletion(engine, kind, Buffer.concat(parts).toString("utf8"), req, res, active).catch((err) => {
        if (!res.headersSent) sendJson(res, 500, errorBody(500, `internal error: ${err.message}`, "server_error"));
        else res.destroy();
      });
    });
  });
  server.on("connection", (s) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
  server.on("clientError", (_err, socket) => {
    if (socket.writable) socket.end("HTTP/1.1 400 Bad Request\r\nconnection: close\r\n\r\n");
  });
  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(opts.port, opts.host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const port = server.address().port;
  const host = opts.host.includes(":") ? `[${opts.host}]` : opts.host;
  let closed = null;
  return {
    url: `http://${host === "0.0.0.0" ? "127.0.0.1" : host}:${port}`,
    port,
    close() {
      closed ??= (async () => {
        closing = true;
        const done = new Promise((resolve) => server.close(() => resolve()));
        for (const ac of active) ac.abort();
        await new Promise((r) => setTimeout(r, 50));
        for (const s of sockets) s.destroy();
        await done;
      })();
      return closed;
    }
  };
}

// engine/start.ts
var DEFAULTS = { parallel: 4, ctx: 4096, host: "127.0.0.1" };
function defaultThreads() {
  return Math.max(1, Math.floor(availableParallelism() / 2));
}
async function startEmbedded(opts = {}) {
  const parallel = opts.parallel ?? DEFAULTS.parallel;
  const threads = opts.threads ?? defaultThreads();
  const ctx = opts.ctx ?? DEFAULTS.ctx;
  for (const [name, v, min] of [
    ["parallel", parallel, 1],
    ["threads", threads, 1],
    ["ctx", ctx, 16]
  ]) {
    if (!Number.isInteger(v) || v < min) throw new RangeError(`${name} must be an integer >= ${min}, got ${v}`);
  }
  let modelPath = opts.model;
  let modelSeconds = 0;
  if (!modelPath) {
    const made = ensureTinyModel(opts.seed !== void 0 ? { seed: opts.seed } : {});
    modelPath = made.path;
    modelSeconds = made.seconds;
  }
  if (!existsSync4(modelPath)) throw new EngineSetupError(`model file not found: ${modelPath}`);
  let engine;
  try {
    engine = await Engine.load({ modelPath, parallel, threads, ctx, ...opts.batchSize ? { batchSize: opts.batchSize } : {} });
  } catch (err) {
    if (err instanceof EngineSetupError) throw err;
    throw new EngineSetupError(`cannot load ${modelPath} with llama.cpp: ${err.message}`);
  }
  let server;
  try {
    server = await serveEngine(engine, {
      host: opts.host ?? DEFAULTS.host,
      port: opts.port ?? 0,
      serverHeader: `llm-perf-gate-embedded (llama.cpp ${engine.info.llamaCpp}; node-llama-cpp ${engine.info.nodeLlamaCpp})`
    });
  } catch (err) {
    await engine.close();
    throw err;
  }
  let closing = null;
  return {
    url: server.url,
    port: server.port,
    modelPath,
    info: engine.info,
    modelSeconds,
    stats: () => engine.stats(),
    close() {
      closing ??= (async () => {
        await server.close();
        await engine.close();
      })();
      return closing;
    }
  };
}

// engine/cli.ts
var EXIT = { ok: 0, fail: 1, usage: 2 };
var SERVE_USAGE = `usage: llm-perf-gate serve-embedded [options]

Serve an OpenAI-compatible API (llama.cpp on the CPU, through node-llama-cpp)
for quick starts and tests without a GPU. Without --model it serves a tiny
random-weight model made once per machine (see 'make-model').

options:
  --port N         TCP port (default 8089; 0 picks a free one)
  --host ADDR      listen address (default 127.0.0.1)
  --parallel N     requests generated at once; more wait in a queue (default ${DEFAULTS.parallel})
  --threads N      CPU threads for evaluation (default: half the cores, here ${defaultThreads()})
  --ctx N          context per request slot, prompt + output, in tokens (default ${DEFAULTS.ctx})
  --model FILE     a GGUF model instead of the generated one
  --seed N         seed of the generated model (default 1)
  --batch-size N   tokens per evaluation batch (default 512)

Prints 'ready: URL ...' on stdout once it accepts requests; stops cleanly on
SIGINT or SIGTERM.`;
var MAKE_MODEL_USAGE = `usage: llm-perf-gate make-model [--seed N] [--force]

Make the tiny random-weight Llama model (4 layers, width 256, Llama-2
vocabulary, f16, ~40 MB) in \${XDG_CACHE_HOME:-~/.cache}/llm-perf-gate/models/,
unless it is there already, and print its path. The same seed always gives the
same bytes.`;
var UsageError = class extends Error {
};
function parse(argv, options) {
  try {
    return parseArgs({ args: argv, options, strict: true, allowPositionals: false }).values;
  } catch (err) {
    throw new UsageError(err.message);
  }
}
function int(values, key, min) {
  const v = values[key];
  if (v === void 0) return void 0;
  const n = Number(v);
  if (typeof v !== "string" || !/^\d+$/.test(v) || !Number.isSafeInteger(n) || n < min) throw new UsageError(`--${key} must be an integer >= ${min}, got '${String(v)}'`);
  return n;
}
async function runEngineCommand(command, argv, io) {
  try {
    if (command === "make-model") return makeModel(argv, io);
    if (command === "serve-embedded") return await serve(argv, io);
    throw new UsageError(`unknown engine command '${command}'`);
  } catch (err) {
    if (err instanceof UsageError) {
      io.stderr.write(`error: ${err.message}
`);
      return EXIT.usage;
    }
    if (err instanceof EngineSetupError || err instanceof RangeError) {
      io.stderr.write(`error: ${err.message}
`);
      return EXIT.fail;
    }
    throw err;
  }
}
function makeModel(argv, io) {
  const values = parse(argv, { seed: { type: "string" }, force: { type: "boolean" }, help: { type: "boolean", short: "h" } });
  if (values.help) {
    io.stdout.write(`${MAKE_MODEL_USAGE}
`);
    return EXIT.ok;
  }
  const seed = int(values, "seed", 0);
  if (seed !== void 0 && seed > 4294967295) throw new UsageError("--seed must fit 32 bits");
  const made = ensureTinyModel(seed !== void 0 ? { seed } : {}, { force: values.force === true });
  const mb = (made.bytes / 1e6).toFixed(1);
  io.stderr.write(made.made ? `made in ${made.seconds.toFixed(2)} s, ${mb} MB
` : `cached, ${mb} MB
`);
  io.stdout.write(`${made.path}
`);
  return EXIT.ok;
}
async function serve(argv, io) {
  const values = parse(argv, {
    port: { type: "string" },
    host: { type: "string" },
    parallel: { type: "string" },
    threads: { type: "string" },
    ctx: { type: "string" },
    model: { type: "string" },
    seed: { type: "string" },
    "batch-size": { type: "string" },
    help: { type: "boolean", short: "h" }
  });
  if (values.help) {
    io.stdout.write(`${SERVE_USAGE}
`);
    return EXIT.ok;
  }
  const port = int(values, "port", 0) ?? 8089;
  if (port > 65535) throw new UsageError(`--port must be at most 65535, got ${port}`);
  const parallel = int(values, "parallel", 1);
  const threads = int(values, "threads", 1);
  const ctx = int(values, "ctx", 16);
  const seed = int(values, "seed", 0);
  const batchSize = int(values, "batch-size", 1);
  if (values.model !== void 0 && seed !== void 0) throw new UsageError("--seed applies to the generated model only; drop it or --model");
  const onStray = (err) => {
    io.stderr.write(`engine: unexpected error (still serving): ${err instanceof Error ? err.stack ?? err.message : String(err)}
`);
  };
  process.on("unhandledRejection", onStray);
  let stop = () => {
  };
  const stopped = new Promise((resolve) => stop = resolve);
  const removeInterrupt = io.onInterrupt(() => stop());
  try {
    const engine = await startEmbedded({
      port,
      ...values.host !== void 0 ? { host: values.host } : {},
      ...parallel !== void 0 ? { parallel } : {},
      ...threads !== void 0 ? { threads } : {},
      ...ctx !== void 0 ? { ctx } : {},
      ...values.model !== void 0 ? { model: values.model } : {},
      ...seed !== void 0 ? { seed } : {},
      ...batchSize !== void 0 ? { batchSize } : {}
    });
    const i = engine.info;
    const made = engine.modelSeconds > 0 ? `, model made in ${engine.modelSeconds.toFixed(2)} s` : "";
    io.stdout.write(`ready: ${engine.url} model=${i.modelId} parallel=${i.parallel} threads=${i.threads} ctx=${i.ctx}/sequence llama.cpp=${i.llamaCpp} load=${i.loadSeconds.toFixed(2)}s${made}
`);
    await stopped;
    io.stderr.write("stopping: ending open requests\n");
    await engine.close();
    io.stderr.write("stopped\n");
    return EXIT.ok;
  } finally {
    removeInterrupt();
    process.off("unhandledRejection", onStray);
  }
}
export {
  DEFAULT_SPEC,
  MAKE_MODEL_USAGE,
  SERVE_USAGE,
  defaultThreads,
  ensureTinyModel,
  modelsDir,
  runEngineCommand,
  startEmbedded
};
