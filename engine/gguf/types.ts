// GGUF (version 3) value and tensor types, as llama.cpp's ggml/include/gguf.h
// and ggml.h define them. Only what this project reads and writes.

export const GGUF_MAGIC = 0x46554747; // "GGUF" read as a little-endian u32
export const GGUF_VERSION = 3;
export const GGUF_DEFAULT_ALIGNMENT = 32;

export enum ValueType {
  UINT8 = 0,
  INT8 = 1,
  UINT16 = 2,
  INT16 = 3,
  UINT32 = 4,
  INT32 = 5,
  FLOAT32 = 6,
  BOOL = 7,
  STRING = 8,
  ARRAY = 9,
  UINT64 = 10,
  INT64 = 11,
  FLOAT64 = 12,
}

/** ggml tensor types this writer can emit. */
export enum GgmlType {
  F32 = 0,
  F16 = 1,
}

export const GGML_TYPE_SIZE: Record<GgmlType, number> = {
  [GgmlType.F32]: 4,
  [GgmlType.F16]: 2,
};

/** A metadata value with its GGUF type made explicit, so writing is exact. */
export type GgufValue =
  | { type: ValueType.UINT8 | ValueType.INT8 | ValueType.UINT16 | ValueType.INT16 | ValueType.UINT32 | ValueType.INT32; value: number }
  | { type: ValueType.FLOAT32 | ValueType.FLOAT64; value: number }
  | { type: ValueType.UINT64 | ValueType.INT64; value: bigint }
  | { type: ValueType.BOOL; value: boolean }
  | { type: ValueType.STRING; value: string }
  | { type: ValueType.ARRAY; itemType: ValueType.STRING; value: string[] }
  | { type: ValueType.ARRAY; itemType: Exclude<ValueType, ValueType.STRING | ValueType.ARRAY | ValueType.UINT64 | ValueType.INT64>; value: number[] | ArrayLike<number> }
  | { type: ValueType.ARRAY; itemType: ValueType.UINT64 | ValueType.INT64; value: bigint[] };

/** Shorthands for the common metadata types. */
export const gguf = {
  u32: (value: number): GgufValue => ({ type: ValueType.UINT32, value }),
  i32: (value: number): GgufValue => ({ type: ValueType.INT32, value }),
  f32: (value: number): GgufValue => ({ type: ValueType.FLOAT32, value }),
  bool: (value: boolean): GgufValue => ({ type: ValueType.BOOL, value }),
  str: (value: string): GgufValue => ({ type: ValueType.STRING, value }),
  strings: (value: string[]): GgufValue => ({ type: ValueType.ARRAY, itemType: ValueType.STRING, value }),
  f32s: (value: ArrayLike<number>): GgufValue => ({ type: ValueType.ARRAY, itemType: ValueType.FLOAT32, value }),
  i32s: (value: ArrayLike<number>): GgufValue => ({ type: ValueType.ARRAY, itemType: ValueType.INT32, value }),
};

export interface TensorInfo {
  name: string;
  /** ggml order: dims[0] is the fastest-varying (row length). */
  dims: number[];
  type: GgmlType;
  /** Byte offset inside the data section (aligned). */
  offset: number;
}
