// Proof, not promises: the gate's error rates on synthetic data with a known
// truth (bench/gate/study.ts). `npm run bench:gate` prints the full table.
import { describe, expect, it } from 'vitest';
import { STUDIES, runStudy } from '../../bench/gate/study.js';

const study = (name: string) => STUDIES.find((s) => s.name.startsWith(name))!;

describe('gate error rates', () => {
  // One stored run with 3 trials a side against a 5% tolerance at 5% trial CV: the
  // tolerance is only ~1.2 standard errors from no change, so this design's own level
  // shows. Since issue 23 a cell's gated metrics count once in Holm's correction (they
  // move together: in this seed's 3 false failures output_tps and TPOT failed together
  // twice), which took this from 1 in 200 to 3 in 200 and gave the gate its power; the
  // designs that model job noise (designs.study.test.ts) stay at or below 1%.
  it('fails at most 2% of 200 A/A comparisons of one stored run at realistic noise (5% trial CV, heavy-tailed TTFT)', () => {
    const o = runStudy(study('A/A, trial CV 5%'), 200, 'suite');
    expect(o.failRate).toBeLessThanOrEqual(0.02);
    // Issue 10, item 6: a warning needs the change to be unlikely under no change too.
    expect(o.flagRate).toBeLessThanOrEqual(0.05);
  }, 120_000);

  it('detects a 10% throughput drop at least 95% of the time at ~1% trial-to-trial CV with 5 trials', () => {
    const o = runStudy(study('throughput -10%, trial CV 1%, 5 trials'), 60, 'suite');
    expect(o.tpsCv).toBeLessThan(0.015);
    expect(o.detectRate).toBeGreaterThanOrEqual(0.95);
    expect(o.failRate).toBeGreaterThanOrEqual(0.95);
  }, 120_000);

  // Before issue 10 this asked it of 3 trials, where a warning needed the estimate alone; with the
  // warning rule (beyond the threshold and unlikely under no change, Holm over the gated tests)
  // 3 trials at 5% CV flag it about a third of the time, 10 trials reliably.
  it('flags (warn or fail) a 10% throughput drop at least 90% of the time at 5% trial CV with 10 trials', () => {
    const o = runStudy(study('throughput -10%, trial CV 5%, 10 trials'), 60, 'suite');
    expect(o.flagRate).toBeGreaterThanOrEqual(0.9);
  }, 120_000);
});
