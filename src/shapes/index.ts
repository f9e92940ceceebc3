// The load shapes, one file each, in one table (CONTRIBUTING.md, "Adding a
// load shape"). Config normalisation and derivation, the scheduler, shards,
// the client-health checks and the result all ask this table instead of
// switching on a shape: a new shape is its file plus its entries here (its
// line in SHAPES and WRITTEN, and its variants of the unions below).
import { createRng } from '../util/rng.js';
import { burstShape, type BurstLoad, type NormalBurstLoad, type RawBurstFields } from './burst.js';
import { concurrencyShape, type ConcurrencyLoad, type NormalConcurrency, type RawConcurrencyFields } from './concurrency.js';
import { gammaShape, type GammaLoad } from './gamma.js';
import { poissonShape, type PoissonLoad } from './poisson.js';
import { rampOffsets, rampShape, type NormalRampLoad, type RampLoad, type RawRampFields } from './ramp.js';
import type { NormalRate, RawRateFields } from './rate.js';
import type { ResultLoad, Shape, WrittenShape } from './shape.js';
import { traceShape, type TraceLoad } from './trace.js';

export type { BurstLoad, ConcurrencyLoad, GammaLoad, PoissonLoad, RampLoad, ResultLoad, TraceLoad };
export { TRACE_LOAD, TRACE_LOAD_LABEL } from './trace.js';
export { RATE_DEFAULTS } from './rate.js';

/** One entry of `loads:` as written; JSON Schema let exactly one of concurrency, rate, ramp and burst through. */
export type RawLoad = RawConcurrencyFields & RawRateFields & RawRampFields & RawBurstFields;

/** A load with its defaults filled in, in the config's snake_case (results store it; config hashes are taken over it). */
export type NormalLoad = NormalConcurrency | NormalRate | NormalRampLoad | NormalBurstLoad;

/** A load as the run uses it: one variant per shape, each with only the fields it has. */
export type LoadPlan = ConcurrencyLoad | PoissonLoad | GammaLoad | RampLoad | TraceLoad | BurstLoad;

type OpenLoad = Exclude<LoadPlan, ConcurrencyLoad>;
type ShapeName = LoadPlan['shape'];

const SHAPES: { readonly [K in ShapeName]: Shape<Extract<LoadPlan, { shape: K }>> } = {
  concurrency: concurrencyShape,
  poisson: poissonShape,
  gamma: gammaShape,
  ramp: rampShape,
  trace: traceShape,
  burst: burstShape,
};

/** A shape's config side, seen through the unions of every shape (each shape's file is checked against its own types). */
const written = <L extends LoadPlan, N extends NormalLoad, R>(s: WrittenShape<L, N, R>): WrittenShape<LoadPlan, NormalLoad, RawLoad> => s as unknown as WrittenShape<LoadPlan, NormalLoad, RawLoad>;

/** The shapes `loads:` can name. At most one matches a load: Poisson takes a `rate:` whose arrival is not gamma. */
const WRITTEN = [written(concurrencyShape), written(poissonShape), written(gammaShape), written(rampShape), written(burstShape)];

/** The keys of `loads[]` of which exactly one names a load's shape: concurrency, rate, ramp, burst. */
export const LOAD_SHAPE_KEYS: readonly string[] = [...new Set(WRITTEN.map((s) => s.key))];

function shapeOf<L extends LoadPlan>(l: L): Shape<L> {
  return SHAPES[l.shape] as unknown as Shape<L>;
}

function writtenOf(n: NormalLoad): WrittenShape<LoadPlan, NormalLoad, RawLoad> {
  const w = WRITTEN.find((s) => s.isNormal(n));
  if (w === undefined) throw new Error(`a load of no known shape: ${JSON.stringify(n)}`);
  return w;
}

/** A load as written, its defaults filled in. */
export function normaliseLoad(raw: RawLoad): NormalLoad {
  const w = WRITTEN.find((s) => s.is(raw));
  if (w === undefined) throw new Error(`a load of no known shape: ${JSON.stringify(raw)}`);
  return w.normalise(raw);
}

/** `c=4`, `r=2/s`, `r=2/s,gamma=0.5,max=8`, `ramp=...`, `burst=8/10s`: names a load in cell ids and in gate.slo[].load. */
export function loadLabel(n: NormalLoad): string {
  return writtenOf(n).label(n);
}

/** A normalised load as the run uses it. */
export function loadPlanOf(n: NormalLoad): LoadPlan {
  const w = writtenOf(n);
  return w.plan(n, w.label(n));
}

/** An open loop: requests arrive on a schedule, whatever the server does. */
export function isOpen(l: LoadPlan): l is OpenLoad {
  return shapeOf(l).loop === 'open';
}

/** Most requests the load keeps in flight; null: unbounded. */
export function inFlight(l: LoadPlan): number | null {
  return shapeOf(l).inFlight(l);
}

/** The load with its bound on requests in flight replaced (a shard's share). */
export function withInFlight<L extends LoadPlan>(l: L, n: number | null): L {
  return shapeOf(l).withInFlight(l, n);
}

/** The stream a load's arrival times are drawn from. */
const arrivalRng = (l: LoadPlan, seedMaterial: string): ReturnType<typeof createRng> => createRng(`${seedMaterial}|arrivals|${l.label}`);

/**
 * Successive arrival offsets in ms from the cell start, drawn from the seed
 * so a rerun sends the same request at the same offset; null where the
 * shape draws none (a closed loop; a trace, whose items carry their times).
 */
export function drawnArrivals(l: LoadPlan, seedMaterial: string): (() => number) | null {
  const arrivals = shapeOf(l).arrivals;
  return arrivals === null ? null : arrivals(l, arrivalRng(l, seedMaterial));
}

/** A ramp cell's whole schedule: every arrival inside the ramp, the offsets drawnArrivals() gives for the same seed material; its length is the cell's request count. */
export function rampSchedule(l: RampLoad, seedMaterial: string): Float64Array {
  return rampOffsets(l.ramp, arrivalRng(l, seedMaterial));
}

/** How the result records the load; `times` are the cell's items' arrival times (a trace's rate comes from them). */
export function resultLoadOf(l: LoadPlan, times: readonly number[] = []): ResultLoad {
  return shapeOf(l).resultLoad(l, times);
}
