// A GGUF (version 3) writer. The output depends only on its input: metadata
// in the order given, tensors in the order given, zero padding, so the same
// model description always gives the same bytes.
import { createHash } from 'node:crypto';
import { closeSync, fsyncSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { GGML_TYPE_SIZE, GGUF_DEFAULT_ALIGNMENT, GGUF_MAGIC, GGUF_VERSION, GgmlType, ValueType, type GgufValue } from './types.js';

export interface TensorSpec {
  name: string;
  /** ggml order: dims[0] is the row length. */
  dims: number[];
  type: GgmlType;
  /** Fills the tensor's bytes (exactly elements x type size), little-endian. */
  fill(out: Buffer): void;
}

export interface WriteResult {
  bytes: number;
  sha256: string;
}

class ByteSink {
  private chunks: Buffer[] = [];
  length = 0;

  push(b: Buffer): void {
    this.chunks.push(b);
    this.length += b.length;
  }
  u32(v: number): void {
    const b = Buffer.allocUnsafe(4);
    b.writeUInt32LE(v);
    this.push(b);
  }
  u64(v: number | bigint): void {
    const b = Buffer.allocUnsafe(8);
    b.writeBigUInt64LE(BigInt(v));
    this.push(b);
  }
  str(s: string): void {
    const b = Buffer.from(s, 'utf8');
    this.u64(b.length);
    this.push(b);
  }
  take(): Buffer {
    const out = Buffer.concat(this.chunks, this.length);
    this.chunks = [];
    this.length = 0;
    return out;
  }
}

function scalarSize(type: ValueType): number {
  switch (type) {
    case ValueType.UINT8:
    case ValueType.INT8:
    case ValueType.BOOL:
      return 1;
    case ValueType.UINT16:
    case ValueType.INT16:
      return 2;
    case ValueType.UINT32:
    case ValueType.INT32:
    case ValueType.FLOAT32:
      return 4;
    case ValueType.UINT64:
    case ValueType.INT64:
    case ValueType.FLOAT64:
      return 8;
    default:
      throw new Error(`value type ${type} has no fixed size`);
  }
}

function writeScalar(b: Buffer, at: number, type: ValueType, v: number | bigint | boolean): void {
  switch (type) {
    case ValueType.UINT8:
      b.writeUInt8(v as number, at);
      return;
    case ValueType.INT8:
      b.writeInt8(v as number, at);
      return;
    case ValueType.BOOL:
      b.writeUInt8(v ? 1 : 0, at);
      return;
    case ValueType.UINT16:
      b.writeUInt16LE(v as number, at);
      return;
    case ValueType.INT16:
      b.writeInt16LE(v as number, at);
      return;
    case ValueType.UINT32:
      b.writeUInt32LE(v as number, at);
      return;
    case ValueType.INT32:
      b.writeInt32LE(v as number, at);
      return;
    case ValueType.FLOAT32:
      b.writeFloatLE(v as number, at);
      return;
    case ValueType.FLOAT64:
      b.writeDoubleLE(v as number, at);
      return;
    case ValueType.UINT64:
      b.writeBigUInt64LE(v as bigint, at);
      return;
    case ValueType.INT64:
      b.writeBigInt64LE(v as bigint, at);
      return;
    default:
      throw new Error(`cannot write value type ${type} as a scalar`);
  }
}

function writeValue(s: ByteSink, v: GgufValue): void {
  if (v.type === ValueType.STRING) {
    s.str(v.value);
    return;
  }
  if (v.type === ValueType.ARRAY) {
    s.u32(v.itemType);
    s.u64(v.value.length);
    if (v.itemType === ValueType.STRING) {
      for (const item of v.value as string[]) s.str(item);
      return;
    }
    const size = scalarSize(v.itemType);
    const b = Buffer.alloc(size * v.value.length);
    const items = v.value as ArrayLike<number | bigint>;
    for (let i = 0; i < items.length; i++) writeScalar(b, i * size, v.itemType, items[i]!);
    s.push(b);
    return;
  }
  const b = Buffer.alloc(scalarSize(v.type));
  writeScalar(b, 0, v.type, v.value);
  s.push(b);
}

function align(n: number, alignment: number): number {
  return Math.ceil(n / alignment) * alignment;
}

/** Header, metadata and tensor infos, padded to the data section. */
export function encodeHeader(
  metadata: ReadonlyArray<readonly [string, GgufValue]>,
  tensors: ReadonlyArray<Omit<TensorSpec, 'fill'>>,
): { header: Buffer; offsets: number[]; sizes: number[]; alignment: number } {
  const keys = new Set<string>();
  let alignment = GGUF_DEFAULT_ALIGNMENT;
  for (const [key, v] of metadata) {
    if (keys.has(key)) throw new Error(`duplicate metadata key '${key}'`);
    keys.add(key);
    if (key === 'general.alignment') {
      if (v.type !== ValueType.UINT32 || v.value <= 0 || v.value % 8 !== 0) throw new Error('general.alignment must be a u32 multiple of 8');
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
  const offsets: number[] = [];
  const sizes: number[] = [];
  let offset = 0;
  const names = new Set<string>();
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

/**
 * Writes a GGUF file atomically (a temporary file renamed into place) and
 * returns its size and SHA-256.
 */
export function writeGguf(path: string, metadata: ReadonlyArray<readonly [string, GgufValue]>, tensors: ReadonlyArray<TensorSpec>): WriteResult {
  const { header, offsets, sizes } = encodeHeader(metadata, tensors);
  const hash = createHash('sha256');
  const tmp = `${path}.tmp-${process.pid}`;
  const fd = openSync(tmp, 'w');
  let pos = 0;
  const put = (b: Buffer): void => {
    let done = 0;
    while (done < b.length) done += writeSync(fd, b, done, b.length - done);
    hash.update(b);
    pos += b.length;
  };
  try {
    put(header);
    const base = header.length;
    for (let i = 0; i < tensors.length; i++) {
      const t = tensors[i]!;
      const want = base + offsets[i]!;
      if (want > pos) put(Buffer.alloc(want - pos));
      const data = Buffer.alloc(sizes[i]!);
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
  return { bytes: pos, sha256: hash.digest('hex') };
}

export { GgmlType };
