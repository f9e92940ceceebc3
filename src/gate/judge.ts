// One metric of one cell: estimate the change, put an interval on it, and
// decide against the threshold (docs/gate.md, "A metric's verdict"):
// regressed only when the whole interval lies beyond the threshold in the bad
// direction (and, decided later in significance.ts, the Holm-adjusted p-value
// is below alpha); warn when only the point estimate is beyond; inconclusive
// when the interval is too wide to say.
import type { CellResult } from '../result/types.js';
import { minSamplesFor } from '../metrics/distribution.js';
import { percentileOf, thresholdRatio, type MetricRule } from './policy.js';
import { pooledValue, trialSamples, trialStats, trialValues } from './extract.js';
import {
  bootstrapRatio,
  intervalFromDraws,
  minimumDetectableChange,
  normalCdf,
  normalQuantile,
  pairedLogRatio,
  pBeyond,
  tCdf,
  tQuantile,
  welchLogRatio,
  type Direction,
} from './stats.js';
import type { Method, MetricVerdict } from './verdict.js';

export interface JudgeSettings {
  confidence: number;
  iterations: number;
  paired: boolean;
  /** Seeds the bootstrap: the same inputs always give the same verdict. */
  seed: string;
}

/** A change estimate as ratios candidate/baseline (or differences, for error_rate). */
interface Estimate {
  estimate: number;
  lo: number | null;
  hi: number | null;
  p: number | null;
  method: Method;
}

/** Wilcoxon's exact signed-rank p cannot go below 2^-n: under 6 pairs it never reaches 0.05, so use the paired t. */
const MIN_PAIRS_FOR_WILCOXON = 6;

const pct = (ratio: number): number => Math.round((ratio - 1) * 1e4) / 100;
const round = (x: number | null): number | null => (x === null ? null : Math.round(x * 1000) / 1000);

/** One-sample t on paired log ratios: works from 2 pairs, where rank tests cannot reach significance. */
function pairedT(base: number[], cand: number[], level: number, thr: number, dir: Direction): Estimate | null {
  const d = base.map((b, i) => Math.log(cand[i]! / b)).filter(Number.isFinite);
  const n = d.length;
  if (n < 2) return null;
  const mean = d.reduce((a, b) => a + b, 0) / n;
  const sd = Math.sqrt(d.reduce((a, b) => a + (b - mean) ** 2, 0) / (n - 1));
  const se = sd / Math.sqrt(n);
  const q = tQuantile((1 + level) / 2, n - 1);
  const t = se === 0 ? (mean > Math.log(thr) ? Infinity : -Infinity) : (mean - Math.log(thr)) / se;
  const p = dir === 'up' ? 1 - tCdf(t, n - 1) : tCdf(t, n - 1);
  return { estimate: Math.exp(mean), lo: Math.exp(mean - q * se), hi: Math.exp(mean + q * se), p, method: 'paired' };
}

function rateEstimate(base: CellResult, cand: CellResult, rule: MetricRule, s: JudgeSettings, thr: number, dir: Direction): Estimate | string {
  const b = trialValues(base, rule.def).filter((v) => v > 0);
  const c = trialValues(cand, rule.def).filter((v) => v > 0);
  if (s.paired && b.length === c.length && b.length >= 2) {
    if (b.length >= MIN_PAIRS_FOR_WILCOXON) {
      const r = pairedLogRatio(b, c, s.confidence, thr, dir);
      if (r) return { estimate: r.estimate, lo: r.lo, hi: r.hi, p: r.p, method: 'paired' };
    }
    const r = pairedT(b, c, s.confidence, thr, dir);
    if (r) return r;
  }
  const w = welchLogRatio(b, c, s.confidence, thr, dir);
  if (w) return { estimate: w.estimate, lo: w.lo, hi: w.hi, p: w.p, method: 'welch' };
  const pb = pooledValue(base, rule.def);
  const pc = pooledValue(cand, rule.def);
  if (pb === null || pc === null || pb <= 0) return 'no data on one side';
  return { estimate: pc / pb, lo: null, hi: null, p: null, method: 'point' };
}

