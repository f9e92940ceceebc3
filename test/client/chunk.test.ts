import { describe, expect, it } from 'vitest';
import { interpretData, interpretErrorField, type StreamEvent } from '../../src/client/chunk.js';
import type { ApiKind } from '../../src/config/plan.js';
import { SseParser } from '../../src/client/sse.js';

function chunk(over: Partial<Extract<StreamEvent, { kind: 'chunk' }>>): StreamEvent {
  return { kind: 'chunk', output: false, choices: true, text: '', usage: null, finishReason: null, systemFingerprint: null, ...over };
}

const j = (v: unknown): string => JSON.stringify(v);
const chat = (delta: unknown, extra: Record<string, unknown> = {}): string => j({ id: 'c', object: 'chat.completion.chunk', choices: [{ index: 0, delta, finish_reason: null }], ...extra });

describe('interpretData', () => {
  const cases: Array<{ name: string; api: ApiKind; data: string; want: StreamEvent }> = [
    { name: '[DONE]', api: 'chat', data: '[DONE]', want: { kind: 'done' } },
    { name: '[DONE] with stray whitespace', api: 'completions', data: ' [DONE] ', want: { kind: 'done' } },
    {
      name: 'role-only first delta with empty content is not output',
      api: 'chat',
      data: chat({ role: 'assistant', content: '' }),
      want: chunk({}),
    },
    {
      name: 'role-only first delta with null content is not output',
      api: 'chat',
      data: chat({ role: 'assistant', content: null }),
      want: chunk({}),
    },
    { name: 'content delta', api: 'chat', data: chat({ content: 'Hello' }), want: chunk({ output: true, text: 'Hello' }) },
    {
      name: 'reasoning_content delta',
      api: 'chat',
      data: chat({ content: null, reasoning_content: 'Let me think' }),
      want: chunk({ output: true, text: 'Let me think' }),
    },
    { name: 'reasoning delta', api: 'chat', data: chat({ reasoning: 'Hmm' }), want: chunk({ output: true, text: 'Hmm' }) },
    {
      name: 'reasoning and reasoning_content with the same text count once',
      api: 'chat',
      data: chat({ reasoning: 'Hmm', reasoning_content: 'Hmm' }),
      want: chunk({ output: true, text: 'Hmm' }),
    },
    { name: 'empty reasoning is not output', api: 'chat', data: chat({ reasoning_content: '', reasoning: '' }), want: chunk({}) },
    {
      name: 'content and reasoning in one delta',
      api: 'chat',
      data: chat({ reasoning_content: 'r', content: 'c' }),
      want: chunk({ output: true, text: 'cr' }),
    },
    {
      name: 'first tool-call delta (name, empty arguments)',
      api: 'chat',
      data: chat({
        tool_calls: [{ index: 0, id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '' } }],
      }),
      want: chunk({ output: true, text: 'get_weather' }),
    },
    {
      name: 'tool-call arguments delta',
      api: 'chat',
      data: chat({ tool_calls: [{ index: 0, function: { arguments: '{"city": "Par' } }] }),
      want: chunk({ output: true, text: '{"city": "Par' }),
    },
    { name: 'empty tool_calls array is not output', api: 'chat', data: chat({ tool_calls: [] }), want: chunk({}) },
    { name: 'null tool_calls is not output', api: 'chat', data: chat({ content: '', tool_calls: null }), want: chunk({}) },
    {
      name: 'finish chunk with empty delta',
      api: 'chat',
      data: j({ choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] }),
      want: chunk({ finishReason: 'stop' }),
    },
    {
      name: 'finish chunk without delta',
      api: 'chat',
      data: j({ choices: [{ index: 0, finish_reason: 'length' }] }),
      want: chunk({ finishReason: 'length' }),
    },
    {
      name: 'last non-null finish_reason among choices',
      api: 'chat',
      data: j({
        choices: [
          { index: 0, delta: { content: 'a' }, finish_reason: 'stop' },
          { index: 1, delta: { content: 'b' }, finish_reason: 'length' },
          { index: 2, delta: {}, finish_reason: null },
        ],
      }),
      want: chunk({ output: true, text: 'ab', finishReason: 'length' }),
    },
    {
      name: 'usage-only last chunk',
      api: 'chat',
      data: j({ id: 'c', choices: [], usage: { prompt_tokens: 12, completion_tokens: 40, total_tokens: 52 } }),
      want: chunk({ choices: false, usage: { promptTokens: 12, completionTokens: 40 } }),
    },
    {
      name: 'usage: null means no usage',
      api: 'chat',
      data: chat({ content: 'x' }, { usage: null }),
      want: chunk({ output: true, text: 'x' }),
    },
    {
      name: 'usage with a field missing or malformed',
      api: 'completions',
      data: j({ choices: [], usage: { prompt_tokens: 'many', completion_tokens: 3 } }),
      want: chunk({ choices: false, usage: { promptTokens: null, completionTokens: 3 } }),
    },
    {
      name: 'missing choices is tolerated',
      api: 'chat',
      data: j({ id: 'c', usage: { prompt_tokens: 1, completion_tokens: 2 } }),
      want: chunk({ choices: false, usage: { promptTokens: 1, completionTokens: 2 } }),
    },
    {
      name: 'system_fingerprint and usage on a content chunk (llama.cpp)',
      api: 'chat',
      data: j({
        choices: [{ index: 0, delta: { content: '!' }, finish_reason: 'stop' }],
        system_fingerprint: 'b4000-abc',
        usage: { completion_tokens: 7, prompt_tokens: 5, total_tokens: 12 },
      }),
      want: chunk({
        output: true,
        text: '!',
        finishReason: 'stop',
        systemFingerprint: 'b4000-abc',
        usage: { promptTokens: 5, completionTokens: 7 },
      }),
    },
    {
      name: 'completions text',
      api: 'completions',
      data: j({ object: 'text_completion', choices: [{ index: 0, text: ' world', finish_reason: null }] }),
      want: chunk({ output: true, text: ' world' }),
    },
    {
      name: 'completions empty text with finish_reason',
      api: 'completions',
      data: j({ choices: [{ index: 0, text: '', finish_reason: 'length' }] }),
      want: chunk({ finishReason: 'length' }),
    },
    {
      name: 'completions api ignores chat deltas',
      api: 'completions',
      data: chat({ content: 'x' }),
      want: chunk({}),
    },
    {
      name: 'chat api ignores completions text',
      api: 'chat',
      data: j({ choices: [{ index: 0, text: 'x' }] }),
      want: chunk({}),
    },
    {
      name: 'error object (llama.cpp / vLLM)',
      api: 'chat',
      data: j({ error: { code: 500, message: 'CUDA out of memory', type: 'server_error' } }),
      want: { kind: 'error', message: 'CUDA out of memory' },
    },
    {
      name: 'error string (TGI)',
      api: 'chat',
      data: j({ error: 'Input validation error', error_type: 'validation' }),
      want: { kind: 'error', message: 'Input validation error' },
    },
    {
      name: 'error object nested once more',
      api: 'chat',
      data: j({ error: { error: { message: 'inner', code: 400 } } }),
      want: { kind: 'error', message: 'inner' },
    },
    {
      name: 'error object without message',
      api: 'chat',
      data: j({ error: { code: 503 } }),
      want: { kind: 'error', message: '{"code":503}' },
    },
    {
      name: 'bare vLLM error body',
      api: 'completions',
      data: j({ object: 'error', message: 'bad', type: 'BadRequestError', code: 400 }),
      want: { kind: 'error', message: 'bad' },
    },
    {
      name: 'error: null is a normal chunk',
      api: 'chat',
      data: chat({ content: 'x' }, { error: null }),
      want: chunk({ output: true, text: 'x' }),
    },
  ];

  it.each(cases)('$name', ({ data, api, want }) => {
    expect(interpretData(data, api)).toEqual(want);
  });

  const invalid: Array<{ name: string; data: string; mention: string }> = [
    { name: 'not JSON', data: 'hello world', mention: 'not JSON' },
    { name: 'truncated JSON', data: '{"choices":[{"delta":', mention: 'not JSON' },
    { name: 'empty data', data: '', mention: 'not JSON' },
    { name: 'JSON array', data: '[1,2]', mention: 'not a JSON object' },
    { name: 'JSON string', data: '"text"', mention: 'not a JSON object' },
    { name: 'JSON null', data: 'null', mention: 'not a JSON object' },
    { name: 'choices is an object', data: j({ choices: { 0: { delta: { content: 'x' } } } }), mention: 'choices' },
    { name: 'choices is a string', data: j({ choices: 'x' }), mention: 'choices' },
    { name: 'choice is not an object', data: j({ choices: [42] }), mention: 'choice' },
    { name: 'delta is a string', data: j({ choices: [{ delta: 'hi' }] }), mention: 'delta' },
  ];

  it.each(invalid)('invalid: $name', ({ data, mention }) => {
    const e = interpretData(data, 'chat');
    expect(e.kind).toBe('invalid');
    if (e.kind !== 'invalid') return;
    expect(e.message).toContain(mention);
    expect(e.message).toContain(JSON.stringify(data.slice(0, 20)).slice(1, -1));
  });

  it('quotes at most 80 characters of a long bad payload', () => {
    const data = 'x'.repeat(500);
    const e = interpretData(data, 'chat');
    expect(e.kind).toBe('invalid');
    if (e.kind !== 'invalid') return;
    expect(e.message).toContain('x'.repeat(79));
    expect(e.message).not.toContain('x'.repeat(81));
    expect(e.message.length).toBeLessThan(140);
  });

  it('keeps 300 characters of a long error message, marks the cut with its length, and splits no emoji', () => {
    const long = interpretData(j({ error: { message: 'm'.repeat(1000) } }), 'chat');
    expect(long.kind).toBe('error');
    if (long.kind !== 'error') return;
    expect(long.message).toBe(`${'m'.repeat(300)}…[cut: 300 of 1000 characters]`);

    const emoji = interpretData(j({ error: 'a'.repeat(298) + '😀'.repeat(10) }), 'chat');
    if (emoji.kind !== 'error') throw new Error('expected error');
    expect(emoji.message).toMatch(/^a{298}😀…\[cut: 300 of 318 characters\]$/u);
    // A lone surrogate would not survive a UTF-8 round trip.
    expect(new TextDecoder().decode(new TextEncoder().encode(emoji.message))).toBe(emoji.message);
  });

  it('keeps a 300-character message whole', () => {
    const msg = 'e'.repeat(300);
    expect(interpretData(j({ error: msg }), 'chat')).toEqual({ kind: 'error', message: msg });
  });
});

