// One metric of one cell: estimate the change, put an interval on it, and
// decide against the threshold (docs/gate.md, "A metric's verdict") with
// outcome.ts's classifyChange: regressed only when the whole interval lies
// beyond the threshold in the bad direction (and, decided later in
// significance.ts, the Holm-adjusted p-value is below alpha); warn when only
// the point estimate is beyond and the change is unlikely under no change;
// improved when the interval is wholly beyond the mirrored threshold on the
// good side; inconclusive when the interval is too wide to say.
import type { CellResult } from '../result/types.js';
import { minSamplesFor } from '../stats/distribution.js';
import { classifyChange, mirrorThreshold, type Classified } from './outcome.js';
import { percentileOf, thresholdRatio, type MetricRule } from './policy.js';
import { pooledValue, trialSamples, trialStats, trialValues } from './extract.js';
import { bootstrapRatio, intervalFromDraws, minimumDetectableChange, normalCdf, normalQuantile, pBeyond, tCdf, tQuantile, welchLogRatio, type Direction } from '../stats/index.js';
import { thinTailHint } from './tail-hint.js';
import { NO_MARGIN, type NeighbourMargin } from './validity.js';
import type { Method, MetricVerdict } from './verdict.js';

export interface JudgeSettings {
  confidence: number;
  iterations: number;
  paired: boolean;
  /** Seeds the bootstrap: the same inputs always give the same verdict. */
  seed: string;
  /**
   * Timing floors (timing-floor.ts) in ms for distribution metrics whose
   * floor the user did not set: replaces the catalogue's fixed floor.
   */
  floorMs?: (rule: MetricRule) => number | null;
  /**
   * Uncertainty the trials cannot show: more neighbour load beside one side
   * (validity.ts neighbourProblems). `regress` widens the regression
   * threshold, `pass` extends the interval's bad end. Absent: none.
   */
  margin?: NeighbourMargin;
}

/** A change estimate as ratios candidate/baseline (or differences, for error_rate). */
interface Estimate {
  estimate: number;
  lo: number | null;
  hi: number | null;
  p: number | null;
  /** One-sided p of a change this far in the bad direction under no change (ratio 1, difference 0). */
  pNoChange: number | null;
  method: Method;
}

const pct = (ratio: number): number => Math.round((ratio - 1) * 1e4) / 100;
const round = (x: number | null): number | null => (x === null ? null : Math.round(x * 1000) / 1000);

/**
 * One-sample t on paired log ratios, at every pair count. Wilcoxon's exact
 * signed-rank p cannot go below 2^-n: with 6 pairs 1/64, so after any
 * multiplicity adjustment only a run whose every pair lay beyond the
 * threshold could fail (issue 23: a +10% TPOT slowdown failed 0 of 13 runs).
 * The t's p is continuous; a pair hit by a stall or a neighbour on one side
 * only is dropped before it gets here (compare.ts), which is what the rank
 * test's robustness bought.
 */
function pairedT(base: number[], cand: number[], level: number, thr: number, dir: Direction): Estimate | null {
  const d = base.map((b, i) => Math.log(cand[i]! / b)).filter(Number.isFinite);
  const n = d.length;
  if (n < 2) return null;
  const mean = d.reduce((a, b) => a + b, 0) / n;
  const sd = Math.sqrt(d.reduce((a, b) => a + (b - mean) ** 2, 0) / (n - 1));
  const se = sd / Math.sqrt(n);
  const q = tQuantile((1 + level) / 2, n - 1);
  const pAt = (x: number): number => {
    // With no spread the data either are beyond x or are not (the same rule as welchLogRatio).
    if (se === 0) return (dir === 'up' ? mean > x : mean < x) ? 0 : 1;
    const t = (mean - x) / se;
    return dir === 'up' ? tCdf(-t, n - 1) : tCdf(t, n - 1);
  };
  return { estimate: Math.exp(mean), lo: Math.exp(mean - q * se), hi: Math.exp(mean + q * se), p: pAt(Math.log(thr)), pNoChange: pAt(0), method: 'paired' };
}

