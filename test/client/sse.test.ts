import { describe, expect, it } from 'vitest';
import { SseParser } from '../../src/client/sse.js';

const enc = new TextEncoder();

interface Fed {
  events: string[];
  errors: string[];
  pendingBytes: boolean;
}

/** Feeds each part as one push (strings are UTF-8 encoded), then end(). */
function feed(parts: ReadonlyArray<string | Uint8Array>): Fed {
  const events: string[] = [];
  const errors: string[] = [];
  const p = new SseParser(
    (d) => events.push(d),
    (e) => errors.push(e),
  );
  for (const part of parts) p.push(typeof part === 'string' ? enc.encode(part) : part);
  const { pendingBytes } = p.end();
  return { events, errors, pendingBytes };
}

function bytewise(text: string): Uint8Array[] {
  const bytes = enc.encode(text);
  const out: Uint8Array[] = [];
  for (let i = 0; i < bytes.length; i++) out.push(bytes.subarray(i, i + 1));
  return out;
}

/** Splits at every byte offset into two pushes. */
function allSplits(text: string): Uint8Array[][] {
  const bytes = enc.encode(text);
  const out: Uint8Array[][] = [];
  for (let i = 0; i <= bytes.length; i++) out.push([bytes.subarray(0, i), bytes.subarray(i)]);
  return out;
}

describe('SseParser: whole input', () => {
  const cases: Array<{ name: string; input: string; events: string[]; pending?: boolean }> = [
    { name: 'LF line endings', input: 'data: a\n\ndata: b\n\n', events: ['a', 'b'] },
    { name: 'CRLF line endings', input: 'data: a\r\n\r\ndata: b\r\n\r\n', events: ['a', 'b'] },
    { name: 'lone CR line endings', input: 'data: a\r\rdata: b\r\r', events: ['a', 'b'] },
    { name: 'mixed endings: CRLF, LF, then a lone CR as the blank line', input: 'data: a\r\ndata: b\n\r', events: ['a\nb'] },
    {
      name: 'multi-line data joined with LF, empty data line kept',
      input: 'data: line1\ndata: line2\ndata:\ndata: line4\n\n',
      events: ['line1\nline2\n\nline4'],
    },
    { name: 'comment / keep-alive lines ignored', input: ': ping\n\ndata: x\n: keep-alive\n\n:\n\n', events: ['x'] },
    { name: 'no space after colon', input: 'data:{"a":1}\n\n', events: ['{"a":1}'] },
    { name: 'only one leading space removed', input: 'data:  two\n\n', events: [' two'] },
    { name: 'trailing whitespace kept', input: 'data: a \t\n\n', events: ['a \t'] },
    { name: 'colon inside the value kept', input: 'data: a: b\n\n', events: ['a: b'] },
    {
      name: 'event, id, retry lines ignored',
      input: 'event: message\nid: 7\nretry: 1000\ndata: x\n\nevent: ping\n\n',
      events: ['x'],
    },
    { name: 'unknown fields and look-alikes ignored', input: 'database: x\ndatax: y\nData: z\nfoo: bar\n\n', events: [] },
    { name: 'bare "data" line is an empty data line', input: 'data\n\ndata\ndata\n\n', events: ['', '\n'] },
    { name: '"data:" with nothing after it dispatches an empty string', input: 'data:\n\n', events: [''] },
    { name: 'event without data lines is not dispatched', input: '\n\n\r\n\r\r', events: [] },
    { name: 'leading BOM is stripped', input: '\uFEFFdata: a\n\n', events: ['a'] },
    { name: '[DONE] passes through as data', input: 'data: {"x":1}\n\ndata: [DONE]\n\n', events: ['{"x":1}', '[DONE]'] },
    { name: 'blank lines between events do not dispatch twice', input: 'data: a\n\n\n\n\ndata: b\n\n', events: ['a', 'b'] },
    { name: 'end() flushes an event without its blank line', input: 'data: [DONE]\n', events: ['[DONE]'], pending: false },
    { name: 'end() flushes a partial data line', input: 'data: a\n\ndata: [DONE]', events: ['a', '[DONE]'], pending: true },
    { name: 'end() with multi-line pending event', input: 'data: a\ndata: b\r\n', events: ['a\nb'], pending: false },
    { name: 'end() with a partial comment', input: 'data: a\n\n: pin', events: ['a'], pending: true },
    { name: 'end() after CR as the last byte: no pending bytes', input: 'data: a\r', events: ['a'], pending: false },
    { name: 'empty stream', input: '', events: [], pending: false },
  ];

  it.each(cases)('$name', ({ input, events, pending }) => {
    const r = feed([input]);
    expect(r.events).toEqual(events);
    expect(r.pendingBytes).toBe(pending ?? false);
  });
});

