// Warm-up until steady (issue 10, item 4): llama-server's first run after a
// start had 6x the TTFT p95 of later runs despite 2 warm-up requests (cold
// caches, lazy allocations, a JIT or graph capture on first use). Instead of
// a fixed count, warm until the server stops getting faster, bounded by a
// count and a time. Pure: the load model feeds each finished warm-up request.
//
// Rule: with w requests per window, compare the last window with the one
// before it. Warm-up effects run one way (a cold server is slower), so the
// server is steady when it has stopped improving:
//   median TTFT(last w) >= (1 - ttftTolerance) * median TTFT(previous w), and
//   throughput(last w)   <= (1 + tpsTolerance)  * throughput(previous w),
// a window's throughput being the tokens it added over the time it took
// (from the running totals). Noise in a steady server settles it quickly;
// a real warm-up trend keeps it going. Needs 2w + 1 requests.

export interface SteadyRule {
  /** Requests per window. */
  window: number;
  /** Largest drop of the median TTFT between the last two windows that still counts as steady. */
  ttftTolerance: number;
  /** Largest rise of the window throughput between the last two windows that still counts as steady. */
  tpsTolerance: number;
  /** Stop warming after this many requests, steady or not. */
  maxRequests: number;
  /** Stop warming after this many seconds, steady or not. */
  maxSeconds: number;
}

export const DEFAULT_STEADY: SteadyRule = Object.freeze({ window: 4, ttftTolerance: 0.15, tpsTolerance: 0.1, maxRequests: 64, maxSeconds: 120 });

export interface WarmupSample {
  /** This request's TTFT, ms. */
  ttftMs: number;
  /** Output tokens per second over the warm-up so far (running total / elapsed). */
  tps: number;
  /** Seconds since the warm-up began, when this request finished. */
  elapsedS: number;
}

export interface SteadyDecision {
  /** Stop warming now. */
  done: boolean;
  /** Why: the rule held, or a bound was reached (not steady: the report should say so); null while warming. */
  by: 'steady' | 'count' | 'time' | null;
  requests: number;
  seconds: number;
  /** The last window's median TTFT and throughput (null before a full window). */
  ttftMs: number | null;
  tps: number | null;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 === 1 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

function checkSteadyRule(r: SteadyRule): void {
  const bad = (field: string, v: number, want: string): never => {
    throw new RangeError(`warm-up rule: ${field} must be ${want}, got ${v}`);
  };
  if (!(Number.isInteger(r.window) && r.window >= 1)) bad('window', r.window, 'a positive integer');
  if (!(r.ttftTolerance >= 0 && r.ttftTolerance < 1)) bad('ttftTolerance', r.ttftTolerance, 'in [0, 1)');
  if (!(r.tpsTolerance >= 0 && r.tpsTolerance < Infinity)) bad('tpsTolerance', r.tpsTolerance, 'finite and >= 0');
  if (!(Number.isInteger(r.maxRequests) && r.maxRequests >= 1)) bad('maxRequests', r.maxRequests, 'a positive integer');
  if (!(r.maxSeconds > 0)) bad('maxSeconds', r.maxSeconds, '> 0');
}

/** Throughput of the requests (from, to]: tokens added over time taken; null when no time passed. */
function windowTps(s: readonly WarmupSample[], from: number, to: number): number | null {
  const dt = s[to]!.elapsedS - s[from]!.elapsedS;
  return dt > 0 ? (s[to]!.tps * s[to]!.elapsedS - s[from]!.tps * s[from]!.elapsedS) / dt : null;
}

/** Decide after each finished warm-up request, given every one so far. */
export function steadyState(samples: readonly WarmupSample[], rule: SteadyRule = DEFAULT_STEADY): SteadyDecision {
  checkSteadyRule(rule);
  samples.forEach((x, i) => {
    if (!(x.ttftMs >= 0 && x.tps >= 0 && x.elapsedS >= 0 && Number.isFinite(x.ttftMs + x.tps + x.elapsedS))) {
      throw new RangeError(`warm-up sample ${i}: ttftMs, tps and elapsedS must be finite and >= 0, got ${x.ttftMs}, ${x.tps}, ${x.elapsedS}`);
    }
  });
  const n = samples.length;
  const w = rule.window;
  const seconds = n > 0 ? samples[n - 1]!.elapsedS : 0;
  const last = n >= w ? median(samples.slice(n - w).map((x) => x.ttftMs)) : null;
  const lastTps = n >= w + 1 ? windowTps(samples, n - 1 - w, n - 1) : null;
  const out = (done: boolean, by: SteadyDecision['by']): SteadyDecision => ({ done, by, requests: n, seconds, ttftMs: last, tps: lastTps });
  if (n >= 2 * w + 1) {
    const prev = median(samples.slice(n - 2 * w, n - w).map((x) => x.ttftMs));
    const prevTps = windowTps(samples, n - 1 - 2 * w, n - 1 - w);
    const ttftSettled = last! >= (1 - rule.ttftTolerance) * prev;
    const tpsSettled = lastTps !== null && prevTps !== null && lastTps <= (1 + rule.tpsTolerance) * prevTps;
    if (ttftSettled && tpsSettled) return out(true, 'steady');
  }
  if (n >= rule.maxRequests) return out(true, 'count');
  if (seconds >= rule.maxSeconds) return out(true, 'time');
  return out(false, null);
}
