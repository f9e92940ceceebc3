// Sequential measurement: a paired run looks at its data after every pair,
// from the first look (run.trials pairs) up to the budget's last pair, and
// stops once every gated metric is decided. Looking often and stopping when
// the data look decisive is optional stopping: judged at the fixed design's
// levels at every look, an A/A run would fail far more often than alpha
// (the chance that some look crosses by luck grows with every look). So each
// look is judged at a nominal level from an alpha-spending function: the
// group-sequential method of clinical trials (Lan and DeMets, 1983), with
// the O'Brien-Fleming-type spending
//
//     spent(t) = 2 - 2 Phi(z_{1 - e/2} / sqrt(t)),   t = pairs / last pair,
//
// which spends almost nothing at early looks (a gross change still crosses
// them) and keeps the last look close to the fixed design's level, so a run
// that goes to the budget loses little power for having looked. The
// boundaries are exact for the correlated looks of a random walk (each
// look's statistic shares its pairs with every earlier one), found once by
// simulating the walk; the t statistics of the paired test use the same
// nominal levels, the usual practice for a t test in group-sequential
// designs. docs/gate.md has the argument and the study that measures the
// false-failure rate under this rule. Pure: no I/O.
import type { GatePlan } from '../config/plan.js';
import { normalCdf, normalQuantile } from '../stats/index.js';
import { createRng } from '../util/rng.js';
import type { MetricVerdict, VerdictDoc } from './verdict.js';

/** Paths of the simulated walk: the boundary of a look that spends 0.1% of 5% rests on 50 paths. */
const PATHS = 100_000;

const cache = new Map<string, readonly number[]>();

/**
 * The nominal one-sided error of each look n = first..last (index 0 is the
 * first look) such that the chance of any look crossing, when nothing
 * changed, is `error`. first === last is the fixed design: one look at
 * `error` itself. `paths`: walks simulated; fewer for advice that asks for
 * many budgets (budget-advice.ts), never for a verdict.
 */
export function lookErrors(first: number, last: number, error: number, paths: number = PATHS): readonly number[] {
  if (!Number.isInteger(first) || !Number.isInteger(last) || first < 1 || last < first) throw new RangeError(`looks must run from a first pair count >= 1 to a last one >= it, got ${first}..${last}`);
  if (!(error > 0 && error < 0.5)) throw new RangeError(`a one-sided error must be in (0, 0.5), got ${error}`);
  if (first === last) return [error];
  const key = `${first}|${last}|${error}${paths === PATHS ? '' : `|${paths}`}`;
  const hit = cache.get(key);
  if (hit !== undefined) return hit;
  const spent = (t: number): number => 2 - 2 * normalCdf(normalQuantile(1 - error / 2) / Math.sqrt(t));
  const rng = createRng(`llm-perf-gate|sequential|${key}`);
  const normal = (): number => {
    // Box-Muller; 1 - u keeps the log finite.
    const u = 1 - rng.next();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rng.next());
  };
  const sums = new Float64Array(paths);
  for (let n = 1; n < first; n++) for (let i = 0; i < paths; i++) sums[i]! += normal();
  const alive = new Uint8Array(paths).fill(1);
  let aliveCount = paths;
  let spentSoFar = 0;
  const out: number[] = [];
  for (let n = first; n <= last; n++) {
    for (let i = 0; i < paths; i++) sums[i]! += normal();
    const target = spent(n / last) - spentSoFar;
    const cross = Math.floor(target * paths);
    const z = new Float64Array(aliveCount);
    let j = 0;
    for (let i = 0; i < paths; i++) if (alive[i]) z[j++] = sums[i]! / Math.sqrt(n);
    // Typed arrays sort numerically, ascending: the largest are at the end.
    z.sort();
    const at = (r: number): number => z[z.length - 1 - r]!;
    // The boundary lets `cross` of the surviving paths over it; with none to spend, it sits above them all.
    const boundary = cross <= 0 ? at(0) + 1e-9 : cross >= z.length ? -Infinity : (at(cross - 1) + at(cross)) / 2;
    out.push(Math.max(1 - normalCdf(boundary), 1e-9));
    if (cross > 0) {
      for (let i = 0; i < paths; i++)
        if (alive[i] && sums[i]! / Math.sqrt(n) > boundary) {
          alive[i] = 0;
          aliveCount--;
        }
    }
    spentSoFar = (paths - aliveCount) / paths;
  }
  cache.set(key, out);
  return out;
}

/** A sequential run's budget: pairs (or trials) at most, and wall time. */
interface Budget {
  /** The last pair a run may measure: the first look is run.trials. */
  readonly trials: number;
  /** Minutes of measuring at most; null: no time limit. */
  readonly minutes: number | null;
}