describe('SseParser: split input', () => {
  const cases: Array<{ name: string; parts: string[]; events: string[] }> = [
    { name: 'mid-line splits', parts: ['da', 'ta: he', 'llo\n', '\n'], events: ['hello'] },
    { name: 'split right after the colon', parts: ['data:', ' x\n\n'], events: ['x'] },
    { name: 'split between colon and space keeps the space stripped', parts: ['data:', ' ', 'x\n\n'], events: ['x'] },
    { name: 'events split across reads', parts: ['data: a\n\nda', 'ta: b\n', '\ndata: c\n\n'], events: ['a', 'b', 'c'] },
    // A CR ending one push and the LF opening the next are one line break; read
    // as two, the LF would be a blank line and dispatch "a" alone.
    { name: 'CRLF split across pushes is one break', parts: ['data: a\r', '\ndata: b\r\n\r\n'], events: ['a\nb'] },
    { name: 'CRLF split on both lines', parts: ['data: a\r', '\n\r', '\ndata: b\r', '\n\r', '\n'], events: ['a', 'b'] },
    { name: 'CR at end of push then a non-LF', parts: ['data: a\r', 'data: b\r\r'], events: ['a\nb'] },
    { name: 'CR at end of push, empty push, then LF', parts: ['data: a\r', '', '\ndata: b\n\n'], events: ['a\nb'] },
    { name: 'CR at end of push, then CR: blank line', parts: ['data: a\r', '\rdata: b\n\n'], events: ['a', 'b'] },
    { name: 'many pushes without a line break', parts: ['d', 'a', 't', 'a', ':', ' ', 'x', 'y', 'z', '\n', '\n'], events: ['xyz'] },
  ];

  it.each(cases)('$name', ({ parts, events }) => {
    const r = feed(parts);
    expect(r.events).toEqual(events);
    expect(r.pendingBytes).toBe(false);
  });

  it('multi-byte UTF-8 split at every byte offset', () => {
    const text = 'data: café 😀 ü€\n\n';
    for (const parts of allSplits(text)) {
      expect(feed(parts).events).toEqual(['café 😀 ü€']);
    }
  });

  it('multi-byte UTF-8 fed one byte at a time', () => {
    expect(feed(bytewise('data: é😀\r\n\r\n')).events).toEqual(['é😀']);
  });

  it('a UTF-8 sequence cut off by end of stream is reported as pending bytes', () => {
    const bytes = enc.encode('data: é');
    const r = feed([bytes.subarray(0, bytes.length - 1)]);
    expect(r.pendingBytes).toBe(true);
    expect(r.events).toEqual(['\uFFFD']);
  });

  it('an incomplete UTF-8 sequence after a complete event still counts as pending', () => {
    const r = feed(['data: a\n\n', new Uint8Array([0xf0, 0x9f])]);
    expect(r.events).toEqual(['a']);
    expect(r.pendingBytes).toBe(true);
  });
});

describe('SseParser: error field', () => {
  it('passes `error:` values to onError and keeps them out of data', () => {
    const r = feed(['data: {"a":1}\n\nerror: {"code":500,"message":"boom"}\n\n']);
    expect(r.events).toEqual(['{"a":1}']);
    expect(r.errors).toEqual(['{"code":500,"message":"boom"}']);
  });

  it('ignores `error:` lines without an onError callback', () => {
    const events: string[] = [];
    const p = new SseParser((d) => events.push(d));
    p.push(enc.encode('error: x\n\ndata: y\n\n'));
    p.end();
    expect(events).toEqual(['y']);
  });

  it('does not take look-alike fields for errors', () => {
    expect(feed(['errors: x\nerr: y\n\n']).errors).toEqual([]);
  });
});

