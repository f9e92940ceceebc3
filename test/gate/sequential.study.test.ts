// The sequential paired design on synthetic results with a known truth
// (bench/gate/sequential-study.ts): looking after every pair from 6 to 12,
// each look at its alpha-spending level, must not fail unchanged servers more
// often than the fixed design, and must still catch a gross regression at
// the first look. `node scripts/run-ts.mjs bench/gate/sequential.ts` prints
// the whole table.
import { describe, expect, it } from 'vitest';
import { EFFECTS, FIRST, runSequentialStudy } from '../../bench/gate/sequential-study.js';
import { gatePlan } from '../../bench/gate/study.js';

describe('the sequential paired design', () => {
  it('fails at most 1% of 100 A/A runs at trial CV 15%, looking after every pair', () => {
    const r = runSequentialStudy(EFFECTS[0]!, 100, gatePlan(), 0.15, ['sequential']);
    expect(r.sequential.n).toBe(100);
    expect(r.sequential.fail / r.sequential.n).toBeLessThanOrEqual(0.01);
  }, 240_000);

  it('fails a throughput halved at its first look, every time', () => {
    const r = runSequentialStudy(
      EFFECTS.find((e) => e.name === 'throughput halved')!,
      20,
      gatePlan(),
      0.05,
      ['sequential'],
    );
    expect(r.sequential.detected).toBe(20);
    expect(Math.max(...r.sequential.pairs)).toBe(FIRST);
  }, 120_000);
});
