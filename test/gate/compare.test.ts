// The gate's decisions on synthetic results with a known truth.
import { describe, expect, it } from 'vitest';
import { planFromObject } from '../../src/config/load.js';
import type { GatePlan } from '../../src/config/plan.js';
import { compare } from '../../src/gate/compare.js';
import type { MetricVerdict, VerdictDoc } from '../../src/gate/verdict.js';
import type { ResultDoc } from '../../src/result/types.js';
import { REALISTIC, syntheticResult } from '../support/synthetic.js';

function gate(over: Record<string, unknown> = {}): GatePlan {
  return planFromObject(
    { target: { url: 'http://127.0.0.1:1' }, scenarios: [{ name: 'chat', input_tokens: 8, output_tokens: 4 }], loads: [{ concurrency: 4 }], gate: over },
    { file: null, baseDir: '/' },
  ).gate;
}

const metric = (v: VerdictDoc, id: string): MetricVerdict => v.cells[0]!.metrics.find((m) => m.metric === id)!;
const clone = (d: ResultDoc): ResultDoc => structuredClone(d);

describe('compare: verdicts', () => {
  it('passes two runs of the same server (A/A)', () => {
    const v = compare(syntheticResult('a'), syntheticResult('b'), gate());
    expect(['pass', 'inconclusive']).toContain(v.verdict);
    expect(v.summary.regressed).toBe(0);
    expect(v.cells[0]!.metrics.filter((m) => m.gated).map((m) => m.metric)).toEqual(['output_tps', 'error_rate', 'ttft_ms.p95', 'tpot_ms.p50']);
  });

  it('fails a server 30% slower per token, naming the metrics', () => {
    const v = compare(syntheticResult('a'), syntheticResult('b', REALISTIC, { tpot: 1.3 }), gate());
    expect(v.verdict).toBe('fail');
    expect(metric(v, 'tpot_ms.p50').verdict).toBe('regressed');
    expect(metric(v, 'tpot_ms.p50').change_pct).toBeGreaterThan(25);
    expect(metric(v, 'output_tps').verdict).toBe('regressed');
    expect(v.reasons.some((r) => r.startsWith('chat@c=4: tpot_ms.p50 regressed'))).toBe(true);
    expect(metric(v, 'tpot_ms.p50').p_adj).toBeLessThan(0.05);
  });

  it('calls a faster server improved, and passes', () => {
    const v = compare(syntheticResult('a'), syntheticResult('b', REALISTIC, { tpot: 0.7, ttft: 0.7 }), gate());
    expect(v.verdict).toBe('pass');
    expect(metric(v, 'tpot_ms.p50').verdict).toBe('improved');
    expect(metric(v, 'output_tps').verdict).toBe('improved');
    expect(v.summary.improved).toBeGreaterThanOrEqual(2);
  });

  it('downgrades a regression to warn when Holm-adjusted p is not below alpha', () => {
    const v = compare(syntheticResult('a'), syntheticResult('b', REALISTIC, { tpot: 1.3 }), gate({ alpha: 1e-9 }));
    expect(v.verdict).toBe('warn');
    expect(metric(v, 'tpot_ms.p50').verdict).toBe('warn');
    expect(metric(v, 'tpot_ms.p50').reason).toMatch(/Holm/);
  });

  it('honours per-metric overrides: warn level, ungated, wider tolerance', () => {
    const slow = syntheticResult('b', REALISTIC, { tpot: 1.3 });
    const v = compare(syntheticResult('a'), slow, gate({ metrics: { output_tps: { gate: false }, 'tpot_ms.p50': { level: 'warn' } } }));
    expect(v.verdict).toBe('warn');
    expect(metric(v, 'output_tps').gated).toBe(false);
    const wide = compare(syntheticResult('a'), slow, gate({ scenarios: { chat: { metrics: { 'tpot_ms.p50': { tolerance: 0.5 }, output_tps: { tolerance: 0.5 } } } } }));
    expect(metric(wide, 'tpot_ms.p50').verdict).toBe('unchanged');
    expect(metric(wide, 'tpot_ms.p50').threshold_pct).toBe(50);
  });

  it('never calls a change below an absolute floor the config sets a regression', () => {
    // TPOT 20 ms -> 20.8 ms: +4% but 0.8 ms, under a 1 ms floor, with a 1% tolerance. (Without
    // `floor` in the config the floor comes from the timing accuracy: test/gate/wired-rules.test.ts.)
    const t = { ...REALISTIC, trialCv: 0.001 };
    const v = compare(syntheticResult('a', t), syntheticResult('b', t, { tpot: 1.04 }), gate({ metrics: { 'tpot_ms.p50': { tolerance: 0.01, floor: 1 } } }));
    expect(metric(v, 'tpot_ms.p50').threshold_pct).toBe(5);
    expect(metric(v, 'tpot_ms.p50').verdict).not.toBe('regressed');
  });

  it('says inconclusive, with the detectable change, when the data are too noisy', () => {
    const noisy = { ...REALISTIC, trialCv: 0.3, trials: 2 };
    const v = compare(syntheticResult('a', noisy), syntheticResult('b', noisy), gate());
    const m = metric(v, 'output_tps');
    expect(m.verdict).toBe('inconclusive');
    expect(m.mde_pct).toBeGreaterThan(10);
    expect(m.reason).toMatch(/interval too wide.*detect about/);
  });

  it('withholds a percentile verdict when there are too few samples for it', () => {
    const few = { ...REALISTIC, requests: 40, trials: 2 };
    const v = compare(syntheticResult('a', few), syntheticResult('b', few), gate());
    expect(metric(v, 'ttft_ms.p99').verdict).toBe('inconclusive');
    expect(metric(v, 'ttft_ms.p99').reason).toBe('too few samples (80; p99 needs 300)');
  });

  it('only warns on one trial: a rate has no interval', () => {
    const one = { ...REALISTIC, trials: 1 };
    const v = compare(syntheticResult('a', one), syntheticResult('b', one, { tpot: 1.3 }), gate());
    expect(metric(v, 'output_tps').verdict).toBe('warn');
    expect(metric(v, 'output_tps').reason).toMatch(/1 trial gives no interval/);
  });

  it('uses the paired design for the two sides of one interleaved A/B run', () => {
    const t = { ...REALISTIC, trials: 4 };
    const v = compare(syntheticResult('a', t, {}, { run_id: 'r1', side: 'baseline' }), syntheticResult('b', t, { tpot: 1.3 }, { run_id: 'r1', side: 'candidate' }), gate());
    expect(v.design).toBe('paired');
    expect(metric(v, 'output_tps').method).toBe('paired');
    expect(v.verdict).toBe('fail');
  });
});

