// The measuring process asks the OS for a higher scheduling priority, so that
// on a shared machine (a CI runner with other jobs, a busy laptop) the
// scheduler runs its event loop before the neighbours': every millisecond the
// loop waits for a core is a millisecond late on every time stamp it takes.
// Linux lets root (or CAP_SYS_NICE) lower the nice value; an ordinary user
// may not, and then the run goes on at its priority and the result says so
// (`machine.priority`), since its stamps are then only as good as its share.
//
// Threads inherit the nice value of the thread that starts them, so this runs
// before any worker thread of run.workers exists. LLM_PERF_GATE_NICE sets the
// value asked for (-20..19), or `off` to leave the priority alone.
import os from 'node:os';
import type { PriorityOutcome } from '../telemetry/machine.js';

/** Nice value asked for by default: well above default-priority neighbours (weight ~9.3x theirs under Linux CFS), short of real-time. */
export const DEFAULT_NICE = -10;

let outcome: PriorityOutcome | null = null;

function current(): number | null {
  try {
    return os.getPriority(0);
  } catch {
    return null;
  }
}

/** Raises this process's scheduling priority once (later calls return the first outcome). */
export function raiseSchedulingPriority(env: NodeJS.ProcessEnv = process.env): PriorityOutcome {
  if (outcome !== null) return outcome;
  const setting = env.LLM_PERF_GATE_NICE?.trim();
  if (setting === 'off') return (outcome = { asked: null, nice: current(), raised: false, note: 'not asked: LLM_PERF_GATE_NICE=off' });
  const asked = setting === undefined || setting === '' ? DEFAULT_NICE : Number(setting);
  if (!Number.isInteger(asked) || asked < -20 || asked > 19) {
    return (outcome = { asked: null, nice: current(), raised: false, note: `not asked: LLM_PERF_GATE_NICE='${setting}' is not an integer in -20..19 or 'off'` });
  }
  const before = current();
  if (before !== null && before <= asked) return (outcome = { asked, nice: before, raised: true, note: null });
  try {
    os.setPriority(0, asked);
  } catch (err) {
    // Node wraps the errno: code ERR_SYSTEM_ERROR, info.code EACCES or EPERM.
    const code = (err as { info?: { code?: string } }).info?.code ?? (err as { code?: string }).code ?? 'error';
    return (outcome = {
      asked,
      nice: before,
      raised: false,
      note: `the OS refused nice ${asked} (${code}): only root or CAP_SYS_NICE may raise a priority; the run went on at nice ${before ?? 'unknown'}`,
    });
  }
  const now = current();
  return (outcome = { asked, nice: now, raised: now !== null && now <= asked, note: null });
}

/** Tests only: forget the outcome, so the next call asks again. */
export function resetPriorityForTests(): void {
  outcome = null;
}
