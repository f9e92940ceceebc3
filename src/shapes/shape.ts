// What one load shape provides (one file per shape in this folder, collected
// in index.ts, the way vLLM's benchmarks keep one request function per
// backend in one table). This file and the shapes' own import nothing of
// index.ts, so the table can be built from them without a circle.
import type { Rng } from '../util/rng.js';

/** What every shape's plan has: its name and the label that names it in cell ids and gate.slo[].load. */
export interface PlanBase {
  readonly shape: string;
  readonly label: string;
}

/**
 * How a result document records a cell's load (result@1, unchanged since
 * before shapes had files): a closed loop, or an open one by its mean rate
 * and its `arrival`, the shape's name (the result schema lists them).
 */
export type ResultLoad =
  { kind: 'concurrency'; label: string; concurrency: number } | { kind: 'rate'; label: string; rate: number; arrival: string; burstiness: number; max_concurrency: number | null };

/** The config side of a shape that `loads:` can name (a trace comes from its scenario instead). R: the load as written; N: normalised. */
export interface WrittenShape<L extends PlanBase, N extends object, R> {
  /** The key of `loads[]` that names the shape (Poisson and gamma share `rate`). */
  readonly key: string;
  /** This entry of `loads:` is this shape's (JSON Schema let one of the one-of keys through). */
  is(raw: R): boolean;
  /** Defaults filled in: the form results store and config hashes are taken over. */
  normalise(raw: R): N;
  isNormal(n: object): n is N;
  /** Names the load in cell ids and in gate.slo[].load, e.g. `c=4`, `r=2/s,gamma=0.5`. */
  label(n: N): string;
  plan(n: N, label: string): L;
}

export interface Shape<L extends PlanBase> {
  readonly name: L['shape'];
  /** closed: a request starts when one ends; open: requests arrive on a schedule, whatever the server does. */
  readonly loop: 'closed' | 'open';
  /** Most requests in flight; null: unbounded. */
  inFlight(l: L): number | null;
  /** The load with another bound on requests in flight (a shard's or a worker's share). */
  withInFlight(l: L, n: number | null): L;
  /**
   * Successive arrival offsets (ms from the cell's start) drawn from `rng`,
   * one at a time (a cell of millions of requests never holds them all);
   * null where arrivals are not drawn (a closed loop; a trace: its items carry their times).
   */
  readonly arrivals: ((l: L, rng: Rng) => () => number) | null;
  /** How the result records the load; `times` are the items' arrival times (a trace's mean rate comes from them). */
  resultLoad(l: L, times: readonly number[]): ResultLoad;
}
