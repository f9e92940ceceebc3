// The judge stage, and the one module of the pipeline that calls into
// src/config and src/gate: reading the plan, choosing the gate rules, and
// turning results into a verdict (a comparison, or SLO checks alone when
// there is no baseline) or a calibration. Both hosts judge through here, so
// the CLI and the action cannot disagree about a verdict.
import { gatePlanFromStored, loadGatePlan, loadPlan } from '../config/load.js';
import type { GatePlan, Plan, Warmup } from '../config/plan.js';
import { RunSetupError } from '../errors/run-setup-error.js';
import { adviseBudget, type BudgetAdvice } from '../gate/budget-advice.js';
import { calibrate, type CalibrationDoc } from '../gate/calibrate.js';
import { DEFAULT_CALIBRATION_TRIALS, MIN_CALIBRATION_TRIALS } from '../gate/calibration-trials.js';
import { compare } from '../gate/compare.js';
import { compareWithHistory } from '../gate/compare-history.js';
import { verdictWithoutBaseline } from '../gate/no-baseline.js';
import type { VerdictDoc } from '../gate/verdict.js';
import type { ResultDoc } from '../result/types.js';
import type { Host } from './host.js';
import { reviewSamples } from './samples.js';
import { scenarioTrace } from '../workload/index.js';
import { traceConfigProblems } from '../workload/trace-check.js';

/** A trace scenario's window against the run and its block size against its hash ids, read once (the run reuses the read). */
const checkTraces = (plan: Plan): ReturnType<typeof traceConfigProblems> => traceConfigProblems(plan, scenarioTrace);

/** Same bound as run.trials in the config schema. */
const MAX_CALIBRATION_TRIALS = 100;

interface PlanRequest {
  /** Config file relative to the host's cwd; null: ./llm-perf.yml if present, else the built-in default. */
  config: string | null;
  url?: string | null;
  model?: string | null;
  /** run.warmup when the config does not set it (the action: auto). */
  warmupDefault?: Warmup;
}

export function readPlan(host: Host, req: PlanRequest): Promise<Plan> {
  // Too few planned samples for a gated percentile is found here, when the config is read (samples.ts); what the
  // review changed (run.requests raised) is said where the command's log goes: stderr, or a notice annotation in the action.
  return loadPlan({
    configPath: req.config,
    cwd: host.cwd,
    url: req.url ?? null,
    model: req.model ?? null,
    env: host.env,
    warmupDefault: req.warmupDefault,
    review: reviewSamples,
    onNotice: (text) => host.log.notice(text),
    onWarning: (text) => host.log.warn(text, 'SLO on too few samples'),
    check: checkTraces,
  });
}

/** The verdict on a run made with `plan`, with the plan's gate rules. */
export function judgeRun(plan: Plan, baseline: ResultDoc | null, candidate: ResultDoc, whyNoBaseline: string, history: readonly ResultDoc[] = []): VerdictDoc {
  return verdictOf(baseline, history, candidate, plan.gate, whyNoBaseline);
}

interface StoredJudgement {
  /** Take the gate rules from this config file; null: from the candidate's own stored config. */
  config: string | null;
  baseline: ResultDoc | null;
  /** Stored runs to judge against with their job-to-job noise (compareWithHistory); [] or absent: the baseline alone. */
  history?: readonly ResultDoc[];
  candidate: ResultDoc;
  /** Where the candidate came from, for messages about its stored config. */
  candidateLabel: string;
  whyNoBaseline: string;
}

/** The verdict on results read from files (compare, the action's report mode). */
export async function judgeStored(host: Host, j: StoredJudgement): Promise<VerdictDoc> {
  const gate = j.config !== null ? await loadGatePlan(j.config, host.cwd) : gatePlanFromStored(j.candidate.config, `${j.candidateLabel} (stored config)`);
  return verdictOf(j.baseline, j.history ?? [], j.candidate, gate, j.whyNoBaseline);
}

/**
 * Against several stored runs when there are (the history design, which
 * falls back to the newest alone under 3 comparable runs and says so);
 * compared with the baseline when there is one; without one, the SLO checks
 * alone decide (docs/gate.md), with `whyNoBaseline` as the first reason.
 */
function verdictOf(baseline: ResultDoc | null, history: readonly ResultDoc[], candidate: ResultDoc, gate: GatePlan, whyNoBaseline: string): VerdictDoc {
  if (history.length > 0) return compareWithHistory(history, candidate, gate);
  return baseline === null ? verdictWithoutBaseline(candidate, gate, whyNoBaseline) : compare(baseline, candidate, gate);
}

/**
 * The sequential budget an A/A paired run's noise calls for, judged with the
 * rules of `config` when given, else of the candidate's stored config.
 */
export async function adviseStoredBudget(host: Host, j: { config: string | null; baseline: ResultDoc; candidate: ResultDoc; candidateLabel: string }): Promise<BudgetAdvice> {
  const gate = j.config !== null ? await loadGatePlan(j.config, host.cwd) : gatePlanFromStored(j.candidate.config, `${j.candidateLabel} (stored config)`);
  return adviseBudget(j.baseline, j.candidate, gate);
}

/** Trials for a calibration run: `given` (--trials), else max(run.trials, DEFAULT_CALIBRATION_TRIALS). */
export function calibrationTrials(given: string | null, plan: Plan): number {
  if (given === null) return Math.max(plan.limits.trials, DEFAULT_CALIBRATION_TRIALS);
  const n = /^\d+$/.test(given.trim()) ? Number(given.trim()) : NaN;
  if (!Number.isInteger(n) || n < MIN_CALIBRATION_TRIALS || n > MAX_CALIBRATION_TRIALS) {
    throw new RunSetupError(`--trials must be an integer from ${MIN_CALIBRATION_TRIALS} (two trials in each half of the A/A split) to ${MAX_CALIBRATION_TRIALS}, got ${JSON.stringify(given)}`);
  }
  return n;
}

/** An A/A calibration of a run made with `plan` (its gate rules, its configured trial count). */
export function calibrateRun(doc: ResultDoc, plan: Plan, resultFile: string): CalibrationDoc {
  return calibrate(doc, plan.gate, { currentTrials: plan.limits.trials, resultFile });
}
