// Prompt lengths met in the server's tokens (target.prompt_lengths: server).
// Synthetic and trace prompts are built of words drawn uniformly from a
// list whose words are one token each in the config's tokenizer; the served
// model's tokenizer counts them otherwise (the embedded engine's 1.5-1.7x),
// and a chat template adds tokens of its own to every request. So before the
// load, probe requests (max_tokens 1) ask the server what it counts
// (usage.prompt_tokens, template included), and the map is
//     served = slope x words + overhead:
// - overhead: one word alone and the same word 65 times; repeated, a word
//   tokenizes alike every time, so the difference is 64 of that word and the
//   rest of the short probe is the template's;
// - slope: the whole word list, sent once in chunks, less each chunk's
//   overhead, per word: the exact mean of the words a prompt draws, where two
//   probes of random words measured it with a sampling error that biased every
//   request alike (+1.5% and +1.8% on the two example traces against the
//   embedded engine, from probes of 64 and 512 random words).
// A request asked to be S served tokens gets (S - overhead) / slope words; a
// part inside it (a shared prefix, a trace's hash block) S / slope. Every
// server that reports usage can be met this way (vLLM, SGLang, TGI, llama.cpp
// server, the embedded engine), with no tokenize endpoint or tokenizer file.
// Pure: the run sends the probes (src/run/prompt-lengths.ts).

/** Words of the repeated-word probe (beside the one-word probe). */
const REPEATS = 65;

/** Most words of one chunk of the word list: ~1,500-2,000 tokens, inside any context a benchmark serves. */
export const MAX_CHUNK_WORDS = 1000;
/** Fewest words of a chunk however short the context: a list of 10,000 words stays under 100 requests. */
export const MIN_CHUNK_WORDS = 100;

/** One probe request: its prompt's words, and what it is for. */
interface Probe {
  readonly kind: 'one' | 'repeated' | 'list';
  readonly words: number;
  readonly prompt: string;
}

/**
 * The probes for a word list: one word, that word REPEATS times, then the
 * list in chunks of at most `chunkWords` (smaller when the server states a
 * short context).
 */
export function probesFor(list: readonly string[], chunkWords = MAX_CHUNK_WORDS): Probe[] {
  const w = list[0]!;
  const out: Probe[] = [
    { kind: 'one', words: 1, prompt: w },
    { kind: 'repeated', words: REPEATS, prompt: Array.from({ length: REPEATS }, () => w).join(' ') },
  ];
  const size = Math.max(1, Math.floor(chunkWords));
  for (let i = 0; i < list.length; i += size) {
    const chunk = list.slice(i, i + size);
    out.push({ kind: 'list', words: chunk.length, prompt: chunk.join(' ') });
  }
  return out;
}

export interface LengthMap {
  /** Served tokens per word of the synthetic prompts. */
  readonly slope: number;
  /** Served tokens a request has beyond its words (the chat template's, a BOS token). */
  readonly overhead: number;
  /** The probes: words sent, prompt tokens the server counted. */
  readonly probes: readonly { readonly words: number; readonly served: number }[];
}

/** The map from the probes' counts (in probesFor's order), or why there is none. */
export function fitLengthMap(probes: readonly Probe[], served: readonly (number | null)[]): LengthMap | string {
  if (served.length !== probes.length || probes.length < 3) return `${probes.length} probes and ${served.length} counts: the one-word, repeated-word and word-list probes are needed`;
  if (served.some((s) => s === null)) return 'the server reported no usage.prompt_tokens for the probe requests';
  const s = served as number[];
  const [one, repeated] = [s[0]!, s[1]!];
  const perRepeat = (repeated - one) / (probes[1]!.words - probes[0]!.words);
  if (!(perRepeat > 0)) return `the server counted ${one} prompt tokens for 1 word and ${repeated} for ${probes[1]!.words}: no length grows with the words`;
  const overhead = one - perRepeat;
  let words = 0;
  let tokens = 0;
  for (let i = 2; i < probes.length; i++) {
    words += probes[i]!.words;
    tokens += s[i]! - overhead;
  }
  const slope = tokens / words;
  if (!(slope > 0) || !Number.isFinite(slope)) return `the server counted ${tokens + overhead * (probes.length - 2)} prompt tokens for the ${words} words of the list: no length grows with the words`;
  return { slope, overhead, probes: probes.map((p, i) => ({ words: p.words, served: s[i]! })) };
}

/** Words of a request whose prompt should be `served` tokens as the server counts them (0 stays 0; at least 1 otherwise). */
export function requestWords(map: LengthMap | null, served: number): number {
  if (map === null || served === 0) return served;
  return Math.max(1, Math.round((served - map.overhead) / map.slope));
}

/** Words of a part inside a prompt (a shared prefix, a trace's hash block): the slope alone, the overhead being the request's. */
export function innerWords(map: LengthMap | null, served: number): number {
  if (map === null || served === 0) return served;
  return Math.max(1, Math.round(served / map.slope));
}
