// The run stage's part of a ramp cell (docs/workloads.md, "Ramps"): how many
// requests a trial's schedule holds (known before the cell starts, from the
// seed), and the per-step figures and saturation verdict the cell records.
import { rampResult, type RampResult } from '../capacity/ramp.js';
import type { Plan, ScenarioPlan } from '../config/plan.js';
import { ownsRequest, SINGLE, type ShardSpec } from '../load/shard.js';
import { rampSchedule, type RampLoad } from '../shapes/index.js';
import type { TrialOutcome } from './cell-result.js';

/** The seed material a cell's trial draws its arrivals from (run-plan.ts passes the same to runCell). */
export function cellSeedMaterial(plan: Plan, scenario: ScenarioPlan, trial: number): string {
  return `${plan.seed}|${scenario.name}|${trial}`;
}

/** Requests of a ramp cell's trial: every arrival its schedule puts inside the ramp (no warm-up: the ramp's start is its own). */
export function rampRequestCount(plan: Plan, scenario: ScenarioPlan, load: RampLoad, trial: number): number {
  return rampSchedule(load, cellSeedMaterial(plan, scenario, trial)).length;
}

/** The ramp's per-step figures over the cell's trials so far, judged at the gate's confidence. */
export function rampOfCell(plan: Plan, scenario: ScenarioPlan, load: RampLoad, trials: readonly TrialOutcome[], shard: ShardSpec = SINGLE): RampResult {
  return rampResult(
    load.ramp,
    trials.map((t) => ({ records: t.run.records, offsets: rampSchedule(load, cellSeedMaterial(plan, scenario, t.index)), owns: (i: number) => ownsRequest(load, i, shard) })),
    plan.gate.confidence,
  );
}
