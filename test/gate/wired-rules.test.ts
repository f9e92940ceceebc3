// Issue 10's rules as compare() applies them: timing floors from the measured
// timing accuracy, the warning rule, the mirrored threshold on the good side,
// paired figures that agree with the paired change, and the history design.
import { describe, expect, it } from 'vitest';
import { gatePlan } from '../../bench/gate/study.js';
import { compare } from '../../src/gate/compare.js';
import { compareWithHistory } from '../../src/gate/compare-history.js';
import type { MetricVerdict, VerdictDoc } from '../../src/gate/verdict.js';
import { renderMarkdown } from '../../src/report/markdown.js';
import { verdictTable } from '../../src/report/verdict-table.js';
import type { ResultDoc } from '../../src/result/types.js';
import { REALISTIC, syntheticResult, type Truth } from '../support/synthetic.js';

// Plumbing and rules, not interval precision: 500 resamples an interval (the default is 2,000) keep each verdict's words and cut the file's time.
const gate = (over: Record<string, unknown> = {}): ReturnType<typeof gatePlan> => gatePlan({ bootstrap_iterations: 500, ...over });
const metric = (v: VerdictDoc, id: string): MetricVerdict => v.cells[0]!.metrics.find((m) => m.metric === id)!;
const withDelay = (d: ResultDoc, ms: number | undefined): ResultDoc => {
  const c = structuredClone(d);
  (c.cells[0]!.client as { event_loop_delay_p99_ms?: number }).event_loop_delay_p99_ms = ms;
  return c;
};

describe('timing floors from the measured timing accuracy', () => {
  // A 7.5 ms TPOT server, 32 output tokens: the catalogue's 1 ms floor is +13.3%.
  const fast: Truth = { ...REALISTIC, tpotMs: 7.5, trialCv: 0.005, trials: 5, requests: 400 };
  const base = syntheticResult('floor-a', fast);
  const cand = syntheticResult('floor-b', fast, { tpot: 1.1 });

  it('fails a +10% TPOT slowdown on a 7.5 ms server when the stamps are good to 2 ms', () => {
    const v = compare(withDelay(base, 2), withDelay(cand, 2), gate());
    // 2 x 2 ms / 31 tokens = 0.13 ms, under the 5% tolerance: the tolerance decides.
    expect(metric(v, 'tpot_ms.p50').threshold_pct).toBe(5);
    expect(metric(v, 'tpot_ms.p50').verdict).toBe('regressed');
  });

  it('keeps the floor the config sets, and the catalogue floor for results without the client figures', () => {
    const set = compare(withDelay(base, 2), withDelay(cand, 2), gate({ metrics: { 'tpot_ms.p50': { floor: 1 } } }));
    const m = metric(set, 'tpot_ms.p50');
    // (b + 1 ms) / b at the baseline's TPOT p50 of about 7.5 ms: about +13%
    expect(m.threshold_pct).toBeCloseTo((1 / m.baseline!) * 100, 1);
    expect(m.threshold_pct).toBeGreaterThan(12);
    expect(m.verdict).not.toBe('regressed');
    // Gating rule 15: the +10% is wholly beyond the 5% tolerance, so the floor holds it back as a warning, never `unchanged`.
    expect(m.interval_pct![0]).toBeGreaterThan(5);
    expect(m.verdict).toBe('warn');
    expect(m.reason).toMatch(/^changed by [\d.]+% to [\d.]+%, beyond the 5% tolerance; the [\d.]+% threshold \(floor\) is all these data can vouch for$/);
    const old = metric(compare(withDelay(base, undefined), withDelay(cand, undefined), gate()), 'tpot_ms.p50');
    expect(old.threshold_pct).toBe(m.threshold_pct);
  });

  it('carries a client stall into the floors of an unpaired comparison (40 ms loop delay: TTFT floor 40 ms) and says so', () => {
    const v = compare(withDelay(base, 40), withDelay(base, 40), gate());
    const m = metric(v, 'ttft_ms.p95');
    expect(m.threshold_pct).toBeCloseTo(Math.max(10, ((m.baseline! + 40) / m.baseline! - 1) * 100), 0);
    const t = metric(v, 'tpot_ms.p50');
    // 2 x 40 ms over 31 token gaps: 2.6 ms, above the catalogue's 1 ms.
    expect(t.threshold_pct).toBeCloseTo(Math.max(5, ((2 * 40) / 31 / t.baseline!) * 100), 0);
    expect(v.cells[0]!.valid).toBe(true);
    expect(v.cells[0]!.warnings.join('\n')).toMatch(/client stall: event-loop delay p99 up to 40 ms/);
  });
});

