// From a change estimate and its interval to a metric's verdict, with two
// rules of issue 10: a warning must carry information (item 6: beyond the
// threshold AND unlikely under no change, else inconclusive), and the
// verdict agrees with its own interval (item 5: a change clearly beyond the
// mirrored threshold on the good side is `improved`, never `unchanged`).
// Pure; judge.ts and history-judge.ts share it; Holm over a comparison's
// gated tests is significance.ts's (settleTests).
import type { MetricOutcome } from './verdict.js';

/** A warning needs p (one-sided, against no change) below this: at most ~5% of A/A comparisons warn. */
export const WARN_ALPHA = 0.05;

export interface ChangeEvidence {
  /** Candidate / baseline, ratios (error_rate: differences, with threshold and mirror as differences too). */
  estimate: number;
  lo: number;
  hi: number;
  /** The bad-side threshold; `good` the mirrored one on the good side. */
  threshold: number;
  good: number;
  /** 'up' when a larger value is worse (latencies), 'down' when smaller is (throughput). */
  direction: 'up' | 'down';
  /** One-sided p of a change this far in the bad direction when nothing changed; null when unknown. */
  pNoChange: number | null;
  /** The metric's level: 'warn' metrics never regress. */
  level: 'fail' | 'warn';
  /** 'ratio': no change is 1 (relative metrics); 'difference': no change is 0 (error_rate). */
  scale: 'ratio' | 'difference';
  /**
   * The bad-side threshold of the tolerance alone, before a floor or a margin
   * widened it to `threshold`. Where nothing widened it (equal to threshold)
   * it changes nothing: an interval wholly beyond it is already `beyond`.
   */
  tolerance?: number;
}

export interface Classified {
  verdict: MetricOutcome;
  /** Which rule decided, for the report's reason. */
  rule: 'beyond' | 'estimate-beyond' | 'estimate-beyond-noisy' | 'improved' | 'improved-significant' | 'within' | 'within-widened' | 'too-wide';
}

/**
 * The mirrored threshold on the good side, on the log scale the changes are
 * estimated on: a 5% drop threshold (0.95) mirrors to +5.3% (1/0.95), a +10%
 * latency threshold to -9.1%. The one mirror convention of the gate (judge.ts
 * used 2 - r before): every interval is computed on log ratios and is
 * symmetric there, so "as far on the good side" is the same log distance;
 * 2 - r is not (a 60% drop threshold would mirror to +60% rather than +150%,
 * and r >= 2 to a ratio <= 0).
 */
export function mirrorThreshold(threshold: number): number {
  if (!(threshold > 0 && threshold < Infinity)) throw new RangeError(`mirrorThreshold: threshold must be a positive ratio, got ${threshold}`);
  return 1 / threshold;
}

/**
 * regressed: the whole interval is beyond the threshold on the bad side
 *   (the caller still applies Holm and may downgrade to warn).
 * warn: only the estimate is beyond it, and p against no change < warnAlpha
 *   (with pNoChange unknown: the estimate alone, as before).
 * inconclusive: the estimate is beyond it but such a change is not unlikely
 *   with nothing changed. Never `unchanged` (issue 23, item 1): the interval
 *   reaches past the threshold, so "unchanged" would contradict it, and a
 *   larger observed regression must never read friendlier than a smaller one.
 * improved: the whole interval is beyond the mirrored threshold on the good
 *   side, or the estimate is and the interval excludes no change.
 * unchanged: the interval lies within the threshold on the bad side.
 * warn (within-widened): it does, but the whole interval is beyond the
 *   tolerance the floor or margin widened: a change the data show, which the
 *   threshold holds back; never `unchanged` (gating rule 15).
 * inconclusive: the interval reaches past the threshold with the estimate inside it.
 */
export function classifyChange(e: ChangeEvidence, warnAlpha: number = WARN_ALPHA): Classified {
  if (!(e.lo <= e.estimate && e.estimate <= e.hi)) throw new RangeError(`classifyChange: need lo <= estimate <= hi, got ${e.lo}, ${e.estimate}, ${e.hi}`);
  if (!(warnAlpha > 0 && warnAlpha < 1)) throw new RangeError(`classifyChange: warnAlpha must be in (0, 1), got ${warnAlpha}`);
  const up = e.direction === 'up';
  // "beyond x on the bad side" and "beyond x on the good side"
  const bad = (v: number, x: number): boolean => (up ? v > x : v < x);
  const goodOf = (v: number, x: number): boolean => (up ? v < x : v > x);
  // The interval's end nearest the good side, and the one nearest the bad side.
  const [goodEnd, badEnd] = up ? [e.lo, e.hi] : [e.hi, e.lo];
  const none = e.scale === 'ratio' ? 1 : 0;
  if (bad(goodEnd, e.threshold)) return { verdict: e.level === 'warn' ? 'warn' : 'regressed', rule: 'beyond' };
  if (bad(e.estimate, e.threshold)) {
    if (e.pNoChange !== null && e.pNoChange >= warnAlpha) return { verdict: 'inconclusive', rule: 'estimate-beyond-noisy' };
    return { verdict: 'warn', rule: 'estimate-beyond' };
  }
  if (goodOf(badEnd, e.good)) return { verdict: 'improved', rule: 'improved' };
  if (goodOf(e.estimate, e.good) && goodOf(badEnd, none)) return { verdict: 'improved', rule: 'improved-significant' };
  if (!bad(badEnd, e.threshold)) {
    if (e.tolerance !== undefined && bad(goodEnd, e.tolerance)) return { verdict: 'warn', rule: 'within-widened' };
    return { verdict: 'unchanged', rule: 'within' };
  }
  return { verdict: 'inconclusive', rule: 'too-wide' };
}
