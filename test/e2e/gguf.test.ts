// The GGUF writer and the seeded model generator: valid files, exact round
// trips, and the same bytes for the same seed.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { metaNumber, metaString, readGguf, tensorBytes } from '../../engine/gguf/read.js';
import { GgmlType, gguf, ValueType } from '../../engine/gguf/types.js';
import { encodeHeader, writeGguf } from '../../engine/gguf/write.js';
import { DEFAULT_SPEC, Rng, specHash, toHalf, writeTinyModel, type TinyModelSpec } from '../../engine/model/random-llama.js';
import { loadVocab } from '../../engine/model/vocab.js';
import { tempDir } from '../support/measure.js';

/** ggml-vocab-llama-spm.gguf as node-llama-cpp 3.21.1 ships it. */
const LLAMA_SPM_VOCAB_SHA256 = '16c3724582d59aa8bf84711894e833f916ee46a31d80e21312759c48bf8d0e69';
/** The small spec below at GENERATOR_VERSION 1 with that vocabulary. */
const SMALL_MODEL_SHA256 = 'f21002b9f7562398839b108684f1efda7c9176d2e3dcd306a0b23ab67cf67514';

const sha = (path: string): string => createHash('sha256').update(readFileSync(path)).digest('hex');

describe('GGUF writer', () => {
  it('round-trips metadata of every kind and tensor data, aligned', async () => {
    const dir = await tempDir();
    const path = join(dir, 't.gguf');
    const meta: Array<[string, ReturnType<typeof gguf.u32>]> = [
      ['general.architecture', gguf.str('llama')],
      ['a.u32', gguf.u32(4_000_000_000)],
      ['a.i32', gguf.i32(-7)],
      ['a.f32', gguf.f32(0.5)],
      ['a.bool', gguf.bool(true)],
      ['a.strings', gguf.strings(['x', 'ünï', ''])],
      ['a.f32s', gguf.f32s([1.5, -2])],
      ['a.u64', { type: ValueType.UINT64, value: 2n ** 40n }],
    ];
    const res = writeGguf(path, meta, [
      { name: 'w', dims: [3, 2], type: GgmlType.F16, fill: (b) => [1, -2, 0.5, 0, 65504, -0.25].forEach((v, i) => b.writeUInt16LE(toHalf(v), i * 2)) },
      { name: 'n', dims: [5], type: GgmlType.F32, fill: (b) => [1, 2, 3, 4, 5].forEach((v, i) => b.writeFloatLE(v, i * 4)) },
    ]);
    const buf = readFileSync(path);
    expect(res.bytes).toBe(buf.length);
    const f = readGguf(buf);
    expect(f.version).toBe(3);
    expect([...f.metadata.keys()]).toEqual(meta.map(([k]) => k));
    expect(metaString(f, 'general.architecture')).toBe('llama');
    expect(metaNumber(f, 'a.u32')).toBe(4_000_000_000);
    expect(metaNumber(f, 'a.i32')).toBe(-7);
    expect(f.metadata.get('a.strings')!.value).toEqual(['x', 'ünï', '']);
    expect(f.metadata.get('a.f32s')!.value).toEqual([1.5, -2]);
    expect(f.metadata.get('a.u64')!.value).toBe(2n ** 40n);
    expect(f.dataOffset % 32).toBe(0);
    expect(f.tensors.map((t) => [t.name, t.dims, t.type, t.offset % 32])).toEqual([
      ['w', [3, 2], GgmlType.F16, 0],
      ['n', [5], GgmlType.F32, 0],
    ]);
    const n = tensorBytes(buf, f, 'n');
    expect([0, 1, 2, 3, 4].map((i) => n.readFloatLE(i * 4))).toEqual([1, 2, 3, 4, 5]);
  });

  it('refuses duplicate keys and tensors', () => {
    expect(() =>
      encodeHeader(
        [
          ['k', gguf.u32(1)],
          ['k', gguf.u32(2)],
        ],
        [],
      ),
    ).toThrow(/duplicate metadata key/);
    expect(() =>
      encodeHeader(
        [],
        [
          { name: 't', dims: [1], type: GgmlType.F32 },
          { name: 't', dims: [1], type: GgmlType.F32 },
        ],
      ),
    ).toThrow(/duplicate tensor/);
  });

  it('converts to half floats with round-to-nearest-even', () => {
    expect(toHalf(1)).toBe(0x3c00);
    expect(toHalf(-2)).toBe(0xc000);
    expect(toHalf(65504)).toBe(0x7bff);
    expect(toHalf(1e6)).toBe(0x7c00);
    expect(toHalf(0)).toBe(0);
    expect(toHalf(5.960464477539063e-8)).toBe(1); // smallest subnormal
    expect(toHalf(1 + 2 ** -11)).toBe(0x3c00); // a tie rounds to even
    expect(toHalf(1 + 3 * 2 ** -11)).toBe(0x3c02);
    // Node 24 has Math.f16round: agree with it everywhere.
    const f16round = (Math as unknown as { f16round?: (x: number) => number }).f16round;
    if (f16round) {
      const rng = new Rng(1, 'half');
      for (let i = 0; i < 2000; i++) {
        const v = rng.uniform(i < 1000 ? 4 : 1e-4);
        const h = toHalf(v);
        // Half bits -> float32 bits, by hand, to compare with f16round.
        const sign = h & 0x8000 ? -1 : 1;
        const e = (h >> 10) & 0x1f;
        const m = h & 0x3ff;
        const back = e === 0 ? sign * m * 2 ** -24 : sign * (1 + m / 1024) * 2 ** (e - 15);
        expect(back).toBe(f16round(v));
      }
    }
  });
});

