// An event is stamped with the arrival of the socket read that completed it,
// not with the moment the client finished parsing it: the parse of a large
// event (or of the events before it in the same read) is the client's time,
// not the server's, and must not show up as latency or as an inter-token gap.
import { performance } from 'node:perf_hooks';
import type { Pool } from 'undici';
import { describe, expect, it } from 'vitest';
import { outcomeOf, StreamCall } from '../../src/client/stream-call.js';

const LIMITS = { lineBytes: 1 << 22, eventBytes: 1 << 22, responseBytes: 1 << 27 };
const controller = { abort: (): void => undefined };

/** A call whose handler the test drives by hand, as undici would: run() on a pool that only accepts the dispatch. */
function started(count: (text: string) => number): { call: StreamCall; done: Promise<unknown> } {
  const call = new StreamCall('chat', LIMITS, count);
  const pool = { dispatch: (): boolean => true } as unknown as Pool;
  const done = call.run(pool, { method: 'POST', path: '/v1/chat/completions' }, 60_000);
  call.onResponseStart(controller, 200, { 'content-type': 'text/event-stream' });
  return { call, done };
}

function chunk(content: string): string {
  return `data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', choices: [{ index: 0, delta: { content }, finish_reason: null }] })}\n\n`;
}

describe('StreamCall stamps', () => {
  it('stamps every event a read completes with that read, however long they take to parse', async () => {
    const { call, done } = started((t) => t.length);
    // A small event, then a 400 KB one whose JSON parse alone takes about a millisecond.
    const read = Buffer.from(chunk('a') + chunk(' "x"'.repeat(100_000)));
    const before = performance.now();
    call.onResponseData(controller, read);
    const after = performance.now();
    call.onResponseData(controller, Buffer.from('data: {"choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}\n\ndata: [DONE]\n\n'));
    call.onResponseEnd();
    expect(await done).toBeNull();
    const outcome = outcomeOf(call, null, false, 1, before, after);
    expect(outcome.failure).toBeNull();
    expect(outcome.outputEvents).toBe(2);
    expect(outcome.gaps).toEqual([0]);
    expect(outcome.tFirst).toBe(outcome.tLast);
    expect(outcome.tFirst!).toBeGreaterThanOrEqual(before);
    // Taken before the parse: well inside the read's handling, not at its end.
    expect(outcome.tFirst! - before).toBeLessThan((after - before) / 2);
  });

  it('counts no token on the client when the server reports usage for an answer of 1,500 characters', async () => {
    let calls = 0;
    const { call, done } = started((t) => {
      calls++;
      return t.length;
    });
    for (let i = 0; i < 300; i++) call.onResponseData(controller, Buffer.from(chunk(' word')));
    call.onResponseData(controller, Buffer.from('data: {"choices":[],"usage":{"prompt_tokens":3,"completion_tokens":300}}\n\ndata: [DONE]\n\n'));
    call.onResponseEnd();
    expect(await done).toBeNull();
    const outcome = outcomeOf(call, null, false, 3, 0, 1);
    expect(outcome.nOut).toBe(300);
    expect(outcome.tokenSource).toBe('server');
    expect(calls).toBe(0);
  });
});
