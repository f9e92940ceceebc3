import { createRequire as __llmPerfGateRequire } from 'node:module'; const require = __llmPerfGateRequire(import.meta.url);

// src/util/rng.ts
import { createHash } from "node:crypto";
var TWO_POW_32 = 4294967296;
function createRng(seedMaterial) {
  const digest = createHash("sha256").update(seedMaterial, "utf8").digest();
  let a = digest.readUInt32LE(0);
  let b = digest.readUInt32LE(4);
  let c = digest.readUInt32LE(8);
  let d = digest.readUInt32LE(12);
  const nextU32 = () => {
    const t = (a + b | 0) + d | 0;
    d = d + 1 | 0;
    a = b ^ b >>> 9;
    b = c + (c << 3) | 0;
    c = c << 21 | c >>> 11;
    c = c + t | 0;
    return t >>> 0;
  };
  for (let i = 0; i < 12; i++) nextU32();
  return {
    next: () => nextU32() / TWO_POW_32,
    int: (n) => {
      if (!Number.isInteger(n) || n < 1 || n > TWO_POW_32) {
        throw new RangeError(`rng.int: n must be an integer in 1..2^32, got ${n}`);
      }
      const limit = TWO_POW_32 - TWO_POW_32 % n;
      for (; ; ) {
        const x = nextU32();
        if (x < limit) return x % n;
      }
    }
  };
}
function exponential(rng, rate) {
  if (!(rate > 0) || !Number.isFinite(rate)) throw new RangeError(`exponential: rate must be > 0, got ${rate}`);
  return -Math.log(1 - rng.next()) / rate;
}
function standardNormal(rng) {
  for (; ; ) {
    const u = 2 * rng.next() - 1;
    const v = 2 * rng.next() - 1;
    const s = u * u + v * v;
    if (s > 0 && s < 1) return u * Math.sqrt(-2 * Math.log(s) / s);
  }
}
function gamma(rng, shape, scale) {
  if (!(shape > 0) || !Number.isFinite(shape)) throw new RangeError(`gamma: shape must be > 0, got ${shape}`);
  if (!(scale > 0) || !Number.isFinite(scale)) throw new RangeError(`gamma: scale must be > 0, got ${scale}`);
  if (shape < 1) {
    const boosted = gamma(rng, shape + 1, 1);
    return boosted * Math.pow(1 - rng.next(), 1 / shape) * scale;
  }
  const d = shape - 1 / 3;
  const c = 1 / Math.sqrt(9 * d);
  for (; ; ) {
    let x;
    let v;
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

export {
  createRng,
  exponential,
  gamma
};
