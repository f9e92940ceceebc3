// Request lengths drawn from a scenario's distributions (issue 20, item 2).
// Like the prompts, a pure function of (seed, scenario, request index): the
// same request of a scenario has the same lengths in every cell and every
// trial (trials change the words, not the lengths), so cells at different
// loads send the same mix and a rerun sends the very same one.
import type { Length, LengthDist } from '../config/plan.js';
import { createRng, type Rng } from '../util/rng.js';

/** Redraws of a normal or lognormal value outside [min, max] before it is clamped (a bound deep in a tail). */
const MAX_REDRAWS = 64;

function standardNormal(rng: Rng): number {
  // Box-Muller; 1 - next() is in (0, 1], so the log is finite.
  const u = 1 - rng.next();
  const v = rng.next();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

function bounded(min: number, max: number, draw: () => number): number {
  for (let k = 0; k < MAX_REDRAWS; k++) {
    const x = Math.round(draw());
    if (x >= min && x <= max) return x;
  }
  return Math.min(max, Math.max(min, Math.round(draw())));
}

/**
 * One length from `spec`, an integer >= 1. normal and lognormal take the
 * distribution's own mean and standard deviation in tokens (the lognormal's
 * mu and sigma follow from them), round to the nearest integer, and redraw
 * values outside [min, max] (truncation, not a pile-up at the bounds).
 */
export function drawLength(spec: Length, rng: Rng): number {
  if (typeof spec === 'number') return spec;
  return drawDist(spec, rng);
}

function drawDist(spec: LengthDist, rng: Rng): number {
  switch (spec.dist) {
    case 'uniform':
      return spec.min + rng.int(spec.max - spec.min + 1);
    case 'normal':
      return bounded(spec.min, spec.max, () => spec.mean + spec.stddev * standardNormal(rng));
    case 'lognormal': {
      const sigma2 = Math.log(1 + (spec.stddev / spec.mean) ** 2);
      const mu = Math.log(spec.mean) - sigma2 / 2;
      const sigma = Math.sqrt(sigma2);
      return bounded(spec.min, spec.max, () => Math.exp(mu + sigma * standardNormal(rng)));
    }
    case 'empirical': {
      const total = spec.weights.reduce((s, w) => s + w, 0);
      let x = rng.next() * total;
      for (let i = 0; i < spec.values.length; i++) {
        x -= spec.weights[i]!;
        if (x < 0) return spec.values[i]!;
      }
      return spec.values[spec.values.length - 1]!;
    }
  }
}

/** The input or output length of request `index` of a scenario: its own stream, apart from the prompt's words. */
export function requestLength(spec: Length, seed: number, scenario: string, side: 'input' | 'output', index: number): number {
  if (typeof spec === 'number') return spec;
  return drawDist(spec, createRng(JSON.stringify(['synth-length', seed, scenario, side, index])));
}

/** Mean, p50, p90 and max of a list of lengths (nearest rank); the result's record of what was drawn. */
interface LengthSummary {
  mean: number;
  p50: number;
  p90: number;
  max: number;
}

export function summariseLengths(values: readonly number[]): LengthSummary | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = (q: number): number => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
  const mean = sorted.reduce((s, v) => s + v, 0) / sorted.length;
  return { mean: Math.round(mean * 1000) / 1000, p50: rank(0.5), p90: rank(0.9), max: sorted[sorted.length - 1]! };
}
