// Issue 19, item 5: a hostile nvidia-smi through the built CLI. A flood of
// output without a newline used to be re-split on every read (TTFT p50 of
// seconds against a 20 ms server, the watchdog never firing) and to grow
// until writeResult threw (exit 70, everything measured lost). Now the
// sampler is stopped with a note, the run exits 0, the result stays small and
// the client's TTFT stays near the one measured without nvidia-smi.
import { readFile, stat, writeFile } from 'node:fs/promises';
import { delimiter, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ResultDoc } from '../../src/result/types.js';
import { buildDist, cli } from '../support/cli.js';
import { startFakeServer, type FakeServer } from '../support/fake-server.js';
import { tempDir } from '../support/measure.js';
import { FAKE_SMI_DIR } from './metrics-fixtures.js';

let server: FakeServer;
let dir: string;
beforeAll(async () => {
  buildDist();
  server = await startFakeServer();
  dir = await tempDir();
});
afterAll(async () => {
  await server.close();
});

const CONFIG = [
  'version: 1',
  'target: { url: "http://127.0.0.1:9/never-used" }',
  'run: { requests: 16, warmup: 2, trials: 1, max_duration_s: 20 }',
  'gate: { metrics: { ttft_ms.p95: { gate: false } } }',
  'scenarios:',
  '  - { name: s, input_tokens: 16, output_tokens: 12 }',
  'loads:',
  '  - concurrency: 2',
  'telemetry: { max_neighbour_cpu_share: 1, gpu_interval_ms: 100, scrape_interval_ms: 200 }',
  '',
].join('\n');

async function run(name: string, env: NodeJS.ProcessEnv): Promise<{ doc: ResultDoc; bytes: number; code: number | null; output: string }> {
  const config = join(dir, `${name}.yml`);
  await writeFile(config, CONFIG);
  const out = join(dir, `${name}.json`);
  const ran = await cli(['run', '--config', config, '--url', server.url, '--out', out], { env });
  return { doc: JSON.parse(await readFile(out, 'utf8')) as ResultDoc, bytes: (await stat(out)).size, code: ran.code, output: ran.stdout + ran.stderr };
}

describe('a flooding nvidia-smi in a run (issue 19, item 5)', () => {
  it('is stopped and noted; the run exits 0, its result stays small and TTFT is unaffected', async () => {
    const path = (process.env.PATH ?? '')
      .split(delimiter)
      .filter((d) => !d.includes('nvidia'))
      .join(delimiter);
    const quiet = await run('quiet', { PATH: path });
    expect(quiet.code, quiet.output).toBe(0);
    const flood = await run('flood', { PATH: `${FAKE_SMI_DIR}${delimiter}${path}`, FAKE_SMI_MODE: 'flood' });
    expect(flood.code, flood.output).toBe(0);
    expect(flood.doc.status).toBe('complete');
    const gpu = flood.doc.cells[0]!.telemetry!.gpu;
    expect(gpu.status).toBe('died');
    expect(gpu.message).toMatch(/more than 64 GPUs' readings could take; stopped/);
    expect(flood.bytes).toBeLessThan(quiet.bytes + 20_000);
    const p50 = (d: ResultDoc): number => d.cells[0]!.metrics.ttft_ms!.p50!;
    // The server answers in 20 ms; a shared CI machine may add some, a parse stall added seconds.
    expect(p50(flood.doc)).toBeLessThan(Math.max(3 * p50(quiet.doc), p50(quiet.doc) + 50));
  });
});
