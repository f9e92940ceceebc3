// Drives the sessions of a multi-turn cell (issue 20, item 3). A closed loop
// keeps `concurrency` sessions in flight; an open loop starts sessions at the
// load's arrival times (at most max_concurrency in flight, the rest waiting
// in order, keeping their arrival time). Within a session, turn 1 is due when
// the session starts and turn k+1 its think time after turn k's answer ended;
// each turn's latency counts from when it was due, as everywhere else.
// A failed turn ends its session: later turns have no history to send (they
// count as not sent). Request `s * turns + k` is turn k of session s; its
// record is the ordinary one, so every cell metric applies as it is.
import { performance } from 'node:perf_hooks';
import { drawnArrivals, inFlight, isOpen, type LoadPlan } from '../shapes/index.js';
import { createPacer } from './pace.js';
import { newRecord, type RequestOutcome, type RequestRecord } from './record.js';
import { closedLoop, openLoop, startCellClock, type CellRun } from './run-cell.js';
import { ownsRequest, shardLoad, SINGLE, type ShardSpec } from './shard.js';

interface SessionRunOptions {
  load: LoadPlan;
  /** Sessions to run: warm-up sessions first, then measured. */
  sessions: number;
  warmupSessions: number;
  turns: number;
  maxDurationMs: number;
  seedMaterial: string;
  /** Wait after turn k-1's answer before turn k is due, ms (k >= 1). */
  thinkMs(session: number, turn: number): number;
  maxTokens(session: number, turn: number): number;
  /** Sends turn `turn` of `session` with its history. */
  send(session: number, turn: number, cancel: AbortSignal): Promise<RequestOutcome>;
  cancel: AbortSignal;
  onDone?(rec: RequestRecord): void;
  /** This shard's sessions only (session s is owned as request s of an ordinary cell would be). */
  shard?: ShardSpec;
}

export async function runSessions(o: SessionRunOptions): Promise<CellRun> {
  if (!Number.isInteger(o.turns) || o.turns < 1) throw new Error(`a session needs at least one turn, got ${o.turns}`);
  const clock = startCellClock(o.maxDurationMs, o.cancel);
  const { start, deadline, stopped } = clock;
  const records: RequestRecord[] = [];
  const dispatchLagMs: number[] = [];
  let measuredSent = 0;
  const open = isOpen(o.load);

  /**
   * Runs session s from `due` (its first turn's due time); returns when it
   * ended. A session is launched as a request of runCell's loops is, so they
   * record its first turn's dispatch lag (none for one held back by
   * max_concurrency: that wait is the server's doing); later turns' lags are
   * recorded here.
   */
  const runSession = async (s: number, due: number): Promise<void> => {
    const pacer = createPacer();
    const warmup = s < o.warmupSessions;
    let at = due;
    for (let k = 0; k < o.turns; k++) {
      if (k > 0) {
        at += o.thinkMs(s, k);
        await pacer.wait(at, deadline, o.cancel);
        if (stopped() || performance.now() < at) return;
        if (open) dispatchLagMs.push(performance.now() - at);
      }
      const outcome = await o.send(s, k, o.cancel);
      const index = s * o.turns + k;
      const rec = newRecord(index, warmup, at, o.maxTokens(s, k), outcome);
      records.push(rec);
      if (!warmup) measuredSent++;
      o.onDone?.(rec);
      if (outcome.failure !== null || outcome.cancelled) return;
      // The next turn's think time starts when this answer ended.
      at = outcome.tDone;
    }
  };

  const shard = o.shard ?? SINGLE;
  const own: number[] = [];
  for (let s = 0; s < o.sessions; s++) if (ownsRequest(o.load, s, shard)) own.push(s);
  const load = shardLoad(o.load, shard);
  if (!isOpen(load)) {
    await closedLoop(inFlight(load)!, own, stopped, runSession);
  } else {
    // Every shard draws the whole schedule and keeps its own sessions' arrivals.
    const next = drawnArrivals(load, o.seedMaterial);
    if (next === null) throw new Error(`load '${load.label}': a conversation's sessions arrive on a drawn schedule; a ${load.shape} load draws none`);
    await openLoop(() => next(), own, o.sessions, o.warmupSessions, start, deadline, inFlight(load), stopped, runSession, o.cancel, dispatchLagMs);
  }
  const loopDelay = clock.loopDelay();
  records.sort((a, b) => a.index - b.index);
  const measuredPlanned = own.filter((s) => s >= o.warmupSessions).length * o.turns;
  return {
    records,
    notSent: Math.max(0, measuredPlanned - measuredSent),
    stoppedBy: o.cancel.aborted ? 'interrupt' : measuredSent === measuredPlanned ? 'count' : clock.stoppedBy,
    loopDelay,
    dispatchLagMs,
    // The arrival times plan sessions, not requests: no request rate was scheduled.
    plannedRps: null,
  };
}
