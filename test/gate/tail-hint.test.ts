// The hint an undecided percentile carries when each trial has too few values
// above it to be steady (src/gate/tail-hint.ts).
import { describe, expect, it } from 'vitest';
import { planFromObject } from '../../src/config/load.js';
import { compare } from '../../src/gate/compare.js';
import { STEADY_TAIL, thinTailHint } from '../../src/gate/tail-hint.js';
import { REALISTIC, syntheticResult } from '../support/synthetic.js';

describe('thinTailHint', () => {
  it("names how many values set each trial's percentile, and how many a trial would steady it", () => {
    expect(thinTailHint('p95', 95, [24, 24, 30])).toBe("each trial's p95 is set by its 2 largest values of 24: about 100 values a trial (run.requests) would steady it");
    expect(thinTailHint('p99', 99, [50, 60])).toBe("each trial's p99 is set by its largest value of 50: about 500 values a trial (run.requests) would steady it");
  });

  it('says nothing once every trial has enough values above the percentile, for a mean, or for one trial', () => {
    expect(thinTailHint('p95', 95, [100, 120])).toBeNull();
    expect(thinTailHint('p50', 50, [40, 40])).toBeNull();
    expect(thinTailHint('mean', null, [3, 3])).toBeNull();
    expect(thinTailHint('p95', 95, [24])).toBeNull();
    // The boundary: exactly STEADY_TAIL values above it is steady enough.
    expect(thinTailHint('p90', 90, [STEADY_TAIL * 10, STEADY_TAIL * 10])).toBeNull();
    expect(thinTailHint('p90', 90, [STEADY_TAIL * 10 - 1, STEADY_TAIL * 10])).not.toBeNull();
  });
});

describe('an undecided percentile in a verdict', () => {
  const plan = planFromObject({ target: { url: 'http://127.0.0.1:1' }, scenarios: [{ name: 'chat', input_tokens: 8, output_tokens: 4 }], loads: [{ concurrency: 4 }] }, { file: null, baseDir: '/' });
  const p95 = (requests: number) => {
    const noisy = { ...REALISTIC, trialCv: 0.3, requests, trials: 3 };
    const v = compare(syntheticResult('a', noisy), syntheticResult('b', noisy, { ttft: 1.3 }), plan.gate);
    return v.cells[0]!.metrics.find((m) => m.metric === 'ttft_ms.p95')!;
  };

  it('says, with 24 requests a trial, that the trials are what hold it open', () => {
    const m = p95(24);
    expect(m.verdict).toBe('inconclusive');
    expect(m.reason).toMatch(/; each trial's p95 is set by its 2 largest values of 24: about 100 values a trial \(run\.requests\) would steady it$/);
  });

  it('does not, with 200 requests a trial, whatever the verdict', () => {
    expect(p95(200).reason).not.toMatch(/each trial's/);
  });
});
