// Which requests of a cell one shard sends, so that n shards together send
// exactly what one process would. One rule for worker threads and for
// machines (`run --shard i/n`), applied to request indices, so the prompts,
// the max_tokens and the open-loop arrival times of every request stay those
// of the single-process plan: the workload is built whole (same hash) and
// each shard picks its indices from it.
import { inFlight, isOpen, withInFlight, type LoadPlan } from '../shapes/index.js';

export interface ShardSpec {
  /** 0-based. */
  index: number;
  count: number;
}

export const SINGLE: ShardSpec = Object.freeze({ index: 0, count: 1 });

/** Parses `i/n` (0-based i < n) as given to --shard; null when the text is not of that form. */
export function parseShard(text: string): ShardSpec | null {
  const m = /^(\d{1,4})\/(\d{1,4})$/.exec(text.trim());
  if (m === null) return null;
  const index = Number(m[1]);
  const count = Number(m[2]);
  return count >= 1 && index < count ? { index, count } : null;
}

/**
 * This shard's part of a concurrency `c` (a closed loop's users, or an open
 * loop's cap): ceil for the first `c mod n` shards, floor for the rest, so
 * c = 10 over 4 shards is 3, 3, 2, 2. Summed over shards it is `c` exactly.
 */
export function shareOf(c: number, s: ShardSpec): number {
  return Math.floor(c / s.count) + (s.index < c % s.count ? 1 : 0);
}

/**
 * Whether request `j` of the cell is this shard's.
 * - Open loop: round-robin over the arrival order (j mod n == i). The
 *   arrivals are drawn once from the seed in every shard, so the union is the
 *   single-process schedule, and each shard offers rate/n over the whole cell.
 *   Contiguous blocks would also union to the schedule, but shard 0 would
 *   send the first 1/n of the cell at the full rate while the others idle:
 *   n machines would not add load, they would take turns.
 * - Closed loop: request j belongs to virtual user j mod c (the order a
 *   single process hands requests to its users when all run alike), and user
 *   u to shard u mod n. A shard with more users gets proportionally more
 *   requests, so shards of 3 and 2 users finish together. When n divides c
 *   this is j mod n == i, the open-loop rule.
 */
export function ownsRequest(load: LoadPlan, j: number, s: ShardSpec): boolean {
  if (s.count === 1) return true;
  if (isOpen(load)) return j % s.count === s.index;
  return (j % inFlight(load)!) % s.count === s.index;
}

/** Why this shard count cannot split this load (a shard left without any concurrency), or null. */
export function shardProblem(load: LoadPlan, s: ShardSpec): string | null {
  const c = inFlight(load);
  if (c !== null && c < s.count) {
    const what = isOpen(load) ? 'max_concurrency' : 'concurrency';
    return `load '${load.label}' has ${what} ${c}, fewer than ${s.count} shards: shard ${c} onwards would send nothing; use at most ${c} shards or workers`;
  }
  return null;
}

/** The load as this shard runs it: its share of the users or of the open-loop cap. */
export function shardLoad(load: LoadPlan, s: ShardSpec): LoadPlan {
  if (s.count === 1) return load;
  const c = inFlight(load);
  return c === null ? load : withInFlight(load, shareOf(c, s));
}
