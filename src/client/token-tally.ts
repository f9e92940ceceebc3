// Client-side count of a stream's output tokens, for servers that send no
// `usage`. Text is held until the stream ends (at most HELD units of it) and
// counted only when it is asked for: a server that sends `usage`, as vLLM,
// SGLang and llama.cpp do when asked (stream_options.include_usage), costs
// no tokenizer call at all, and the hot path pays a string append per chunk.
// Past HELD units, the text is counted slice by slice as it arrives, instead
// of over the whole text at the end of the stream.
//
// Why: BPE tokenizers (gpt-tokenizer among them) are superlinear in the length
// of one pre-token, so a hostile or broken server that streams a long run of
// one character (40,000 'x' took 3.3 s; 1,000,000 never finished) could block
// the event loop for minutes in a single call at the end of the stream, and
// no timer, deadline or Ctrl-C runs while it does. Counting at most SLICE
// units per tokenizer call keeps every call short (measured: <= ~20 ms for a
// 1,024-unit slice of the worst text tried, CJK and emoji; ~1 ms for 'x'),
// the total linear in the text (about 1-4 s per million characters of
// hostile text, spread over the stream's reads), and no more than one slice
// of text is kept per stream.
//
// Exactness: a slice ends just before a space that follows a non-space, where
// the tokenizer's pre-tokenisation starts a new piece anyway (" word"), so for
// ordinary text the sum equals the whole-text count. Only text with no such
// boundary within a slice (a run of one character, CJK without spaces) is cut
// inside a piece, which can shift the count by a token per slice.
import { SLICE, sliceEnd } from '../workload/tokenizer.js';

/**
 * Text held uncounted: 8 KB a stream, 16 MB at 2,048 streams. A response
 * shorter than this (about 1,000 tokens of English) is never tokenized when
 * the server reports usage; a longer one is counted down to under a slice
 * whenever it passes this, which is the cost every chunk paid before.
 */
export const HELD = 4 * SLICE;

/** Tokens in a text; null while the tokenizer is not loaded yet (the text is then held until it is). */
export type CountTokens = (text: string) => number | null;

export class TokenTally {
  private pending = '';
  private counted = 0;

  constructor(private readonly count: CountTokens) {}

  push(text: string): void {
    this.pending = this.pending.length === 0 ? text : this.pending + text;
    if (this.pending.length >= HELD) this.countHeld();
  }

  private countHeld(): void {
    while (this.pending.length >= SLICE) {
      const cut = sliceEnd(this.pending);
      const n = this.count(this.pending.slice(0, cut));
      if (n === null) return;
      this.counted += n;
      this.pending = this.pending.slice(cut);
    }
  }

  /** Tokens of all text pushed so far; the tokenizer must be loaded by now (InferenceClient awaits it). */
  total(): number {
    this.countHeld();
    if (this.pending.length > 0) {
      const n = this.count(this.pending);
      if (n === null) throw new Error('the output token count was asked for before the tokenizer was loaded');
      this.counted += n;
      this.pending = '';
    }
    return this.counted;
  }
}
