// Job-to-job noise from stored runs (issue 10, item 2). A trial inside one
// job shares the runner, its clocks and its neighbours with the other trials
// of that job; a stored baseline from another job does not. This module
// estimates, on the log scale, how much whole jobs differ from each other
// (between-job variance) on top of how much trials differ inside a job
// (within-job variance), and judges a new job against the predictive
// distribution of a new job of the unchanged baseline. Model and formulas:
// docs/gate.md, "Job-to-job noise from history".
import { normalQuantile, tCdf, tQuantile } from './special.js';

/** At least this many stored jobs: two give one degree of freedom and a near-useless t quantile (12.7 at 95%). */
export const MIN_JOBS = 3;

export interface JobNoise {
  /** Stored jobs used. */
  jobs: number;
  /** Mean over jobs of each job's mean log value: the baseline level (log scale). */
  mean: number;
  /** Pooled within-job variance of log trial values (sigma^2); 0 when no job had 2 trials. */
  withinVar: number;
  /** Degrees of freedom behind withinVar. */
  withinDf: number;
  /** Sample variance of the job means (S_b^2, K - 1 degrees of freedom). */
  jobMeanVar: number;
  /** Between-job variance (tau^2), method of moments, truncated at 0. */
  betweenVar: number;
  /** Harmonic mean of trials per stored job. */
  trialsPerJob: number;
}

function logsOf(values: readonly number[], what: string): number[] {
  return values.map((v) => {
    if (!(v > 0 && v < Infinity)) throw new RangeError(`${what}: values must be finite and > 0, got ${v}`);
    return Math.log(v);
  });
}

const mean = (xs: readonly number[]): number => xs.reduce((a, b) => a + b, 0) / xs.length;

/**
 * One-way random-effects estimate over stored jobs (each: its per-trial
 * values of one metric, > 0). Null when fewer than MIN_JOBS jobs have a value.
 *
 * sigma^2 = pooled within-job variance of log values;
 * S_b^2  = variance of the K job means;
 * tau^2  = max(0, S_b^2 - sigma^2 / n_h), n_h the harmonic mean of trials per job.
 * Method of moments (the balanced-design ANOVA estimator; DerSimonian-Laird
 * with equal weights): no iteration, defined from 3 jobs, never negative.
 */
export function estimateJobNoise(jobs: readonly (readonly number[])[]): JobNoise | null {
  const kept = jobs.filter((j) => j.length > 0).map((j, i) => logsOf(j, `estimateJobNoise: job ${i}`));
  if (kept.length < MIN_JOBS) return null;
  const means = kept.map(mean);
  let ss = 0;
  let df = 0;
  for (const [i, j] of kept.entries()) {
    if (j.length < 2) continue;
    for (const v of j) ss += (v - means[i]!) ** 2;
    df += j.length - 1;
  }
  const withinVar = df > 0 ? ss / df : 0;
  const grand = mean(means);
  const jobMeanVar = means.reduce((a, m) => a + (m - grand) ** 2, 0) / (means.length - 1);
  const trialsPerJob = kept.length / kept.reduce((a, j) => a + 1 / j.length, 0);
  return {
    jobs: kept.length,
    mean: grand,
    withinVar,
    withinDf: df,
    jobMeanVar,
    betweenVar: Math.max(0, jobMeanVar - withinVar / trialsPerJob),
    trialsPerJob,
  };
}

/** A coefficient of variation from a log-scale variance (exact for a log-normal). */
export function cvOfLogVar(v: number): number {
  return Math.sqrt(Math.expm1(v));
}

interface PredictiveChange {
  /** Candidate / baseline level, ratio of geometric means. */
  estimate: number;
  /** Interval of the change at `level`, ratios. */
  lo: number;
  hi: number;
  /** One-sided p against the threshold (H0: not beyond it in the bad direction). */
  p: number;
  /** One-sided p against no change (the warning rule's "unlikely under no change"). */
  pNoChange: number;
  /** Standard error of the log change and its degrees of freedom. */
  se: number;
  df: number;
}

/**
 * Variance of log(candidate job mean) - baseline mean when nothing changed:
 * a new job draws its own job effect (tau^2) and its own trials
 * (sigma^2 / n_c), and the baseline mean is itself estimated (S_b^2 / K).
 */
export function predictiveVar(noise: JobNoise, candTrials: number): number {
  if (!(Number.isInteger(candTrials) && candTrials >= 1)) throw new RangeError(`predictiveVar: candTrials must be a positive integer, got ${candTrials}`);
  return noise.betweenVar + noise.withinVar / candTrials + noise.jobMeanVar / noise.jobs;
}

/**
 * The candidate job (its per-trial values) against the predictive
 * distribution of a new baseline job. A t with K - 1 degrees of freedom:
 * the variance is dominated by S_b^2, estimated from K job means (with
 * tau^2 = 0 the other terms have more, so this errs on the wide side).
 */
export function predictiveChange(noise: JobNoise, cand: readonly number[], level: number, threshold: number, direction: 'up' | 'down'): PredictiveChange {
  if (!(level > 0 && level < 1)) throw new RangeError(`predictiveChange: level must be in (0, 1), got ${level}`);
  if (!(threshold > 0 && threshold < Infinity)) throw new RangeError(`predictiveChange: threshold must be a positive ratio, got ${threshold}`);
  if (cand.length === 0) throw new RangeError('predictiveChange: the candidate has no values');
  const d = mean(logsOf(cand, 'predictiveChange: candidate')) - noise.mean;
  const df = noise.jobs - 1;
  const se = Math.sqrt(predictiveVar(noise, cand.length));
  const oneSided = (x: number): number => {
    if (se === 0) return (direction === 'up' ? d > x : d < x) ? 0 : 1;
    const t = (d - x) / se;
    return direction === 'up' ? tCdf(-t, df) : tCdf(t, df);
  };
  const half = se * tQuantile((1 + level) / 2, df);
  return { estimate: Math.exp(d), lo: Math.exp(d - half), hi: Math.exp(d + half), p: oneSided(Math.log(threshold)), pNoChange: oneSided(0), se, df };
}

/**
 * The smallest true change (as a ratio, on the bad side of the threshold)
 * that fails with probability `power` under a one-sided test at `alpha`
 * against the threshold: log ratio = log threshold -/+ (t_{1-alpha, K-1} + z_power) * se.
 * `alpha` is the level the decision really uses (with Holm over m gated
 * tests, at worst alpha / m).
 */
export function minimumDetectableRatio(noise: JobNoise, candTrials: number, alpha: number, threshold: number, direction: 'up' | 'down', power = 0.8): number {
  if (!(alpha > 0 && alpha < 0.5)) throw new RangeError(`minimumDetectableRatio: alpha must be in (0, 0.5), got ${alpha}`);
  if (!(power > 0 && power < 1)) throw new RangeError(`minimumDetectableRatio: power must be in (0, 1), got ${power}`);
  const reach = (tQuantile(1 - alpha, noise.jobs - 1) + normalQuantile(power)) * Math.sqrt(predictiveVar(noise, candTrials));
  return Math.exp(Math.log(threshold) + (direction === 'up' ? reach : -reach));
}
