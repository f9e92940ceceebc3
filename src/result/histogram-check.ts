// Checks a stored histogram before anything decodes it. A result file may come
// from a fork (an artifact, a history branch anyone can push to): hdr-histogram
// trusts the header it reads, so a 68-character string claiming 5 significant
// digits and a 2^62 range makes every later walk over its buckets take minutes,
// and a corrupt one throws from deep inside the library. This reads the header
// and the run-length counts itself, within bounded work, and accepts only what
// stats/distribution.ts writes.
import { inflateSync } from 'node:zlib';
import * as hdr from 'hdr-histogram-js';

/** hdr-histogram's V2 cookies (the low nibble of the second byte carries the word size). */
const COMPRESSED_COOKIE = 0x1c849304;
const PLAIN_COOKIE = 0x1c849303;
/** What summarize() records with (stats/distribution.ts SIGNIFICANT_DIGITS). */
const WRITTEN_DIGITS = 3;
/**
 * Highest value a written histogram can need, in thousandths of the unit:
 * 2^43 is 8.8e12, i.e. 100 days in µs or 8.8e9 tok/s; far above any real figure.
 */
const MAX_HIST_VALUE = 2 ** 43;
/**
 * At 3 digits and 2^43 there are about 35,000 buckets; each count takes at most
 * 9 bytes, so 512 KiB bounds a genuine payload with room to spare.
 */
const MAX_PAYLOAD_BYTES = 512 * 1024;
const MAX_BASE64_CHARS = 1024 * 1024;
const HEADER_BYTES = 40;

interface HistogramFacts {
  totalCount: number;
  /** The bucket of the highest recorded value, thousandths of the unit: [lowest, highest] equivalent values; null when empty. */
  maxBucket: [number, number] | null;
}

/** An empty histogram of the shape summarize() writes: its geometry maps bucket indexes to values. */
function shapeOf(highest: number): hdr.JsHistogram {
  return new hdr.PackedHistogram(1, highest, WRITTEN_DIGITS);
}

/** ZigZag LEB128 as hdr writes it (at most 9 bytes, 64-bit). */
function readZigZag(buf: Buffer, at: number): { value: number; next: number } {
  let raw = 0;
  let mul = 1;
  let i = at;
  for (let k = 0; k < 9; k++) {
    if (i >= buf.length) throw new Error('counts end mid-number');
    const b = buf[i++]!;
    // The 9th byte carries 8 bits, not 7.
    raw += (k === 8 ? b : b & 0x7f) * mul;
    if (k === 8 || (b & 0x80) === 0) break;
    mul *= 128;
  }
  return { value: raw % 2 === 0 ? raw / 2 : -(raw + 1) / 2, next: i };
}

/**
 * Validates an encoded histogram and returns its total count and maximum;
 * throws an Error saying what is wrong. Work is bounded by MAX_PAYLOAD_BYTES.
 */
export function checkHistogram(encoded: string): HistogramFacts {
  if (encoded.length > MAX_BASE64_CHARS) throw new Error(`${encoded.length} characters, more than ${MAX_BASE64_CHARS}`);
  const outer = Buffer.from(encoded, 'base64');
  if (outer.length < 8 || (outer.readInt32BE(0) & ~0xf0) !== COMPRESSED_COOKIE) throw new Error('not a compressed HdrHistogram V2 encoding');
  const len = outer.readInt32BE(4);
  if (len <= 0 || len > outer.length - 8) throw new Error(`compressed length ${len} does not match the ${outer.length - 8} bytes present`);
  let payload: Buffer;
  try {
    payload = inflateSync(outer.subarray(8, 8 + len), { maxOutputLength: MAX_PAYLOAD_BYTES });
  } catch (err) {
    throw new Error(`cannot inflate (${(err as Error).message})`, { cause: err });
  }
  if (payload.length < HEADER_BYTES || (payload.readInt32BE(0) & ~0xf0) !== PLAIN_COOKIE) throw new Error('no HdrHistogram V2 header');
  const countsBytes = payload.readInt32BE(4);
  // hdr-histogram-js writes 1 in the normalizing-offset slot and ignores it when decoding.
  const normalizing = payload.readInt32BE(8);
  const digits = payload.readInt32BE(12);
  const lowest = Number(payload.readBigInt64BE(16));
  const highest = Number(payload.readBigInt64BE(24));
  const ratio = Number(payload.readBigInt64BE(32));
  if (digits !== WRITTEN_DIGITS) throw new Error(`${digits} significant digits, this tool writes ${WRITTEN_DIGITS}`);
  if (lowest !== 1 || normalizing !== 1 || ratio !== 1) throw new Error('header is not one this tool writes (lowest value 1, integer values)');
  if (!(highest >= 2 && highest <= MAX_HIST_VALUE)) throw new Error(`highest trackable value ${highest} is outside 2..${MAX_HIST_VALUE}`);
  if (countsBytes < 0 || countsBytes !== payload.length - HEADER_BYTES) throw new Error(`counts length ${countsBytes} does not match the ${payload.length - HEADER_BYTES} bytes present`);

  const shape = shapeOf(highest);
  const slots = shape.countsArrayLength;
  let index = 0;
  let total = 0;
  let lastNonZero = -1;
  for (let at = HEADER_BYTES; at < payload.length;) {
    const { value, next } = readZigZag(payload, at);
    at = next;
    if (value < 0) {
      // A run of that many empty buckets.
      index += -value;
      if (index > slots) throw new Error(`counts run past the ${slots} buckets of its range`);
      continue;
    }
    if (index >= slots) throw new Error(`counts run past the ${slots} buckets of its range`);
    if (value > 0) lastNonZero = index;
    total += value;
    index++;
  }
  if (!Number.isSafeInteger(total)) throw new Error('total count is not a safe integer');
  if (lastNonZero < 0) return { totalCount: total, maxBucket: null };
  const v = shape.valueFromIndex(lastNonZero);
  return { totalCount: total, maxBucket: [shape.lowestEquivalentValue(v), shape.highestEquivalentValue(v)] };
}
