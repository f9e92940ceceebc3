// Synthetic prompts of an exact token length. A benchmark is only comparable
// across runs and machines if every request carries byte-identical text, so
// everything here is a pure function of (seed, encoding, scenario, cell,
// request index) and of the pinned tokenizer tables.
//
// Method: a prompt is n vocabulary words joined by single spaces. BPE
// pre-tokenisation (both cl100k_base and o200k_base) cuts text into chunks
// of the form " ?letters", so each " word" is its own chunk, and every word
// in the list is known to encode as exactly one token in that position: a
// prompt of n words is n tokens. The lists ship with the code
// (src/workload/words/, written by scripts/gen-words.ts from the tokenizer's
// tables and checked against them by test/workload/words.test.ts), so
// synthetic prompts need no tokenizer at run time: loading the o200k_base
// tables cost a run about 76 MB of RSS and a second of CPU. Callers that
// pass a tokenizer to buildPrompt (trace replay, conversations) still have
// each prompt's count verified.
//
// Measured on the 2-core development container (Node 24.21, vitest): once
// the tokenizer is loaded, 1,000 prompts x 1,000 tokens take ~0.2 s with
// either encoding (most of it the verifying token count), 1,000 x 8,000
// tokens ~2.4 s (o200k_base) / ~1.4 s (cl100k_base). One-off costs per
// process: importing the tables ~0.1 s (o200k_base) / ~0.05 s (cl100k_base),
// and the vocabulary scan for the word list ~0.33 s / ~0.15 s.
import type { Encoding, ScenarioPlan } from '../config/plan.js';
import { createRng, type Rng } from '../util/rng.js';
import { requestLength } from './lengths.js';
import type { Tokenizer } from './tokenizer.js';
import { innerWords, requestWords, type LengthMap } from './server-lengths.js';

export interface ChatMessage {
  role: string;
  content: string;
}

export interface WorkItem {
  /** Text sent as the completions `prompt` (for a messages row: the contents joined by "\n"). */
  prompt: string;
  /** Token count of `prompt` under the plan's encoding. */
  inputTokens: number;
  /** max_tokens for the request. */
  maxTokens: number;
  /** Present only for dataset rows given as chat messages; shared between items, do not mutate. */
  messages?: ChatMessage[];
  /** Trace replay only: when the request is due, ms after the cell's start (src/workload/trace.ts). */
  atMs?: number;
}

const WORD = /^ [a-z]{3,9}$/;

const wordLists = new Map<Encoding, Promise<readonly string[]>>();

// Literal specifiers (not a template) so the bundler sees both lists.
const shippedWords: Record<Encoding, () => Promise<{ WORDS: string }>> = {
  o200k_base: () => import('./words/o200k_base.js'),
  cl100k_base: () => import('./words/cl100k_base.js'),
};

/**
 * The words a prompt is drawn from (the shipped list of buildWordList's
 * answer): vocabulary entries of the form " [a-z]{3,9}" that stay a single
 * token both after a space and at the very start of the text.
 */
export function synthesisWords(enc: Encoding): Promise<readonly string[]> {
  let pending = wordLists.get(enc);
  if (pending === undefined) {
    const load = shippedWords[enc] as (() => Promise<{ WORDS: string }>) | undefined;
    if (load === undefined) return Promise.reject(new Error(`unknown token encoding '${String(enc)}'`));
    pending = load().then((m) => Object.freeze(m.WORDS.split(' ')));
    pending.catch(() => {
      if (wordLists.get(enc) === pending) wordLists.delete(enc);
    });
    wordLists.set(enc, pending);
  }
  return pending;
}

/**
 * Scans a tokenizer's vocabulary for the synthesis words. Sorted so the list
 * (and therefore every prompt) does not depend on the order in which the
 * library stores its tables. Run by scripts/gen-words.ts and the test that
 * checks the shipped lists, not by a run.
 */
export function buildWordList(tok: Tokenizer): readonly string[] {
  const words: string[] = [];
  for (let id = 0; id < tok.vocabularySize; id++) {
    let text: string;
    try {
      text = tok.decode([id]);
    } catch {
      // Ids without a mergeable entry (gaps before the special tokens).
      continue;
    }
    if (!WORD.test(text)) continue;
    // Being in the vocabulary does not guarantee that BPE reaches the entry
    // as one token, so check both positions a word can take in a prompt.
    if (tok.encode(text).length !== 1) continue;
    const bare = text.slice(1);
    if (tok.encode(bare).length !== 1) continue;
    words.push(bare);
  }
  words.sort();
  // Ordinal sort of ASCII is total, but two ids could decode alike; one copy each.
  const unique = words.filter((w, i) => i === 0 || words[i - 1] !== w);
  if (unique.length < 256) {
    throw new Error(`${tok.encoding}: only ${unique.length} single-token words found; cannot synthesise prompts`);
  }
  return Object.freeze(unique);
}

