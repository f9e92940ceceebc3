// Result files crafted by a fork: each is refused at read time, naming the
// field, in bounded time; `compare` exits 2 (never 1, the failed-gate status)
// and prints no stack trace.
import { deflateSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { notGateable, parseResult, readResultForGating } from '../../src/result/read.js';
import { ResultFileError } from '../../src/errors/result-file-error.js';
import { checkHistogram } from '../../src/result/histogram-check.js';
import { buildDist, cli } from '../support/cli.js';
import { craftedResult, wideHistogram, writeJson } from '../support/crafted.js';
import { startFakeServer } from '../support/fake-server.js';
import { measure, oneCell, tempDir } from '../support/measure.js';
import { syntheticResult } from '../support/synthetic.js';

const parse = (doc: unknown): unknown => parseResult(JSON.stringify(doc), 'crafted.json');

describe('reading an untrusted result', () => {
  it('accepts a genuine result, histograms and samples included', () => {
    expect(() => parse(syntheticResult('genuine'))).not.toThrow();
  });

  it('accepts what a real multi-trial run against a loopback server wrote', async () => {
    const server = await startFakeServer({ ttftMs: 5, gapMs: 1 });
    try {
      const { outPath } = await measure(server.url, oneCell({ concurrency: 2 }, { requests: 12, trials: 2, output: 8 }));
      await expect(readResultForGating(outPath)).resolves.toMatchObject({ status: 'complete' });
    } finally {
      await server.close();
    }
  });

  it('refuses a histogram that does not decode, naming the field', () => {
    const doc = craftedResult((d) => (d.cells[0]!.metrics.ttft_ms!.hist = 'AAAAAAAAAAAAAAAA'));
    expect(() => parse(doc)).toThrow(/crafted\.json: .*\/cells\/0\/metrics\/ttft_ms\/hist: not a compressed HdrHistogram/);
  });

  it('refuses a 5-digit histogram at once instead of walking its millions of buckets', () => {
    const wide = wideHistogram();
    expect(wide.length).toBeLessThan(80);
    const doc = craftedResult((d) => (d.cells[0]!.trials[1]!.metrics.e2e_ms!.hist = wide));
    const t0 = performance.now();
    expect(() => parse(doc)).toThrow(/\/cells\/0\/trials\/1\/metrics\/e2e_ms\/hist: 5 significant digits, this tool writes 3/);
    // Generous: the check reads 40 header bytes; the walk it prevents took 106 s.
    expect(performance.now() - t0).toBeLessThan(2000);
  });

  it('refuses a histogram whose count is not the summary n, or whose top is not max', () => {
    const other = syntheticResult('other').cells[0]!.metrics.tpot_ms!.hist;
    const swapped = craftedResult((d) => (d.cells[0]!.metrics.ttft_ms!.hist = d.cells[0]!.metrics.e2e_ms!.hist));
    expect(() => parse(swapped)).toThrow(/\/cells\/0\/metrics\/ttft_ms\/hist: its highest value .* is not max/);
    const fewer = craftedResult((d) => {
      const t = d.cells[0]!.metrics.tpot_ms!;
      t.hist = other;
      t.n += 1;
    });
    expect(() => parse(fewer)).toThrow(/\/cells\/0\/metrics\/tpot_ms\/hist: holds \d+ values but n is \d+/);
  });

  it('refuses pooled figures that disagree with the stored samples', () => {
    const doc = craftedResult((d) => d.cells[0]!.metrics.samples.e2e_ms.pop());
    expect(() => parse(doc)).toThrow(/\/cells\/0\/metrics\/e2e_ms: n is \d+ but samples\/e2e_ms holds \d+ values/);
  });

  it('refuses a pooled figure its trials do not add up to (a row would mix two data sets)', () => {
    const doc = craftedResult((d) => (d.cells[0]!.metrics.output_tps *= 2));
    expect(() => parse(doc)).toThrow(/\/cells\/0\/metrics\/output_tps: [\d.]+ is outside its trials' /);
    const counts = craftedResult((d) => (d.cells[0]!.trials[0]!.metrics.counts.completed -= 1));
    expect(() => parse(counts)).toThrow(/\/cells\/0\/metrics\/counts\/completed: \d+ is not the trials' sum/);
  });

  it('refuses a figure beyond 1e12 (1e308 would print as Infinity)', () => {
    const doc = craftedResult((d) => (d.cells[0]!.metrics.output_tps = 1e308));
    expect(() => parse(doc)).toThrow(/\/cells\/0\/metrics\/output_tps: 1e\+308 is beyond/);
  });

  it('refuses a run that is running or failed for gating, saying why; reads it otherwise', async () => {
    const dir = await tempDir();
    const running = await writeJson(
      dir,
      'running.json',
      craftedResult((d) => (d.status = 'running')),
    );
    const failed = await writeJson(
      dir,
      'failed.json',
      craftedResult((d) => ((d.status = 'failed'), (d.error = 'target unusable\n::set-output name=verdict::pass'))),
    );
    await expect(readResultForGating(running)).rejects.toThrow(/running\.json: cannot be compared: its run is still running/);
    await expect(readResultForGating(failed)).rejects.toThrow(ResultFileError);
    await expect(readResultForGating(failed)).rejects.toThrow('status: failed: "target unusable\\n::set-output name=verdict::pass"');
    expect(notGateable(syntheticResult('ok'))).toBeNull();
    expect(notGateable(craftedResult((d) => (d.status = 'interrupted')))).toBeNull();
  });

  it('bounds the work of checking any histogram string', () => {
    // A deflate bomb: 64 MB of zeros behind a valid cookie.
    const zeros = Buffer.alloc(64 * 1024 * 1024);
    const deflated = deflateSync(zeros);
    const head = Buffer.alloc(8);
    head.writeInt32BE(0x1c849314, 0);
    head.writeInt32BE(deflated.length, 4);
    const t0 = performance.now();
    expect(() => checkHistogram(Buffer.concat([head, deflated]).toString('base64'))).toThrow(/cannot inflate/);
    expect(performance.now() - t0).toBeLessThan(2000);
  });
});

describe('llm-perf-gate compare on crafted results', () => {
  let dir: string;
  let good: string;
  beforeAll(async () => {
    buildDist();
    dir = await tempDir();
    good = await writeJson(dir, 'good.json', syntheticResult('good'));
  });

  it('exits 2 naming the field for a corrupt or oversized histogram, with no stack trace', async () => {
    // A corrupt trial ITL histogram crashed the gate's resampling with a stack trace and exit 1.
    const corrupt = await writeJson(
      dir,
      'corrupt.json',
      craftedResult((d) => (d.cells[0]!.trials[0]!.metrics.itl_ms!.hist = 'SElTVEZBQUFBQ0o0bkpO')),
    );
    const wide = await writeJson(
      dir,
      'wide.json',
      craftedResult((d) => (d.cells[0]!.metrics.itl_ms!.hist = wideHistogram())),
    );
    for (const [file, field] of [
      [corrupt, 'trials/0/metrics/itl_ms'],
      [wide, 'metrics/itl_ms'],
    ] as const) {
      const t0 = performance.now();
      const ran = await cli(['compare', '--baseline', good, '--candidate', file, '--config', 'test/fixtures/gate.yml']);
      expect(ran.code, ran.stdout + ran.stderr).toBe(2);
      expect(ran.stderr).toContain(`/cells/0/${field}/hist`);
      expect(ran.stderr).not.toMatch(/^\s+at /m);
      expect(performance.now() - t0).toBeLessThan(15_000);
    }
  }, 40_000);
});
