// Assembles a cell of the result from its trials: per-trial figures plus the
// pool of all trials, which is what reports show and what the gate resamples.
import type { RequestRecord } from '../load/record.js';
import type { NormalConversation } from '../config/conversation.js';
import type { ScenarioPlan, SloPlan } from '../config/plan.js';
import { isOpen, resultLoadOf, type LoadPlan } from '../shapes/index.js';
import type { CellRun } from '../load/run-cell.js';
import type { WarmupTaken } from '../load/warmup.js';
import { computeCellMetrics } from '../metrics/cell.js';
import { turnMetrics } from '../metrics/turns.js';
import { efficiencyOf } from '../metrics/efficiency.js';
import { summariseLateness } from '../metrics/lateness.js';
import { boundTelemetry } from '../result/telemetry-bounds.js';
import { mergeTelemetry } from '../telemetry/merge.js';
import type { CellTelemetry } from '../telemetry/types.js';
import type { CellResult, CellStatus, ClientHealth, TrialResult } from '../result/types.js';
import { assessClient } from './saturation.js';

export interface TrialOutcome {
  index: number;
  pair: number | null;
  run: CellRun;
  startedAt: string;
  durationS: number;
  /** What the server and the machine did during this trial; absent when telemetry is off. */
  telemetry?: CellTelemetry;
  /** What an auto warm-up took; null with a fixed warm-up count. */
  warmup?: WarmupTaken | null;
  /** The pair took turns in blocks of this many measured requests (src/run/interleave.ts); absent: a whole trial. */
  blockRequests?: number;
}

const STATUS_RANK: Record<CellStatus, number> = { complete: 0, 'duration-limit': 1, interrupted: 2 };

function statusOf(run: CellRun): CellStatus {
  return run.stoppedBy === 'interrupt' ? 'interrupted' : run.stoppedBy === 'duration' ? 'duration-limit' : 'complete';
}

function p99(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(0.99 * sorted.length) - 1)]!;
}

/** Telemetry without its `dropped` notes (a merge may copy the first trial's). */
function withoutNotes(t: CellTelemetry): CellTelemetry {
  const { dropped: _dropped, ...rest } = t;
  return rest;
}

