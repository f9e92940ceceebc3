// Differential check of the per-stream fast path in src/client/chunk.ts:
// createChunkInterpreter(api) must return exactly what interpretData(data, api)
// returns for every input, whatever the stream. Feeds it streams built from
// real server chunk shapes with hostile content (quotes, backslashes, escapes,
// control characters, surrogates, JSON fragments), random mutations and
// truncations, and compares every event.
//
//   npx node bench/client/fast-path-check.ts [cases]     (exit 1 on a mismatch)
import { isDeepStrictEqual } from 'node:util';
import { createChunkInterpreter, interpretData } from '../../src/client/chunk.ts';

type Api = 'chat' | 'completions';
const cases = Number(process.argv[2] ?? 20_000);

let seed = 12345;
const rnd = (): number => {
  seed = (seed * 1103515245 + 12345) & 0x7fffffff;
  return seed / 0x80000000;
};
const pick = <T>(a: readonly T[]): T => a[Math.floor(rnd() * a.length)]!;

const PIECES = [
  ' tok',
  'Hello',
  ' world',
  '"',
  '\\',
  '\\"',
  '\\\\',
  '\\n',
  '\\u0022',
  '\\u00',
  '\\x',
  '\n',
  '\t',
  '\u0000',
  '\u001f',
  '😀',
  '\ud83d',
  'é',
  '","finish_reason":"stop',
  '"},"x":{"content":"',
  '}]}',
  '{"content":"',
  'content',
  ':',
  ',',
  ' ',
  '\u2028',
  'null',
  '[DONE]',
];
function content(): string {
  let s = '';
  const n = Math.floor(rnd() * 4);
  for (let i = 0; i < n; i++) s += rnd() < 0.6 ? pick([' tok', ' a', 'b', ' the', '']) : pick(PIECES);
  return s;
}
/** JSON-encodes the text, or (sometimes) puts it in raw, which may be invalid JSON on purpose. */
function str(s: string): string {
  return rnd() < 0.85 ? JSON.stringify(s) : `"${s}"`;
}

const SHAPES: Array<(c: string, api: Api, id: string) => string> = [
  // vLLM
  (c, api, id) =>
    api === 'chat'
      ? `{"id":"${id}","object":"chat.completion.chunk","created":1700000000,"model":"m","choices":[{"index":0,"delta":{"content":${c}},"logprobs":null,"finish_reason":null}]}`
      : `{"id":"${id}","object":"text_completion","created":1700000000,"model":"m","choices":[{"index":0,"text":${c},"logprobs":null,"finish_reason":null,"stop_reason":null}]}`,
  // Python json.dumps spacing
  (c, api, id) =>
    api === 'chat'
      ? `{"id": "${id}", "choices": [{"index": 0, "delta": {"role": null, "content": ${c}}, "finish_reason": null}], "usage": null}`
      : `{"id": "${id}", "choices": [{"index": 0, "text": ${c}, "finish_reason": null}]}`,
  // llama.cpp: a field that changes every chunk
  (c, api, id) =>
    api === 'chat'
      ? `{"choices":[{"finish_reason":null,"index":0,"delta":{"content":${c}}}],"created":${Math.floor(rnd() * 3)},"id":"${id}","system_fingerprint":"b4000","object":"chat.completion.chunk"}`
      : `{"choices":[{"text":${c},"index":0,"finish_reason":null}],"created":${Math.floor(rnd() * 3)}}`,
  // reasoning, tool calls, duplicate keys, two choices, finish, usage, errors
  (c, _a, id) => `{"id":"${id}","choices":[{"index":0,"delta":{"content":${c},"reasoning_content":${str(content())}},"finish_reason":null}]}`,
  (c, _a, id) => `{"id":"${id}","choices":[{"index":0,"delta":{"content":${c},"tool_calls":[{"index":0,"function":{"arguments":${str(content())}}}]},"finish_reason":null}]}`,
  (c, _a, id) => `{"id":"${id}","choices":[{"index":0,"delta":{"content":"x","content":${c}},"finish_reason":null}]}`,
  (c, _a, id) => `{"id":"${id}","choices":[{"index":0,"delta":{"content":${c}},"finish_reason":null},{"index":1,"delta":{"content":${c}},"finish_reason":null}]}`,
  (c, api, id) => `{"id":"${id}","choices":[{"index":0,"delta":{"content":${c}},"text":${c},"finish_reason":${pick(['null', '"stop"', '"length"'])}}]${api === 'chat' ? '' : ''}}`,
  (c, _a, id) => `{"id":"${id}","choices":[],"usage":{"prompt_tokens":3,"completion_tokens":${c.length}}}`,
  (c, _a, id) => `{"id":"${id}","error":{"message":${c}}}`,
  () => '[DONE]',
];

function mutate(s: string): string {
  const r = rnd();
  if (r < 0.05) return s.slice(0, Math.floor(rnd() * s.length));
  if (r < 0.1) {
    const i = Math.floor(rnd() * s.length);
    return s.slice(0, i) + pick(PIECES) + s.slice(i + 1);
  }
  return s;
}

let compared = 0;
let failures = 0;
for (let k = 0; k < cases; k++) {
  const api: Api = rnd() < 0.75 ? 'chat' : 'completions';
  const interpret = createChunkInterpreter(api);
  const id = `chatcmpl-${Math.floor(rnd() * 1000)}`;
  const shape = pick(SHAPES);
  const n = 1 + Math.floor(rnd() * 30);
  for (let i = 0; i < n; i++) {
    // Mostly the stream's own shape, sometimes another one, sometimes mutated.
    const s = rnd() < 0.9 ? shape : pick(SHAPES);
    const data = mutate(s(str(rnd() < 0.05 ? '' : content() || ' tok'), api, id));
    const want = interpretData(data, api);
    const got = interpret(data);
    compared++;
    if (!isDeepStrictEqual(got, want)) {
      failures++;
      if (failures <= 10) console.error(`MISMATCH (${api}) on ${JSON.stringify(data)}\n  fast: ${JSON.stringify(got)}\n  slow: ${JSON.stringify(want)}`);
    }
  }
}

// The fast path must actually be taken on a plain stream.
{
  const interpret = createChunkInterpreter('chat');
  const mk = (c: string): string =>
    `{"id":"x","object":"chat.completion.chunk","created":1,"model":"m","choices":[{"index":0,"delta":{"content":${JSON.stringify(c)}},"logprobs":null,"finish_reason":null}]}`;
  interpret(mk('first'));
  const n = 100_000;
  const t = performance.now();
  for (let i = 0; i < n; i++) interpret(mk(i % 2 ? ' tok' : 'a"b\\c'));
  const fast = (performance.now() - t) / n;
  const t2 = performance.now();
  for (let i = 0; i < n; i++) interpretData(mk(i % 2 ? ' tok' : 'a"b\\c'), 'chat');
  const slow = (performance.now() - t2) / n;
  console.log(`per chunk: interpretData ${(slow * 1e6).toFixed(0)} ns, stream interpreter ${(fast * 1e6).toFixed(0)} ns (chunk building included in both)`);
}

console.log(`${compared} events compared, ${failures} mismatches`);
process.exit(failures === 0 ? 0 : 1);
