// Token counting for prompts. The BPE tables are large (o200k_base takes
// ~100 ms and tens of MB to load), so each encoding is imported only when a
// run first needs it, and then kept for the life of the process.
import type { Encoding } from '../config/plan.js';

export interface Tokenizer {
  readonly encoding: Encoding;
  /** Number of token ids (mergeable ranks plus special tokens). */
  readonly vocabularySize: number;
  encode(text: string): number[];
  decode(ids: number[]): string;
  count(text: string): number;
}

interface EncodingModule {
  encode(text: string, options?: { disallowedSpecial?: Set<string> }): number[];
  decode(ids: Iterable<number>): string;
  countTokens(text: string, options?: { disallowedSpecial?: Set<string> }): number;
  readonly vocabularySize: number;
}

// The library throws on text that contains special-token strings such as
// "<|endoftext|>" unless told otherwise. Prompts are user data, not control
// sequences: count such strings as the ordinary text they are.
const PLAIN_TEXT = { disallowedSpecial: new Set<string>() };

// Literal specifiers (not a template) so bundlers can see both modules.
const loaders: Record<Encoding, () => Promise<EncodingModule>> = {
  o200k_base: () => import('gpt-tokenizer/encoding/o200k_base'),
  cl100k_base: () => import('gpt-tokenizer/encoding/cl100k_base'),
};

const cache = new Map<Encoding, Promise<Tokenizer>>();

// BPE is superlinear in the length of one pre-token: one call on 400 KB of a
// single letter (an answer a server streamed, a dataset row) runs for minutes,
// and no timer, deadline or signal handler runs while it does. Every call
// below hands the library SLICE units at most, so the cost is linear in the
// text. A slice ends where the pre-tokenisation starts a new piece anyway
// (sliceEnd), so ordinary text counts and encodes exactly as it would whole.

/** Units (UTF-16) given to the tokenizer per call at most. */
export const SLICE = 1024;
/** A slice ends at the last word boundary in its second half, else hard at SLICE. */
const MIN_CUT = SLICE / 2;

/**
 * Where the next slice of `s` (longer than SLICE) ends: just before a space
 * that follows a non-space (where the tokenizer starts a new piece, " word"),
 * else hard at SLICE, which only text with no such boundary (a run of one
 * character, CJK without spaces) meets, shifting its count by a token or so.
 */
export function sliceEnd(s: string): number {
  for (let i = s.lastIndexOf(' ', SLICE); i >= MIN_CUT; i = s.lastIndexOf(' ', i - 1)) {
    const prev = s.charCodeAt(i - 1);
    // Not inside a run of whitespace, whose pieces the tokenizer groups differently.
    if (prev !== 32 && prev !== 10 && prev !== 13 && prev !== 9) return i;
  }
  // Never split a surrogate pair.
  const last = s.charCodeAt(SLICE - 1);
  return last >= 0xd800 && last <= 0xdbff ? SLICE - 1 : SLICE;
}

/** `f` over `text` slice by slice (each at most SLICE units). */
function bySlice(text: string, f: (slice: string) => void): void {
  let at = 0;
  while (text.length - at > SLICE) {
    const cut = sliceEnd(text.slice(at, at + SLICE + 1));
    f(text.slice(at, at + cut));
    at += cut;
  }
  f(at === 0 ? text : text.slice(at));
}

/**
 * A token counter that loads its tokenizer only when first asked: count()
 * answers null (and starts the load) until ready() has resolved. A run's
 * client counts output text only for a server that sends no usage, so a run
 * against one that does never loads the tables (o200k_base: about 76 MB of
 * RSS and a second of CPU).
 */
export function lazyTokenCounter(enc: Encoding): { count: (text: string) => number | null; ready: () => Promise<Tokenizer> } {
  let tok: Tokenizer | null = null;
  let loading: Promise<Tokenizer> | null = null;
  const ready = (): Promise<Tokenizer> => {
    loading ??= getTokenizer(enc).then(
      (t) => (tok = t),
      (err: unknown) => {
        loading = null;
        throw err;
      },
    );
    return loading;
  };
  return {
    count: (text) => {
      if (tok !== null) return tok.count(text);
      ready().catch(() => undefined);
      return null;
    },
    ready,
  };
}

export async function getTokenizer(enc: Encoding): Promise<Tokenizer> {
  let pending = cache.get(enc);
  if (pending === undefined) {
    const load = loaders[enc] as (() => Promise<EncodingModule>) | undefined;
    if (load === undefined) throw new Error(`unknown token encoding '${String(enc)}'`);
    const attempt = load().then((mod): Tokenizer => ({
      encoding: enc,
      vocabularySize: mod.vocabularySize,
      encode: (text) => {
        if (text.length <= SLICE) return mod.encode(text, PLAIN_TEXT);
        const ids: number[] = [];
        bySlice(text, (part) => {
          for (const id of mod.encode(part, PLAIN_TEXT)) ids.push(id);
        });
        return ids;
      },
      decode: (ids) => mod.decode(ids),
      // countTokens walks the BPE without materialising the id array.
      count: (text) => {
        if (text.length <= SLICE) return mod.countTokens(text, PLAIN_TEXT);
        let n = 0;
        bySlice(text, (part) => (n += mod.countTokens(part, PLAIN_TEXT)));
        return n;
      },
    }));
    // A failed import must not poison the cache for a later retry.
    attempt.catch(() => {
      if (cache.get(enc) === attempt) cache.delete(enc);
    });
    cache.set(enc, attempt);
    pending = attempt;
  }
  return pending;
}
