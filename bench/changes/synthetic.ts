// Synthetic series with known shifts, for the detection study and its test:
// log-normal noise of a given coefficient of variation around a level that
// steps by a known relative amount at known points. Pure and seeded.
import { createRng, type Rng } from '../../src/util/rng.js';

interface SyntheticSpec {
  length: number;
  /** Coefficient of variation of the noise (0.05 = 5%). */
  cv: number;
  /** Relative level changes (0.1 = +10%) applied from the given indices on. */
  shifts: { at: number; relative: number }[];
  seed: string;
  level?: number;
}

function normal(rng: Rng): number {
  // Box-Muller; 1 - next() keeps the log finite.
  return Math.sqrt(-2 * Math.log(1 - rng.next())) * Math.cos(2 * Math.PI * rng.next());
}

export function syntheticSeries(spec: SyntheticSpec): number[] {
  const rng = createRng(`synthetic:${spec.seed}`);
  // A log-normal with this sigma has the requested CV.
  const sigma = Math.sqrt(Math.log(1 + spec.cv * spec.cv));
  const out: number[] = [];
  let level = spec.level ?? 100;
  for (let i = 0; i < spec.length; i++) {
    for (const s of spec.shifts) if (s.at === i) level *= 1 + s.relative;
    out.push(level * Math.exp(sigma * normal(rng) - (sigma * sigma) / 2));
  }
  return out;
}

interface StudyCase {
  cv: number;
  shift: number;
}

interface StudyOutcome extends StudyCase {
  series: number;
  /** Series whose shift was found within `tolerance` points of where it was made (shifted cases only). */
  detected: number;
  /** Null cases: series with any change point. Shifted cases: change points away from the true shift. */
  falseAlarms: number;
}

/**
 * One cell of the study: `series` series of `length` points, a shift of
 * `shift` at a random point in the middle half (none when 0).
 */
export function studyCase(c: StudyCase, series: number, length: number, tolerance: number, detect: (values: number[], seed: string) => number[]): StudyOutcome {
  const rng = createRng(`study:${c.cv}:${c.shift}`);
  let detected = 0;
  let falseAlarms = 0;
  for (let s = 0; s < series; s++) {
    const at = Math.floor(length / 4) + rng.int(Math.floor(length / 2));
    const seed = `${c.cv}:${c.shift}:${s}`;
    const values = syntheticSeries({ length, cv: c.cv, shifts: c.shift === 0 ? [] : [{ at, relative: c.shift }], seed });
    const found = detect(values, seed);
    if (c.shift === 0) {
      if (found.length > 0) falseAlarms++;
      continue;
    }
    const near = found.filter((i) => Math.abs(i - at) <= tolerance);
    if (near.length > 0) detected++;
    falseAlarms += found.length - Math.min(near.length, 1);
  }
  return { ...c, series, detected, falseAlarms };
}