describe('compare: validity', () => {
  // Which cells are comparable does not depend on the intervals: the fewest resamples the config allows keeps these quick.
  const plumbing = (over: Record<string, unknown> = {}): GatePlan => gate({ bootstrap_iterations: 200, ...over });
  const base = syntheticResult('a');
  const cases: [string, (d: ResultDoc) => void, RegExp][] = [
    ['different workload', (d) => void (d.cells[0]!.workload_hash = 'f'.repeat(64)), /different workload/],
    ['token drift', (d) => void (d.cells[0]!.metrics.tokens.output_mean = 30), /mean output tokens drifted 32 -> 30/],
    ['output length ignored', (d) => void (d.cells[0]!.metrics.tokens.output_honoured = 0.5), /did not honour the fixed output length: only 50.0%/],
    ['saturated client', (d) => void Object.assign(d.cells[0]!.client, { saturated: true, reasons: ['dispatch lag p99 30 ms > 10 ms'] }), /candidate client was saturated: dispatch lag/],
    ['interrupted cell', (d) => void (d.cells[0]!.status = 'interrupted'), /candidate cell was interrupted/],
  ];
  for (const [name, spoil, message] of cases) {
    it(`${name} makes the comparison invalid, not failed`, () => {
      const cand = clone(syntheticResult('b', REALISTIC, { tpot: 1.3 }));
      spoil(cand);
      const v = compare(base, cand, plumbing());
      expect(v.cells[0]!.valid).toBe(false);
      expect(v.cells[0]!.invalid_reasons.join('\n')).toMatch(message);
      // An invalid cell's regressions do not count.
      expect(v.summary.regressed).toBe(0);
      expect(v.verdict).toBe('invalid');
    });
  }

  it('a candidate whose error rate rose fails on error_rate (errors are regressions), however its other figures look', () => {
    const cand = clone(syntheticResult('b'));
    const m = cand.cells[0]!.metrics;
    m.error_rate = 0.1;
    m.counts.failed = Math.round(m.counts.attempted * 0.1);
    const v = compare(base, cand, plumbing());
    expect(v.cells[0]!.valid).toBe(true);
    expect(v.cells[0]!.warnings.join('\n')).toMatch(/candidate error rate 10.0% is over the 5.0% limit/);
    expect(metric(v, 'error_rate')).toMatchObject({ gated: true, verdict: 'regressed' });
    expect(v.verdict).toBe('fail');
  });

  it('a broken baseline (error rate over the limit) leaves nothing to compare with: invalid', () => {
    const b = clone(base);
    b.cells[0]!.metrics.error_rate = 0.2;
    const v = compare(b, syntheticResult('b'), plumbing());
    expect(v.cells[0]!.invalid_reasons.join('\n')).toMatch(/baseline error rate 20.0% is over the 5.0% limit/);
    expect(v.verdict).toBe('invalid');
  });

  it('warns about a different model, and is invalid when strict', () => {
    const cand = clone(syntheticResult('b'));
    cand.target!.model = 'other';
    expect(compare(base, cand, plumbing()).warnings).toContain('model differs: m -> other');
    const strict = compare(base, cand, plumbing({ strict_fingerprint: true }));
    expect(strict.verdict).toBe('invalid');
    expect(strict.reasons).toContain('model differs: m -> other (gate.strict_fingerprint)');
  });

  it('reports cells present on one side only and is invalid with nothing to compare', () => {
    const cand = clone(syntheticResult('b'));
    cand.cells[0]!.id = 'chat@c=8';
    const v = compare(base, cand, plumbing());
    expect(v.verdict).toBe('invalid');
    expect(v.warnings).toEqual(['cell chat@c=4 is only in the baseline: not compared', 'cell chat@c=8 is only in the candidate: not compared']);
  });
});

describe('SLO checks', () => {
  it('fail the gate whatever the baseline says', () => {
    const v = compare(syntheticResult('a'), syntheticResult('b'), gate({ slo: ['tpot_ms.p50 <= 10', 'output_tps >= 1'] }));
    expect(v.verdict).toBe('fail');
    expect(v.slo.map((s) => [s.check, s.ok])).toEqual([
      ['tpot_ms.p50 <= 10', false],
      ['output_tps >= 1', true],
    ]);
    expect(v.reasons).toContain(`chat@c=4: SLO tpot_ms.p50 <= 10 failed (value ${v.slo[0]!.value})`);
  });

  it('judge a percentile with too few samples on its histogram estimate and say so', () => {
    const few = { ...REALISTIC, requests: 50, trials: 1 };
    const v = compare(syntheticResult('a', few), syntheticResult('b', few), gate({ slo: [{ check: 'ttft_ms.p99 < 100000', scenario: 'chat' }] }));
    expect(v.slo[0]!.ok).toBe(true);
    expect(v.slo[0]!.note).toMatch(/50 samples, below the 300/);
  });
});