function rateEstimate(base: CellResult, cand: CellResult, rule: MetricRule, s: JudgeSettings, thr: number, dir: Direction): Estimate | string {
  const b = trialValues(base, rule.def).filter((v) => v > 0);
  const c = trialValues(cand, rule.def).filter((v) => v > 0);
  if (s.paired && b.length === c.length && b.length >= 2) {
    const r = pairedT(b, c, s.confidence, thr, dir);
    if (r) return r;
  }
  const w = welchLogRatio(b, c, s.confidence, thr, dir);
  if (w) return { estimate: w.estimate, lo: w.lo, hi: w.hi, p: w.p, pNoChange: welchLogRatio(b, c, s.confidence, 1, dir)!.p, method: 'welch' };
  const pb = pooledValue(base, rule.def);
  const pc = pooledValue(cand, rule.def);
  if (pb === null || pc === null || pb <= 0) return 'no data on one side';
  return { estimate: pc / pb, lo: null, hi: null, p: null, pNoChange: null, method: 'point' };
}

function distEstimate(base: CellResult, cand: CellResult, rule: MetricRule, s: JudgeSettings, thr: number, dir: Direction): Estimate | string {
  const { stat } = rule.def.dist!;
  const percentile = percentileOf(stat);
  if (s.paired && base.trials.length === cand.trials.length && base.trials.length >= 2) {
    const b = trialStats(base, rule.def);
    const c = trialStats(cand, rule.def);
    if ([...b, ...c].every((v) => Number.isFinite(v) && v > 0)) {
      const t = pairedT(b, c, s.confidence, thr, dir);
      if (t) return t;
    }
  }
  const b = trialSamples(base, rule.def).filter((t) => t.length > 0);
  const c = trialSamples(cand, rule.def).filter((t) => t.length > 0);
  const nb = b.reduce((n, t) => n + t.length, 0);
  const nc = c.reduce((n, t) => n + t.length, 0);
  const need = percentile === null ? 2 : minSamplesFor(percentile);
  if (nb < need || nc < need) return `too few samples (${Math.min(nb, nc)}; ${stat} needs ${need})`;
  const r = bootstrapRatio(b, c, percentile === null ? 'mean' : percentile / 100, { iterations: s.iterations, seed: s.seed });
  let { lo, hi } = intervalFromDraws(r.logDraws, s.confidence);
  let p = pBeyond(r.logDraws, thr, dir);
  let pNoChange = pBeyond(r.logDraws, 1, dir);
  // With a handful of trials the bootstrap sees only a few distinct trial
  // mixes and understates how much whole runs differ (a known small-cluster
  // failure). Welch's t on the per-trial statistics accounts for that with
  // its degrees of freedom; keep whichever of the two is more cautious.
  const bt = trialStats(base, rule.def).filter((v) => Number.isFinite(v) && v > 0);
  const ct = trialStats(cand, rule.def).filter((v) => Number.isFinite(v) && v > 0);
  const w = bt.length >= 2 && ct.length >= 2 ? welchLogRatio(bt, ct, s.confidence, thr, dir) : null;
  if (w !== null) {
    lo = Math.min(lo, w.lo);
    hi = Math.max(hi, w.hi);
    p = Math.max(p, w.p);
    pNoChange = Math.max(pNoChange, welchLogRatio(bt, ct, s.confidence, 1, dir)!.p);
  }
  return { estimate: r.estimate, lo, hi, p, pNoChange, method: 'bootstrap' };
}

/** error_rate: difference of proportions with a Wald interval and a one-sided z test against the tolerance. */
function proportionEstimate(base: CellResult, cand: CellResult, tol: number, level: number): Estimate {
  const n1 = base.metrics.counts.attempted;
  const n2 = cand.metrics.counts.attempted;
  const p1 = base.metrics.error_rate;
  const p2 = cand.metrics.error_rate;
  const diff = p2 - p1;
  const se = Math.sqrt((p1 * (1 - p1)) / Math.max(n1, 1) + (p2 * (1 - p2)) / Math.max(n2, 1));
  const z = normalQuantile((1 + level) / 2);
  const pAt = (x: number): number => (se === 0 ? (diff > x ? 0 : 1) : 1 - normalCdf((diff - x) / se));
  return { estimate: diff, lo: diff - z * se, hi: diff + z * se, p: pAt(tol), pNoChange: pAt(0), method: 'proportion' };
}

