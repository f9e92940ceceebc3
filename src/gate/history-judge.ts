// One metric of one cell judged against the last K stored runs of the
// default branch (issue 10, item 2): the baseline is not one run but the
// predictive distribution of a new job, so the noise between jobs counts.
// With fewer than MIN_JOBS comparable runs the answer is "noise unknown" and
// the caller falls back to the one-run rule (judge.ts) and says so.
import type { CellResult } from '../result/types.js';
import { trialStats, trialValues } from './extract.js';
import { classifyChange } from './outcome.js';
import { thresholdRatio, type MetricRule } from './policy.js';
import { cvOfLogVar, estimateJobNoise, MIN_JOBS, minimumDetectableRatio, predictiveChange, type JobNoise } from '../stats/job-noise.js';
import type { MetricVerdict } from './verdict.js';

interface HistorySettings {
  /** Two-sided level of the interval (gate.confidence). */
  confidence: number;
  /** gate.alpha: the Holm-adjusted p a regression must get below. */
  alpha: number;
  /** Gated tests Holm will correct over; the stated detectable change assumes the worst case, alpha / gatedTests. */
  gatedTests: number;
  /** Power at which the detectable change is stated (default 0.8, as judge.ts's mde_pct). */
  power?: number;
}

/** What the report shows about the noise this verdict was judged against. */
interface NoiseReport {
  jobs: number;
  /** Between-job coefficient of variation (tau), percent. */
  job_cv_pct: number;
  /** Within-job, trial-to-trial coefficient of variation (sigma), percent. */
  trial_cv_pct: number;
  /** Smallest change in the bad direction that fails with the stated power, percent (signed: -12.3 for a drop). */
  mdc_pct: number;
  /** The observed range of the stored jobs' levels around their mean, percent. */
  swing_pct: [number, number];
}

/** p_no_change: one-sided p of the change under no change, for the warning rule (outcome.ts settleComparison). */
type HistoryVerdict = Omit<MetricVerdict, 'method'> & { method: 'history'; p_no_change: number; noise: NoiseReport };

type HistoryJudgement = { known: true; verdict: HistoryVerdict } | { known: false; jobs: number; reason: string };

const pct = (ratio: number): number => Math.round((ratio - 1) * 1e4) / 100;
const round3 = (x: number): number => Math.round(x * 1000) / 1000;

/** Per-trial figures of a metric in one cell: the rate per trial, or the trial's own statistic of a distribution. */
function jobValues(cell: CellResult, rule: MetricRule): number[] {
  const raw = rule.def.dist === null ? trialValues(cell, rule.def) : trialStats(cell, rule.def);
  return raw.filter((v) => Number.isFinite(v) && v > 0);
}

function noiseReport(noise: JobNoise, mdc: number, means: number[]): NoiseReport {
  return {
    jobs: noise.jobs,
    job_cv_pct: Math.round(cvOfLogVar(noise.betweenVar) * 1e4) / 100,
    trial_cv_pct: Math.round(cvOfLogVar(noise.withinVar) * 1e4) / 100,
    mdc_pct: pct(mdc),
    swing_pct: [pct(Math.exp(Math.min(...means) - noise.mean)), pct(Math.exp(Math.max(...means) - noise.mean))],
  };
}

/**
 * `history`: the same cell in the stored runs (the caller picks the runs:
 * default branch, matching environment fingerprint, valid and comparable
 * with the candidate). Returns the verdict with p set (Holm is the caller's),
 * or why the noise is unknown.
 */