function distEstimate(base: CellResult, cand: CellResult, rule: MetricRule, s: JudgeSettings, thr: number, dir: Direction): Estimate | string {
  const { stat } = rule.def.dist!;
  const percentile = percentileOf(stat);
  if (s.paired && base.trials.length === cand.trials.length && base.trials.length >= 2) {
    const b = trialStats(base, rule.def);
    const c = trialStats(cand, rule.def);
    if ([...b, ...c].every((v) => Number.isFinite(v) && v > 0)) {
      const r = b.length >= MIN_PAIRS_FOR_WILCOXON ? pairedLogRatio(b, c, s.confidence, thr, dir) : null;
      if (r) return { estimate: r.estimate, lo: r.lo, hi: r.hi, p: r.p, method: 'paired' };
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
  }
  return { estimate: r.estimate, lo, hi, p, method: 'bootstrap' };
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
  const p = se === 0 ? (diff > tol ? 0 : 1) : 1 - normalCdf((diff - tol) / se);
  return { estimate: diff, lo: diff - z * se, hi: diff + z * se, p, method: 'proportion' };
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
    Object.assign(out, { change_pct: pp(e.estimate), interval_pct: [pp(e.lo!), pp(e.hi!)], p: e.p, threshold_pct: pp(rule.tolerance), method: e.method });
    return decide(out, e.estimate, e.lo!, e.hi!, rule.tolerance, -rule.tolerance, 'up', rule, s.confidence);
  }

  const thr = thresholdRatio(rule, b);
  out.threshold_pct = pct(thr);
  const e = def.kind === 'rate' ? rateEstimate(base, cand, rule, s, thr, dir) : distEstimate(base, cand, rule, s, thr, dir);
  if (typeof e === 'string') {
    if (b !== null && c !== null && b > 0) out.change_pct = pct(c / b);
    out.reason = e;
    return out;
  }
  out.change_pct = pct(e.estimate);
  out.method = e.method;
  out.p = e.p;
  if (e.lo === null || e.hi === null) {
    const beyond = dir === 'up' ? e.estimate > thr : e.estimate < thr;
    out.verdict = beyond ? 'warn' : 'inconclusive';
    out.reason = beyond
      ? `change ${out.change_pct}% is beyond ${out.threshold_pct}%, but 1 trial gives no interval (set run.trials >= 2)`
      : '1 trial gives no interval for a rate (set run.trials >= 2)';
    return out;
  }
  out.interval_pct = [pct(e.lo), pct(e.hi)];
  // Improvement mirrors the threshold: as far on the good side.
  return decide(out, e.estimate, e.lo, e.hi, thr, 2 - thr, dir, rule, s.confidence);
}

function decide(out: MetricVerdict, est: number, lo: number, hi: number, thr: number, good: number, dir: Direction, rule: MetricRule, level: number): MetricVerdict {
  const up = dir === 'up';
  const wholeBad = up ? lo > thr : hi < thr;
  const pointBad = up ? est > thr : est < thr;
  const wholeGood = up ? hi < good : lo > good;
  const withinBand = up ? hi <= thr : lo >= thr;
  if (wholeBad) {
    // Provisional: significance.ts applies Holm across gated tests and may downgrade to warn.
    out.verdict = rule.level === 'warn' ? 'warn' : 'regressed';
    out.reason = `the whole interval is beyond the ${out.threshold_pct}% threshold`;
  } else if (pointBad) {
    out.verdict = 'warn';
    out.reason = `estimate beyond the ${out.threshold_pct}% threshold, interval not wholly beyond it`;
  } else if (wholeGood) {
    out.verdict = 'improved';
    out.reason = 'the whole interval is beyond the threshold on the good side';
  } else if (withinBand) {
    out.verdict = 'unchanged';
    out.reason = `the interval stays within the ${out.threshold_pct}% threshold`;
  } else {
    out.verdict = 'inconclusive';
    out.mde_pct = Math.round(minimumDetectableChange(lo, hi, level) * 1e4) / 100;
    out.reason = `interval too wide to rule out a change beyond ${out.threshold_pct}%: these data detect about ${out.mde_pct}%`;
  }
  return out;
}
