// Progress is written once for both hosts: a live, redrawn line on a
// terminal; plain lines, at most one per interval, in a log.
import { describe, expect, it } from 'vitest';
import { cliHost } from '../../src/cli/host.js';
import type { CliIo } from '../../src/cli/io.js';
import { newRecord } from '../../src/load/record.js';
import { hostLog, type LogLevel } from '../../src/pipeline/host.js';
import { createProgress } from '../../src/pipeline/progress.js';
import type { CellResult } from '../../src/result/types.js';

const cell = { metrics: { counts: { completed: 3, attempted: 3 }, rps: 2, output_tps: 40, ttft_ms: { p50: 12.5 } }, trials: [] } as unknown as CellResult;

function clock(): { now: () => number; t: number } {
  const c = { t: 0, now: () => c.t };
  return c;
}

describe('createProgress', () => {
  it('in a log: a started line, one line per 5 s at most, the cell summary', () => {
    const lines: Array<[LogLevel, string]> = [];
    const c = clock();
    const p = createProgress(hostLog({ write: (level, text) => void lines.push([level, text]) }), c);
    p.cellStart(0, 2, 's@c=2', 3);
    for (const t of [1000, 2000, 6000]) {
      c.t = t;
      p.requestDone(newRecord(0, false, 0, 8));
    }
    p.cellEnd(cell);
    p.note('model x is not listed');
    expect(lines).toEqual([
      ['info', 'cell 1/2 s@c=2: started'],
      ['info', 'cell 1/2 s@c=2  3/3 requests  0 failed  0.5 req/s  6 s'],
      ['info', 'cell 1/2 s@c=2: 3/3 ok, 2.00 req/s, 40 out tok/s, ttft p50 12.5 ms'],
      ['notice', 'model x is not listed'],
    ]);
  });

  it('on the CLI at a terminal: redraws one line on stderr, cleared before the next line', () => {
    let stderr = '';
    let stdout = '';
    const io: CliIo = {
      cwd: '/',
      env: {},
      stdout: { write: (s) => ((stdout += s), true) },
      stderr: { write: (s) => ((stderr += s), true), isTTY: true },
      onInterrupt: () => () => undefined,
    };
    const { host, release } = cliHost(io, 'the result file');
    const c = clock();
    const p = createProgress(host.log, c);
    p.cellStart(0, 1, 's@c=2', 3);
    c.t = 150;
    p.requestDone(newRecord(0, false, 0, 8));
    p.cellEnd(cell);
    host.log.out('table');
    release();
    expect(stderr).toBe(
      '\r\x1b[2Kcell 1/1 s@c=2  0/3 requests  0 failed  0.0 req/s  0 s' +
        '\r\x1b[2Kcell 1/1 s@c=2  1/3 requests  0 failed  6.7 req/s  0 s' +
        '\r\x1b[2Kcell 1/1 s@c=2: 3/3 ok, 2.00 req/s, 40 out tok/s, ttft p50 12.5 ms\n',
    );
    expect(stdout).toBe('table\n');
  });
});
