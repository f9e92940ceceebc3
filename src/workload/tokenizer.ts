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
    const attempt = load().then(
      (mod): Tokenizer => ({
        encoding: enc,
        vocabularySize: mod.vocabularySize,
        encode: (text) => mod.encode(text, PLAIN_TEXT),
        decode: (ids) => mod.decode(ids),
        // countTokens walks the BPE without materialising the id array.
        count: (text) => mod.countTokens(text, PLAIN_TEXT),
      }),
    );
    // A failed import must not poison the cache for a later retry.
    attempt.catch(() => {
      if (cache.get(enc) === attempt) cache.delete(enc);
    });
    cache.set(enc, attempt);
    pending = attempt;
  }
  return pending;
}
