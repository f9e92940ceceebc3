// Node timers hold at most 2^31 - 1 ms (~24.8 days); a longer delay is
// replaced by 1 ms with only a warning, which would turn a generous timeout
// into an immediate one. Every configured delay goes through here.

export const MAX_TIMER_MS = 2 ** 31 - 1;

/** `ms` bounded to what a timer can wait (at least 1 ms). */
export function timerMs(ms: number): number {
  return Number.isFinite(ms) ? Math.max(1, Math.min(MAX_TIMER_MS, Math.ceil(ms))) : MAX_TIMER_MS;
}
