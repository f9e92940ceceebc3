// The run stage's part of a ramp cell (docs/workloads.md, "Ramps"): how many
// requests a trial's schedule holds (known before the cell starts, from the
// seed), and the per-step figures and saturation verdict the cell records.
import { rampResult, type RampResult } from '../capacity/ramp.js';
import type { LoadPlan, Plan, ScenarioPlan } from '../config/plan.js';
import { rampOffsets } from '../load/schedule.js';
import { ownsRequest, SINGLE, type ShardSpec } from '../load/shard.js';
import type { TrialOutcome } from './cell-result.js';

/** The seed material a cell's trial draws its arrivals from (run-plan.ts passes the same to runCell). */
export function cellSeedMaterial(plan: Plan, scenario: ScenarioPlan, trial: number): string {
  return `${plan.seed}|${scenario.name}|${trial}`;
}

/** A ramp load, or null. */
export function rampLoad(load: LoadPlan): Extract<LoadPlan, { kind: 'rate' }> | null {
  return load.kind === 'rate' && load.arrival === 'ramp' ? load : null;
}

/** Requests of a ramp cell's trial: every arrival its schedule puts inside the ramp (no warm-up: the ramp's start is its own). */
export function rampRequestCount(plan: Plan, scenario: ScenarioPlan, load: Extract<LoadPlan, { kind: 'rate' }>, trial: number): number {
  return rampOffsets(load, cellSeedMaterial(plan, scenario, trial)).length;
}

/** The ramp's per-step figures over the cell's trials so far, judged at the gate's confidence. */
export function rampOfCell(plan: Plan, scenario: ScenarioPlan, load: Extract<LoadPlan, { kind: 'rate' }>, trials: readonly TrialOutcome[], shard: ShardSpec = SINGLE): RampResult {
  if (load.ramp === undefined) throw new Error(`load '${load.label}' is not a ramp`);
  return rampResult(
    load.ramp,
    trials.map((t) => ({ records: t.run.records, offsets: rampOffsets(load, cellSeedMaterial(plan, scenario, t.index)), owns: (i: number) => ownsRequest(load, i, shard) })),
    plan.gate.confidence,
  );
}
