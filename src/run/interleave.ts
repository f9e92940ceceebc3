// Block interleaving of a pair: the two sides of a closed-loop cell take
// turns in blocks of a few requests (A, B, A, B, ...) instead of running
// whole trials one after the other. What a shared machine does to a trial
// (another job's burst, a thermal step, the page cache) then falls on both
// sides within a block's time, not a trial's, and cancels in the pair: on
// this project's 2-core machine, with other work beside it, pairs of whole
// 32-request trials at c=1 differed by 29% (standard deviation of the log
// ratio of output tok/s, 12 A/A pairs) and 8-request trials by 34% while
// giving twice the pairs per request (docs/gate.md, "Sequential
// measurement"). Each side's figures come from its own blocks alone: the
// records of a side's later blocks are shifted back by the time the other
// side held the server, so its window, and every rate over it, is its own
// busy time.
import type { CellRun, CellRunOptions } from '../load/run-cell.js';
import type { RequestRecord } from '../load/record.js';
import type { Clock } from '../util/clock.js';

/** Strict turns between two sides; a side that is done (its step over, or failed) no longer holds the other up. */
export interface Interleaver {
  turn<T>(who: 0 | 1, fn: () => Promise<T>): Promise<T>;
  done(who: 0 | 1): void;
  /**
   * Resolves once both sides are done. A side waits here before it writes
   * its result: assembling and writing a cell on the client's event loop
   * while the other side's last block runs delayed that block's stamps
   * (first tokens 20-65 ms late on a 10 ms server, always in the second
   * side's last block).
   */
  bothDone(): Promise<void>;
}

/**
 * Turns go A B B A A B B A ...: each side leads half the rounds, so what
 * going first or second does to a block (a server's cache still holding the
 * other side's prompts when both sides reach one engine, a socket idle for
 * longer) falls on both sides alike. Strict A B A B measured the side that
 * went second 3.5% faster on A/A pairs of the embedded engine (12 pairs,
 * interval +1.9% ... +5.3%).
 */
const ORDER: readonly (0 | 1)[] = [0, 1, 1, 0];

export function interleaver(): Interleaver {
  let turns = 0;
  let current: 0 | 1 = ORDER[0]!;
  const finished = [false, false];
  const waiting: (() => void)[] = [];
  let release: () => void = () => {};
  const both = new Promise<void>((r) => (release = r));
  const wake = (): void => {
    for (const w of waiting.splice(0)) w();
  };
  return {
    bothDone: () => both,
    async turn(who, fn) {
      while (current !== who && !finished[1 - who]) await new Promise<void>((r) => waiting.push(r));
      try {
        return await fn();
      } finally {
        turns++;
        current = ORDER[turns % ORDER.length]!;
        wake();
      }
    },
    done(who) {
      finished[who] = true;
      wake();
      if (finished[0] && finished[1]) release();
    },
  };
}

type RunCellFn = (o: CellRunOptions) => Promise<CellRun>;

/** A run of a side's blocks: the time the side held the server, on top of what a cell's run reports. */
interface BlockedRun extends CellRun {
  activeMs: number;
}

function shifted(r: RequestRecord, by: number, index: number): RequestRecord {
  if (by === 0 && r.index === index) return r;
  return {
    ...r,
    index,
    tSched: r.tSched - by,
    tSend: r.tSend - by,
    tFirst: r.tFirst === null ? null : r.tFirst - by,
    tLast: r.tLast === null ? null : r.tLast - by,
    tDone: r.tDone - by,
  };
}

/**
 * A cell's run split into blocks of `block` measured requests (the warm-up
 * goes with the first), each block run in its turn. Records come back in
 * index order, the later blocks' shifted so that the side's blocks lie end
 * to end; `activeMs` is the side's own time.
 */
export function blockedRunCell(inner: RunCellFn, il: Interleaver, who: 0 | 1, block: number, clock: Clock): RunCellFn {
  return async (o) => {
    const records: RequestRecord[] = [];
    const dispatchLagMs: number[] = [];
    let notSent = 0;
    let stoppedBy: CellRun['stoppedBy'] = 'count';
    let loopDelay = { p99Ms: 0, maxMs: 0 };
    let activeMs = 0;
    let offset = 0;
    let lastEnd: number | null = null;
    let from = 0;
    while (from < o.count) {
      const warm = from === 0 ? o.warmup : 0;
      const n = Math.min(o.count - from, warm + block);
      const left = o.maxDurationMs - activeMs;
      if (o.cancel.aborted || left <= 0) {
        stoppedBy = o.cancel.aborted ? 'interrupt' : 'duration';
        notSent += o.count - Math.max(from, o.warmup);
        break;
      }
      const start = from;
      const { run, t0, t1 } = await il.turn(who, async () => {
        const t0 = clock.now();
        const run = await inner({
          ...o,
          count: n,
          warmup: warm,
          maxDurationMs: left,
          seedMaterial: `${o.seedMaterial}|block ${start}`,
          maxTokens: (i) => o.maxTokens(i + start),
          send: (i, cancel) => o.send(i + start, cancel),
        });
        return { run, t0, t1: clock.now() };
      });
      // The other side's turn between this side's blocks is not this side's time.
      if (lastEnd !== null) offset += t0 - lastEnd;
      lastEnd = t1;
      activeMs += t1 - t0;
      for (const r of run.records) records.push(shifted(r, offset, r.index + start));
      dispatchLagMs.push(...run.dispatchLagMs);
      notSent += run.notSent;
      loopDelay = { p99Ms: Math.max(loopDelay.p99Ms, run.loopDelay.p99Ms), maxMs: Math.max(loopDelay.maxMs, run.loopDelay.maxMs) };
      if (run.stoppedBy !== 'count') {
        stoppedBy = run.stoppedBy;
        notSent += o.count - (start + n);
        break;
      }
      from += n;
    }
    const out: BlockedRun = { records, notSent, stoppedBy, loopDelay, dispatchLagMs, plannedRps: null, activeMs };
    return out;
  };
}
