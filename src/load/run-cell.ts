// Drives one cell: a load model decides when each request is due, the caller's
// `send` performs it and reports its outcome, and this layer makes the record.
// Knows time and concurrency; knows nothing of HTTP.
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import type { LoadPlan } from '../shapes/index.js';
import { createPacer } from './pace.js';
import { newRecord, type RequestOutcome, type RequestRecord } from './record.js';
import { drawnArrivals, inFlight, isOpen } from '../shapes/index.js';
import { ownsRequest, shardLoad, SINGLE, type ShardSpec } from './shard.js';

export interface CellRunOptions {
  load: LoadPlan;
  /** Requests to schedule: warm-up first, then measured. */
  count: number;
  warmup: number;
  maxDurationMs: number;
  seedMaterial: string;
  maxTokens(index: number): number;
  /** Performs request `index` (building what it sends only now) and reports its outcome. */
  send(index: number, cancel: AbortSignal): Promise<RequestOutcome>;
  /** Aborting it stops scheduling and cancels requests in flight (Ctrl-C). */
  cancel: AbortSignal;
  onDone?(rec: RequestRecord): void;
  /** Send only this shard's requests of the cell (src/load/shard.ts); default: all of them. */
  shard?: ShardSpec;
  /** A trace replay (load arrival `trace`): when request `index` is due, ms after the cell's start. */
  arrivalAt?(index: number): number;
  /**
   * Builds what request `index` will send ahead of its due time and returns
   * its size in bytes (the client's prepare()). Used with arrivalAt only: the
   * schedule must be readable ahead.
   */
  prepare?(index: number): number;
}

export type StopReason = 'count' | 'duration' | 'interrupt';

export interface CellRun {
  /** Records of every request that was sent, in index order. */
  records: RequestRecord[];
  /** Measured requests that were due but never sent. */
  notSent: number;
  stoppedBy: StopReason;
  /** The client's own event-loop delay while the cell ran: a busy loop skews every stamp. */
  loopDelay: { p99Ms: number; maxMs: number };
  /**
   * Open loop only: how late each request with a free slot went out after its
   * arrival time (ms). Queue waits behind a concurrency cap are the server's
   * doing and are not in here.
   */
  dispatchLagMs: number[];
  /** Open loop only: the rate the drawn arrival times ask for over the measured requests sent. */
  plannedRps: number | null;
}

/** Sampling interval of the event-loop delay monitor, ms. */
const LOOP_SAMPLE_MS = 10;

/** A cell's clock, deadline and stop test, and its event-loop delay monitor: shared by runCell and the multi-turn sessions (sessions.ts). */
interface CellClock {
  readonly start: number;
  readonly deadline: number;
  /** Why the last stopped() that said yes said it; 'count' until then. */
  stoppedBy: StopReason;
  stopped(): boolean;
  /** Ends the monitor: the loop's delay while the cell ran. */
  loopDelay(): CellRun['loopDelay'];
}

export function startCellClock(maxDurationMs: number, cancel: AbortSignal): CellClock {
  const monitor = monitorEventLoopDelay({ resolution: LOOP_SAMPLE_MS });
  monitor.enable();
  // The cell's clock starts here, not at its first send: max_duration_s holds
  // even when the first request is due (or sent) late.
  // performance.now(), not an injected Clock (util/clock.ts): the send schedule,
  // tSched and the dispatch lags are compared with the client's request stamps
  // (client/stream-call.ts), which are performance.now() on the hot path, so a
  // fake clock here would put them on two timelines; and the schedule reads the
  // time once or twice per request, where an indirect call is cost without use.
  // Tests drive this through the load model and a real loopback server instead.
  const start = performance.now();
  const deadline = start + maxDurationMs;
  const clock: CellClock = {
    start,
    deadline,
    stoppedBy: 'count',
    stopped() {
      if (cancel.aborted) {
        clock.stoppedBy = 'interrupt';
        return true;
      }
      if (performance.now() >= deadline) {
        clock.stoppedBy = 'duration';
        return true;
      }
      return false;
    },
    loopDelay() {
      monitor.disable();
      // The monitor's readings include its own sampling interval (an idle loop
      // reads ~10.5 ms at 10 ms): report only the delay beyond it.
      return { p99Ms: Math.max(0, monitor.percentile(99) / 1e6 - LOOP_SAMPLE_MS), maxMs: Math.max(0, monitor.max / 1e6 - LOOP_SAMPLE_MS) };
    },
  };
  return clock;
}

