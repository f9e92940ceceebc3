// Which stored runs may stand for the baseline of a candidate (issue 10,
// item 4): measured on the same kind of machine with the same model, so that
// the spread between them is job-to-job noise and not a hardware change. The
// environment fingerprint (issue 13) decides when both runs carry one; before
// it, the machine's CPU model and count and the served model do.
import type { ResultDoc } from '../result/types.js';
import { compareFingerprints } from '../telemetry/fingerprint.js';

/** Why `stored` was measured in another environment than `cand`; null when it may stand for the baseline. */
export function environmentMismatch(stored: ResultDoc, cand: ResultDoc): string | null {
  // Absent in results written before the telemetry work, or with telemetry off.
  const se = stored.environment;
  const ce = cand.environment;
  if (se !== undefined && ce !== undefined) {
    // Minor differences (driver, runner image) are what jobs on one runner pool see anyway: their noise is what the model measures.
    const major = compareFingerprints(se, ce).filter((d) => d.severity === 'major');
    if (major.length > 0) return major.map((d) => `${d.field} ${d.baseline} -> ${d.candidate}`).join(', ');
  }
  if (stored.machine.cpu_model !== cand.machine.cpu_model || stored.machine.cpus !== cand.machine.cpus) {
    return `machine ${stored.machine.cpus} x ${stored.machine.cpu_model} -> ${cand.machine.cpus} x ${cand.machine.cpu_model}`;
  }
  const sm = stored.target?.model ?? null;
  const cm = cand.target?.model ?? null;
  if (sm !== cm) return `model ${sm ?? 'unknown'} -> ${cm ?? 'unknown'}`;
  return null;
}

/**
 * Why `stored` must not stand for a baseline because its own requests failed
 * (issue 23, item 3): a cell with no completed request, or one whose error
 * rate is over the gate's limit (`errorRateLimit`, gate.error_rate_limit).
 * Judged against such a run, a candidate whose server works looks like an
 * improvement, and one whose server fails just as much looks unchanged.
 * Null when every cell completed enough of its requests. Capacity cells are
 * searches, not measurements of one load: only the matrix cells count.
 */
export function failedTooMuch(stored: ResultDoc, errorRateLimit: number): string | null {
  for (const c of stored.cells) {
    const { completed, attempted, failed } = c.metrics.counts;
    if (completed === 0) return `${c.id}: no request completed (${attempted} sent)`;
    if (c.metrics.error_rate > errorRateLimit) {
      return `${c.id}: ${pct(c.metrics.error_rate)} of requests failed (${failed} of ${attempted}), over gate.error_rate_limit ${pct(errorRateLimit)}`;
    }
  }
  return null;
}

const pct = (x: number): string => `${(x * 100).toFixed(1)}%`;