/**
 * The change of one metric between two cells, judged against its rule. The
 * verdict is frozen: a `regressed` here is provisional until significance.ts
 * has applied Holm and alpha, which makes new objects.
 */
export function judgeMetric(base: CellResult, cand: CellResult, rule: MetricRule, s: JudgeSettings): Readonly<MetricVerdict> {
  return Object.freeze(judge(base, cand, rule, s));
}

function judge(base: CellResult, cand: CellResult, rule: MetricRule, s: JudgeSettings): MetricVerdict {
  const { def } = rule;
  const dir: Direction = def.direction === 'lower' ? 'up' : 'down';
  const b = pooledValue(base, def);
  const c = pooledValue(cand, def);
  const out: MetricVerdict = {
    metric: def.id,
    unit: def.unit,
    direction: def.direction,
    gated: rule.gated,
    level: rule.level,
    baseline: round(b),
    candidate: round(c),
    change_pct: null,
    interval_pct: null,
    p: null,
    p_adj: null,
    threshold_pct: null,
    verdict: 'inconclusive',
    method: 'point',
    mde_pct: null,
    reason: '',
  };

  if (def.kind === 'absolute') {
    const e = proportionEstimate(base, cand, rule.tolerance, s.confidence);
    const pp = (x: number): number => Math.round(x * 1e4) / 100;
    Object.assign(out, { change_pct: pp(e.estimate), interval_pct: [pp(e.lo!), pp(e.hi!)], p: e.p, p_no_change: e.pNoChange, threshold_pct: pp(rule.tolerance), method: e.method });
    // Differences: the mirror of +tolerance is -tolerance, no change is 0.
    const cls = classifyChange({
      estimate: e.estimate,
      lo: e.lo!,
      hi: e.hi!,
      threshold: rule.tolerance,
      good: -rule.tolerance,
      direction: 'up',
      pNoChange: e.pNoChange,
      level: rule.level,
      scale: 'difference',
    });
    return decide(out, cls, e.lo!, e.hi!, s.confidence, false);
  }

  const floor = def.dist !== null && s.floorMs !== undefined ? s.floorMs(rule) : null;
  const margin = s.margin ?? NO_MARGIN;
  const thr = thresholdRatio(floor === null ? rule : { ...rule, floor }, b) * Math.exp(dir === 'up' ? margin.regress : -margin.regress);
  out.threshold_pct = pct(thr);
  // Rates and efficiency figures are one number per trial; distributions are resampled.
  const e = def.dist === null ? rateEstimate(base, cand, rule, s, thr, dir) : distEstimate(base, cand, rule, s, thr, dir);
  if (typeof e === 'string') {
    if (b !== null && c !== null && b > 0) out.change_pct = pct(c / b);
    out.reason = e;
    return out;
  }
  out.change_pct = pct(e.estimate);
  out.method = e.method;
  if (e.method === 'paired') {
    // The row must read as one comparison: the paired change is not the
    // ratio of the pooled figures (a drift both sides of a pair saw cancels
    // in it, not in them), so show the baseline's per-trial level and the
    // candidate it implies (issue 10, item 5).
    const bt = (def.dist === null ? trialValues(base, def) : trialStats(base, def)).filter((v) => Number.isFinite(v) && v > 0);
    if (bt.length > 0) {
      const level = Math.exp(bt.reduce((a, v) => a + Math.log(v), 0) / bt.length);
      out.baseline = round(level);
      out.candidate = round(level * e.estimate);
    }
  }
  out.p = e.p;
  out.p_no_change = e.pNoChange;
  if (e.lo === null || e.hi === null) {
    const beyond = dir === 'up' ? e.estimate > thr : e.estimate < thr;
    out.verdict = beyond ? 'warn' : 'inconclusive';
    out.reason = beyond
      ? `change ${out.change_pct}% is beyond ${out.threshold_pct}%, but 1 trial gives no interval (set run.trials >= 2)`
      : '1 trial gives no interval for a rate (set run.trials >= 2)';
    return out;
  }
  // More load beside the baseline could hide a slowdown of up to the margin: the interval reaches that much further on the bad side.
  if (dir === 'up') e.hi *= Math.exp(margin.pass);
  else e.lo *= Math.exp(-margin.pass);
  out.interval_pct = [pct(e.lo), pct(e.hi)];
  // The tolerance alone: where a floor or a margin widened it, a change wholly beyond it is a change the data show.
  const tolerance = thresholdRatio({ ...rule, floor: 0 }, b);
  const cls = classifyChange({
    estimate: e.estimate,
    lo: e.lo,
    hi: e.hi,
    threshold: thr,
    good: mirrorThreshold(thr),
    direction: dir,
    pNoChange: e.pNoChange,
    level: rule.level,
    scale: 'ratio',
    tolerance,
  });
  const decided = decide(out, cls, e.lo, e.hi, s.confidence, true);
  if (cls.rule === 'within-widened')
    decided.reason = `changed by ${out.interval_pct![0]}% to ${out.interval_pct![1]}%, beyond the ${pct(tolerance)}% tolerance; the ${out.threshold_pct}% threshold (floor${margin.regress > 0 ? ' and neighbour margin' : ''}) is all these data can vouch for`;
  if (decided.verdict === 'inconclusive' && def.dist !== null) {
    const sizes = [base, cand].flatMap((side) =>
      trialSamples(side, def)
        .map((t) => t.length)
        .filter((k) => k > 0),
    );
    const hint = thinTailHint(def.dist.stat, percentileOf(def.dist.stat), sizes);
    if (hint !== null) decided.reason = `${decided.reason}; ${hint}`;
  }
  return decided;
}

