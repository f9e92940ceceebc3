// How noisy trials translate into what the gate can detect, for calibration.
// All effects are log ratios, as the gate's own tests (Welch on logs, the
// ratio bootstrap) use them; policy.ts converts them to and from the
// relative changes users read.
import { tQuantile } from '../stats/index.js';

/** Power at which detectable effects and trial counts are stated. */
export const POWER = 0.8;
/** Recommended tolerance = this many times the A/A noise (interval half-width) at the configured trials. */
export const TOLERANCE_FACTOR = 1.5;
/** Trial counts beyond this are reported as not reachable. */
export const MAX_TRIALS = 50;

/** Grubbs' test level for setting one trial aside: 1%, so that a calm run loses a trial in about 1 of 100 calibrations. */
const GRUBBS_ALPHA = 0.01;
/**
 * A spike is at least this far (log ratio, 10%) from the median of the other
 * trials: a calm 2%-CV run of 8 trials can hold a trial 5% off that Grubbs
 * flags, and dropping it would plan for half the real noise.
 */
const MIN_SPIKE_LOG = Math.log(1.1);
/** From this many trials one may be set aside as an outlier. */
const ROBUST_FROM_TRIALS = 5;

const meanOf = (xs: readonly number[]): number => xs.reduce((a, b) => a + b, 0) / xs.length;
const sdOf = (xs: readonly number[]): number => {
  const mean = meanOf(xs);
  return Math.sqrt(xs.reduce((a, b) => a + (b - mean) ** 2, 0) / (xs.length - 1));
};

/** Grubbs' two-sided critical value for n values at level alpha. */
function grubbsCritical(n: number, alpha = GRUBBS_ALPHA): number {
  const t = tQuantile(1 - alpha / (2 * n), n - 2);
  return ((n - 1) / Math.sqrt(n)) * Math.sqrt((t * t) / (n - 2 + t * t));
}

/**
 * The trial-to-trial coefficient of variation calibration plans with, from
 * per-trial values (> 0), on the log scale where the gate's tests work, and
 * robust to one load spike (issue 10, item 5: one slow trial of six drove the
 * recommended trials and tolerances). From ROBUST_FROM_TRIALS trials, the
 * trial farthest from the mean is set aside when Grubbs' test calls it an
 * outlier at 1% and it lies more than 10% from the median of the other
 * trials (a spike, not a tail of the noise); the estimate is the standard deviation of the log values
 * kept. Without an outlier it is the plain standard deviation, at full
 * efficiency (the median absolute deviation would need ~2.7x the trials for
 * the same precision, and under-read a calm 8-trial run by half in tests).
 * Null under 2 values.
 */
export function robustCv(values: readonly number[]): number | null {
  if (values.length < 2) return null;
  const logs = values.map((v) => {
    if (!(v > 0 && v < Infinity)) throw new RangeError(`robustCv: values must be finite and > 0, got ${v}`);
    return Math.log(v);
  });
  const sd = sdOf(logs);
  if (logs.length < ROBUST_FROM_TRIALS || sd === 0) return sd;
  const mean = meanOf(logs);
  let far = 0;
  for (let i = 1; i < logs.length; i++) if (Math.abs(logs[i]! - mean) > Math.abs(logs[far]! - mean)) far = i;
  if (Math.abs(logs[far]! - mean) / sd <= grubbsCritical(logs.length)) return sd;
  const others = logs.filter((_, i) => i !== far);
  const sorted = [...others].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  const median = sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  return Math.abs(logs[far]! - median) > MIN_SPIKE_LOG ? sdOf(others) : sd;
}

/** Degrees of freedom of Welch's test with k trials a side and equal variances. */
const welchDf = (k: number): number => 2 * k - 2;

/** Half-width, in log units, of the change interval at k trials a side: t_{(1+conf)/2, 2k-2} · cv · sqrt(2/k). */
export function noiseLog(cv: number, k: number, confidence: number): number {
  if (k < 2) return Infinity;
  return tQuantile((1 + confidence) / 2, welchDf(k)) * cv * Math.sqrt(2 / k);
}

/** Smallest log change detectable with `power` at k trials a side: (t_{(1+conf)/2, df} + t_{power, df}) · cv · sqrt(2/k). */
export function mdeLog(cv: number, k: number, confidence: number, power = POWER): number {
  if (k < 2) return Infinity;
  const df = welchDf(k);
  return (tQuantile((1 + confidence) / 2, df) + tQuantile(power, df)) * cv * Math.sqrt(2 / k);
}

/** Smallest k (2..max) whose detectable change is within `logThreshold`; null when none is. */
export function trialsNeeded(cv: number, logThreshold: number, confidence: number, power = POWER, max = MAX_TRIALS): number | null {
  if (!(logThreshold > 0)) return null;
  for (let k = 2; k <= max; k++) if (mdeLog(cv, k, confidence, power) <= logThreshold) return k;
  return null;
}
