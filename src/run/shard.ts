// The run stage's side of sharding (`run --shard i/n --start-at T`): refuse
// a split that would leave a shard idle, wait for the agreed start, and
// describe the shard in its result. Which requests a shard sends is
// src/load/shard.ts; combining the shard results is src/result/merge.ts.
import type { Plan } from '../config/plan.js';
import { RunSetupError } from '../errors/run-setup-error.js';
import { shardProblem, type ShardSpec } from '../load/shard.js';
import type { ShardInfo } from '../result/types.js';
import { timerMs } from '../util/timer.js';

export interface ShardRun {
  spec: ShardSpec;
  /** Agreed wall-clock start of the first cell, or null: at once. */
  startAt: Date | null;
}

/** Throws before any load when a load of the plan cannot be split this many ways. */
export function assertShardable(plan: Plan, spec: ShardSpec, what = 'shards'): void {
  // A capacity search adapts its load to what it measured: its parts cannot be fixed in advance.
  if ((plan.config.capacity ?? []).length > 0) throw new RunSetupError(`capacity searches do not split into ${what}: run the config's 'capacity' entries without --shard and with run.workers: 1`);
  for (const load of plan.loads) {
    const problem = shardProblem(load, spec);
    if (problem !== null) throw new RunSetupError(`cannot split the plan into ${spec.count} ${what}: ${problem}`);
  }
}

/**
 * Waits until `startAt` on this machine's clock (in timer-sized steps, so a
 * start a month away still waits), or returns at once when it has passed or
 * the run is cancelled. Returns how late the start was, ms (0 when on time).
 * The machines' clocks are trusted to agree (NTP keeps them within
 * milliseconds); the Date-header offset in the result is only a check for
 * gross skew, its resolution being 1 s.
 */
export async function waitForStart(startAt: Date | null, signal: AbortSignal): Promise<number> {
  if (startAt === null) return 0;
  for (;;) {
    const left = startAt.getTime() - Date.now();
    if (left <= 0 || signal.aborted) return Math.max(0, -left);
    await new Promise<void>((resolve) => {
      const done = (): void => {
        clearTimeout(timer);
        signal.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, timerMs(left));
      signal.addEventListener('abort', done, { once: true });
    });
  }
}

export function shardInfo(run: ShardRun, clockOffsetMs: number | null): ShardInfo {
  return { index: run.spec.index, count: run.spec.count, start_at: run.startAt?.toISOString() ?? null, clock_offset_ms: clockOffsetMs };
}
