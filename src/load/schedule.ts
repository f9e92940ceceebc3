// Arrival times for open-loop load, drawn from the seed so a rerun sends the
// same request at the same offset.
import type { LoadPlan } from '../config/plan.js';
import { createRng, exponential, gamma } from '../util/rng.js';
import { rampArrivals, rampOffsetsFrom } from './ramp.js';

type RateLoad = Extract<LoadPlan, { kind: 'rate' }>;

/** The stream a load's arrival times are drawn from. */
const arrivalRng = (load: RateLoad, seedMaterial: string): ReturnType<typeof createRng> => createRng(`${seedMaterial}|arrivals|${load.label}`);

/**
 * Successive offsets in ms from the cell start at which each request is due,
 * drawn one at a time: a cell of millions of requests never holds them all.
 */
export function arrivals(load: RateLoad, seedMaterial: string): () => number {
  if (load.arrival === 'trace') throw new Error(`load '${load.label}': a trace's arrival times come from the trace, not from a draw`);
  const rng = arrivalRng(load, seedMaterial);
  // A ramp: the same Poisson draws, time-warped to its rising rate (load/ramp.ts).
  if (load.arrival === 'ramp') return rampArrivals(rampOf(load), rng);
  let t = 0;
  return () => {
    const out = t;
    // Gamma with shape k and scale 1/(rate*k) keeps the mean rate and sets the
    // burstiness (vLLM's convention: k = 1 is Poisson, k < 1 is burstier).
    const gapS = load.arrival === 'gamma' ? gamma(rng, load.burstiness, 1 / (load.rate * load.burstiness)) : exponential(rng, load.rate);
    t += gapS * 1000;
    return out;
  };
}

/** The first `count` offsets of arrivals(). */
export function arrivalOffsets(load: RateLoad, count: number, seedMaterial: string): Float64Array {
  const next = arrivals(load, seedMaterial);
  const out = new Float64Array(count);
  for (let i = 0; i < count; i++) out[i] = next();
  return out;
}

/**
 * A ramp cell's whole schedule: every arrival inside the ramp, the offsets
 * arrivals() gives for the same seed material. Computed before the cell
 * starts: its length is the cell's request count.
 */
export function rampOffsets(load: RateLoad, seedMaterial: string): Float64Array {
  return rampOffsetsFrom(rampOf(load), arrivalRng(load, seedMaterial));
}

function rampOf(load: RateLoad): NonNullable<RateLoad['ramp']> {
  if (load.ramp == null) throw new Error(`load '${load.label}': a ramp load needs its ramp`);
  return load.ramp;
}
