// Energy from sampled power: the integral of a GPU's power draw over a time
// window, by the trapezoid rule over the readings' arrival times (power
// between two readings is taken to change linearly from one to the next).
// Pure: the sampler hands it the readings it kept, the run stage the window.

/** One power reading: when it arrived (ms, on the clock of the window) and the draw it gave (W). */
export type PowerPoint = readonly [tMs: number, watts: number];

interface EnergyIntegral {
  joules: number;
  /** Milliseconds of the window not spanned by readings closer than `maxGapMs` (bridged, but counted here). */
  gapMs: number;
}

/** Linear interpolation of the readings at `t`, which lies between a.t and b.t. */
function at(a: PowerPoint, b: PowerPoint, t: number): number {
  const span = b[0] - a[0];
  return span <= 0 ? a[1] : a[1] + ((b[1] - a[1]) * (t - a[0])) / span;
}

/**
 * Joules drawn over [fromMs, toMs] by the trapezoid rule over `points`
 * (sorted by time). Before the first reading and after the last the nearest
 * reading's draw is held. A stretch between two readings further apart than
 * `maxGapMs`, and a stretch at either end of the window further than
 * `maxGapMs` from any reading, is still bridged but its length is returned as
 * `gapMs`, so the caller can refuse an estimate that rests on too few
 * readings. Null without readings or with an empty window.
 */
export function integratePower(points: readonly PowerPoint[], fromMs: number, toMs: number, maxGapMs: number): EnergyIntegral | null {
  if (points.length === 0 || !(toMs > fromMs)) return null;
  const first = points[0]!;
  const last = points[points.length - 1]!;
  let joulesMs = 0;
  let gapMs = 0;
  // Before the first reading: its draw held.
  if (fromMs < first[0]) {
    const end = Math.min(toMs, first[0]);
    joulesMs += first[1] * (end - fromMs);
    if (first[0] - fromMs > maxGapMs) gapMs += end - fromMs;
  }
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1]!;
    const b = points[i]!;
    const lo = Math.max(a[0], fromMs);
    const hi = Math.min(b[0], toMs);
    if (hi <= lo) continue;
    joulesMs += ((at(a, b, lo) + at(a, b, hi)) / 2) * (hi - lo);
    if (b[0] - a[0] > maxGapMs) gapMs += hi - lo;
  }
  // After the last reading: its draw held.
  if (toMs > last[0]) {
    const start = Math.max(fromMs, last[0]);
    joulesMs += last[1] * (toMs - start);
    if (toMs - last[0] > maxGapMs) gapMs += toMs - start;
  }
  return { joules: joulesMs / 1000, gapMs };
}

/**
 * Keeps at most `max` readings: past it every other one is dropped (the
 * trapezoid over what is left spans the same time), and from then on only
 * every `stride`-th reading is kept. Returns the stride to keep using.
 */
export function thinPoints(points: PowerPoint[], max: number, stride: number): number {
  if (points.length <= max) return stride;
  let w = 0;
  for (let r = 0; r < points.length; r += 2) points[w++] = points[r]!;
  points.length = w;
  return stride * 2;
}
