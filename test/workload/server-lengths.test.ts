// The map from the config's words to the server's tokens: the probes, the
// fit through their counts, and the map applied to a request's length and to
// the parts inside it.
import { describe, expect, it } from 'vitest';
import { fitLengthMap, innerWords, MAX_CHUNK_WORDS, probesFor, requestWords } from '../../src/workload/server-lengths.js';

const LIST = Array.from({ length: 2500 }, (_, i) => `w${i}`);

/** A server tokenizer: `perWord(word)` tokens for each word, `overhead` for the template. */
const counted = (probes: ReturnType<typeof probesFor>, perWord: (w: string) => number, overhead: number): number[] =>
  probes.map((p) => p.prompt.split(' ').reduce((n, w) => n + perWord(w), 0) + overhead);

describe('probesFor', () => {
  it('sends one word, that word repeated, then the whole list in chunks', () => {
    const probes = probesFor(LIST);
    expect(probes.map((p) => [p.kind, p.words])).toEqual([
      ['one', 1],
      ['repeated', 65],
      ['list', MAX_CHUNK_WORDS],
      ['list', MAX_CHUNK_WORDS],
      ['list', 500],
    ]);
    expect(probes.slice(2).flatMap((p) => p.prompt.split(' '))).toEqual(LIST);
    expect(probesFor(LIST, 600)).toHaveLength(2 + 5);
  });
});

describe('fitLengthMap', () => {
  it("reads the template's overhead off the repeated word and the list's exact mean tokens a word", () => {
    const probes = probesFor(LIST);
    // Words alternate 1 and 2 tokens (mean 1.5); the template adds 9.
    const perWord = (w: string): number => (Number(w.slice(1)) % 2 === 0 ? 1 : 2);
    const map = fitLengthMap(probes, counted(probes, perWord, 9));
    expect(map).not.toBeTypeOf('string');
    if (typeof map === 'string') return;
    // w0 is 1 token: overhead exactly 9; the list's 2,500 words hold 3,750 tokens.
    expect(map.overhead).toBe(9);
    expect(map.slope).toBe(1.5);
    expect(map.probes.map((p) => p.words)).toEqual([1, 65, 1000, 1000, 500]);
  });

  it('says why there is no map: no usage, lengths that do not grow, too few probes', () => {
    const probes = probesFor(LIST);
    const ok = counted(probes, () => 1, 5);
    expect(fitLengthMap(probes, [null, ...ok.slice(1)])).toMatch(/reported no usage\.prompt_tokens/);
    expect(
      fitLengthMap(
        probes,
        ok.map(() => 700),
      ),
    ).toMatch(/counted 700 prompt tokens for 1 word and 700 for 65: no length grows/);
    expect(fitLengthMap(probes.slice(0, 2), ok.slice(0, 2))).toMatch(/word-list probes are needed/);
  });
});

describe('requestWords and innerWords', () => {
  const map = { slope: 1.5, overhead: 9, probes: [] };

  it('give a request of S served tokens (S - overhead) / slope words, and a part inside it S / slope', () => {
    expect(requestWords(map, 309)).toBe(200);
    expect(innerWords(map, 300)).toBe(200);
    expect(requestWords(map, 0)).toBe(0);
    // Never less than one word for a request that asks for any.
    expect(requestWords(map, 3)).toBe(1);
  });

  it('are the identity without a map (lengths in the config tokenizer)', () => {
    expect(requestWords(null, 123)).toBe(123);
    expect(innerWords(null, 512)).toBe(512);
  });
});
