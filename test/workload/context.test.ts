// The server's stated context length, read from /v1/models entries, against
// the planned requests' prompt + max_tokens.
import { describe, expect, it } from 'vitest';
import { contextLimit } from '../../src/client/models.js';
import { contextOverflow, contextOverflowNote } from '../../src/workload/context.js';

describe("the server's context length", () => {
  it("is read from the served model's entry: max_model_len (vLLM, SGLang, the embedded engine), then context_length, context_window", () => {
    const vllm = [
      { id: 'a', object: 'model', max_model_len: 8192 },
      { id: 'b', max_model_len: 4096 },
    ];
    expect(contextLimit(vllm, 'b')).toEqual({ tokens: 4096, field: 'max_model_len' });
    expect(contextLimit(vllm, 'c')).toBeNull();
    expect(contextLimit([{ id: 'x', context_length: 32768 }], 'other-name')).toEqual({ tokens: 32768, field: 'context_length' });
    expect(contextLimit([{ id: 'x', context_window: 1000, max_model_len: 2000 }], 'x')).toEqual({ tokens: 2000, field: 'max_model_len' });
    // Not a positive integer: not a limit.
    for (const v of ['8192', 0, -1, 1.5, null, 1e300]) expect(contextLimit([{ id: 'x', max_model_len: v }], 'x')).toBeNull();
    expect(contextLimit([], 'x')).toBeNull();
  });

  it('counts the planned requests over it and says so, with the field that stated it', () => {
    const items = [
      { prompt: '', inputTokens: 6000, maxTokens: 500 },
      { prompt: '', inputTokens: 7900, maxTokens: 300 },
      { prompt: '', inputTokens: 9000, maxTokens: 10 },
      { prompt: '', inputTokens: 100, maxTokens: 8092 },
    ];
    const o = contextOverflow(items, 8192);
    expect(o).toEqual({ over: 2, promptOver: 1, planned: 4, largest: 9010 });
    expect(contextOverflowNote('chat@trace', '[candidate] ', o, { tokens: 8192, field: 'max_model_len' })).toBe(
      "[candidate] chat@trace: 2 of 4 planned requests (50%) ask for more than the server's context length, 8192 tokens (max_model_len in /v1/models), in prompt + max_tokens, 1 of them by the prompt alone; the largest asks for 9010. The server will refuse them (they count as failed requests): shorten the window or lengths, or serve a longer context. Prompts are counted in the config's tokenizer, the server's may differ.",
    );
    expect(contextOverflowNote('c', '', contextOverflow(items.slice(0, 1), 8192), { tokens: 8192, field: 'max_model_len' })).toBeNull();
  });
});

describe('served prompt lengths against asked ones', () => {
  it('means over the requests the server counted; a note only beyond 3%', async () => {
    const { servedLengths, servedLengthNote, SERVED_LENGTH_TOLERANCE } = await import('../../src/workload/served-lengths.js');
    expect(SERVED_LENGTH_TOLERANCE).toBe(0.03);
    expect(servedLengths([])).toBeNull();
    expect(servedLengths([{ asked: 100, served: null }])).toBeNull();
    const s = servedLengths([
      { asked: 100, served: 154 },
      { asked: 300, served: 474 },
      { asked: 50, served: null },
    ]);
    expect(s).toEqual({ requests: 2, askedMean: 200, servedMean: 314, ratio: 1.57 });
    expect(servedLengthNote('c', '[baseline] ', s, 'completions')).toMatch(
      /^\[baseline\] c: the server counted 314 prompt tokens a request on average \(usage\.prompt_tokens, 2 requests\) where 200 were asked \(1\.57x\): the server's tokenizer differs from the config's\. /,
    );
    // 3% either way is the same workload as far as this goes; just past it is not.
    expect(servedLengthNote('c', '', servedLengths([{ asked: 1000, served: 1030 }]), 'chat')).toBeNull();
    expect(servedLengthNote('c', '', servedLengths([{ asked: 1000, served: 970 }]), 'chat')).toBeNull();
    expect(servedLengthNote('c', '', servedLengths([{ asked: 1000, served: 1031 }]), 'chat')).not.toBeNull();
    expect(servedLengthNote('c', '', servedLengths([{ asked: 1000, served: 969 }]), 'chat')).not.toBeNull();
  });
});