describe('interpretErrorField', () => {
  it.each([
    { name: 'llama.cpp error object', value: '{"code":400,"message":"exceeds context","type":"exceed_context_size_error"}', message: 'exceeds context' },
    { name: 'wrapped error object', value: '{"error":{"message":"wrapped"}}', message: 'wrapped' },
    { name: 'JSON string', value: '"plain"', message: 'plain' },
    { name: 'not JSON', value: 'something broke', message: 'something broke' },
  ])('$name', ({ value, message }) => {
    expect(interpretErrorField(value)).toEqual({ kind: 'error', message });
  });
});

describe('SseParser + interpretData on whole streams', () => {
  function run(stream: string, api: ApiKind, byteAtATime: boolean): StreamEvent[] {
    const out: StreamEvent[] = [];
    const p = new SseParser(
      (d) => out.push(interpretData(d, api)),
      (v) => out.push(interpretErrorField(v)),
    );
    const bytes = new TextEncoder().encode(stream);
    if (byteAtATime) for (let i = 0; i < bytes.length; i++) p.push(bytes.subarray(i, i + 1));
    else p.push(bytes);
    p.end();
    return out;
  }

  const vllm = [
    chat({ role: 'assistant', content: '' }),
    chat({ reasoning_content: 'Thinking…' }),
    chat({ content: 'Voilà 🎉' }),
    j({ choices: [{ index: 0, delta: { content: '' }, finish_reason: 'stop' }] }),
    j({ choices: [], usage: { prompt_tokens: 9, completion_tokens: 3, total_tokens: 12 } }),
    '[DONE]',
  ]
    .map((d) => `data: ${d}\n\n`)
    .join('');

  const vllmWant: StreamEvent[] = [
    chunk({}),
    chunk({ output: true, text: 'Thinking…' }),
    chunk({ output: true, text: 'Voilà 🎉' }),
    chunk({ finishReason: 'stop' }),
    chunk({ choices: false, usage: { promptTokens: 9, completionTokens: 3 } }),
    { kind: 'done' },
  ];

  it.each([false, true])('vLLM-style chat stream (byte at a time: %s)', (byteAtATime) => {
    expect(run(vllm, 'chat', byteAtATime)).toEqual(vllmWant);
  });

  it('error event after normal chunks', () => {
    const stream = `data: ${chat({ content: 'a' })}\n\n` + `data: ${chat({ content: 'b' })}\n\n` + `data: ${j({ error: { message: 'engine died', code: 500 } })}\n\n`;
    const byByte = run(stream, 'chat', true);
    expect(byByte).toEqual([chunk({ output: true, text: 'a' }), chunk({ output: true, text: 'b' }), { kind: 'error', message: 'engine died' }]);
    expect(run(stream, 'chat', false)).toEqual(byByte);
  });

  it('llama.cpp `error:` line after normal chunks', () => {
    const stream = `data: ${chat({ content: 'a' })}\r\n\r\n` + 'error: {"code":500,"message":"slot failed","type":"server_error"}\r\n\r\n';
    expect(run(stream, 'chat', true)).toEqual([chunk({ output: true, text: 'a' }), { kind: 'error', message: 'slot failed' }]);
  });

  it('completions stream ending without a blank line after [DONE]', () => {
    const stream =
      `data: ${j({ choices: [{ index: 0, text: 'Hi', finish_reason: null }] })}\n\n` +
      `data: ${j({ choices: [{ index: 0, text: '!', finish_reason: 'length' }], usage: { prompt_tokens: 3, completion_tokens: 2 } })}\n\n` +
      'data: [DONE]\n';
    const want: StreamEvent[] = [chunk({ output: true, text: 'Hi' }), chunk({ output: true, text: '!', finishReason: 'length', usage: { promptTokens: 3, completionTokens: 2 } }), { kind: 'done' }];
    expect(run(stream, 'completions', false)).toEqual(want);
    expect(run(stream, 'completions', true)).toEqual(want);
  });
});
