// The paired design judged on its pairs (issue 23, item 4). The two trials of
// a pair run back to back or side by side on one machine, so a neighbour or a
// client stall that hits both cancels in the pair's ratio: only one that hits
// one side of a pair and not the other biases it, and that pair alone is
// dropped (a neighbour: when the difference is over the limit; a smaller one
// enters the cell's margin, validity.ts). When fewer than two pairs are left,
// compare.ts judges all of them with the directional rule of
// neighbourProblems instead. A fixed cut-off on the whole run voided 27 of 30 same-job A/B runs
// on a shared runner for stalls both sides saw.
import type { CellResult, TrialResult } from '../result/types.js';
import { neighbourProblems } from './validity.js';

/** A trial whose client event-loop delay p99 is above this many ms stalled (its stamps may be late by that much); gate.client_stall_ms overrides it. */
export const DEFAULT_CLIENT_STALL_MS = 20;

interface PairSelection {
  /** Indices of the pairs both sides measured alike. */
  keep: number[];
  /** One line per dropped pair: which, and why. */
  dropped: string[];
}

function stalled(t: TrialResult, stallMs: number): boolean {
  return t.client.event_loop_delay_p99_ms > stallMs;
}

/** Why pair `i` is not alike on both sides, or null when it is. */
function pairProblem(i: number, b: TrialResult, c: TrialResult, stallMs: number): string | null {
  // Taking turns in blocks, a stall falls on whichever side's block was running: spread over both sides' blocks
  // by chance, it is noise the pairs' spread carries, not a bias of one side, so it drops no pair.
  const interleaved = b.block_requests !== undefined && c.block_requests !== undefined;
  if (!interleaved && stalled(b, stallMs) !== stalled(c, stallMs)) {
    const [side, other] = stalled(b, stallMs) ? ['baseline', 'candidate'] : ['candidate', 'baseline'];
    return `pair ${i + 1} dropped: a client stall on the ${side} side only (event-loop delay p99 ${b.client.event_loop_delay_p99_ms} ms vs ${c.client.event_loop_delay_p99_ms} ms, limit ${stallMs} ms; the ${other} side was not hit)`;
  }
  const n = neighbourProblems(b, c);
  if (n.invalid.length > 0 || n.regressionsOnly !== null) return `pair ${i + 1} dropped: ${n.invalid[0] ?? n.regressionsOnly}`;
  return null;
}

/** The pairs of two paired cells that both sides measured alike. */
export function selectPairs(base: CellResult, cand: CellResult, stallMs: number): PairSelection {
  const n = Math.min(base.trials.length, cand.trials.length);
  const keep: number[] = [];
  const dropped: string[] = [];
  for (let i = 0; i < n; i++) {
    const why = pairProblem(i, base.trials[i]!, cand.trials[i]!, stallMs);
    if (why === null) keep.push(i);
    else dropped.push(why);
  }
  return { keep, dropped };
}

/** The cell with only the kept trials (their samples stay slices of the cell's pooled samples). */
export function withTrials(cell: CellResult, keep: readonly number[]): CellResult {
  return keep.length === cell.trials.length ? cell : { ...cell, trials: keep.map((i) => cell.trials[i]!) };
}

/** Either side's client stalled somewhere in the cell (its worst trial's loop delay p99 is over the limit). */
export function cellStalled(base: CellResult, cand: CellResult, stallMs: number): boolean {
  return base.client.event_loop_delay_p99_ms > stallMs || cand.client.event_loop_delay_p99_ms > stallMs;
}
