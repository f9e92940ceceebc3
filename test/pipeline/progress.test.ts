// Progress is written once for both hosts: a live, redrawn line on a
// terminal (a bar, the warm-up, the time left); plain lines, at most one per
// interval, in a log, counting cells and trials apart (issue 21, item 5).
import { describe, expect, it } from 'vitest';
import { cliHost } from '../../src/cli/host.js';
import type { CliIo } from '../../src/cli/io.js';
import { newRecord } from '../../src/load/record.js';
import { hostLog, type LogLevel } from '../../src/pipeline/host.js';
import { createProgress } from '../../src/pipeline/progress.js';
import type { CellResult } from '../../src/result/types.js';
import type { CellStep } from '../../src/run/progress-sink.js';

const cell = { metrics: { counts: { completed: 3, attempted: 3 }, rps: 2, output_tps: 40, ttft_ms: { p50: 12.5 } }, trials: [] } as unknown as CellResult;

function clock(): { now: () => number; t: number } {
  const c = { t: 0, now: () => c.t };
  return c;
}

const step = (over: Partial<CellStep> = {}): CellStep => ({ step: 0, steps: 2, cell: 0, cells: 2, trial: 0, trials: 1, side: '', id: 's@c=2', requests: 3, warmup: 0, warmupMax: 0, ...over });

function terminal(env: NodeJS.ProcessEnv = { NO_COLOR: '1' }, columns = 120): CliIo & { stderr: { text: string } } {
  const stderr = { text: '', isTTY: true, columns, write: (s: string) => ((stderr.text += s), true) };
  return { cwd: '/', env, stdout: { write: () => true }, stderr, onInterrupt: () => () => undefined };
}

