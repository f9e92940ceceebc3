// Arrival times for open-loop load, drawn from the seed so a rerun sends the
// same request at the same offset. Each shape draws its own (src/shapes/).
import { drawnArrivals, type LoadPlan } from '../shapes/index.js';

/** The first `count` arrival offsets (ms) of a load whose shape draws them. */
export function arrivalOffsets(load: LoadPlan, count: number, seedMaterial: string): Float64Array {
  const next = drawnArrivals(load, seedMaterial);
  if (next === null) throw new Error(`load '${load.label}' (${load.shape}) draws no arrival times`);
  const out = new Float64Array(count);
  for (let i = 0; i < count; i++) out[i] = next();
  return out;
}