function drawWords(rng: Rng, words: readonly string[], count: number, into: string[]): void {
  for (let i = 0; i < count; i++) into.push(words[rng.int(words.length)] as string);
}

// Tags keep these streams apart from every other use of the seed.
function prefixSeed(seed: number, scenario: string): string {
  return JSON.stringify(['synth-prefix', seed, scenario]);
}
function requestSeed(seed: number, scenario: string, cell: string, index: number): string {
  return JSON.stringify(['synth-request', seed, scenario, cell, index]);
}

// The word-per-token invariant makes a mismatch a tokenizer surprise, not an
// expected case; a few deterministic corrections cover it, and anything
// beyond that is a bug worth failing on rather than a silently wrong length.
const MAX_REPAIRS = 16;

/**
 * Prompt for one request: `prefix` (the scenario's shared words) followed by
 * words from the request's own stream, with exactly `n` tokens. With a
 * tokenizer, the count is verified and repaired (the repair-path tests pass
 * one that misbehaves); with null, n words are n tokens by construction.
 */
export function buildPrompt(tok: Tokenizer | null, words: readonly string[], prefix: readonly string[], rng: Rng, n: number): string {
  if (n === 0) return '';
  const parts = prefix.slice(0, n);
  drawWords(rng, words, n - parts.length, parts);
  if (tok === null) return parts.join(' ');
  for (let attempt = 0; ; attempt++) {
    const prompt = parts.join(' ');
    const got = tok.count(prompt);
    if (got === n) return prompt;
    if (attempt >= MAX_REPAIRS) {
      throw new Error(`${tok.encoding}: could not synthesise a prompt of exactly ${n} tokens (last attempt had ${got})`);
    }
    if (got < n) {
      drawWords(rng, words, n - got, parts);
    } else {
      // Drop whole words from the end; never the last remaining one.
      const drop = Math.min(got - n, parts.length - 1);
      if (drop === 0) {
        throw new Error(`${tok.encoding}: could not synthesise a prompt of exactly ${n} tokens (one word is ${got})`);
      }
      parts.length -= drop;
    }
  }
}

/**
 * The `count` synthetic requests of one cell. Request i of cell `cellLabel`
 * always gets the same prompt; the first `sharedPrefixTokens` tokens are the
 * same for every request of the scenario (in every cell), and the rest come
 * from a stream unique to (scenario, cell, request), so a server's prefix
 * cache can reuse only the intended prefix, never another cell's prompts.
 * With length distributions, request i's lengths are drawn from (seed,
 * scenario, i) alone: every cell and trial of the scenario sends the same mix.
 */
export async function synthesizeItems(args: {
  seed: number;
  encoding: Encoding;
  scenario: ScenarioPlan;
  cellLabel: string;
  count: number;
  /** Lengths in the server's tokens (server-lengths.ts); null or absent: in the config's tokenizer. */
  map?: LengthMap | null;
}): Promise<WorkItem[]> {
  const { seed, encoding, scenario, cellLabel, count } = args;
  const map = args.map ?? null;
  const input = scenario.inputTokens;
  const output = scenario.outputTokens;
  if (input === null) throw new Error(`scenario '${scenario.name}': no input_tokens and no dataset; nothing to send`);
  if (output === null) throw new Error(`scenario '${scenario.name}': no output_tokens`);
  if (typeof input === 'number' && (!Number.isInteger(input) || input < 0)) throw new Error(`scenario '${scenario.name}': input tokens must be a non-negative integer, got ${input}`);
  if (!Number.isInteger(count) || count < 0) throw new Error(`request count must be a non-negative integer, got ${count}`);

  const words = await synthesisWords(encoding);

  const prefix: string[] = [];
  drawWords(createRng(prefixSeed(seed, scenario.name)), words, innerWords(map, Math.max(0, scenario.sharedPrefixTokens)), prefix);

  const items: WorkItem[] = [];
  for (let i = 0; i < count; i++) {
    const n = requestLength(input, seed, scenario.name, 'input', i);
    const w = requestWords(map, n);
    const shared = Math.min(prefix.length, w);
    const rng = createRng(requestSeed(seed, scenario.name, cellLabel, i));
    const prompt = buildPrompt(null, words, shared === prefix.length ? prefix : prefix.slice(0, shared), rng, w);
    items.push({ prompt, inputTokens: n, maxTokens: requestLength(output, seed, scenario.name, 'output', i) });
  }
  return items;
}