export async function runCell(o: CellRunOptions): Promise<CellRun> {
  const shard = o.shard ?? SINGLE;
  const own: number[] = [];
  for (let j = 0; j < o.count; j++) if (ownsRequest(o.load, j, shard)) own.push(j);
  // A trace's first burst is built before the clock starts, later ones in the slack before each is due.
  const ahead = o.arrivalAt !== undefined && o.prepare !== undefined && own.length > 0 ? new BodiesAhead(own, o.arrivalAt, o.prepare) : undefined;
  ahead?.fill(0, Infinity);
  const clock = startCellClock(o.maxDurationMs, o.cancel);
  const { start, deadline } = clock;
  const stopped = clock.stopped;
  const records: RequestRecord[] = [];
  const launch = async (i: number, tSched: number): Promise<void> => {
    const outcome = await o.send(i, o.cancel);
    const rec = newRecord(i, i < o.warmup, tSched, o.maxTokens(i), outcome);
    records.push(rec);
    o.onDone?.(rec);
  };

  const ownWarmup = own.filter((j) => j < o.warmup).length;
  const load = shardLoad(o.load, shard);
  let sent: number;
  const dispatchLagMs: number[] = [];
  let plannedRps: number | null = null;
  if (!isOpen(load)) {
    sent = await closedLoop(inFlight(load)!, own, stopped, launch);
  } else {
    // Every shard draws the whole schedule and keeps its own arrivals: their union is the single-process schedule.
    // openLoop asks for every index in order, so the draws are the single-process ones.
    const next = drawnArrivals(load, o.seedMaterial);
    const offsetAt = next === null ? o.arrivalAt : () => next();
    if (offsetAt === undefined) throw new Error(`load '${load.label}': its shape draws no arrival times, so each request's time must be given (arrivalAt)`);
    const open = await openLoop(offsetAt, own, o.count, o.warmup, start, deadline, inFlight(load), stopped, launch, o.cancel, dispatchLagMs, ahead);
    sent = open.sent;
    if (sent - ownWarmup > 1) plannedRps = (sent - ownWarmup - 1) / ((open.lastOffset - open.firstMeasuredOffset) / 1000);
  }
  const loopDelay = clock.loopDelay();
  records.sort((a, b) => a.index - b.index);
  const measuredSent = Math.max(0, sent - ownWarmup);
  return {
    records,
    notSent: own.length - ownWarmup - measuredSent,
    stoppedBy: sent === own.length && clock.stoppedBy !== 'interrupt' ? 'count' : clock.stoppedBy,
    loopDelay,
    dispatchLagMs,
    plannedRps,
  };
}

/** Closed loop: `c` virtual users, each sends the next of `own` (request indices) the moment its previous one ends. */
export async function closedLoop(c: number, own: readonly number[], stopped: () => boolean, launch: (i: number, tSched: number) => Promise<void>): Promise<number> {
  let next = 0;
  const user = async (): Promise<void> => {
    while (next < own.length && !stopped()) {
      await launch(own[next++]!, performance.now());
    }
  };
  await Promise.all(Array.from({ length: Math.min(c, own.length) }, user));
  return next;
}

/** How far ahead of its due time a request's body may be built (prepare): a burst is then ready before it is due. */
export const PREPARE_AHEAD_MS = 2000;
/** Most bytes of bodies built ahead and not yet sent: a dense trace of long prompts holds no more than this. */
export const PREPARE_AHEAD_BYTES = 64 * 1024 * 1024;
/** Bodies are built ahead only while the next send is at least this far off, so building never makes a send late. */
const PREPARE_SLACK_MS = 2;

/**
 * The bodies of an open loop's requests, built ahead of their due times:
 * own[0..ready) have been built (prepare), and those not yet sent hold
 * `bytes`. Bounded by PREPARE_AHEAD_MS of schedule and PREPARE_AHEAD_BYTES.
 */