describe('warnings carry information, verdicts agree with their intervals', () => {
  const seeds = Array.from({ length: 40 }, (_, i) => i);
  it('a gated warning is always unlikely under no change; a change beyond the threshold that is not is inconclusive, never unchanged', () => {
    const noisy: Truth = { ...REALISTIC, trialCv: 0.1 };
    let tooNoisy = 0;
    for (const i of seeds) {
      const v = compare(syntheticResult(`aa-${i}-a`, noisy), syntheticResult(`aa-${i}-b`, noisy), gate(), { metrics: (_id, gated) => gated });
      for (const m of v.cells[0]!.metrics) {
        expect(m.p_no_change).not.toBeNull();
        if (m.verdict === 'warn') expect(m.p_no_change!).toBeLessThan(0.05);
        // Words agree with numbers: unchanged only when the interval stays within the threshold.
        if (m.verdict === 'unchanged' && m.interval_pct !== null) {
          if (m.direction === 'lower') expect(m.interval_pct[1]).toBeLessThanOrEqual(m.threshold_pct! + 0.01);
          else expect(m.interval_pct[0]).toBeGreaterThanOrEqual(m.threshold_pct! - 0.01);
        }
        if (m.reason.includes('too noisy to tell')) {
          tooNoisy++;
          expect(m.verdict).toBe('inconclusive');
        }
      }
    }
    // Without the rule these were warnings (and before issue 23, "unchanged"): the test sees the rule act.
    expect(tooNoisy).toBeGreaterThan(0);
  });

  it('an estimate beyond the mirrored threshold whose interval excludes no change is improved, never unchanged', () => {
    const noisy: Truth = { ...REALISTIC, trialCv: 0.06 };
    let improved = 0;
    for (const i of seeds) {
      const v = compare(syntheticResult(`up-${i}-a`, noisy), syntheticResult(`up-${i}-b`, noisy, { ttft: 1 / 1.15, tpot: 1 / 1.15 }), gate(), { metrics: (id) => id === 'output_tps' });
      const m = metric(v, 'output_tps');
      const [lo] = m.interval_pct!;
      // One mirror convention: 1/r on the ratio scale (0.95 -> +5.26%).
      if (m.change_pct! > (1 / 0.95 - 1) * 100 && lo > 0) {
        expect(m.verdict).toBe('improved');
        improved++;
      }
    }
    expect(improved).toBeGreaterThan(0);
  });

  it('a paired row shows the baseline level and the candidate the paired change implies', () => {
    const drift = [1, 2.5, 1, 0.6, 1.3, 1];
    const t: Truth = { ...REALISTIC, trials: 6, trialCv: 0.01 };
    const a = syntheticResult('pair-a', t, {}, { run_id: 'r', side: 'baseline' }, drift);
    const b = syntheticResult('pair-b', t, { tpot: 1.2 }, { run_id: 'r', side: 'candidate' }, drift);
    const v = compare(a, b, gate());
    expect(v.design).toBe('paired');
    for (const m of v.cells[0]!.metrics.filter((x) => x.method === 'paired')) {
      expect((m.candidate! / m.baseline! - 1) * 100).toBeCloseTo(m.change_pct!, 0);
    }
  });

  it('rows of an invalid cell say so, as the headline counts them nowhere', () => {
    const cand = structuredClone(syntheticResult('inv-b', REALISTIC, { tpot: 1.5 }));
    cand.cells[0]!.client.saturated = true;
    cand.cells[0]!.client.reasons = ['event loop'];
    const v = compare(syntheticResult('inv-a'), cand, gate());
    expect(v.verdict).toBe('invalid');
    expect(v.summary.regressed).toBe(0);
    const md = renderMarkdown(v);
    expect(md).toMatch(/0 regressed/);
    expect(md).toMatch(/🚫 invalid cell \(regressed, not counted\)/);
    expect(md).not.toMatch(/\| ❌ regressed \|/);
    expect(verdictTable(v)).toMatch(/invalid \(regressed, not counted\)/);
  });
});

