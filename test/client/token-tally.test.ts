// The client-side token count: equal to the whole-text count for ordinary
// text, each tokenizer call bounded to one slice, no call at all for a short
// response whose count nobody asks for (the server sent usage), and never
// more than HELD units of text held uncounted.
import { describe, expect, it } from 'vitest';
import { HELD, TokenTally } from '../../src/client/token-tally.js';
import { SLICE } from '../../src/workload/tokenizer.js';
import { getTokenizer } from '../../src/workload/tokenizer.js';

describe('TokenTally', () => {
  it('matches the whole-text count for ordinary text, however it is chunked', async () => {
    const tok = await getTokenizer('o200k_base');
    const words = ['The', ' quick', ' brown', ' fox', ',', ' jumps', ' over', ' 42', ' lazy', ' dogs', '.\n\n', ' Ünïcödé', ' 😀', " don't"];
    let text = '';
    for (let i = 0; text.length < 20_000; i++) text += words[(i * 7) % words.length];
    for (const step of [1, 3, 17, 700, 5_000]) {
      const tally = new TokenTally((t) => tok.count(t));
      for (let i = 0; i < text.length; i += step) tally.push(text.slice(i, i + step));
      expect(tally.total(), `pushed ${step} at a time`).toBe(tok.count(text));
    }
  });

  it('never hands the tokenizer more than one slice, and never splits a surrogate pair', () => {
    const seen: string[] = [];
    const tally = new TokenTally((t) => {
      seen.push(t);
      return 1;
    });
    tally.push('x'.repeat(SLICE - 1) + '😀' + 'y'.repeat(3 * SLICE));
    tally.total();
    expect(Math.max(...seen.map((s) => s.length))).toBeLessThanOrEqual(SLICE);
    expect(seen.join('')).toBe('x'.repeat(SLICE - 1) + '😀' + 'y'.repeat(3 * SLICE));
    expect(seen[0]).toBe('x'.repeat(SLICE - 1));
  });

  it('calls the tokenizer only when asked, unless more than HELD units are pending', () => {
    let calls = 0;
    let longest = 0;
    const count = (t: string): number => {
      calls++;
      longest = Math.max(longest, t.length);
      return 1;
    };
    const short = new TokenTally(count);
    for (let i = 0; i < HELD / 4 - 1; i++) short.push('abcd');
    expect(calls, 'a response under HELD units whose usage the server sent').toBe(0);
    short.total();
    expect(calls).toBeGreaterThan(0);

    calls = 0;
    const long = new TokenTally(count);
    for (let i = 0; i < 10 * HELD; i += 5) long.push('word ');
    expect(calls, 'counted while it streamed, a slice at a time').toBeGreaterThanOrEqual(Math.floor((9 * HELD) / SLICE));
    expect(longest).toBeLessThanOrEqual(SLICE);
  });
});
