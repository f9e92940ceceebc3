// The workload examples on a real engine: examples/mixed-lengths.yml (length
// distributions) and examples/trace-replay.yml (a Mooncake and an Azure
// trace at their timestamps), run by the built CLI against the embedded
// engine as a user runs them.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ResultDoc } from '../../src/result/types.js';
import { validateResult } from '../../src/result/validate.js';
import { buildDist, cli } from '../support/cli.js';
import { tempDir } from '../support/measure.js';
import { serveEmbedded, type Served } from './support.js';

let engine: Served;

beforeAll(async () => {
  buildDist();
  engine = await serveEmbedded(['--parallel', '4', '--ctx', '2048']);
}, 120_000);

afterAll(async () => {
  if (engine && engine.child.exitCode === null) await engine.stop();
});

async function runExample(file: string): Promise<{ code: number | null; stderr: string; doc: ResultDoc }> {
  const out = join(await tempDir(), 'result.json');
  const ran = await cli(['run', '--config', file, '--url', engine.url, '--out', out]);
  return { code: ran.code, stderr: ran.stderr, doc: JSON.parse(await readFile(out, 'utf8')) as ResultDoc };
}

function expectClean(doc: ResultDoc): void {
  expect(validateResult(doc)).toEqual([]);
  expect(doc.status).toBe('complete');
  for (const cell of doc.cells) {
    expect(cell.metrics.errors, cell.id).toEqual({});
    expect(cell.status, cell.id).toBe('complete');
  }
}

describe('workload examples on the embedded engine', () => {
  it('examples/mixed-lengths.yml: drawn lengths, the same in every cell of a scenario, each honoured by the server', async () => {
    const { code, stderr, doc } = await runExample('examples/mixed-lengths.yml');
    expect(code, stderr).toBe(0);
    expectClean(doc);
    expect(doc.cells.map((c) => c.id)).toEqual(['chat-like@c=2', 'chat-like@r=4/s', 'mixed@c=2', 'mixed@r=4/s']);
    for (const cell of doc.cells) {
      expect(cell.metrics.counts.completed).toBe(24);
      const l = cell.lengths!;
      expect(l.input_tokens!.max, cell.id).toBeLessThanOrEqual(448);
      expect(l.output_tokens.max, cell.id).toBeLessThanOrEqual(48);
      // fixed_output: every response as long as its own max_tokens, whatever it was.
      expect(cell.metrics.tokens.output_honoured, cell.id).toBe(1);
      expect(cell.metrics.tokens.output_mean, cell.id).toBeCloseTo(l.output_tokens.mean, 0);
    }
    expect(doc.cells[1]!.lengths).toEqual(doc.cells[0]!.lengths);
    expect(doc.cells[3]!.lengths).toEqual(doc.cells[2]!.lengths);
    expect(doc.cells[2]!.lengths!.input_tokens!.p50).toBe(48);
    expect(doc.cells[2]!.lengths!.input_tokens!.max).toBe(400);
  }, 300_000);

  it('examples/trace-replay.yml: both traces replayed whole, on time, at their lengths', async () => {
    const { code, stderr, doc } = await runExample('examples/trace-replay.yml');
    expect(code, stderr).toBe(0);
    expectClean(doc);
    expect(doc.cells.map((c) => c.id)).toEqual(['mooncake@trace', 'azure@trace']);
    for (const cell of doc.cells) {
      expect(cell.load).toMatchObject({ kind: 'rate', label: 'trace', arrival: 'trace' });
      expect(cell.metrics.counts.completed).toBe(40);
      expect(cell.scenario.trace).toMatchObject({ requests: 40, sha256: expect.stringMatching(/^[0-9a-f]{64}$/) });
      // Generous for a loaded 2-core machine running the engine beside the client.
      expect(cell.lateness_ms!.p99, cell.id).toBeLessThan(50);
      expect(cell.metrics.tokens.output_honoured, cell.id).toBe(1);
    }
    // The generator's figures for the two files (docs/workloads.md).
    expect(doc.cells[0]!.lengths).toEqual({ input_tokens: { mean: 162.2, p50: 141, p90: 265, max: 375 }, output_tokens: { mean: 13.7, p50: 13, p90: 20, max: 31 } });
    expect(doc.cells[1]!.lengths!.input_tokens).toEqual({ mean: 146.175, p50: 130, p90: 218, max: 351 });
  }, 300_000);
});
