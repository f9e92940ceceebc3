import { describe, expect, it } from 'vitest';
import { getTokenizer, SLICE } from '../../src/workload/tokenizer.js';

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

  it('counts and encodes a long run of one letter in time linear in its length, slice by slice', async () => {
    const tok = await getTokenizer('o200k_base');
    // Whole, 40,000 'a' took seconds and 400,000 minutes: the time grows with the square of one pre-token.
    const text = 'a'.repeat(400_000);
    const t0 = performance.now();
    const n = tok.count(text);
    const countMs = performance.now() - t0;
    const t1 = performance.now();
    const ids = tok.encode(text);
    const encodeMs = performance.now() - t1;
    expect(ids.length).toBe(n);
    expect(tok.decode(ids)).toBe(text);
    // Each 1,024-letter slice is a handful of tokens.
    expect(n).toBeGreaterThan(text.length / 1024);
    expect(n).toBeLessThan(text.length / 4);
    expect(countMs).toBeLessThan(10_000);
    expect(encodeMs).toBeLessThan(10_000);
  }, 30_000);

  it("slices ordinary long text only where a new piece starts anyway: the count and ids are the whole text's", async () => {
    const tok = await getTokenizer('cl100k_base');
    const words = ['alpha', 'beta,', 'gamma.', '42', 'naïve', '  spaced', '\nline', 'end'];
    let text = '';
    for (let i = 0; text.length < 5 * SLICE; i++) text += `${words[i % words.length]} `;
    // The library's own answer for the whole text in one call.
    const whole = (await import('gpt-tokenizer/encoding/cl100k_base')).encode(text);
    expect(tok.encode(text)).toEqual(whole);
    expect(tok.count(text)).toBe(whole.length);
  });
});
