// Issue 19, item 9 (b): a scenario's dataset path comes from the config, which
// may come from a pull request, and may name any file the runner can read.
// /dev/urandom ran 26 s here (19 s in the issue) and grew the process by
// 1.2 GB before a refusal; a named pipe blocked the run forever; a 1 GiB file
// was read whole (9.6 s); and a JSON error quoted the file's first bytes
// (/proc/self/environ: the environment). Now only a regular file is read, at
// most MAX_DATASET_BYTES of it, and no message quotes its content. In the
// loopback lane: the named pipe is made with mkfifo.
import { execFileSync } from 'node:child_process';
import { open, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { DatasetError } from '../../src/errors/dataset-error.js';
import { MAX_DATASET_BYTES, readDataset } from '../../src/workload/dataset.js';
import { tempDir } from '../support/measure.js';

const MiB = 1024 * 1024;

/** The refusal readDataset(file) ends with, how long it took, and how much the process grew meanwhile. */
async function refusal(file: string): Promise<{ message: string; seconds: number; rssMiB: number }> {
  const rss0 = process.memoryUsage().rss;
  let rss = rss0;
  const sampler = setInterval(() => (rss = Math.max(rss, process.memoryUsage().rss)), 10);
  const t0 = performance.now();
  try {
    const err = await readDataset(file).then(
      () => new Error(`${file} was accepted`),
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(DatasetError);
    return { message: (err as Error).message, seconds: (performance.now() - t0) / 1000, rssMiB: (Math.max(rss, process.memoryUsage().rss) - rss0) / MiB };
  } finally {
    clearInterval(sampler);
  }
}

describe('a dataset path that is not a JSONL file', () => {
  for (const [file, kind] of [
    ['/dev/urandom', 'a character device'],
    ['/dev/zero', 'a character device'],
    ['/tmp', 'a directory'],
  ] as const) {
    it(`${file} is refused at once, unread, as ${kind}`, async () => {
      const r = await refusal(file);
      expect(r.message).toBe(`${file}: cannot read dataset: it is ${kind}, not a regular file; a dataset is a JSONL file`);
      expect(r.seconds).toBeLessThan(1);
      expect(r.rssMiB).toBeLessThan(32);
    });
  }

  it('a named pipe is refused at once instead of waiting forever for a writer', async () => {
    const fifo = join(await tempDir(), 'prompts.jsonl');
    execFileSync('mkfifo', [fifo]);
    const r = await refusal(fifo);
    expect(r.message).toBe(`${fifo}: cannot read dataset: it is a named pipe, not a regular file; a dataset is a JSONL file`);
    expect(r.seconds).toBeLessThan(1);
  });

  it('a file over MAX_DATASET_BYTES is refused by its size, unread', async () => {
    const file = join(await tempDir(), 'huge.jsonl');
    // Sparse: 1 GiB of size, no disk.
    const fh = await open(file, 'w');
    await fh.truncate(1024 * MiB);
    await fh.close();
    const r = await refusal(file);
    expect(r.message).toBe(`${file}: cannot read dataset: it is ${1024 * MiB} bytes, more than the ${MAX_DATASET_BYTES / MiB} MiB a dataset may be`);
    expect(r.seconds).toBeLessThan(1);
    expect(r.rssMiB).toBeLessThan(32);
  });

  it('a missing file names the path and the reason once', async () => {
    const file = join(await tempDir(), 'missing.jsonl');
    expect((await refusal(file)).message).toBe(`${file}: cannot read dataset: ENOENT: no such file or directory`);
  });
});

describe('no message quotes the file', () => {
  it('/proc/self/environ (a regular file of size 0 that holds the environment) is refused by line, without its bytes', async () => {
    const secret = 'DATASET_TEST_SECRET_7f3a9c';
    process.env.DATASET_TEST_SECRET = secret;
    try {
      const r = await refusal('/proc/self/environ');
      expect(r.message).toBe('/proc/self/environ:1: invalid JSON: an unexpected character');
      expect(r.message).not.toContain(secret);
      // Before: `invalid JSON: Unexpected token 'S', "SHELL=/bin"... is not valid JSON`.
      expect(r.message).not.toMatch(/=|"/);
    } finally {
      delete process.env.DATASET_TEST_SECRET;
    }
  });

  it('a broken line is named by its line and column, and what was expected, never its text', async () => {
    const dir = await tempDir();
    const cases: [string, string][] = [
      ['{"prompt":"ok"}\ntoken=sk-live-0123456789\n', ':2: invalid JSON: an unexpected character'],
      ['{"prompt":"ok"}\n{"prompt":"sk-live-0123456789"\n', ":2: invalid JSON at column 31: Expected ',' or '}' after property value"],
      ['{"prompt":"sk-live-0123456789\n', ':1: invalid JSON at column 30: Unterminated string'],
      ['{"prompt":\n', ':1: invalid JSON: the line ends inside a value'],
      ['{"prompt":"sk-live-0123456789\u0001"}\n', ':1: invalid JSON at column 30: Bad control character in string literal'],
    ];
    for (const [i, [text, expected]] of cases.entries()) {
      const file = join(dir, `bad-${i}.jsonl`);
      await writeFile(file, text);
      const { message } = await refusal(file);
      expect(message).toBe(`${file}${expected}`);
      expect(message).not.toContain('sk-live');
    }
  });
});
