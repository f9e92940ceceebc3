// Sequential looks: the spending boundaries keep the chance that any look
// crosses by luck at the fixed design's error, and the stopping rule and the
// plain words of an undecided verdict follow the gated metrics.
import { describe, expect, it } from 'vitest';
import type { GatePlan } from '../../src/config/plan.js';
import { gateAtLook, isDecided, lookErrors, nextStep, pairsToDecide, ruledOut } from '../../src/gate/sequential.js';
import type { MetricVerdict, VerdictDoc } from '../../src/gate/verdict.js';
import { normalQuantile } from '../../src/stats/index.js';
import { createRng } from '../../src/util/rng.js';

function normals(seed: string): () => number {
  const rng = createRng(seed);
  return () => Math.sqrt(-2 * Math.log(1 - rng.next())) * Math.cos(2 * Math.PI * rng.next());
}

/** Share of random walks with no change whose statistic crosses some look's boundary. */
function crossingRate(first: number, last: number, error: number, paths: number): number {
  const e = lookErrors(first, last, error);
  const z = e.map((x) => normalQuantile(1 - x));
  const draw = normals(`check|${first}|${last}`);
  let crossed = 0;
  for (let p = 0; p < paths; p++) {
    let s = 0;
    for (let n = 1; n <= last; n++) {
      s += draw();
      if (n >= first && s / Math.sqrt(n) > z[n - first]!) {
        crossed++;
        break;
      }
    }
  }
  return crossed / paths;
}

describe('lookErrors', () => {
  it('is the fixed design itself when the first look is the last', () => {
    expect(lookErrors(6, 6, 0.05)).toEqual([0.05]);
  });

  it('keeps the chance of any crossing at the error over every look, on walks it was not fitted to', () => {
    // 20,000 fresh walks: the standard error of a 5% rate is 0.15 points.
    expect(crossingRate(6, 12, 0.05, 20_000)).toBeGreaterThan(0.044);
    expect(crossingRate(6, 12, 0.05, 20_000)).toBeLessThan(0.056);
    expect(crossingRate(3, 20, 0.05, 20_000)).toBeLessThan(0.056);
  });

  it('judged at the fixed level at every look, the same walks cross far more often: what the spending prevents', () => {
    const z = normalQuantile(0.95);
    const draw = normals('naive');
    let crossed = 0;
    for (let p = 0; p < 10_000; p++) {
      let s = 0;
      for (let n = 1; n <= 12; n++) {
        s += draw();
        if (n >= 6 && s / Math.sqrt(n) > z) {
          crossed++;
          break;
        }
      }
    }
    expect(crossed / 10_000).toBeGreaterThan(0.08);
  });

  it("spends little early and keeps the last look near the fixed level (O'Brien-Fleming-type)", () => {
    const e = lookErrors(6, 12, 0.05);
    expect(e).toHaveLength(7);
    expect(e[0]!).toBeLessThan(0.01);
    expect(e[6]!).toBeGreaterThan(0.03);
    for (let k = 1; k < e.length; k++) expect(e[k]!).toBeGreaterThan(e[k - 1]!);
  });

  it('refuses looks that cannot be', () => {
    expect(() => lookErrors(0, 3, 0.05)).toThrow(/first pair count/);
    expect(() => lookErrors(6, 4, 0.05)).toThrow(/last one/);
    expect(() => lookErrors(3, 6, 0.7)).toThrow(/one-sided error/);
  });
});

const gate = { confidence: 0.9, alpha: 0.05 } as GatePlan;

describe('gateAtLook', () => {
  it('leaves the fixed design alone and tightens every look of a sequential one', () => {
    expect(gateAtLook(gate, { trials: 6, first: 6, last: 6 })).toBe(gate);
    const first = gateAtLook(gate, { trials: 6, first: 6, last: 12 });
    const last = gateAtLook(gate, { trials: 12, first: 6, last: 12 });
    expect(first.confidence).toBeGreaterThan(0.98);
    expect(last.confidence).toBeGreaterThan(0.9);
    expect(last.confidence).toBeLessThan(first.confidence);
    expect(first.alpha).toBeLessThan(last.alpha);
    expect(last.alpha).toBeLessThan(0.05);
  });

  it('clamps a look outside the budget to its ends', () => {
    expect(gateAtLook(gate, { trials: 20, first: 6, last: 12 })).toEqual(gateAtLook(gate, { trials: 12, first: 6, last: 12 }));
    expect(gateAtLook(gate, { trials: 2, first: 6, last: 12 })).toEqual(gateAtLook(gate, { trials: 6, first: 6, last: 12 }));
  });
});

