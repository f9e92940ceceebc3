// The random-effects model of job-to-job noise: hand-derived values, and its
// coverage checked by simulation against a known truth.
import { describe, expect, it } from 'vitest';
import { estimateJobNoise, minimumDetectableRatio, predictiveChange, predictiveVar } from '../../src/stats/job-noise.js';
import { createRng, type Rng } from '../../src/util/rng.js';
import { normal } from '../support/synthetic.js';

/** A job of `n` trials: level exp(mu + tau·z_job + sigma·z_trial). */
function job(rng: Rng, n: number, tau: number, sigma: number, mu = Math.log(100)): number[] {
  const j = tau * normal(rng);
  return Array.from({ length: n }, () => Math.exp(mu + j + sigma * normal(rng)));
}

describe('estimateJobNoise', () => {
  it('needs 3 jobs with a value', () => {
    expect(estimateJobNoise([[1, 2], [3], []])).toBeNull();
    expect(estimateJobNoise([[1], [2], [3]])).not.toBeNull();
  });

  it('puts the whole spread between jobs when trials agree inside each job', () => {
    // logs: ln 100, ln 110, ln 90; S_b^2 = their sample variance; sigma^2 = 0, so tau^2 = S_b^2
    const n = estimateJobNoise([
      [100, 100],
      [110, 110],
      [90, 90],
    ])!;
    const m = [100, 110, 90].map(Math.log);
    const g = (m[0]! + m[1]! + m[2]!) / 3;
    const sb = m.reduce((a, x) => a + (x - g) ** 2, 0) / 2;
    expect(n.withinVar).toBe(0);
    expect(n.jobMeanVar).toBeCloseTo(sb, 12);
    expect(n.betweenVar).toBeCloseTo(sb, 12);
    expect(n.mean).toBeCloseTo(g, 12);
  });

  it('puts nothing between jobs when the job means agree', () => {
    // each job: ln 90 and ln 110 -> same mean; sigma^2 = (ln 110 - ln 90)^2 / 2
    const n = estimateJobNoise([
      [90, 110],
      [110, 90],
      [90, 110],
    ])!;
    expect(n.betweenVar).toBe(0);
    expect(n.withinVar).toBeCloseTo((Math.log(110) - Math.log(90)) ** 2 / 2, 12);
    expect(n.trialsPerJob).toBe(2);
  });

  it('recovers a known job and trial CV from many jobs', () => {
    const rng = createRng('recover');
    const n = estimateJobNoise(Array.from({ length: 400 }, () => job(rng, 3, 0.1, 0.03)))!;
    expect(Math.sqrt(n.betweenVar)).toBeGreaterThan(0.09);
    expect(Math.sqrt(n.betweenVar)).toBeLessThan(0.11);
    expect(Math.sqrt(n.withinVar)).toBeGreaterThan(0.028);
    expect(Math.sqrt(n.withinVar)).toBeLessThan(0.032);
  });

  it('rejects values that have no log', () => {
    expect(() => estimateJobNoise([[1], [0], [2]])).toThrow(/job 1: values must be finite and > 0, got 0/);
  });
});

describe('predictiveChange', () => {
  it('covers an unchanged new job at its stated level (A/A), with job noise 3x the trial noise', () => {
    const rng = createRng('coverage');
    let inside = 0;
    let beyond = 0;
    const reps = 2000;
    for (let i = 0; i < reps; i++) {
      const noise = estimateJobNoise(Array.from({ length: 5 }, () => job(rng, 3, 0.06, 0.02)))!;
      const e = predictiveChange(noise, job(rng, 3, 0.06, 0.02), 0.9, 0.95, 'down');
      if (e.lo <= 1 && e.hi >= 1) inside++;
      if (e.pNoChange < 0.05) beyond++;
    }
    // t with K - 1 df on a variance dominated by S_b^2: close to nominal, a little conservative
    expect(inside / reps).toBeGreaterThan(0.88);
    expect(inside / reps).toBeLessThan(0.95);
    expect(beyond / reps).toBeLessThan(0.06);
  });

  it('adds the three variance terms', () => {
    const noise = estimateJobNoise([
      [100, 100],
      [110, 110],
      [90, 90],
    ])!;
    expect(predictiveVar(noise, 2)).toBeCloseTo(noise.betweenVar + 0 + noise.jobMeanVar / 3, 12);
    const e = predictiveChange(noise, [100, 100], 0.9, 0.95, 'down');
    expect(e.se).toBeCloseTo(Math.sqrt(predictiveVar(noise, 2)), 12);
    expect(e.df).toBe(2);
  });

  it('states a detectable change that a simulation confirms (about 80% fail at it)', () => {
    const rng = createRng('mdc');
    const tau = 0.05;
    const sigma = 0.03;
    // The stated figure from one history; the truth is close to it on average.
    const ref = estimateJobNoise(Array.from({ length: 10 }, () => job(rng, 3, tau, sigma)))!;
    const mdc = minimumDetectableRatio(ref, 3, 0.05, 0.95, 'down');
    expect(mdc).toBeLessThan(0.95);
    let fails = 0;
    const reps = 1000;
    for (let i = 0; i < reps; i++) {
      const noise = estimateJobNoise(Array.from({ length: 10 }, () => job(rng, 3, tau, sigma)))!;
      const e = predictiveChange(noise, job(rng, 3, tau, sigma, Math.log(100 * mdc)), 0.9, 0.95, 'down');
      if (e.hi < 0.95 && e.p < 0.05) fails++;
    }
    expect(fails / reps).toBeGreaterThan(0.65);
    expect(fails / reps).toBeLessThan(0.92);
  });
});
