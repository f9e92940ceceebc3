import { describe, expect, it } from 'vitest';
import { getTokenizer } from '../../src/workload/tokenizer.js';

describe('getTokenizer', () => {
  it('loads each encoding once and caches it', async () => {
    const a = await getTokenizer('o200k_base');
    const b = await getTokenizer('o200k_base');
    expect(a).toBe(b);
    expect(a.encoding).toBe('o200k_base');
    const c = await getTokenizer('cl100k_base');
    expect(c).not.toBe(a);
    expect(c.encoding).toBe('cl100k_base');
  });

  for (const enc of ['o200k_base', 'cl100k_base'] as const) {
    it(`${enc}: encode, decode and count agree`, async () => {
      const tok = await getTokenizer(enc);
      const text = 'The quick brown fox jumps over the lazy dog.\nDeux lignes, ünïcödé, 12345.';
      const ids = tok.encode(text);
      expect(ids.length).toBeGreaterThan(10);
      expect(tok.decode(ids)).toBe(text);
      expect(tok.count(text)).toBe(ids.length);
      expect(tok.count('')).toBe(0);
    });

    it(`${enc}: special-token strings are counted as plain text, not rejected`, async () => {
      const tok = await getTokenizer(enc);
      const text = 'before <|endoftext|> after';
      expect(() => tok.encode(text)).not.toThrow();
      expect(tok.count(text)).toBe(tok.encode(text).length);
      expect(tok.decode(tok.encode(text))).toBe(text);
      // As text it takes several tokens; the special token would be one.
      expect(tok.count('<|endoftext|>')).toBeGreaterThan(1);
    });
  }

  it('the encodings really differ', async () => {
    const o = await getTokenizer('o200k_base');
    const c = await getTokenizer('cl100k_base');
    const text = 'Tokenisation differs between vocabularies, especially for unusual words like floccinaucinihilipilification.';
    expect(o.encode(text)).not.toEqual(c.encode(text));
    expect(o.vocabularySize).toBeGreaterThan(c.vocabularySize);
  });
});
