// Why a tail percentile could not decide. The gate judges a percentile across
// trials as well as across requests (judge.ts: Welch's interval on the
// per-trial figures when it is the more cautious), so each trial's p95 must
// be steady on its own. With few requests a trial it is set by one or two
// of them: on llama-server, 1 slot against 4 with 24 requests a trial moved
// TTFT p50 58 -> 202 ms, yet the gated TTFT p95 read inconclusive 8 times in
// 8 (interval -41% to +1062%); 50 a trial decided it 6 times in 7, the
// default 100 7 times in 7.
// The report then says what to raise, not just "measure more".

/** Fewer values than this above a trial's percentile: the hint is given. */
export const STEADY_TAIL = 5;

/**
 * The reason's addition for an undecided percentile whose smallest trial has
 * fewer than STEADY_TAIL values above it, or null. `percentile` in (0, 100);
 * `perTrial` the values each trial contributed.
 */
export function thinTailHint(stat: string, percentile: number | null, perTrial: readonly number[]): string | null {
  if (percentile === null || perTrial.length < 2) return null;
  const n = Math.min(...perTrial);
  if (!(n > 0)) return null;
  // In hundredths, so that 50 values above a p90 are 5, not 4.999...
  const above = (n * (100 - percentile)) / 100;
  if (above >= STEADY_TAIL) return null;
  const k = Math.max(1, Math.ceil(above));
  const need = Math.ceil((STEADY_TAIL * 100) / (100 - percentile));
  return `each trial's ${stat} is set by its ${k === 1 ? 'largest value' : `${k} largest values`} of ${n}: about ${need} values a trial (run.requests) would steady it`;
}