export function judgeAgainstHistory(history: readonly CellResult[], cand: CellResult, rule: MetricRule, s: HistorySettings): HistoryJudgement {
  const { def } = rule;
  if (def.kind === 'absolute') return { known: false, jobs: history.length, reason: `${def.id} is judged as a proportion, not against job-to-job noise` };
  if (!(Number.isInteger(s.gatedTests) && s.gatedTests >= 1)) throw new RangeError(`judgeAgainstHistory: gatedTests must be a positive integer, got ${s.gatedTests}`);
  const jobs = history.map((c) => jobValues(c, rule)).filter((v) => v.length > 0);
  const noise = estimateJobNoise(jobs);
  if (noise === null) {
    return { known: false, jobs: jobs.length, reason: `${jobs.length} comparable stored run(s) with ${def.id}, ${MIN_JOBS} needed: job-to-job noise unknown, judged on one run` };
  }
  const c = jobValues(cand, rule);
  if (c.length === 0) return { known: false, jobs: noise.jobs, reason: `the candidate has no ${def.id} figure` };
  const dir = def.direction === 'lower' ? 'up' : 'down';
  const base = Math.exp(noise.mean);
  const thr = thresholdRatio(rule, base);
  const e = predictiveChange(noise, c, s.confidence, thr, dir);
  const testAlpha = Math.min((1 - s.confidence) / 2, s.alpha / s.gatedTests);
  const mdc = minimumDetectableRatio(noise, c.length, testAlpha, thr, dir, s.power ?? 0.8);
  const means = jobs.map((j) => j.reduce((a, v) => a + Math.log(v), 0) / j.length);
  const report = noiseReport(noise, mdc, means);
  // The tolerance alone: where the floor widened it, a change wholly beyond it is never `unchanged` (outcome.ts).
  const tolerance = thresholdRatio({ ...rule, floor: 0 }, base);
  const cls = classifyChange({
    estimate: e.estimate,
    lo: e.lo,
    hi: e.hi,
    threshold: thr,
    good: 1 / thr,
    direction: dir,
    pNoChange: e.pNoChange,
    level: rule.level,
    scale: 'ratio',
    tolerance,
  });
  let verdict = cls.verdict;
  let reason: string;
  // Never regressed inside what unchanged jobs already did: the stored jobs
  // themselves are the evidence that such a level happens without a change.
  const logChange = Math.log(e.estimate);
  const insideSwing = dir === 'up' ? logChange + noise.mean <= Math.max(...means) : logChange + noise.mean >= Math.min(...means);
  if (verdict === 'regressed' && insideSwing) {
    verdict = 'warn';
    reason = `beyond the ${pct(thr)}% threshold against the predicted job, but inside the swing of the ${noise.jobs} stored jobs`;
  } else {
    reason = {
      beyond: `the whole interval is beyond the ${pct(thr)}% threshold, with ${noise.jobs} stored jobs' noise`,
      'estimate-beyond': `estimate beyond the ${pct(thr)}% threshold and unlikely under no change (p = ${e.pNoChange.toPrecision(2)}), interval not wholly beyond it`,
      'estimate-beyond-noisy': `estimate beyond the ${pct(thr)}% threshold, but p = ${e.pNoChange.toPrecision(2)} under no change: too noisy to tell (${noise.jobs} stored jobs detect about ${report.mdc_pct}%)`,
      improved: 'the whole interval is beyond the threshold on the good side',
      'improved-significant': 'the estimate is beyond the threshold on the good side and the interval excludes no change',
      within: `the interval stays within the ${pct(thr)}% threshold`,
      'within-widened': `changed by ${pct(e.lo)}% to ${pct(e.hi)}%, beyond the ${pct(tolerance)}% tolerance; the ${pct(thr)}% threshold (the ${rule.floor} ${def.unit} floor) is all the stored jobs' noise and floor let this run vouch for`,
      'too-wide': `interval too wide to rule out a change beyond ${pct(thr)}%: ${noise.jobs} stored jobs detect about ${report.mdc_pct}%`,
    }[cls.rule];
  }
  const cMean = c.reduce((a, v) => a + Math.log(v), 0) / c.length;
  return {
    known: true,
    verdict: {
      metric: def.id,
      unit: def.unit,
      direction: def.direction,
      gated: rule.gated,
      level: rule.level,
      baseline: round3(base),
      candidate: round3(Math.exp(cMean)),
      change_pct: pct(e.estimate),
      interval_pct: [pct(e.lo), pct(e.hi)],
      p: e.p,
      p_no_change: e.pNoChange,
      p_adj: null,
      threshold_pct: pct(thr),
      verdict,
      method: 'history',
      mde_pct: report.mdc_pct,
      reason,
      noise: report,
    },
  };
}