describe('compareWithHistory: the K stored runs design', () => {
  const stored = (n: number, tag = 'h'): ResultDoc[] =>
    Array.from({ length: n }, (_, i) => {
      const d = syntheticResult(`${tag}-${i}`, { ...REALISTIC, trialCv: 0.03 }, { ttft: 1 + 0.02 * (i % 3), tpot: 1 + 0.02 * (i % 3) });
      d.started_at = new Date(Date.UTC(2026, 10, 1 + i)).toISOString();
      return d;
    });

  it('with fewer than 3 comparable runs, judges against the newest alone and says the noise is unknown', () => {
    const v = compareWithHistory(stored(2), syntheticResult('c'), gate());
    expect(v.design).toBe('unpaired');
    expect(v.history).toEqual({ runs: 2, notes: ['job-to-job noise unknown: 2 comparable stored runs, 3 needed; judged against the newest stored run alone'] });
    expect(v.baseline.started_at).toBe(new Date(Date.UTC(2026, 10, 2)).toISOString());
    expect(renderMarkdown(v)).toContain('job-to-job noise unknown: 2 comparable stored runs, 3 needed');
  });

  it('judges the gated metrics against the job-to-job noise of 10 runs and reports it', () => {
    const v = compareWithHistory(stored(10), syntheticResult('c'), gate());
    expect(v.design).toBe('history');
    expect(v.verdict).not.toBe('fail');
    const gated = v.cells[0]!.metrics.filter((m) => m.gated);
    expect(gated.map((m) => m.method)).toEqual(['history', 'proportion', 'history', 'history']);
    for (const m of gated.filter((x) => x.method === 'history')) {
      expect(m.noise!.jobs).toBe(10);
      expect(m.noise!.mdc_pct).not.toBe(0);
      expect(m.p_no_change).toBeGreaterThanOrEqual(0);
    }
    // error_rate is a proportion: the one-run rule against the newest, and it says so
    expect(metric(v, 'error_rate').method).toBe('proportion');
    const md = renderMarkdown(v);
    expect(md).toContain('history design (against the job-to-job noise of 10 stored runs)');
    expect(md).toContain('### Job-to-job noise');
    expect(md).toContain('smallest detectable change');
    expect(verdictTable(v)).toMatch(/job-to-job noise/);
  });

  it('fails a 40% slower server against the stored runs', () => {
    const v = compareWithHistory(stored(10), syntheticResult('c', REALISTIC, { tpot: 1.4, ttft: 1.4 }), gate());
    expect(v.verdict).toBe('fail');
    expect(metric(v, 'output_tps').verdict).toBe('regressed');
  });

  it('leaves out stored runs the comparison could not use, and says how many', () => {
    const runs = stored(10);
    for (const d of runs.slice(0, 8)) d.target!.model = 'other';
    const v = compareWithHistory(runs, syntheticResult('c'), gate({ strict_fingerprint: true }));
    expect(v.history!.runs).toBe(2);
    expect(v.history!.notes[0]).toMatch(/^8 of 10 stored runs left out: not comparable with the candidate \(model differs/);
    expect(v.design).toBe('unpaired');
  });
});