function metric(over: Partial<MetricVerdict>): MetricVerdict {
  return {
    metric: 'output_tps',
    unit: 'tok/s',
    direction: 'higher',
    gated: true,
    level: 'fail',
    baseline: 100,
    candidate: 99,
    change_pct: -1,
    interval_pct: [-6.1, 4.2],
    p: 0.2,
    p_adj: 0.2,
    threshold_pct: -5,
    verdict: 'inconclusive',
    method: 'paired',
    mde_pct: null,
    reason: '',
    ...over,
  };
}

function verdict(metrics: MetricVerdict[], overall: VerdictDoc['verdict'] = 'inconclusive', valid = true): VerdictDoc {
  return {
    verdict: overall,
    cells: [{ id: 'chat@c=1', valid, invalid_reasons: [], warnings: [], trials: { baseline: 6, candidate: 6 }, metrics }],
  } as unknown as VerdictDoc;
}

describe('the stopping rule', () => {
  const look = { trials: 6, first: 6, last: 12 };
  const budget = { trials: 12, minutes: 30 };

  it('goes on while a gated metric of a valid cell is undecided, and stops once all are decided or one regressed', () => {
    expect(nextStep(verdict([metric({})]), look, budget, 60_000)).toEqual({ more: true });
    expect(nextStep(verdict([metric({ verdict: 'unchanged' }), metric({ metric: 'ttft_ms.p95', verdict: 'improved' })], 'pass'), look, budget, 60_000)).toEqual({ more: false, why: 'decided' });
    expect(nextStep(verdict([metric({ verdict: 'regressed' }), metric({ metric: 'ttft_ms.p95' })], 'fail'), look, budget, 60_000)).toEqual({ more: false, why: 'decided' });
    // An ungated metric never keeps a run going, nor does an invalid cell.
    expect(isDecided(verdict([metric({ gated: false })], 'pass'))).toBe(true);
    expect(isDecided(verdict([metric({})], 'invalid', false))).toBe(true);
  });

  it('stops at the budget: its last pair, or when the next pair would pass its minutes', () => {
    expect(nextStep(verdict([metric({})]), { ...look, trials: 12 }, budget, 60_000)).toEqual({ more: false, why: 'budget-trials' });
    // 6 pairs took 26 minutes: a seventh (about 4.3 more) would pass 30.
    expect(nextStep(verdict([metric({})]), look, budget, 26 * 60_000)).toEqual({ more: false, why: 'budget-minutes' });
    expect(nextStep(verdict([metric({})]), look, { trials: 12, minutes: null }, 26 * 60_000)).toEqual({ more: true });
  });
});

describe('what an undecided metric rules out', () => {
  it('names the bad end of the interval in plain words', () => {
    expect(ruledOut(metric({}))).toBe('no drop beyond 6.1%');
    expect(ruledOut(metric({ interval_pct: [0.5, 9] }))).toBe('no drop at all');
    expect(ruledOut(metric({ metric: 'ttft_ms.p95', unit: 'ms', direction: 'lower', interval_pct: [-8, 23.4] }))).toBe('no rise beyond 23%');
    expect(ruledOut(metric({ metric: 'error_rate', unit: 'share', direction: 'lower', interval_pct: [-0.4, 1.25] }))).toBe('no rise beyond 1.25 points');
    expect(ruledOut(metric({ interval_pct: null }))).toBeNull();
  });

  it("estimates the pairs that would decide it from the interval's width and the gap to the threshold", () => {
    // Half-width ~5.1% on the log scale, 4% from the threshold: about (5.1 / 4)^2 x 6 pairs.
    const n = pairsToDecide(metric({}), 6)!;
    expect(n).toBeGreaterThan(8);
    expect(n).toBeLessThan(13);
    // An estimate on the threshold: no count decides it.
    expect(pairsToDecide(metric({ change_pct: -5 }), 6)).toBeNull();
  });
});
