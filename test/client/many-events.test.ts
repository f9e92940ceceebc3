// Issue 19, item 4: per-request state bounded in events, not only bytes. Each
// request's inter-token gaps used to be kept until the cell ended: ~60 MB per
// request of 2M one-character events, 2.68 GB at 40 requests. Now a request
// keeps its gaps exactly only while they are few and folds the rest into a
// histogram as they arrive, so what it keeps after it ends is O(1). The built
// CLI runs 40 such requests here; the full size (2M events each) is in the
// issue's closing note, the count below keeps the suite fast.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ResultDoc } from '../../src/result/types.js';
import { buildDist } from '../support/cli.js';
import { tempDir } from '../support/measure.js';

// 200k a request: the old per-request gap arrays alone held ~6 MB each (40 requests: ~240 MB) on top of the CLI itself; the full 2M case is MANY_EVENTS=2000000.
const EVENTS = Number(process.env.MANY_EVENTS ?? 200_000);
const REQUESTS = 40;
const SERVER = new URL('../support/hostile-server.mjs', import.meta.url).pathname;
const PINNED = join(process.cwd(), 'node_modules', 'node', 'bin', 'node');
const NODE = existsSync(PINNED) ? PINNED : process.execPath;
/** Loaded before the CLI: reports the process's peak RSS (KiB) as it exits. */
const PEAK = `data:text/javascript,process.on("exit",()=>process.stderr.write("\\nPEAK_RSS_KB "+process.resourceUsage().maxRSS+"\\n"))`;

let server: ChildProcess;
let url: string;
beforeAll(async () => {
  buildDist();
  server = spawn(process.execPath, [SERVER, 'chars', String(EVENTS)], { stdio: ['ignore', 'pipe', 'inherit'] });
  const first = await new Promise<string>((resolve) => createInterface({ input: server.stdout! }).once('line', resolve));
  url = `http://127.0.0.1:${(JSON.parse(first) as { port: number }).port}`;
});
afterAll(() => {
  server.kill('SIGKILL');
});

describe('a many-tiny-events stream (issue 19, item 4)', () => {
  it(`holds the CLI under 300 MB of RSS over ${REQUESTS} requests of ${EVENTS} one-character events`, async () => {
    const dir = await tempDir();
    const config = join(dir, 'chars.yml');
    await writeFile(
      config,
      [
        'version: 1',
        'target: { url: "http://127.0.0.1:9/unused" }',
        `run: { requests: ${REQUESTS}, warmup: 0, trials: 1, max_duration_s: 600 }`,
        'gate: { metrics: { ttft_ms.p95: { gate: false } } }',
        'scenarios: [{ name: s, input_tokens: 8, output_tokens: 8 }]',
        'loads: [{ concurrency: 4 }]',
        'telemetry: { enabled: false }',
        '',
      ].join('\n'),
    );
    const out = join(dir, 'chars.json');
    const child = spawn(NODE, ['--import', PEAK, join(process.cwd(), 'dist', 'cli.js'), 'run', '--config', config, '--url', url, '--out', out], {
      env: { ...process.env, CI: 'true' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(code, stderr).toBe(0);
    const peakMb = Number(/PEAK_RSS_KB (\d+)/.exec(stderr)![1]) / 1024;
    console.log(`${REQUESTS} x ${EVENTS} one-character events: peak RSS ${peakMb.toFixed(0)} MB`);
    expect(peakMb).toBeLessThan(300);
    const doc = JSON.parse(await readFile(out, 'utf8')) as ResultDoc;
    const m = doc.cells[0]!.metrics;
    expect(m.counts.completed).toBe(REQUESTS);
    // ITL is still every gap between chunks, pooled over requests.
    expect(m.itl_ms!.n).toBe(REQUESTS * (EVENTS - 1));
    expect(m.tokens.tokens_per_chunk_mean).toBeGreaterThan(0);
  }, 240_000);
});
