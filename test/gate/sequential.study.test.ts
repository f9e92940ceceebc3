// The sequential paired design on synthetic results with a known truth
// (bench/gate/sequential-study.ts): looking after every pair from 6 to 12,
// each look at its alpha-spending level, must not fail unchanged servers more
// often than the fixed design, and must still catch a gross regression at
// the first look (at the step's defaults too, where the spending function
// decides whether it can). `node scripts/run-ts.mjs bench/gate/sequential.ts` prints
// the whole table.
import { describe, expect, it } from 'vitest';
import { EFFECTS, FIRST, runSequentialStudy } from '../../bench/gate/sequential-study.js';
import { gatePlan } from '../../bench/gate/study.js';
import { DEFAULT_SPENDING, type Spending } from '../../src/gate/sequential.js';

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

  it("at the step's defaults (3 pairs first, a budget of 16) fails a throughput halved at the first look, where O'Brien-Fleming's spending mostly waited for a later one", () => {
    const halved = EFFECTS.find((e) => e.name === 'throughput halved')!;
    const at = (spending: Spending) => runSequentialStudy(halved, 20, gatePlan(), 0.05, ['sequential'], { first: 3, last: 16, spending }).sequential;
    const now = at(DEFAULT_SPENDING);
    expect(now.fail).toBe(20);
    expect(Math.max(...now.pairs)).toBe(3);
    // The first look's t bound under O'Brien-Fleming is 345 standard errors (2 degrees of freedom): most runs wait for a later look.
    const before = at('obrien-fleming');
    expect(before.fail).toBe(20);
    expect(before.pairs.filter((n) => n > 3).length, before.pairs.join(' ')).toBeGreaterThanOrEqual(10);
  }, 120_000);
});
