// A GGUF reader for whole in-memory files: metadata, tensor infos and where
// the data section starts. Used to take the tokenizer out of llama.cpp's
// vocabulary-only GGUF files, and by the tests to check what the writer wrote.
import { GGML_TYPE_SIZE, GGUF_DEFAULT_ALIGNMENT, GGUF_MAGIC, ValueType, type GgmlType, type GgufValue, type TensorInfo } from './types.js';

class GgufFormatError extends Error {}

export interface GgufFile {
  version: number;
  metadata: Map<string, GgufValue>;
  tensors: TensorInfo[];
  alignment: number;
  /** Byte offset of the data section in the file. */
  dataOffset: number;
}

class Cursor {
  pos = 0;
  constructor(private readonly buf: Buffer) {}

  private need(n: number): void {
    if (this.pos + n > this.buf.length) throw new GgufFormatError(`truncated GGUF: need ${n} bytes at offset ${this.pos}, file has ${this.buf.length}`);
  }
  u8(): number {
    this.need(1);
    return this.buf.readUInt8(this.pos++);
  }
  i8(): number {
    this.need(1);
    return this.buf.readInt8(this.pos++);
  }
  u16(): number {
    this.need(2);
    const v = this.buf.readUInt16LE(this.pos);
    this.pos += 2;
    return v;
  }
  i16(): number {
    this.need(2);
    const v = this.buf.readInt16LE(this.pos);
    this.pos += 2;
    return v;
  }
  u32(): number {
    this.need(4);
    const v = this.buf.readUInt32LE(this.pos);
    this.pos += 4;
    return v;
  }
  i32(): number {
    this.need(4);
    const v = this.buf.readInt32LE(this.pos);
    this.pos += 4;
    return v;
  }
  f32(): number {
    this.need(4);
    const v = this.buf.readFloatLE(this.pos);
    this.pos += 4;
    return v;
  }
  f64(): number {
    this.need(8);
    const v = this.buf.readDoubleLE(this.pos);
    this.pos += 8;
    return v;
  }
  u64(): bigint {
    this.need(8);
    const v = this.buf.readBigUInt64LE(this.pos);
    this.pos += 8;
    return v;
  }
  i64(): bigint {
    this.need(8);
    const v = this.buf.readBigInt64LE(this.pos);
    this.pos += 8;
    return v;
  }
  /** A u64 that must fit a JS number (counts, lengths, offsets). */
  size(): number {
    const v = this.u64();
    if (v > BigInt(Number.MAX_SAFE_INTEGER)) throw new GgufFormatError(`size ${v} at offset ${this.pos - 8} is too large`);
    return Number(v);
  }
  str(): string {
    const n = this.size();
    this.need(n);
    const s = this.buf.toString('utf8', this.pos, this.pos + n);
    this.pos += n;
    return s;
  }
}

function readScalar(c: Cursor, type: ValueType): number | bigint | boolean | string {
  switch (type) {
    case ValueType.UINT8:
      return c.u8();
    case ValueType.INT8:
      return c.i8();
    case ValueType.UINT16:
      return c.u16();
    case ValueType.INT16:
      return c.i16();
    case ValueType.UINT32:
      return c.u32();
    case ValueType.INT32:
      return c.i32();
    case ValueType.FLOAT32:
      return c.f32();
    case ValueType.FLOAT64:
      return c.f64();
    case ValueType.UINT64:
      return c.u64();
    case ValueType.INT64:
      return c.i64();
    case ValueType.BOOL: {
      const b = c.u8();
      if (b > 1) throw new GgufFormatError(`bool value ${b} at offset ${c.pos - 1}`);
      return b === 1;
    }
    case ValueType.STRING:
      return c.str();
    default:
      throw new GgufFormatError(`unknown value type ${type} at offset ${c.pos}`);
  }
}

function readValue(c: Cursor, type: ValueType): GgufValue {
  if (type !== ValueType.ARRAY) return { type, value: readScalar(c, type) } as GgufValue;
  const itemType = c.u32() as ValueType;
  const n = c.size();
  if (itemType === ValueType.ARRAY) throw new GgufFormatError('nested arrays are not supported');
  const value: unknown[] = new Array(n);
  for (let i = 0; i < n; i++) value[i] = readScalar(c, itemType);
  return { type, itemType, value } as GgufValue;
}

export function readGguf(buf: Buffer): GgufFile {
  const c = new Cursor(buf);
  const magic = c.u32();
  if (magic !== GGUF_MAGIC) throw new GgufFormatError('not a GGUF file (bad magic)');
  const version = c.u32();
  if (version !== 2 && version !== 3) throw new GgufFormatError(`unsupported GGUF version ${version}`);
  const nTensors = c.size();
  const nKv = c.size();
  const metadata = new Map<string, GgufValue>();
  for (let i = 0; i < nKv; i++) {
    const key = c.str();
    const type = c.u32() as ValueType;
    metadata.set(key, readValue(c, type));
  }
  const tensors: TensorInfo[] = [];
  for (let i = 0; i < nTensors; i++) {
    const name = c.str();
    const nDims = c.u32();
    const dims: number[] = [];
    for (let d = 0; d < nDims; d++) dims.push(c.size());
    const type = c.u32() as GgmlType;
    const offset = c.size();
    tensors.push({ name, dims, type, offset });
  }
  const al = metadata.get('general.alignment');
  const alignment = al && al.type === ValueType.UINT32 ? al.value : GGUF_DEFAULT_ALIGNMENT;
  const dataOffset = Math.ceil(c.pos / alignment) * alignment;
  return { version, metadata, tensors, alignment, dataOffset };
}

/** The bytes of one tensor (F32 and F16 only). */
export function tensorBytes(buf: Buffer, file: GgufFile, name: string): Buffer {
  const t = file.tensors.find((x) => x.name === name);
  if (!t) throw new GgufFormatError(`no tensor '${name}'`);
  const size = GGML_TYPE_SIZE[t.type];
  if (size === undefined) throw new GgufFormatError(`tensor '${name}' has type ${t.type}, not F32/F16`);
  const n = t.dims.reduce((a, b) => a * b, 1);
  const start = file.dataOffset + t.offset;
  return buf.subarray(start, start + n * size);
}

/** Convenience getters for metadata values of a known shape. */
export function metaNumber(file: GgufFile, key: string): number | undefined {
  const v = file.metadata.get(key);
  return v && typeof v.value === 'number' ? v.value : undefined;
}

export function metaString(file: GgufFile, key: string): string | undefined {
  const v = file.metadata.get(key);
  return v && typeof v.value === 'string' ? v.value : undefined;
}