describe('the generated model', () => {
  const small: TinyModelSpec = { ...DEFAULT_SPEC, layers: 1, width: 64, heads: 2, kvHeads: 2, ffn: 128 };

  it('is the same bytes for the same seed, and differs for another seed', async () => {
    const vocab = loadVocab(small.vocab);
    const dir = await tempDir();
    writeTinyModel(join(dir, 'a.gguf'), small, vocab);
    writeTinyModel(join(dir, 'b.gguf'), small, vocab);
    writeTinyModel(join(dir, 'c.gguf'), { ...small, seed: 2 }, vocab);
    expect(sha(join(dir, 'a.gguf'))).toBe(sha(join(dir, 'b.gguf')));
    expect(sha(join(dir, 'a.gguf'))).not.toBe(sha(join(dir, 'c.gguf')));
    expect(specHash(small, vocab.sha256)).not.toBe(specHash({ ...small, seed: 2 }, vocab.sha256));
    // Pinned bytes: a change here changes every cached model's content, so it
    // must come with a GENERATOR_VERSION bump (which renames the cached files).
    if (vocab.sha256 === LLAMA_SPM_VOCAB_SHA256) expect(sha(join(dir, 'a.gguf'))).toBe(SMALL_MODEL_SHA256);
  });

  it('is a Llama model with the real vocabulary, and byte/control tokens cannot be sampled', async () => {
    const vocab = loadVocab(small.vocab);
    const dir = await tempDir();
    const path = join(dir, 'm.gguf');
    writeTinyModel(path, small, vocab);
    const buf = readFileSync(path);
    const f = readGguf(buf);
    expect(metaString(f, 'general.architecture')).toBe('llama');
    expect(metaNumber(f, 'llama.block_count')).toBe(1);
    expect(metaNumber(f, 'llama.embedding_length')).toBe(64);
    expect(metaString(f, 'tokenizer.ggml.model')).toBe('llama');
    expect((f.metadata.get('tokenizer.ggml.tokens')!.value as string[]).length).toBe(32000);
    expect(metaString(f, 'tokenizer.chat_template')).toContain('<|im_start|>');
    const names = f.tensors.map((t) => t.name);
    expect(names).toEqual(expect.arrayContaining(['token_embd.weight', 'output.weight', 'output_norm.weight', 'blk.0.attn_q.weight', 'blk.0.ffn_down.weight']));
    // output.weight rows: [bias channel, ...]; token 3 is <0x00>, 2 is </s>, 1000 is a normal token.
    const out = tensorBytes(buf, f, 'output.weight');
    const bias = (t: number): number => out.readUInt16LE(t * 64 * 2);
    expect(bias(3)).toBe(toHalf(-60));
    expect(bias(0)).toBe(toHalf(-60));
    expect(bias(2)).toBe(toHalf(DEFAULT_SPEC.eosBias));
    expect(bias(1000)).toBe(0);
    // No layer writes the bias channel: row 0 of attn_output is zero.
    const ao = tensorBytes(buf, f, 'blk.0.attn_output.weight');
    expect(ao.subarray(0, 64 * 2).every((b) => b === 0)).toBe(true);
  });

  it('makes the default model in seconds', async () => {
    const vocab = loadVocab(DEFAULT_SPEC.vocab);
    const dir = await tempDir();
    const t0 = performance.now();
    const made = writeTinyModel(join(dir, 'd.gguf'), DEFAULT_SPEC, vocab);
    const seconds = (performance.now() - t0) / 1000;
    expect(made.bytes).toBeGreaterThan(35e6);
    expect(made.bytes).toBeLessThan(45e6);
    expect(seconds).toBeLessThan(10);
  });
});
