import { describe, expect, it } from 'vitest';
import type { Encoding, ScenarioPlan } from '../../src/config/plan.js';
import { createRng } from '../../src/util/rng.js';
import { buildPrompt, synthesisWords, synthesizeItems } from '../../src/workload/synth.js';
import { getTokenizer, type Tokenizer } from '../../src/workload/tokenizer.js';

const ENCODINGS: readonly Encoding[] = ['o200k_base', 'cl100k_base'];

function scenario(over: Partial<ScenarioPlan> = {}): ScenarioPlan {
  return { name: 'chat-short', inputTokens: 64, outputTokens: 32, sharedPrefixTokens: 0, dataset: null, ...over };
}

function commonPrefixLength(a: readonly number[], b: readonly number[]): number {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i;
}

describe('synthesisWords', () => {
  for (const enc of ENCODINGS) {
    it(`${enc}: sorted, unique, lowercase words of one token each`, async () => {
      const words = await synthesisWords(enc);
      const tok = await getTokenizer(enc);
      expect(words.length).toBeGreaterThan(2000);
      for (let i = 0; i < words.length; i++) {
        const w = words[i] as string;
        expect(w).toMatch(/^[a-z]{3,9}$/);
        if (i > 0) expect((words[i - 1] as string) < w).toBe(true);
      }
      // Spot-check the single-token property on a spread of entries.
      for (let i = 0; i < words.length; i += 97) {
        const w = words[i] as string;
        expect(tok.encode(w)).toHaveLength(1);
        expect(tok.encode(` ${w}`)).toHaveLength(1);
      }
      expect(await synthesisWords(enc)).toBe(words);
    });
  }
});

