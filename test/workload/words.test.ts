// The shipped synthesis word lists (src/workload/words/) are what scanning the
// tokenizer's tables gives, and a prompt built from them without a tokenizer
// has exactly the token count asked for: the run no longer loads the tables
// to check, so this test is the check. When gpt-tokenizer changes its tables,
// this fails and scripts/gen-words.ts writes the new lists.
import { describe, expect, it } from 'vitest';
import type { Encoding } from '../../src/config/plan.js';
import { createRng } from '../../src/util/rng.js';
import { buildPrompt, buildWordList, synthesisWords } from '../../src/workload/synth.js';
import { getTokenizer } from '../../src/workload/tokenizer.js';

const ENCODINGS: readonly Encoding[] = ['o200k_base', 'cl100k_base'];

describe('shipped synthesis words', () => {
  for (const enc of ENCODINGS) {
    it(`${enc}: the shipped list is the vocabulary scan's, word for word`, async () => {
      const tok = await getTokenizer(enc);
      expect(await synthesisWords(enc)).toEqual(buildWordList(tok));
    });

    it(`${enc}: prompts built without a tokenizer have exactly the asked token count`, async () => {
      const tok = await getTokenizer(enc);
      const words = await synthesisWords(enc);
      const rng = createRng(`words-${enc}`);
      const prefix: string[] = [];
      for (let i = 0; i < 64; i++) prefix.push(words[rng.int(words.length)]!);
      for (let k = 0; k < 300; k++) {
        const n = 1 + rng.int(k % 10 === 0 ? 4000 : 200);
        const prompt = buildPrompt(null, words, k % 2 === 0 ? prefix : [], rng, n);
        expect(tok.count(prompt), `prompt ${k} of ${n} words`).toBe(n);
      }
    });
  }

  it('refuses an encoding it has no list for, by name', async () => {
    await expect(synthesisWords('p50k_base' as Encoding)).rejects.toThrow(/p50k_base/);
  });
});
