// A paired run measured sequentially (src/gate/sequential.ts): after every
// pair from run.trials on, the results as they stand are judged at that
// look's level, and another pair is measured only while a gated metric is
// undecided and the budget (pairs, minutes) allows. Each look is one line in
// the log, so the job log shows why the run went on and why it stopped.
import type { Plan } from '../config/plan.js';
import { isDecided, nextStep, undecided, type StopReason } from '../gate/sequential.js';
import type { VerdictCost, VerdictDoc } from '../gate/verdict.js';
import type { ResultDoc } from '../result/types.js';
import type { SequentialRun } from '../run/run-plan.js';
import type { Host } from './host.js';
import { judgeRun } from './judge.js';

/** A sequential run's hook for the run loop, and what it found out on the way. */
export interface SequentialWatch {
  run: SequentialRun;
  /** Why it stopped; null while running, and when the loop ended by itself (the budget's last pair, or an interrupt). */
  stopped(): StopReason | null;
  budget: { trials: number; minutes: number | null };
}

/** Null for the fixed design (run.budget: false, or a budget of run.trials pairs). */
export function sequentialWatch(host: Host, plan: Plan): SequentialWatch | null {
  const first = plan.limits.trials;
  const budget = plan.limits.budget;
  if (budget.trials <= first) return null;
  const started = host.clock.now();
  let stopped: StopReason | null = null;
  const run: SequentialRun = {
    last: budget.trials,
    more(trials, docs) {
      const [base, cand] = docs;
      if (base === undefined || cand === undefined) return false;
      const v = judgeRun(plan, base, cand, '');
      const step = nextStep(v, { trials, first, last: budget.trials }, budget, host.clock.now() - started);
      const open = undecided(v);
      if (step.more) {
        const names = open.slice(0, 3).map((u) => `${u.metric.metric}${plan.scenarios.length + plan.loads.length > 2 ? ` (${u.cell})` : ''}`);
        host.log.info(
          `after ${trials} pairs: ${open.length} gated metric${open.length === 1 ? '' : 's'} undecided (${names.join(', ')}${open.length > 3 ? ', ...' : ''}): measuring pair ${trials + 1} of at most ${budget.trials}`,
        );
      } else {
        stopped = step.why;
        host.log.info(`after ${trials} pairs: ${stopText(step.why, v)}`);
      }
      return step.more;
    },
  };
  return { run, stopped: () => stopped, budget };
}

function stopText(why: StopReason, v: VerdictDoc): string {
  if (why === 'decided') return v.verdict === 'fail' ? 'a regression is decided: stopping' : 'every gated metric is decided: stopping';
  if (why === 'budget-minutes') return 'the next pair would not end inside run.budget.minutes: stopping undecided';
  return 'the budget is spent: stopping undecided';
}

/** Requests sent (warm-up excluded) by every cell of a result. */
export function requestsOf(doc: ResultDoc): number {
  return doc.cells.reduce((n, c) => n + c.metrics.counts.attempted, 0);
}

/** What was spent measuring, over every measurement of a run (a confirmation adds to the first). */
export interface Spent {
  wallMs: number;
  /** Servers up at once x their time. */
  serverMs: number;
  requests: number;
}

/**
 * What a measured verdict cost: pairs or trials of the judged result,
 * requests, wall time, and server- and GPU-minutes (GPUs as the telemetry
 * saw them on the candidate's machine, times server-minutes).
 */
export function verdictCost(judged: ResultDoc, spent: Spent, watch: SequentialWatch | null, verdict: VerdictDoc): VerdictCost {
  const trials = Math.max(0, ...judged.cells.map((c) => c.trials.length));
  const serverMinutes = Math.round(spent.serverMs / 600) / 100;
  const env = judged.environment;
  const gpus = env !== undefined && env.gpu_status === 'ok' ? env.gpus.length : 0;
  const cost: VerdictCost = {
    trials,
    requests: spent.requests,
    wall_s: Math.round(spent.wallMs) / 1000,
    server_minutes: serverMinutes,
    gpu_minutes: gpus > 0 ? Math.round(gpus * serverMinutes * 100) / 100 : null,
  };
  if (watch !== null) {
    // A run that reached the budget's last pair without being asked again stopped for the budget, unless that pair decided it.
    const stopped = watch.stopped() ?? (judged.status === 'interrupted' ? 'interrupted' : isDecided(verdict) ? 'decided' : 'budget-trials');
    cost.budget = { trials: watch.budget.trials, minutes: watch.budget.minutes, stopped: stopped === 'fixed' ? 'budget-trials' : stopped };
  }
  return cost;
}
