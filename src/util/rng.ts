// Seeded pseudo-random numbers. Workloads and arrival schedules must be
// reproducible from the config seed on any machine and Node version, so this
// uses a fixed, fully specified generator (sfc32) instead of Math.random.
import { createHash } from 'node:crypto';

export interface Rng {
  /** Uniform in [0, 1), with 32 bits of resolution. */
  next(): number;
  /** Uniform integer in 0..n-1 (n a positive integer up to 2^32), without modulo bias. */
  int(n: number): number;
}

const TWO_POW_32 = 0x1_0000_0000;

/**
 * A generator whose whole stream is determined by `seedMaterial`. Callers
 * build the material from everything that should make streams independent
 * (seed, scenario, cell, request index, a purpose tag); sha256 spreads even
 * near-identical strings over unrelated states.
 */
export function createRng(seedMaterial: string): Rng {
  const digest = createHash('sha256').update(seedMaterial, 'utf8').digest();
  let a = digest.readUInt32LE(0);
  let b = digest.readUInt32LE(4);
  let c = digest.readUInt32LE(8);
  let d = digest.readUInt32LE(12);

  // sfc32 (Chris Doty-Humphrey's Small Fast Counting generator): passes
  // PractRand/BigCrush, and its 32-bit integer arithmetic is exact in JS.
  const nextU32 = (): number => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return t >>> 0;
  };
  // The reference seeding discards the first outputs so that similar seeds
  // have diverged before anything is observed.
  for (let i = 0; i < 12; i++) nextU32();

  return {
    next: () => nextU32() / TWO_POW_32,
    int: (n: number): number => {
      if (!Number.isInteger(n) || n < 1 || n > TWO_POW_32) {
        throw new RangeError(`rng.int: n must be an integer in 1..2^32, got ${n}`);
      }
      // Rejection keeps every outcome equally likely; floor(next()*n) would
      // favour some values by up to n/2^32.
      const limit = TWO_POW_32 - (TWO_POW_32 % n);
      for (;;) {
        const x = nextU32();
        if (x < limit) return x % n;
      }
    },
  };
}

/** Exponential variate with the given rate (mean 1/rate): Poisson inter-arrival gaps. */
export function exponential(rng: Rng, rate: number): number {
  if (!(rate > 0) || !Number.isFinite(rate)) throw new RangeError(`exponential: rate must be > 0, got ${rate}`);
  // 1 - next() lies in (0, 1], so the log is finite.
  return -Math.log(1 - rng.next()) / rate;
}

/** Standard normal variate (Marsaglia polar method; the spare value is dropped to keep the API stateless). */
function standardNormal(rng: Rng): number {
  for (;;) {
    const u = 2 * rng.next() - 1;
    const v = 2 * rng.next() - 1;
    const s = u * u + v * v;
    if (s > 0 && s < 1) return u * Math.sqrt((-2 * Math.log(s)) / s);
  }
}

/**
 * Gamma variate with the given shape and scale (mean shape*scale, variance
 * shape*scale^2): Marsaglia & Tsang (2000). For shape < 1 it samples
 * shape+1 and multiplies by U^(1/shape), the standard boost that keeps the
 * squeeze method valid.
 */
export function gamma(rng: Rng, shape: number, scale: number): number {
  if (!(shape > 0) || !Number.isFinite(shape)) throw new RangeError(`gamma: shape must be > 0, got ${shape}`);
  if (!(scale > 0) || !Number.isFinite(scale)) throw new RangeError(`gamma: scale must be > 0, got ${scale}`);
  if (shape < 1) {
    const boosted = gamma(rng, shape + 1, 1);
    // 1 - next() is in (0, 1]: a zero would turn tiny shapes into 0 * Infinity.
    return boosted * Math.pow(1 - rng.next(), 1 / shape) * scale;
  }
  const d = shape - 1 / 3;
  const c = 1 / Math.sqrt(9 * d);
  for (;;) {
    let x: number;
    let v: number;
    do {
      x = standardNormal(rng);
      v = 1 + c * x;
    } while (v <= 0);
    v = v * v * v;
    const u = 1 - rng.next();
    const x2 = x * x;
    if (u < 1 - 0.0331 * x2 * x2) return d * v * scale;
    if (Math.log(u) < 0.5 * x2 + d * (1 - v + Math.log(v))) return d * v * scale;
  }
}