describe('synthesizeItems', () => {
  for (const enc of ENCODINGS) {
    for (const n of [1, 2, 17, 1000, 8000]) {
      it(`${enc}: prompts of exactly ${n} tokens`, async () => {
        const tok = await getTokenizer(enc);
        const items = await synthesizeItems({
          seed: 7,
          encoding: enc,
          scenario: scenario({ inputTokens: n, sharedPrefixTokens: Math.floor(n / 2) }),
          cellLabel: 'c=4',
          count: 3,
        });
        expect(items).toHaveLength(3);
        for (const item of items) {
          expect(tok.encode(item.prompt)).toHaveLength(n);
          expect(item.inputTokens).toBe(n);
          expect(item.maxTokens).toBe(32);
          expect(item.messages).toBeUndefined();
        }
      });
    }
  }

  it('is byte-identical for identical inputs', async () => {
    const args = { seed: 42, encoding: 'o200k_base' as const, scenario: scenario({ sharedPrefixTokens: 16 }), cellLabel: 'rate=2', count: 20 };
    const a = await synthesizeItems(args);
    const b = await synthesizeItems({ ...args, scenario: { ...args.scenario } });
    expect(b).toEqual(a);
  });

  // Pinned output: a change here changes every stored baseline's workload,
  // so it must be deliberate (and gpt-tokenizer must stay pinned).
  it('reproduces the pinned prompts', async () => {
    const pinned: Record<Encoding, string[]> = {
      o200k_base: ['pots google nts ogl san erl you redux formatter enig telefono clicked', 'pots google nts ogl curl facts latin dirname ridge mandatory running old'],
      cl100k_base: ['disc libs bal physics calcul schemas taken streams preview aston embr hospital', 'disc libs bal physics friendly aby bucket mean ulong jets tower atoi'],
    };
    for (const enc of ENCODINGS) {
      const items = await synthesizeItems({
        seed: 1,
        encoding: enc,
        scenario: scenario({ inputTokens: 12, sharedPrefixTokens: 4 }),
        cellLabel: 'c=1',
        count: 2,
      });
      expect(items.map((i) => i.prompt)).toEqual(pinned[enc]);
    }
  });

  it('request i does not depend on how many requests are asked for', async () => {
    const base = { seed: 3, encoding: 'cl100k_base' as const, scenario: scenario({ sharedPrefixTokens: 8 }), cellLabel: 'c=2' };
    const few = await synthesizeItems({ ...base, count: 5 });
    const many = await synthesizeItems({ ...base, count: 50 });
    expect(many.slice(0, 5)).toEqual(few);
  });

  it('differs between requests, cells, scenarios, seeds and encodings', async () => {
    const base = { seed: 9, encoding: 'o200k_base' as const, scenario: scenario(), cellLabel: 'c=1', count: 100 };
    const a = await synthesizeItems(base);
    expect(new Set(a.map((i) => i.prompt)).size).toBe(100);
    const others = [
      await synthesizeItems({ ...base, cellLabel: 'c=2' }),
      await synthesizeItems({ ...base, scenario: scenario({ name: 'other' }) }),
      await synthesizeItems({ ...base, seed: 10 }),
      await synthesizeItems({ ...base, encoding: 'cl100k_base' }),
    ];
    const seen = new Set(a.map((i) => i.prompt));
    for (const other of others) {
      for (const item of other) {
        expect(seen.has(item.prompt)).toBe(false);
        seen.add(item.prompt);
      }
    }
  });

  it('without a shared prefix, prompts share at most a chance token or two', async () => {
    const tok = await getTokenizer('o200k_base');
    const base = { seed: 11, encoding: 'o200k_base' as const, scenario: scenario({ inputTokens: 200 }), count: 30 };
    const ids = [...(await synthesizeItems({ ...base, cellLabel: 'c=1' })), ...(await synthesizeItems({ ...base, cellLabel: 'c=8' }))].map((i) => tok.encode(i.prompt));
    let longest = 0;
    for (let i = 0; i < ids.length; i++) {
      for (let j = i + 1; j < ids.length; j++) longest = Math.max(longest, commonPrefixLength(ids[i] as number[], ids[j] as number[]));
    }
    expect(longest).toBeLessThan(3);
  });

  for (const enc of ENCODINGS) {
    it(`${enc}: the shared prefix is exactly the first k tokens of every prompt of the scenario`, async () => {
      const tok = await getTokenizer(enc);
      const k = 100;
      const base = { seed: 5, encoding: enc, scenario: scenario({ inputTokens: 300, sharedPrefixTokens: k }), count: 20 };
      const items = [...(await synthesizeItems({ ...base, cellLabel: 'c=1' })), ...(await synthesizeItems({ ...base, cellLabel: 'c=16' }))];
      const ids = items.map((i) => tok.encode(i.prompt));
      const first = ids[0] as number[];
      let exact = 0;
      for (let i = 1; i < ids.length; i++) {
        const common = commonPrefixLength(first, ids[i] as number[]);
        expect(common).toBeGreaterThanOrEqual(k);
        // Past the prefix only chance agreement (~1 in several thousand per token).
        expect(common).toBeLessThan(k + 3);
        if (common === k) exact++;
      }
      expect(exact).toBeGreaterThanOrEqual(ids.length - 3);
      // Another scenario has its own prefix.
      const other = await synthesizeItems({ ...base, scenario: scenario({ name: 'other', inputTokens: 300, sharedPrefixTokens: k }), cellLabel: 'c=1', count: 1 });
      expect(commonPrefixLength(first, tok.encode((other[0] as { prompt: string }).prompt))).toBeLessThan(3);
    });
  }

  it('a prefix as long as the prompt makes every prompt of the scenario identical', async () => {
    const items = await synthesizeItems({
      seed: 2,
      encoding: 'o200k_base',
      scenario: scenario({ inputTokens: 40, sharedPrefixTokens: 40 }),
      cellLabel: 'c=1',
      count: 5,
    });
    expect(new Set(items.map((i) => i.prompt)).size).toBe(1);
  });

  it('handles zero requests and zero-token prompts, and rejects a missing length', async () => {
    const base = { seed: 1, encoding: 'o200k_base' as const, cellLabel: 'c=1' };
    expect(await synthesizeItems({ ...base, scenario: scenario(), count: 0 })).toEqual([]);
    expect(await synthesizeItems({ ...base, scenario: scenario({ inputTokens: 0 }), count: 1 })).toEqual([{ prompt: '', inputTokens: 0, maxTokens: 32 }]);
    await expect(synthesizeItems({ ...base, scenario: scenario({ inputTokens: null }), count: 1 })).rejects.toThrow(/chat-short/);
    await expect(synthesizeItems({ ...base, scenario: scenario(), count: -1 })).rejects.toThrow(/count/);
  });

  for (const enc of ENCODINGS) {
    // How fast is the synthesis benchmark's business (speed goals live in benchmarks, not in timed tests): ~0.3 s was measured on 2 cores.
    it(`${enc}: 1,000 prompts of 1,000 tokens with a shared prefix`, async () => {
      await synthesisWords(enc);
      const items = await synthesizeItems({
        seed: 1,
        encoding: enc,
        scenario: scenario({ inputTokens: 1000, sharedPrefixTokens: 100 }),
        cellLabel: 'c=64',
        count: 1000,
      });
      expect(items).toHaveLength(1000);
      expect(items.every((i) => i.inputTokens === 1000)).toBe(true);
    });
  }
});

describe('buildPrompt repair', () => {
  // A stand-in tokenizer whose word "bad" costs two tokens, to exercise the
  // path the real vocabularies never take.
  function fakeTokenizer(cost: (word: string) => number): Tokenizer {
    return {
      encoding: 'o200k_base',
      vocabularySize: 0,
      encode: () => [],
      decode: () => '',
      count: (text) => (text === '' ? 0 : text.split(' ').reduce((acc, w) => acc + cost(w), 0)),
    };
  }

  it('adds or drops words until the count is exact, deterministically', () => {
    const tok = fakeTokenizer((w) => (w === 'bad' ? 2 : 1));
    const words = ['bad', 'good', 'fine'];
    for (let seed = 0; seed < 20; seed++) {
      const a = buildPrompt(tok, words, ['good'], createRng(`r${seed}`), 9);
      expect(tok.count(a)).toBe(9);
      expect(a.startsWith('good')).toBe(true);
      expect(buildPrompt(tok, words, ['good'], createRng(`r${seed}`), 9)).toBe(a);
    }
  });

  it('throws when the length cannot be reached', () => {
    expect(() =>
      buildPrompt(
        fakeTokenizer(() => 2),
        ['bad'],
        [],
        createRng('x'),
        1,
      ),
    ).toThrow(/exactly 1 tokens/);
    expect(() =>
      buildPrompt(
        fakeTokenizer(() => 2),
        ['bad'],
        [],
        createRng('x'),
        5,
      ),
    ).toThrow(/exactly 5 tokens/);
  });
});
