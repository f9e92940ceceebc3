// Arrival times for open-loop load, drawn from the seed so a rerun sends the
// same request at the same offset.
import type { LoadPlan } from '../config/plan.js';
import { createRng, exponential, gamma } from '../util/rng.js';

/**
 * Successive offsets in ms from the cell start at which each request is due,
 * drawn one at a time: a cell of millions of requests never holds them all.
 */
export function arrivals(load: Extract<LoadPlan, { kind: 'rate' }>, seedMaterial: string): () => number {
  if (load.arrival === 'trace') throw new Error(`load '${load.label}': a trace's arrival times come from the trace, not from a draw`);
  const rng = createRng(`${seedMaterial}|arrivals|${load.label}`);
  let t = 0;
  return () => {
    const out = t;
    // Gamma with shape k and scale 1/(rate*k) keeps the mean rate and sets the
    // burstiness (vLLM's convention: k = 1 is Poisson, k < 1 is burstier).
    const gapS =
      load.arrival === 'gamma' ? gamma(rng, load.burstiness, 1 / (load.rate * load.burstiness)) : exponential(rng, load.rate);
    t += gapS * 1000;
    return out;
  };
}

/** The first `count` offsets of arrivals(). */
export function arrivalOffsets(load: Extract<LoadPlan, { kind: 'rate' }>, count: number, seedMaterial: string): Float64Array {
  const next = arrivals(load, seedMaterial);
  const out = new Float64Array(count);
  for (let i = 0; i < count; i++) out[i] = next();
  return out;
}