describe('SseParser: realistic streams, whole vs one byte at a time', () => {
  const vllm =
    'data: {"id":"chatcmpl-1","object":"chat.completion.chunk","created":1,"model":"m","choices":[{"index":0,"delta":{"role":"assistant","content":""},"logprobs":null,"finish_reason":null}]}\n\n' +
    'data: {"id":"chatcmpl-1","object":"chat.completion.chunk","created":1,"model":"m","choices":[{"index":0,"delta":{"content":"Bonjour"},"logprobs":null,"finish_reason":null}]}\n\n' +
    'data: {"id":"chatcmpl-1","object":"chat.completion.chunk","created":1,"model":"m","choices":[{"index":0,"delta":{"content":" café ☕️"},"logprobs":null,"finish_reason":null}]}\n\n' +
    'data: {"id":"chatcmpl-1","object":"chat.completion.chunk","created":1,"model":"m","choices":[{"index":0,"delta":{"content":" 😀"},"logprobs":null,"finish_reason":"length","stop_reason":null}]}\n\n' +
    'data: {"id":"chatcmpl-1","object":"chat.completion.chunk","created":1,"model":"m","choices":[],"usage":{"prompt_tokens":12,"total_tokens":16,"completion_tokens":4}}\n\n' +
    'data: [DONE]\n\n';

  const llamacpp =
    ': ping - 2024-01-01 00:00:00\r\n\r\n' +
    'data: {"choices":[{"finish_reason":null,"index":0,"delta":{"role":"assistant","content":null}}],"created":1,"id":"chatcmpl-x","model":"gguf","system_fingerprint":"b4000-abc","object":"chat.completion.chunk"}\r\n\r\n' +
    'data: {"choices":[{"finish_reason":null,"index":0,"delta":{"content":"Grüß"}}],"created":1,"id":"chatcmpl-x","model":"gguf","system_fingerprint":"b4000-abc","object":"chat.completion.chunk"}\r\n\r\n' +
    'data: {"choices":[{"finish_reason":"stop","index":0,"delta":{}}],"created":1,"id":"chatcmpl-x","model":"gguf","system_fingerprint":"b4000-abc","object":"chat.completion.chunk","usage":{"completion_tokens":1,"prompt_tokens":5,"total_tokens":6},"timings":{"predicted_ms":1.5}}\r\n\r\n' +
    'data: [DONE]\r\n\r\n';

  it.each([
    { name: 'vLLM-style (LF)', stream: vllm, count: 6 },
    { name: 'llama.cpp-style (CRLF, keep-alive comment)', stream: llamacpp, count: 4 },
  ])('$name', ({ stream, count }) => {
    const whole = feed([stream]);
    expect(whole.events).toHaveLength(count);
    expect(whole.events.at(-1)).toBe('[DONE]');
    for (const e of whole.events.slice(0, -1)) expect(() => JSON.parse(e) as unknown).not.toThrow();
    expect(whole.pendingBytes).toBe(false);

    const bytes = bytewise(stream);
    const byByte = feed(bytes);
    expect(byByte).toEqual(whole);

    // Same stream with its terminator cut: the final event still comes out.
    const cut = feed([stream.replace(/\r?\n\r?\n$/, '\n')]);
    expect(cut.events).toEqual(whole.events);
  });

  it('keeps text with non-ASCII content intact through byte-at-a-time feeding', () => {
    const events = feed(bytewise(vllm)).events;
    expect(events[2]).toContain('" café ☕️"');
    expect(events[3]).toContain('" 😀"');
  });
});

describe('SseParser: reuse', () => {
  it('starts clean after end()', () => {
    const events: string[] = [];
    const p = new SseParser((d) => events.push(d));
    p.push(enc.encode('data: a\r'));
    expect(p.end()).toEqual({ pendingBytes: false });
    p.push(enc.encode('\ndata: b\n\n'));
    expect(p.end()).toEqual({ pendingBytes: false });
    // The LF after end() begins a new stream: it is a blank line, not half of a CRLF.
    expect(events).toEqual(['a', 'b']);
  });
});

describe('size caps', () => {
  function capped(parts: string[], maxLine: number, maxEvent: number): { events: string[]; overflow: string[] } {
    const events: string[] = [];
    const overflow: string[] = [];
    const p = new SseParser((d) => events.push(d), undefined, { maxLine, maxEvent, onOverflow: (m) => overflow.push(m) });
    for (const part of parts) p.push(enc.encode(part));
    p.end();
    return { events, overflow };
  }

  it('a line over the cap, whole or in pieces, is reported once and nothing after it is parsed', () => {
    expect(capped([`data: ${'x'.repeat(100)}\n\n`, 'data: after\n\n'], 64, 1000)).toEqual({ events: [], overflow: ['line over 64 bytes'] });
    expect(capped(['data: ok\n\ndata: ', ...Array.from({ length: 20 }, () => 'xxxxxxxx')], 64, 1000)).toEqual({ events: ['ok'], overflow: ['line over 64 bytes'] });
  });

  it('an event whose data lines together pass the cap is reported once', () => {
    const lines = Array.from({ length: 10 }, () => `data: ${'x'.repeat(30)}\n`).join('');
    expect(capped([lines, '\n'], 64, 200)).toEqual({ events: [], overflow: ['event over 200 bytes'] });
    expect(capped([`data: ${'x'.repeat(30)}\ndata: y\n\n`], 64, 200)).toEqual({ events: [`${'x'.repeat(30)}\ny`], overflow: [] });
  });
});
