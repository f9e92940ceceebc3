// One driver per kind of cell (steady, ramp, trace, conversation), chosen
// once per cell by driverFor(): what a trial builds and sends, what progress
// shows, and what the cell's result records beyond the figures every cell
// has. run-plan.ts's runStep keeps only the steps every cell shares
// (progress, telemetry, the result written, refusals); a new load shape
// that needs no driver of its own runs on the steady one.
import { relative } from 'node:path';
import type { RampResult } from '../capacity/ramp.js';
import type { ConversationPlan, Plan, ScenarioPlan, TracePlan, Warmup } from '../config/plan.js';
import type { CellRun } from '../load/run-cell.js';
import type { ShardSpec } from '../load/shard.js';
import { warmupBudget, type WarmupTaken } from '../load/warmup.js';
import type { CellResult } from '../result/types.js';
import { isOpen, type LoadPlan, type RampLoad } from '../shapes/index.js';
import { buildCellWorkload, lengthsOf, scenarioTrace } from '../workload/index.js';
import type { LengthMap } from '../workload/server-lengths.js';
import type { WorkItem } from '../workload/synth.js';
import type { TrialOutcome } from './cell-result.js';
import { conversationWarmupRequests, conversationWork } from './conversation-step.js';
import { rampOfCell, rampRequestCount } from './ramp-cell.js';

export interface Measured {
  run: CellRun;
  warmup: WarmupTaken | null;
}

/** The two ways a trial can be sent, set up by runStep for this side and cell; a driver picks one. */
export interface TrialRunners {
  /** Independent requests (load/run-cell.ts through the warm-up): `arrivalAt` and `prepare` replay given times. */
  requests(o: { warmup: Warmup; arrivalAt?: (i: number) => number; prepare?: boolean }): Promise<Measured>;
  /** Multi-turn sessions (conversation-step.ts). */
  sessions(): Promise<Measured>;
}

/** What a cell's result records beyond the figures every cell has. */
export interface CellExtras {
  /** The measured requests' lengths (first trial); null: not recorded. */
  lengths: CellResult['lengths'] | null;
  trace: CellResult['scenario']['trace'] | null;
  /** The items' arrival times, where the load's rate comes from them. */
  arrivalTimes?: readonly number[];
  ramp?: RampResult;
}

export interface CellDriver {
  /** A trial's requests; both sides of a pair send the very same. */
  build(plan: Plan, trial: number, map: LengthMap | null): Promise<WorkItem[]>;
  /** What progress shows for a trial of these items: measured requests, the warm-up and its most. */
  counts(plan: Plan, items: readonly WorkItem[]): { requests: number; warmup: Warmup; warmupMax: number };
  run(r: TrialRunners, items: readonly WorkItem[], plan: Plan): Promise<Measured>;
  /** After trial 1, compare the prompt lengths the server counted with those asked (indices must be the items'). */
  checksServedLengths(plan: Plan): boolean;
  /** The sides of a pair may take turns in blocks of requests (run/interleave.ts): a closed loop of independent requests only. */
  readonly interleaves: boolean;
  extras(a: { plan: Plan; firstItems: readonly WorkItem[]; items: readonly WorkItem[]; trials: readonly TrialOutcome[]; cwd: string; shard: ShardSpec | undefined }): Promise<CellExtras>;
}

/** Requests built per trial of a steady cell: the warm-up (its bound, under warmup: auto) and the measured ones. */
function steadyCount(plan: Plan): number {
  return warmupBudget(plan.limits.warmup) + plan.limits.requests;
}

/** A fixed load (closed loop or a steady open one): run.warmup, then run.requests measured. */
function steadyDriver(scenario: ScenarioPlan, load: LoadPlan): CellDriver {
  return {
    build: (plan, trial, map) => buildCellWorkload(plan, scenario, load, steadyCount(plan), trial, map),
    counts: (plan) => ({ requests: plan.limits.requests, warmup: plan.limits.warmup, warmupMax: warmupBudget(plan.limits.warmup) }),
    run: (r, _items, plan) => r.requests({ warmup: plan.limits.warmup }),
    checksServedLengths: (plan) => plan.limits.warmup !== 'auto',
    interleaves: !isOpen(load),
    extras: async ({ plan, firstItems }) => ({ lengths: lengthsOf(firstItems.slice(warmupBudget(plan.limits.warmup))), trace: null }),
  };
}

/** A ramp: every arrival its schedule puts inside it, no warm-up (its low start is its own), and its per-step figures. */
function rampDriver(scenario: ScenarioPlan, load: RampLoad): CellDriver {
  return {
    build: (plan, trial, map) => buildCellWorkload(plan, scenario, load, rampRequestCount(plan, scenario, load, trial), trial, map),
    counts: (_plan, items) => ({ requests: items.length, warmup: 0, warmupMax: 0 }),
    run: (r) => r.requests({ warmup: 0 }),
    checksServedLengths: () => true,
    interleaves: false,
    extras: async ({ plan, firstItems, trials, shard }) => ({ lengths: lengthsOf(firstItems), trace: null, ramp: rampOfCell(plan, scenario, load, trials, shard) }),
  };
}

/** A trace replayed whole at its own times, from its first request: no warm-up of its own. */
function traceDriver(scenario: ScenarioPlan, load: LoadPlan, trace: TracePlan): CellDriver {
  return {
    // A trace sends its own requests, as many as its window holds, whatever the count asked for.
    build: (plan, trial, map) => buildCellWorkload(plan, scenario, load, steadyCount(plan), trial, map),
    counts: (_plan, items) => ({ requests: items.length, warmup: 0, warmupMax: 0 }),
    run: (r, items) => r.requests({ warmup: 0, arrivalAt: (i) => items[i]!.atMs ?? 0, prepare: true }),
    checksServedLengths: () => true,
    interleaves: false,
    extras: async ({ firstItems, items, cwd }) => ({
      lengths: lengthsOf(firstItems),
      // Relative, so the result carries no machine paths.
      trace: { file: relative(cwd, trace.file), format: trace.format, sha256: (await scenarioTrace(trace)).sha256, requests: items.length },
      arrivalTimes: items.map((it) => it.atMs ?? 0),
    }),
  };
}

/** Multi-turn sessions: the warm-up is whole sessions; a request's length grows with its history, so the turns record their own. */
function conversationDriver(scenario: ScenarioPlan, load: LoadPlan, conversation: ConversationPlan): CellDriver {
  const warmupOf = (items: readonly WorkItem[]): number => conversationWarmupRequests(items, conversation.turns);
  return {
    build: (plan, trial) => conversationWork(plan, scenario, load, trial),
    counts: (_plan, items) => ({ requests: items.length - warmupOf(items), warmup: warmupOf(items), warmupMax: warmupOf(items) }),
    run: (r) => r.sessions(),
    checksServedLengths: () => false,
    interleaves: false,
    extras: async () => ({ lengths: null, trace: null }),
  };
}

/** The driver of a cell, chosen once: a conversation's or a trace's scenario decides, else the load's shape. */
export function driverFor(scenario: ScenarioPlan, load: LoadPlan): CellDriver {
  if (scenario.conversation != null) return conversationDriver(scenario, load, scenario.conversation);
  if (scenario.trace != null) return traceDriver(scenario, load, scenario.trace);
  if (load.shape === 'ramp') return rampDriver(scenario, load);
  return steadyDriver(scenario, load);
}
