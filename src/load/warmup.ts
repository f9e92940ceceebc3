// Warm-up of one cell (issue 10, item 4): a fixed number of requests, or
// `auto`: warm until the server has stopped getting faster (steady.ts),
// bounded by a count and a time. The auto warm-up runs through the cell's own
// load model, a window of requests at a time, so the server warms under the
// load it is then measured at; the measured requests follow on the same
// items whatever the warm-up took, so both sides of an A/B pair still send
// the very same measured requests.
import type { RequestRecord } from './record.js';
import type { Warmup } from '../config/plan.js';
import { systemClock, type Clock } from '../util/clock.js';
import type { CellRun, CellRunOptions } from './run-cell.js';
import { DEFAULT_STEADY, steadyState, type SteadyDecision, type SteadyRule, type WarmupSample } from './steady.js';

/** What an auto warm-up took (stored per trial in the result). */
export interface WarmupTaken {
  requests: number;
  seconds: number;
  /** steady: the rule held; count or time: a bound stopped it first (the server may still have been warming). */
  stopped_by: 'steady' | 'count' | 'time' | 'interrupt';
}

/** Warm-up items to build per cell and trial: the count, or the auto warm-up's bound. */
export function warmupBudget(warmup: Warmup, rule: SteadyRule = DEFAULT_STEADY): number {
  return warmup === 'auto' ? rule.maxRequests : warmup;
}

interface WarmCellOptions extends Omit<CellRunOptions, 'warmup'> {
  warmup: Warmup;
  /** The auto rule; default DEFAULT_STEADY. */
  rule?: SteadyRule;
  /**
   * What the auto warm-up's time bound and its seconds are read on; default
   * systemClock. The records' stamps (tSend, tDone) must be on the same
   * timeline: the rule's elapsed times are a record's tDone less the start.
   */
  clock?: Clock;
}

type RunCell = (o: CellRunOptions) => Promise<CellRun>;

/**
 * Runs a cell with its warm-up. A count is runCell's own warm-up. `auto`
 * sends the first `rule.maxRequests` items as warm-up windows until
 * steadyState says stop, then runs the measured items (those after the
 * budget) as a cell without warm-up; the records of both are returned
 * together, warm-up first, numbered in the order sent.
 */
export async function runCellWarm(o: WarmCellOptions, runCell: RunCell): Promise<{ run: CellRun; warmup: WarmupTaken | null }> {
  if (o.warmup !== 'auto') return { run: await runCell({ ...o, warmup: o.warmup }), warmup: null };
  const rule = o.rule ?? DEFAULT_STEADY;
  const budget = warmupBudget('auto', rule);
  const warm = await warmUntilSteady(o, rule, runCell);
  const measured = await runCell({
    ...o,
    count: o.count - budget,
    warmup: 0,
    seedMaterial: `${o.seedMaterial}|measured`,
    maxTokens: (i) => o.maxTokens(i + budget),
    send: (i, cancel) => o.send(i + budget, cancel),
  });
  const records = [...warm.records, ...measured.records].map((r, index) => ({ ...r, index }));
  return { run: { ...measured, records }, warmup: warm.taken };
}

async function warmUntilSteady(o: WarmCellOptions, rule: SteadyRule, runCell: RunCell): Promise<{ records: RequestRecord[]; taken: WarmupTaken }> {
  const records: RequestRecord[] = [];
  const samples: WarmupSample[] = [];
  const clock = o.clock ?? systemClock;
  const t0 = clock.now();
  let tokens = 0;
  let decision: SteadyDecision | null = null;
  while (records.length < rule.maxRequests) {
    const left = rule.maxSeconds * 1000 - (clock.now() - t0);
    if (o.cancel.aborted || left <= 0) break;
    const from = records.length;
    const n = Math.min(rule.window, rule.maxRequests - from);
    const chunk = await runCell({
      ...o,
      count: n,
      warmup: n,
      maxDurationMs: Math.min(left, o.maxDurationMs),
      seedMaterial: `${o.seedMaterial}|warmup|${from}`,
      maxTokens: (i) => o.maxTokens(from + i),
      send: (i, cancel) => o.send(from + i, cancel),
    });
    // In the order they finished: the rule reads the server's trend over time.
    for (const r of [...chunk.records].sort((a, b) => a.tDone - b.tDone)) {
      records.push(r);
      if (r.failure !== null || r.cancelled || r.tFirst === null) continue;
      tokens += r.nOut ?? r.outputEvents;
      const elapsedS = (r.tDone - t0) / 1000;
      samples.push({ ttftMs: r.tFirst - r.tSend, tps: elapsedS > 0 ? tokens / elapsedS : 0, elapsedS });
    }
    // The count bound is on requests sent (the while), failed ones included; the rule sees the ones that produced output.
    decision = steadyState(samples, rule);
    if (decision.done) break;
    // A warm-up that only fails cannot settle: stop at the bound rather than spin.
    if (chunk.records.length === 0) break;
  }
  const seconds = Math.round(clock.now() - t0) / 1000;
  const stoppedBy: WarmupTaken['stopped_by'] = o.cancel.aborted ? 'interrupt' : decision?.by === 'steady' ? 'steady' : records.length >= rule.maxRequests ? 'count' : 'time';
  return { records, taken: { requests: records.length, seconds, stopped_by: stoppedBy } };
}