export function assembleCell(args: {
  id: string;
  scenario: ScenarioPlan;
  datasetLabel: string | null;
  load: LoadPlan;
  /** The items' arrival times, ms (a trace's: the result's rate is the one they ask for); absent for a shape that draws its own. */
  arrivalTimes?: readonly number[];
  slos: SloPlan;
  workloadHash: string;
  trials: readonly TrialOutcome[];
  /** What the measured requests asked for (workload/index.ts lengthsOf); null: not recorded. */
  lengths?: CellResult['lengths'] | null;
  /** A trace replay's file (relative), format, sha256 and request count. */
  trace?: CellResult['scenario']['trace'] | null;
  /** A multi-turn scenario's conversation (its normal form): the cell gets its figures by turn. */
  conversation?: NormalConversation | null;
  /** The price of the deployment per hour (config `cost:`), for cost per token; null or absent: none. */
  hourlyUsd?: number | null;
}): CellResult {
  const { load, slos } = args;
  const trials: TrialResult[] = [];
  let offset = 0;
  const groups: RequestRecord[][] = [];
  let notSent = 0;
  // Telemetry figures the reader would refuse are dropped here, where the cell is built, so the result in memory (the
  // report's) and the one on disk agree, and the reader accepts what the run writes (issue 19, item 1).
  const bounded = args.trials.map((t) => (t.telemetry ? boundTelemetry(t.telemetry) : undefined));
  const hourly = args.hourlyUsd ?? null;
  const energies: ({ joules: number | null; outputTokens: number } | null)[] = [];
  for (const [k, t] of args.trials.entries()) {
    const telemetryOfTrial = bounded[k];
    const metrics = computeCellMetrics([t.run.records], slos, t.run.notSent);
    const outputTokens = metrics.samples.n_out.reduce((a, b) => a + b, 0);
    const energy = telemetryOfTrial?.gpu.energy;
    energies.push(energy === undefined ? null : { joules: energy.joules, outputTokens });
    Object.assign(metrics, efficiencyOf(metrics, hourly, energy === undefined ? null : { joules: energy.joules, outputTokens }));
    const client = assessClient(load, metrics, t.run.loopDelay, p99(t.run.dispatchLagMs), t.run.plannedRps);
    const n = metrics.samples.e2e_ms.length;
    const { samples: _samples, ...trialMetrics } = metrics;
    trials.push({
      index: t.index,
      pair: t.pair,
      status: statusOf(t.run),
      started_at: t.startedAt,
      duration_s: t.durationS,
      metrics: trialMetrics,
      client,
      samples: { from: offset, to: offset + n },
      ...(telemetryOfTrial ? { telemetry: telemetryOfTrial } : {}),
      ...(t.warmup ? { warmup: t.warmup } : {}),
      ...(t.blockRequests === undefined ? {} : { block_requests: t.blockRequests }),
    });
    offset += n;
    groups.push(t.run.records);
    notSent += t.run.notSent;
  }
  const pooled = computeCellMetrics(groups, slos, notSent);
  Object.assign(pooled, efficiencyOf(pooled, hourly, pooledEnergy(energies)));
  const client: ClientHealth = {
    event_loop_delay_p99_ms: Math.max(0, ...trials.map((t) => t.client.event_loop_delay_p99_ms)),
    event_loop_delay_max_ms: Math.max(0, ...trials.map((t) => t.client.event_loop_delay_max_ms)),
    saturated: trials.some((t) => t.client.saturated),
    reasons: trials.flatMap((t) => t.client.reasons.map((r) => (trials.length > 1 ? `trial ${t.index + 1}: ${r}` : r))),
  };
  // Trials of different cells interleave, so each trial was measured on its own and the cell gets their union.
  const merged = mergeTelemetry(bounded.flatMap((t) => (t ? [t] : [])));
  // Sums over trials may leave the range their parts kept; the trials' notes go on the cell, where reports look.
  const carried = args.trials.flatMap((t, k) => (bounded[k]?.dropped ?? []).map((d) => (args.trials.length > 1 ? `trial ${t.index + 1}: ${d}` : d)));
  const telemetry = merged === null ? null : boundTelemetry(withoutNotes(merged), carried);
  return {
    id: args.id,
    scenario: {
      name: args.scenario.name,
      input_tokens: args.scenario.inputTokens,
      output_tokens: args.scenario.outputTokens,
      shared_prefix_tokens: args.scenario.sharedPrefixTokens,
      dataset: args.datasetLabel,
      ...(args.trace == null ? {} : { trace: args.trace }),
      ...(args.conversation == null ? {} : { conversation: args.conversation }),
    },
    load: resultLoadOf(load, args.arrivalTimes),
    status: trials.reduce<CellStatus>((worst, t) => (STATUS_RANK[t.status] > STATUS_RANK[worst] ? t.status : worst), 'complete'),
    workload_hash: args.workloadHash,
    started_at: args.trials[0]?.startedAt ?? new Date().toISOString(),
    duration_s: Math.round(args.trials.reduce((s, t) => s + t.durationS, 0) * 1000) / 1000,
    metrics: pooled,
    client,
    trials,
    ...(args.lengths == null ? {} : { lengths: args.lengths }),
    ...(args.conversation == null ? {} : { turns: turnMetrics(groups.flat(), args.conversation.turns) }),
    ...(isOpen(load) ? { lateness_ms: summariseLateness(args.trials.flatMap((t) => t.run.dispatchLagMs)) } : {}),
    ...(telemetry ? { telemetry } : {}),
  };
}

/** The trials' energy pooled: every trial's joules over every trial's output tokens; joules null when any trial's is; null when no trial had any. */
function pooledEnergy(parts: readonly ({ joules: number | null; outputTokens: number } | null)[]): { joules: number | null; outputTokens: number } | null {
  if (parts.length === 0 || parts.some((p) => p === null)) return null;
  const known = parts as { joules: number | null; outputTokens: number }[];
  const joules = known.some((p) => p.joules === null) ? null : known.reduce((a, p) => a + p.joules!, 0);
  return { joules, outputTokens: known.reduce((a, p) => a + p.outputTokens, 0) };
}
