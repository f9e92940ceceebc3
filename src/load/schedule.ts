// Arrival times for open-loop load, drawn from the seed so a rerun sends the
// same request at the same offset.
import type { LoadPlan } from '../config/plan.js';
import { createRng, exponential, gamma } from '../util/rng.js';

/** Offsets in ms from the cell start at which each request is due. */
export function arrivalOffsets(load: Extract<LoadPlan, { kind: 'rate' }>, count: number, seedMaterial: string): Float64Array {
  const rng = createRng(`${seedMaterial}|arrivals|${load.label}`);
  const out = new Float64Array(count);
  let t = 0;
  for (let i = 0; i < count; i++) {
    out[i] = t;
    // Gamma with shape k and scale 1/(rate*k) keeps the mean rate and sets the
    // burstiness (vLLM's convention: k = 1 is Poisson, k < 1 is burstier).
    const gapS =
      load.arrival === 'gamma' ? gamma(rng, load.burstiness, 1 / (load.rate * load.burstiness)) : exponential(rng, load.rate);
    t += gapS * 1000;
  }
  return out;
}