describe('createProgress', () => {
  it('in a log: a started line, one line per 5 s at most, the cell summary', () => {
    const lines: Array<[LogLevel, string]> = [];
    const c = clock();
    const p = createProgress(hostLog({ write: (level, text) => void lines.push([level, text]) }), c);
    p.cellStart(step());
    for (const t of [1000, 2000, 6000]) {
      c.t = t;
      p.requestDone(newRecord(0, false, 0, 8));
    }
    p.cellEnd(cell, '');
    p.note('model x is not listed');
    expect(lines).toEqual([
      ['info', 'cell 1/2 s@c=2: started'],
      ['info', 'cell 1/2 s@c=2  3/3 requests  0 failed  0.5 req/s  6 s'],
      ['info', 'cell 1/2 s@c=2: 3/3 ok, 2.00 req/s, 40 out tok/s, ttft p50 12.5 ms'],
      ['notice', 'model x is not listed'],
    ]);
  });

  it('in a log: counts cells and trials apart, names the side, and leaves the warm-up out', () => {
    const lines: string[] = [];
    const c = clock();
    const p = createProgress(hostLog({ write: (_l, text) => void lines.push(text) }), c);
    p.cellStart(step({ step: 5, steps: 16, cell: 1, cells: 2, trial: 1, trials: 4, side: '[baseline] ', warmup: 2, warmupMax: 2 }));
    c.t = 6000;
    p.requestDone(newRecord(0, true, 0, 8));
    expect(lines).toEqual(['cell 2/2, trial 2/4 [baseline] s@c=2: started']);
  });

  it("an interleaved pair: each side's end is told with its own label, though the other side started last", () => {
    const lines: string[] = [];
    const p = createProgress(hostLog({ write: (_l, text) => void lines.push(text) }), clock());
    // Interleaved blocks: both sides' trials start before either ends.
    p.cellStart(step({ steps: 4, side: '[baseline] ' }));
    p.cellStart(step({ step: 1, steps: 4, side: '[candidate] ' }));
    p.cellEnd(cell, '[baseline] ');
    p.cellEnd(cell, '[candidate] ');
    expect(lines.filter((l) => l.includes(' ok, '))).toEqual([
      'cell 1/2 [baseline] s@c=2: 3/3 ok, 2.00 req/s, 40 out tok/s, ttft p50 12.5 ms',
      'cell 1/2 [candidate] s@c=2: 3/3 ok, 2.00 req/s, 40 out tok/s, ttft p50 12.5 ms',
    ]);
  });

  it('on the CLI at a terminal: redraws one line on stderr, cleared before the next line', () => {
    const io = terminal();
    const { host, release } = cliHost(io, 'the result file');
    const c = clock();
    const p = createProgress(host.log, c);
    p.cellStart(step({ steps: 1, cells: 1 }));
    c.t = 150;
    p.requestDone(newRecord(0, false, 0, 8));
    p.cellEnd(cell, '');
    host.log.out('table');
    release();
    expect(io.stderr.text).toBe(
      '\r\x1b[2Kcell 1/1 s@c=2  ░░░░░░░░░░░░░░░░░░░░   0%  0/3 req  ETA ?  0 failed  0.0 req/s  0s' +
        '\r\x1b[2Kcell 1/1 s@c=2  ███████░░░░░░░░░░░░░  33%  1/3 req  ETA 0s  0 failed  6.7 req/s  0s' +
        '\r\x1b[2Kcell 1/1 s@c=2: 3/3 ok, 2.00 req/s, 40 out tok/s, ttft p50 12.5 ms\n',
    );
  });

  it('at a terminal: shows the warm-up, then the measured requests, with the time left in the cell and the run on a fake clock', () => {
    const io = terminal();
    const { host, release } = cliHost(io, 'the result file');
    const c = clock();
    const p = createProgress(host.log, c);
    const last = (): string => io.stderr.text.split('\r\x1b[2K').at(-1)!;
    // Step 1 of 4: 10 measured requests, 4 warm-up ones, one request a second.
    p.cellStart(step({ steps: 4, cells: 2, trials: 2, requests: 10, warmup: 4, warmupMax: 4 }));
    for (let i = 1; i <= 2; i++) {
      c.t = i * 1000;
      p.requestDone(newRecord(0, true, 0, 8));
    }
    expect(last()).toBe('cell 1/2, trial 1/2 s@c=2  ██████████░░░░░░░░░░  50%  warm-up 2/4  ETA 12s  0 failed  1.0 req/s  run ETA 54s  2s');
    for (let i = 3; i <= 4; i++) {
      c.t = i * 1000;
      p.requestDone(newRecord(0, true, 0, 8));
    }
    for (let i = 5; i <= 14; i++) {
      c.t = i * 1000;
      p.requestDone(newRecord(0, false, 0, 8));
      if (i === 9) expect(last()).toBe('cell 1/2, trial 1/2 s@c=2  ██████████░░░░░░░░░░  50%  5/10 req  ETA 5s  0 failed  1.0 req/s  run ETA 47s  9s');
    }
    p.cellEnd(cell, '');
    // Step 2 of 4: the run's ETA now takes the 14 s the first step took for each step after this one.
    p.cellStart(step({ step: 1, steps: 4, cell: 1, cells: 2, trials: 2, requests: 10, warmup: 'auto', warmupMax: 64 }));
    c.t = 15_000;
    p.requestDone(newRecord(0, true, 0, 8));
    c.t = 16_000;
    p.requestDone(newRecord(0, true, 0, 8));
    expect(last()).toBe('cell 2/2, trial 1/2 s@c=2  █░░░░░░░░░░░░░░░░░░░   3%  warm-up 2/≤64  ETA 10s  0 failed  1.0 req/s  run ETA 38s  2s');
    release();
  });

  it('at a narrow terminal: keeps to its width, the bar and the least needed parts going first', () => {
    const io = terminal({ NO_COLOR: '1' }, 60);
    const { host, release } = cliHost(io, 'the result file');
    const c = clock();
    const p = createProgress(host.log, c);
    p.cellStart(step({ steps: 8, cells: 4, trials: 2, requests: 100, id: 'long-scenario-name@c=16' }));
    c.t = 1000;
    p.requestDone(newRecord(0, false, 0, 8));
    release();
    const line = io.stderr.text.split('\r\x1b[2K').at(-1)!;
    expect(line.length).toBeLessThanOrEqual(59);
    expect(line).toBe('cell 1/4, trial 1/2 long-scenario-name@c=16  1/100 req');
  });

  it('colours the bar and failures at a terminal without NO_COLOR, and nothing with it', () => {
    const draw = (env: NodeJS.ProcessEnv): string => {
      const io = terminal(env);
      const { host, release } = cliHost(io, 'the result file');
      const c = clock();
      const p = createProgress(host.log, c);
      p.cellStart(step({ steps: 1, cells: 1 }));
      c.t = 150;
      const rec = newRecord(0, false, 0, 8);
      p.requestDone({ ...rec, failure: 'http-5xx' });
      host.log.warn('slow');
      release();
      return io.stderr.text;
    };
    const coloured = draw({});
    expect(coloured).toContain('\x1b[32m███████\x1b[0m');
    expect(coloured).toContain('\x1b[31m1 failed\x1b[0m');
    expect(coloured).toContain('\x1b[33mwarning: \x1b[0mslow\n');
    for (const env of [{ NO_COLOR: '1' }, { NO_COLOR: 'yes' }]) expect(draw(env)).not.toContain('\x1b[3');
  });
});
