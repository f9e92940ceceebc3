// A ShareGPT file in vLLM's format runs as a dataset against the loopback
// server, and a run of 3 trials (warm-up included) sends no prompt twice.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { validateResult } from '../../src/result/validate.js';
import { startFakeServer, type FakeServer } from '../support/fake-server.js';
import { measure, tempDir } from '../support/measure.js';

let server: FakeServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

describe('a ShareGPT dataset', () => {
  it('runs, each request asking for its answer length, and 3 trials send no prompt twice', async () => {
    server = await startFakeServer({ ttftMs: 1, gapMs: 1 });
    const file = join(await tempDir(), 'ShareGPT_V3_sample.json');
    const entries = Array.from({ length: 60 }, (_, i) => ({
      id: `c${i}`,
      conversations: [
        { from: 'human', value: `Question ${i}: how would you explain topic number ${i} to a newcomer?` },
        { from: 'gpt', value: `Topic ${i} is best explained ${'step by step '.repeat(1 + (i % 5))}with examples.` },
      ],
    }));
    await writeFile(file, JSON.stringify(entries));
    const { doc } = await measure(server.url, {
      target: { api: 'chat' },
      run: { trials: 3, requests: 12, warmup: 2, max_duration_s: 60 },
      telemetry: { enabled: false },
      loads: [{ concurrency: 2 }],
      scenarios: [{ name: 'sharegpt', dataset: file, output_tokens: 16 }],
    });
    expect(validateResult(doc)).toEqual([]);
    expect(doc.cells[0]!.metrics.counts.completed).toBe(36);
    const got = server.requests.filter((r) => r.completionIndex !== null);
    expect(got).toHaveLength(42);
    const prompts = got.map((r) => r.body.messages[0].content as string);
    expect(new Set(prompts).size).toBe(42);
    // max_tokens is the answer's length (vLLM's output length), not output_tokens.
    const answers = new Map(entries.map((e) => [e.conversations[0]!.value, e.conversations[1]!.value]));
    for (const r of got) expect(answers.has(r.body.messages[0].content)).toBe(true);
    expect(new Set(got.map((r) => r.body.max_tokens)).size).toBeGreaterThan(1);
  });
});
