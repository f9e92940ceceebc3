// Waiting for a request's due time in an open loop, shared by the scheduler
// and the client benchmark so both pace alike. It reads performance.now()
// directly, not an injected Clock (util/clock.ts): due times are on the
// timeline of the client's request stamps, the wait must end on real time
// (it sleeps and spins on real timers), and it runs once or more per request.
import { performance } from 'node:perf_hooks';
import { timerMs } from '../util/timer.js';

/** Below this wait we yield with setImmediate instead of a timer, whose resolution is ~1 ms. */
const SPIN_BELOW_MS = 1.5;
/**
 * A schedule that has fallen behind sends its overdue requests back to back,
 * but yields to the event loop at least this often: without it a backlog of
 * sends starves the responses, no connection is ever free again, every send
 * opens a new one and the client never catches up.
 */
const MAX_SEND_BURST_MS = 1;

interface Pacer {
  /**
   * Resolves at `due` (performance.now() time), or at `until` when that comes
   * first, or at once when `cancel` fires. A timer for the bulk of the wait,
   * then yield-spins for the last fraction of a millisecond, since timers
   * fire up to ~1 ms late.
   */
  wait(due: number, until?: number, cancel?: AbortSignal): Promise<void>;
}

export function createPacer(): Pacer {
  let lastYield = performance.now();
  // The due time of the last wait that returned: requests due at the same instant are one burst.
  let lastDue = NaN;
  return {
    async wait(due, until = Infinity, cancel) {
      const target = Math.min(due, until);
      const sameInstant = due === lastDue;
      lastDue = due;
      for (;;) {
        const now = performance.now();
        const wait = target - now;
        if (cancel?.aborted === true) return;
        if (wait <= 0) {
          // A burst the schedule itself asks for (a trace's requests due at
          // the same millisecond) leaves back to back: yielding between its
          // sends let each yield run every pending response callback, and the
          // last of a burst of 16 left tens of ms late. Its size is the
          // schedule's, not a backlog's, so it cannot starve the responses.
          if (sameInstant || now - lastYield < MAX_SEND_BURST_MS) return;
          await new Promise<void>((r) => setImmediate(r));
          lastYield = performance.now();
          return;
        }
        if (wait > SPIN_BELOW_MS) await sleepUnlessCancelled(wait - 1, cancel);
        else await new Promise<void>((r) => setImmediate(r));
        lastYield = performance.now();
      }
    },
  };
}

/** A far due time (a rate of 1e-300/s) waits in timer-sized steps, each cut short by cancel. */
function sleepUnlessCancelled(ms: number, cancel: AbortSignal | undefined): Promise<void> {
  return new Promise<void>((resolve) => {
    const done = (): void => {
      clearTimeout(timer);
      cancel?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, timerMs(ms));
    cancel?.addEventListener('abort', done, { once: true });
  });
}
