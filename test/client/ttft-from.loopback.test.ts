// target.ttft_from: first_chunk stamps TTFT as vLLM's bench serve does, at the
// first chunk with choices: in a chat stream the role-only chunk a server
// sends before any token. The wait for the first token then falls into TPOT
// and ITL, as it does in vLLM's figures (docs/metrics.md, "Beside vLLM,
// AIPerf and guidellm"); the result records the choice, and a comparison of
// sides stamped differently is invalid.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gatePlan } from '../../bench/gate/study.js';
import { compare } from '../../src/gate/compare.js';
import type { ResultDoc } from '../../src/result/types.js';
import { startFakeServer, type FakeServer } from '../support/fake-server.js';
import { measure, oneCell } from '../support/measure.js';

/** The fake server sends the role chunk at once, then the first token after TTFT_MS and one every GAP_MS. */
const TTFT_MS = 150;
const GAP_MS = 4;
const OUTPUT = 8;

let server: FakeServer;
beforeAll(async () => {
  server = await startFakeServer({ ttftMs: TTFT_MS, gapMs: GAP_MS, roleChunk: true });
});
afterAll(() => server.close());

const run = async (ttftFrom?: 'output' | 'first_chunk'): Promise<ResultDoc> => {
  const config = oneCell({ concurrency: 2 }, { requests: 8, output: OUTPUT });
  if (ttftFrom !== undefined) (config.target as Record<string, unknown>).ttft_from = ttftFrom;
  return (await measure(server.url, config)).doc;
};

describe('target.ttft_from', () => {
  let output: ResultDoc;
  let chunk: ResultDoc;
  beforeAll(async () => {
    output = await run();
    chunk = await run('first_chunk');
  });

  it("first_chunk: TTFT is the role chunk's milliseconds; the wait for the first token moves into TPOT and ITL", () => {
    const a = output.cells[0]!.metrics;
    const b = chunk.cells[0]!.metrics;
    expect(a.counts.completed).toBe(8);
    expect(b.counts.completed).toBe(8);
    // Default: the first token, after the server's TTFT_MS.
    expect(a.ttft_ms!.p50!).toBeGreaterThanOrEqual(TTFT_MS - 5);
    // First chunk: the role chunk, sent as soon as the request was read.
    expect(b.ttft_ms!.p50!).toBeLessThan(TTFT_MS / 2);
    // TPOT spans from the stamp to the last token over N - 1: the wait for the first token is spread over 7 tokens.
    expect(b.tpot_ms!.p50! - a.tpot_ms!.p50!).toBeGreaterThan((TTFT_MS * 0.6) / (OUTPUT - 1));
    // ITL gains one gap per request (the role chunk to the first token), 1 in 8 of the gaps.
    expect(b.itl_ms!.n).toBe(a.itl_ms!.n + 8);
    expect(a.itl_ms!.max).toBeLessThan(TTFT_MS / 2);
    expect(b.itl_ms!.max).toBeGreaterThanOrEqual(TTFT_MS / 2);
    // E2E is the same measure either way.
    expect(Math.abs(b.e2e_ms!.p50! - a.e2e_ms!.p50!)).toBeLessThan(TTFT_MS / 2);
  });

  it('the result records the choice; the default leaves the config (and its hash) as before', async () => {
    expect(chunk.config.target.ttft_from).toBe('first_chunk');
    expect('ttft_from' in output.config.target).toBe(false);
    const explicit = await run('output');
    expect(explicit.config_hash).toBe(output.config_hash);
  });

  it('a comparison of sides stamped differently is invalid, naming the field', () => {
    const v = compare(output, chunk, gatePlan({ bootstrap_iterations: 200 }));
    expect(v.verdict).toBe('invalid');
    expect(v.cells[0]!.invalid_reasons.join('\n')).toContain('TTFT stamped at different events (target.ttft_from: output in the baseline, first_chunk in the candidate)');
  });
});
