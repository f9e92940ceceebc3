// How noisy trials translate into what the gate can detect, for calibration.
// All effects are log ratios, as the gate's own tests (Welch on logs, the
// ratio bootstrap) use them; policy.ts converts them to and from the
// relative changes users read.
import { tQuantile } from './stats.js';

/** Power at which detectable effects and trial counts are stated. */
export const POWER = 0.8;
/** Recommended tolerance = this many times the A/A noise (interval half-width) at the configured trials. */
export const TOLERANCE_FACTOR = 1.5;
/** Trial counts beyond this are reported as not reachable. */
export const MAX_TRIALS = 50;

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