/** Where a sequential run stands at one look. */
export interface Look {
  /** Pairs (trials a side) measured so far. */
  readonly trials: number;
  /** The first look (run.trials). */
  readonly first: number;
  /** The budget's last pair. */
  readonly last: number;
}

/**
 * The gate rules judged at a look: the interval's confidence and Holm's
 * alpha replaced by that look's nominal levels. At the last look of a budget
 * equal to run.trials this is the gate unchanged.
 */
export function gateAtLook(gate: GatePlan, look: Look): GatePlan {
  if (look.first === look.last) return gate;
  const k = Math.min(Math.max(look.trials, look.first), look.last) - look.first;
  const side = lookErrors(look.first, look.last, (1 - gate.confidence) / 2)[k]!;
  const alpha = lookErrors(look.first, look.last, gate.alpha)[k]!;
  return { ...gate, confidence: 1 - 2 * side, alpha };
}

const DECIDED = new Set<MetricVerdict['verdict']>(['regressed', 'unchanged', 'improved']);

/** The gated metrics of valid cells that are not decided (warn or inconclusive), with their cell. */
export function undecided(v: VerdictDoc): { cell: string; metric: MetricVerdict }[] {
  return v.cells.filter((c) => c.valid).flatMap((c) => c.metrics.filter((m) => m.gated && !DECIDED.has(m.verdict)).map((metric) => ({ cell: c.id, metric })));
}

/** A verdict that more pairs cannot change for the better: a failure is decided, so is a run whose every gated metric is. */
export function isDecided(v: VerdictDoc): boolean {
  return v.verdict === 'fail' || undecided(v).length === 0;
}

/** Why a sequential run stopped. */
export type StopReason = 'decided' | 'budget-trials' | 'budget-minutes' | 'fixed' | 'interrupted';

/**
 * Whether to measure another pair: not when decided, not past the budget's
 * pairs, and not when the next pair would not end inside the budget's time
 * (judged from the mean time a pair has taken so far).
 */
export function nextStep(v: VerdictDoc, look: Look, budget: Budget, elapsedMs: number): { more: true } | { more: false; why: StopReason } {
  if (isDecided(v)) return { more: false, why: 'decided' };
  if (look.trials >= look.last) return { more: false, why: look.first === look.last ? 'fixed' : 'budget-trials' };
  if (budget.minutes !== null) {
    const perPair = elapsedMs / Math.max(look.trials, 1);
    if (elapsedMs + perPair > budget.minutes * 60_000) return { more: false, why: 'budget-minutes' };
  }
  return { more: true };
}

/**
 * What an undecided metric's data do rule out, in words: the bad end of its
 * interval ("no drop beyond 6.1%" for a rate, "no rise beyond 12%" for a
 * latency), or null when the interval has no bad end to state.
 */
export function ruledOut(m: MetricVerdict): string | null {
  if (m.interval_pct === null) return null;
  const higherBetter = m.direction === 'higher';
  const bad = higherBetter ? m.interval_pct[0] : m.interval_pct[1];
  const fmt = (x: number): string => `${Math.abs(x) >= 10 ? x.toFixed(0) : x.toFixed(1)}%`;
  if (higherBetter) return bad >= 0 ? `no drop at all` : `no drop beyond ${fmt(-bad)}`;
  if (m.unit === 'share' || m.metric === 'error_rate') return bad <= 0 ? 'no rise at all' : `no rise beyond ${bad.toFixed(2)} points`;
  return bad <= 0 ? 'no rise at all' : `no rise beyond ${fmt(bad)}`;
}

/**
 * About how many pairs in all would decide an undecided metric at its
 * current estimate and spread: its interval must shrink until it no longer
 * reaches across the threshold, and an interval's width falls with the
 * square root of the pairs. Null when the estimate sits on the threshold
 * (no count decides it) or the metric has no interval.
 */
export function pairsToDecide(m: MetricVerdict, trials: number): number | null {
  if (m.interval_pct === null || m.change_pct === null || m.threshold_pct === null || trials < 2) return null;
  const log = (pct: number): number => (m.metric === 'error_rate' ? pct / 100 : Math.log(1 + pct / 100));
  const est = log(m.change_pct);
  const halfWidth = (log(m.interval_pct[1]) - log(m.interval_pct[0])) / 2;
  const gap = Math.abs(est - log(m.threshold_pct));
  if (!(halfWidth > 0) || !(gap > halfWidth / 20)) return null;
  return Math.ceil(trials * (halfWidth / gap) ** 2);
}
