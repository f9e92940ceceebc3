// Drives the sessions of a multi-turn cell (issue 20, item 3). A closed loop
// keeps `concurrency` sessions in flight; an open loop starts sessions at the
// load's arrival times (at most max_concurrency in flight, the rest waiting
// in order, keeping their arrival time). Within a session, turn 1 is due when
// the session starts and turn k+1 its think time after turn k's answer ended;
// each turn's latency counts from when it was due, as everywhere else.
// A failed turn ends its session: later turns have no history to send (they
// count as not sent). Request `s * turns + k` is turn k of session s; its
// record is the ordinary one, so every cell metric applies as it is.
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import type { LoadPlan } from '../config/plan.js';
import { createPacer } from './pace.js';
import { newRecord, type RequestOutcome, type RequestRecord } from './record.js';
import type { CellRun, StopReason } from './run-cell.js';
import { arrivals } from './schedule.js';
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

/** Sampling interval of the event-loop delay monitor, ms (as run-cell.ts). */
const LOOP_SAMPLE_MS = 10;

export async function runSessions(o: SessionRunOptions): Promise<CellRun> {
  if (!Number.isInteger(o.turns) || o.turns < 1) throw new Error(`a session needs at least one turn, got ${o.turns}`);
  const monitor = monitorEventLoopDelay({ resolution: LOOP_SAMPLE_MS });
  monitor.enable();
  const start = performance.now();
  const deadline = start + o.maxDurationMs;
  const records: RequestRecord[] = [];
  const dispatchLagMs: number[] = [];
  let stoppedBy = 'count' as StopReason;
  const stopped = (): boolean => {
    if (o.cancel.aborted) {
      stoppedBy = 'interrupt';
      return true;
    }
    if (performance.now() >= deadline) {
      stoppedBy = 'duration';
      return true;
    }
    return false;
  };
  let measuredSent = 0;
  const open = o.load.kind === 'rate';

  /**
   * Runs session s from `due` (its first turn's due time); returns when it
   * ended. `heldBack`: it waited for a free slot (max_concurrency), so its
   * first send's delay is the server's doing, not the client's lateness.
   */
  const runSession = async (s: number, due: number, heldBack = false): Promise<void> => {
    const pacer = createPacer();
    const warmup = s < o.warmupSessions;
    let at = due;
    for (let k = 0; k < o.turns; k++) {
      if (k > 0) {
        at += o.thinkMs(s, k);
        await pacer.wait(at, deadline, o.cancel);
        if (stopped() || performance.now() < at) return;
      }
      if (open && !(k === 0 && heldBack)) dispatchLagMs.push(performance.now() - at);
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
  if (load.kind === 'concurrency') {
    let next = 0;
    const slot = async (): Promise<void> => {
      while (next < own.length && !stopped()) await runSession(own[next++]!, performance.now());
    };
    await Promise.all(Array.from({ length: Math.min(load.concurrency, own.length) }, slot));
  } else {
    if (load.arrival !== 'poisson' && load.arrival !== 'gamma') throw new Error(`load '${load.label}': a conversation's sessions arrive at a poisson or gamma rate, not by ${load.arrival}`);
    const next = arrivals(load, o.seedMaterial);
    const cap = load.maxConcurrency;
    const running = new Set<Promise<void>>();
    const queue: { s: number; due: number }[] = [];
    let wake: (() => void) | null = null;
    const begin = (s: number, due: number, heldBack: boolean): void => {
      const p = runSession(s, due, heldBack).finally(() => {
        running.delete(p);
        const q = queue.shift();
        if (q !== undefined && !stopped()) begin(q.s, q.due, true);
        wake?.();
      });
      running.add(p);
    };
    const pacer = createPacer();
    let k = 0;
    for (let s = 0; s < o.sessions && k < own.length; s++) {
      // Every shard draws the whole schedule and keeps its own sessions' arrivals.
      const due = start + next();
      if (own[k] !== s) continue;
      k++;
      await pacer.wait(due, deadline, o.cancel);
      if (stopped() || performance.now() < due) break;
      if (cap !== null && running.size >= cap) queue.push({ s, due });
      else begin(s, due, false);
    }
    while (running.size > 0) {
      await new Promise<void>((r) => {
        wake = r;
      });
      wake = null;
      if (stopped()) queue.length = 0;
    }
  }
  monitor.disable();
  records.sort((a, b) => a.index - b.index);
  const measuredPlanned = own.filter((s) => s >= o.warmupSessions).length * o.turns;
  return {
    records,
    notSent: Math.max(0, measuredPlanned - measuredSent),
    stoppedBy: o.cancel.aborted ? 'interrupt' : measuredSent === measuredPlanned ? 'count' : stoppedBy,
    loopDelay: { p99Ms: Math.max(0, monitor.percentile(99) / 1e6 - LOOP_SAMPLE_MS), maxMs: Math.max(0, monitor.max / 1e6 - LOOP_SAMPLE_MS) },
    dispatchLagMs,
    // The arrival times plan sessions, not requests: no request rate was scheduled.
    plannedRps: null,
  };
}