function decide(out: MetricVerdict, cls: Classified, lo: number, hi: number, level: number, ratio: boolean): MetricVerdict {
  const p0 = out.p_no_change == null ? '' : ` (p = ${out.p_no_change.toPrecision(2)} under no change)`;
  out.verdict = cls.verdict;
  switch (cls.rule) {
    case 'beyond':
      // Provisional: significance.ts applies Holm across gated tests and may downgrade to warn.
      out.reason = `the whole interval is beyond the ${out.threshold_pct}% threshold`;
      break;
    case 'estimate-beyond':
      out.reason = `estimate beyond the ${out.threshold_pct}% threshold and unlikely under no change${p0}, interval not wholly beyond it`;
      break;
    case 'estimate-beyond-noisy':
      out.mde_pct = ratio ? Math.round(minimumDetectableChange(lo, hi, level) * 1e4) / 100 : null;
      out.reason = `estimate beyond the ${out.threshold_pct}% threshold, but such a change is not unlikely with nothing changed${p0}: too noisy to tell${out.mde_pct === null ? '' : ` (these data detect about ${out.mde_pct}%)`}`;
      break;
    case 'improved':
      out.reason = 'the whole interval is beyond the mirrored threshold on the good side';
      break;
    case 'improved-significant':
      out.reason = 'the estimate is beyond the mirrored threshold on the good side and the interval excludes no change';
      break;
    case 'within':
    case 'within-widened':
      out.reason = `the interval stays within the ${out.threshold_pct}% threshold`;
      break;
    case 'too-wide':
      // The detectable change of a difference (error_rate) is not a ratio: only ratios get one.
      out.mde_pct = ratio ? Math.round(minimumDetectableChange(lo, hi, level) * 1e4) / 100 : null;
      out.reason =
        out.mde_pct === null
          ? `interval too wide to rule out a change beyond ${out.threshold_pct}%`
          : `interval too wide to rule out a change beyond ${out.threshold_pct}%: these data detect about ${out.mde_pct}%`;
      break;
  }
  return out;
}