export class BodiesAhead {
  private ready = 0;
  private bytes = 0;
  private readonly sizes = new Map<number, number>();

  constructor(
    private readonly own: readonly number[],
    private readonly offsetAt: (i: number) => number,
    private readonly prepare: (i: number) => number,
  ) {}

  /**
   * Builds the bodies of own[k] and the requests due within PREPARE_AHEAD_MS
   * after it, those after own[k] only while `due` (own[k]'s due time,
   * performance.now() scale) is more than PREPARE_SLACK_MS away; a `due` of
   * Infinity (before the cell's clock starts) builds the whole horizon.
   */
  fill(k: number, due: number): void {
    this.ready = Math.max(this.ready, k);
    const horizon = this.offsetAt(this.own[k]!) + PREPARE_AHEAD_MS;
    while (this.ready < this.own.length && this.bytes < PREPARE_AHEAD_BYTES && this.offsetAt(this.own[this.ready]!) <= horizon) {
      // own[k] is built whatever the time (its send would build it anyway); later ones only in slack.
      if (this.ready > k && performance.now() > due - PREPARE_SLACK_MS) return;
      const i = this.own[this.ready]!;
      const size = this.prepare(i);
      this.sizes.set(i, size);
      this.bytes += size;
      this.ready++;
    }
  }

  /** Request i has gone: its body is the client's no longer. */
  sent(i: number): void {
    const size = this.sizes.get(i);
    if (size === undefined) return;
    this.sizes.delete(i);
    this.bytes -= size;
  }

  /** Bytes built and not yet sent. */
  get pendingBytes(): number {
    return this.bytes;
  }
}

/**
 * Open loop: requests are due at fixed arrival times whatever the server does.
 * When a concurrency cap holds a request back it waits in a FIFO queue and
 * keeps its arrival time as t_sched, so the wait shows up in queued TTFT
 * instead of vanishing (coordinated omission).
 */
export async function openLoop(
  offsetAt: (i: number) => number,
  own: readonly number[],
  count: number,
  warmup: number,
  start: number,
  deadline: number,
  cap: number | null,
  stopped: () => boolean,
  launch: (i: number, tSched: number) => Promise<void>,
  cancel: AbortSignal,
  lags: number[],
  ahead?: BodiesAhead,
): Promise<{ sent: number; firstMeasuredOffset: number; lastOffset: number }> {
  let inFlight = 0;
  let sent = 0;
  const queue: { i: number; tSched: number }[] = [];
  const running = new Set<Promise<void>>();
  let wake: (() => void) | null = null;

  let firstMeasuredOffset = 0;
  let measuredYet = false;
  let lastOffset = 0;
  const fire = (i: number, tSched: number): void => {
    ahead?.sent(i);
    inFlight++;
    sent++;
    // Requests go out in index order (the queue is FIFO), so this is the last sent one's.
    lastOffset = tSched - start;
    if (i >= warmup && !measuredYet) {
      measuredYet = true;
      firstMeasuredOffset = lastOffset;
    }
    const p = launch(i, tSched).finally(() => {
      inFlight--;
      running.delete(p);
      const q = queue.shift();
      if (q !== undefined && !stopped()) fire(q.i, q.tSched);
      wake?.();
    });
    running.add(p);
  };

  const pacer = createPacer();
  let k = 0;
  for (let i = 0; i < count && k < own.length; i++) {
    // Draw every arrival, in order, so this shard's offsets are the single-process ones.
    const due = start + offsetAt(i);
    if (own[k] !== i) continue;
    ahead?.fill(k, due);
    k++;
    // The wait ends at the cell's deadline too: a due time past it is never sent.
    await pacer.wait(due, deadline, cancel);
    if (stopped() || performance.now() < due) break;
    if (cap !== null && inFlight >= cap) queue.push({ i, tSched: due });
    else {
      lags.push(performance.now() - due);
      fire(i, due);
    }
  }
  // Drain: queued requests still go out as slots free, unless the cell is over.
  while (running.size > 0) {
    await new Promise<void>((r) => {
      wake = r;
    });
    wake = null;
    if (stopped()) queue.length = 0;
  }
  return { sent, firstMeasuredOffset, lastOffset };
}
