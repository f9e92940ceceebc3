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
