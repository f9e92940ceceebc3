// Calibration from an A/A result, on synthetic results whose trial-to-trial noise is known.
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { planFromObject } from '../../src/config/load.js';
import type { GatePlan } from '../../src/config/plan.js';
import { calibrate, type CalibrationDoc, type MetricCalibration } from '../../src/gate/calibrate.js';
import { CALIBRATION_SCHEMA } from '../../src/gate/calibration-doc.js';
import { MAX_TRIALS, mdeLog, noiseLog, robustCv, trialsNeeded } from '../../src/gate/calibration-formulas.js';
import { logToRelative, relativeToLog } from '../../src/gate/policy.js';
import { gateYaml, toleranceChanges } from '../../src/gate/tolerance-advice.js';
import { calibrationTable, renderCalibrationMarkdown } from '../../src/report/calibration.js';
import type { ResultDoc } from '../../src/result/types.js';
import { REALISTIC, syntheticResult } from '../support/synthetic.js';

const BASE = { target: { url: 'http://127.0.0.1:1' }, scenarios: [{ name: 'chat', input_tokens: 8, output_tokens: 4 }], loads: [{ concurrency: 4 }] };

function gate(over: Record<string, unknown> = {}): GatePlan {
  return planFromObject({ ...BASE, gate: over }, { file: null, baseDir: '/' }).gate;
}

const metric = (c: CalibrationDoc, id: string): MetricCalibration => c.cells[0]!.metrics.find((m) => m.metric === id)!;
const result = (seed: string, trialCv: number, trials = 8): ResultDoc => syntheticResult(seed, { ...REALISTIC, trialCv, trials });

describe('calibrate: formulas', () => {
  it('matches the textbook figure: a 5% change at 5% CV needs ~13 trials a side (90% two-sided intervals, 80% power)', () => {
    // z-approximation: 2 (1.645 + 0.842)^2 = 12.4; the t quantiles add a trial or two.
    const k = trialsNeeded(0.05, Math.log(1.05), 0.9)!;
    expect(k).toBeGreaterThanOrEqual(13);
    expect(k).toBeLessThanOrEqual(15);
    expect(mdeLog(0.05, k, 0.9)).toBeLessThanOrEqual(Math.log(1.05));
    expect(mdeLog(0.05, k - 1, 0.9)).toBeGreaterThan(Math.log(1.05));
  });

  it('needs fewer trials as the noise shrinks, and says "not reachable" past the cap', () => {
    const ks = [0.2, 0.1, 0.05, 0.02, 0.01].map((cv) => trialsNeeded(cv, Math.log(1.1), 0.9));
    expect(ks[0]).toBeNull();
    const reachable = ks.slice(1) as number[];
    for (let i = 1; i < reachable.length; i++) expect(reachable[i]!).toBeLessThanOrEqual(reachable[i - 1]!);
    expect(reachable.at(-1)).toBe(2);
    expect(trialsNeeded(0.5, Math.log(1.05), 0.9)).toBeNull();
    expect(trialsNeeded(0.5, Math.log(1.05), 0.9, 0.8, 10_000)).toBeGreaterThan(MAX_TRIALS);
  });

  it('shrinks the detectable change and the noise with more trials', () => {
    expect(mdeLog(0.05, 6, 0.9)).toBeLessThan(mdeLog(0.05, 3, 0.9));
    expect(noiseLog(0.05, 6, 0.9)).toBeLessThan(noiseLog(0.05, 3, 0.9));
    expect(noiseLog(0.05, 3, 0.9)).toBeLessThan(mdeLog(0.05, 3, 0.9));
    expect(mdeLog(0.05, 1, 0.9)).toBe(Infinity);
  });

  it('states a log distance as the bad direction’s percentage, and back', () => {
    expect(logToRelative(Math.log(1.1), 'lower')).toBeCloseTo(0.1, 12);
    expect(logToRelative(-Math.log(0.9), 'higher')).toBeCloseTo(0.1, 12);
    expect(relativeToLog(0.1, 'higher')).toBeCloseTo(-Math.log(0.9), 12);
    expect(relativeToLog(logToRelative(0.3, 'lower'), 'lower')).toBeCloseTo(0.3, 12);
  });
});

describe('calibrate: on synthetic A/A results', () => {
  const quiet = calibrate(result('q', 0.02), gate(), { currentTrials: 3 });
  const noisy = calibrate(result('n', 0.1), gate(), { currentTrials: 3 });

  it('writes a versioned document with the gated and headline metrics of every cell', () => {
    expect(quiet.schema).toBe(CALIBRATION_SCHEMA);
    expect(quiet.settings).toMatchObject({ trials_run: 8, trials_current: 3, confidence: 0.9, power: 0.8, design: 'unpaired' });
    const ids = quiet.cells[0]!.metrics.map((m) => m.metric);
    expect(ids.slice(0, 3)).toEqual(['output_tps', 'ttft_ms.p95', 'tpot_ms.p50']);
    expect(quiet.cells[0]!.metrics.filter((m) => m.gated).map((m) => m.metric)).toEqual(['output_tps', 'ttft_ms.p95', 'tpot_ms.p50']);
    for (const id of ['rps', 'ttft_ms.p50', 'ttft_ms.p99', 'tpot_ms.p95', 'e2e_ms.p95', 'itl_ms.p99']) expect(ids).toContain(id);
    for (const m of quiet.cells[0]!.metrics) {
      expect(m.values).toHaveLength(8);
      expect(m.aa!.trials).toEqual([4, 4]);
    }
    expect(JSON.parse(JSON.stringify(quiet))).toEqual(quiet);
  });

  it('measures a trial CV near the truth for throughput and decode speed', () => {
    for (const id of ['output_tps', 'rps', 'tpot_ms.p50']) {
      expect(metric(quiet, id).cv!).toBeGreaterThan(0.01);
      expect(metric(quiet, id).cv!).toBeLessThan(0.04);
      expect(metric(noisy, id).cv!).toBeGreaterThan(0.05);
      expect(metric(noisy, id).cv!).toBeLessThan(0.2);
    }
  });

  it('orders detectable changes, noise, tolerances and trial counts by the noise', () => {
    for (const id of ['output_tps', 'tpot_ms.p50']) {
      const q = metric(quiet, id);
      const n = metric(noisy, id);
      expect(q.mde_pct!).toBeLessThan(n.mde_pct!);
      expect(q.noise_pct!).toBeLessThan(n.noise_pct!);
      expect(q.tolerance.recommended!).toBeLessThan(n.tolerance.recommended!);
      expect(q.trials_needed).not.toBeNull();
      expect(q.trials_needed!).toBeLessThan(n.trials_needed ?? Infinity);
    }
    // The recommended tolerance is never below the catalogue default, and is 1.5x the noise when that is larger.
    const tps = metric(noisy, 'output_tps');
    expect(tps.tolerance.default).toBe(0.05);
    expect(tps.tolerance.recommended!).toBeGreaterThanOrEqual(0.05);
    expect(tps.tolerance.recommended! * 100).toBeGreaterThanOrEqual(1.5 * tps.noise_pct! * 0.95);
    expect(metric(quiet, 'tpot_ms.p95').tolerance.recommended).toBe(0.1);
  });

  it('the A/A split of a quiet run never says a rate regressed', () => {
    for (const seed of ['a', 'b', 'c', 'd', 'e', 'f']) {
      const c = calibrate(result(seed, 0.02), gate(), { currentTrials: 3 });
      for (const id of ['output_tps', 'rps']) {
        const aa = metric(c, id).aa!;
        expect(aa.verdict, `${seed} ${id}`).not.toBe('regressed');
        expect(aa.red_flag).toBe(false);
        expect(aa.interval_pct).not.toBeNull();
        expect(aa.width_pct!).toBeGreaterThan(0);
      }
    }
  });

  it('raises a red flag when the halves of an "A/A" differ (drift between alternate trials)', () => {
    const doc = result('drift', 0.01);
    const cell = doc.cells[0]!;
    // Odd-numbered trials 25% slower: what a target that alternates between two states would give.
    for (const t of cell.trials) if (t.index % 2 === 1) for (const k of ['rps', 'output_tps', 'input_tps', 'total_tps'] as const) t.metrics[k] *= 0.75;
    const c = calibrate(doc, gate(), { currentTrials: 3 });
    expect(metric(c, 'output_tps').aa!.verdict).toBe('regressed');
    expect(metric(c, 'output_tps').aa!.red_flag).toBe(true);
    expect(c.summary.red_flags).toContain('chat@c=4 output_tps');
    expect(metric(c, 'output_tps').aa!.would_fail).toBe(true);
    expect(metric(c, 'output_tps').aa!.p_adj!).toBeLessThan(0.05);
    expect(metric(c, 'rps').aa!.p_adj).toBeNull();
    expect(c.summary.would_fail).toEqual(['chat@c=4 output_tps']);
    expect(renderCalibrationMarkdown(c)).toContain('🚩');
  });

  it('recommends the trials the noisiest gated metric needs, and fewer when the noise is lower', () => {
    const gatedNeeds = (c: CalibrationDoc): number[] => c.cells[0]!.metrics.filter((m) => m.gated && m.reachable).map((m) => m.trials_needed!);
    expect(quiet.summary.recommended_trials).toBe(Math.max(...gatedNeeds(quiet)));
    const lower = calibrate(result('q', 0.02), gate({ metrics: { 'ttft_ms.p95': { gate: false } } }), { currentTrials: 3 });
    const louder = calibrate(result('q', 0.1), gate({ metrics: { 'ttft_ms.p95': { gate: false } } }), { currentTrials: 3 });
    expect(lower.summary.recommended_trials!).toBeLessThan(louder.summary.recommended_trials ?? Infinity);
  });

  it('leaves the tolerance at the default where the floor already covers the noise', () => {
    // TPOT ~1 ms: the 1 ms floor makes the threshold ~100%, far beyond 1.5x a 10% noise.
    const c = calibrate(syntheticResult('f', { ...REALISTIC, tpotMs: 1, trialCv: 0.1, trials: 8 }), gate(), { currentTrials: 3 });
    const tpot = metric(c, 'tpot_ms.p50');
    expect(tpot.cv!).toBeGreaterThan(0.05);
    expect(tpot.tolerance.threshold_pct!).toBeGreaterThan(90);
    expect(tpot.tolerance.recommended).toBe(0.05);
    expect(c.summary.tolerance_changes.map((ch) => ch.metric)).not.toContain('tpot_ms.p50');
    expect(tpot.trials_needed).toBe(2);
  });

  it('takes the current trials from the stored config when not told, and notes 1 trial', () => {
    const doc = result('s', 0.02);
    doc.config = { ...doc.config, run: { ...doc.config.run, trials: 5 } };
    expect(calibrate(doc, gate()).settings.trials_current).toBe(5);
    const one = calibrate(doc, gate(), { currentTrials: 1 });
    expect(one.notes.some((n) => n.includes('run.trials is 1'))).toBe(true);
    expect(metric(one, 'output_tps').mde_pct).toBe(metric(calibrate(doc, gate(), { currentTrials: 2 }), 'output_tps').mde_pct);
  });

  it('plans with a noise estimate one load spike cannot drive (issue 10, item 5)', () => {
    const calm = [100, 101, 99, 100.5, 99.5, 100];
    const spiked = [100, 101, 99, 100.5, 99.5, 60];
    const sdOfLogs = (v: number[]): number => {
      const l = v.map(Math.log);
      const m = l.reduce((a, b) => a + b, 0) / l.length;
      return Math.sqrt(l.reduce((a, b) => a + (b - m) ** 2, 0) / (l.length - 1));
    };
    // The plain standard deviation grows 25-fold with one spike; the robust one stays near the calm figure.
    expect(sdOfLogs(spiked) / sdOfLogs(calm)).toBeGreaterThan(20);
    expect(robustCv(spiked)!).toBeLessThan(2 * robustCv(calm)!);
    expect(robustCv(spiked)!).toBeLessThan(0.02);
    // Without an outlier, under 4 trials, or with most trials identical: the plain standard deviation of the logs.
    expect(robustCv(calm)).toBeCloseTo(sdOfLogs(calm), 12);
    expect(robustCv([100, 110])).toBeCloseTo(sdOfLogs([100, 110]), 12);
    // Under 5 trials nothing is set aside (with 4, Grubbs at 1% would need 1.4996 of a possible 1.5).
    expect(robustCv([100, 100, 100, 130])).toBeCloseTo(sdOfLogs([100, 100, 100, 130]), 12);
    expect(robustCv([100])).toBeNull();
    expect(() => robustCv([100, 0])).toThrow(RangeError);
  });

  it('says "not detectable within 50 trials", not "too few trials", when the noise was measured', () => {
    const doc = calibrate(result('loud', 0.4, 6), gate());
    if (doc.summary.recommended_trials === null) {
      expect(renderCalibrationMarkdown(doc)).toContain(`no gated metric's tolerance is detectable within ${MAX_TRIALS} trials at the measured noise`);
      expect(renderCalibrationMarkdown(doc)).not.toContain('too few trials per cell');
    } else {
      throw new Error(`expected no reachable trial count at 40% trial CV, got ${doc.summary.recommended_trials}`);
    }
  });

  it('measures no noise and splits nothing with fewer than 2 or 4 trials, and says so', () => {
    const two = calibrate(result('t', 0.02, 2), gate(), { currentTrials: 3 });
    expect(metric(two, 'output_tps').cv).not.toBeNull();
    expect(metric(two, 'output_tps').aa).toBeNull();
    expect(two.notes.some((n) => n.includes('needs 4'))).toBe(true);
    const one = calibrate(result('t', 0.02, 1), gate(), { currentTrials: 3 });
    expect(metric(one, 'output_tps').cv).toBeNull();
    expect(one.summary.recommended_trials).toBeNull();
    expect(renderCalibrationMarkdown(one)).toContain('Recommended trials: none');
    expect(renderCalibrationMarkdown(one)).toContain('too few trials per cell to measure the noise');
  });
});

describe('calibrate: the recommended gate snippet', () => {
  it('lists only gated metrics whose tolerance should change, and validates as a config', () => {
    const c = calibrate(result('n', 0.1), gate(), { currentTrials: 3 });
    expect(c.gate_yaml).not.toBeNull();
    const parsed = parse(c.gate_yaml!) as { gate: { metrics: Record<string, { tolerance: number }> } };
    expect(Object.keys(parsed.gate.metrics).sort()).toEqual(c.summary.tolerance_changes.map((ch) => ch.metric).sort());
    for (const ch of c.summary.tolerance_changes) {
      expect(ch.scenario).toBeNull();
      expect(metric(c, ch.metric).gated).toBe(true);
      expect(parsed.gate.metrics[ch.metric]!.tolerance).toBe(ch.to);
      expect(ch.to).not.toBe(ch.from);
    }
    const plan = planFromObject({ ...BASE, ...parsed }, { file: null, baseDir: '/' });
    expect(plan.gate.metrics['output_tps']!.tolerance).toBe(metric(c, 'output_tps').tolerance.recommended);
  });

  it('is null once the snippet is applied, and lowers an over-generous tolerance', () => {
    const doc = result('n', 0.1);
    const first = calibrate(doc, gate(), { currentTrials: 3 });
    const applied = (parse(first.gate_yaml!) as { gate: Record<string, unknown> }).gate;
    const again = calibrate(doc, gate(applied), { currentTrials: 3 });
    expect(again.summary.tolerance_changes).toEqual([]);
    expect(again.gate_yaml).toBeNull();
    expect(renderCalibrationMarkdown(again)).toContain('nothing to change');

    const loose = gate({ metrics: { output_tps: { tolerance: 0.5 }, 'tpot_ms.p50': { tolerance: 0.5 }, 'ttft_ms.p95': { tolerance: 0.5 } } });
    const c = calibrate(result('q', 0.02), loose, { currentTrials: 3 });
    expect(c.summary.tolerance_changes.map((ch) => ch.metric).sort()).toEqual(['output_tps', 'tpot_ms.p50', 'ttft_ms.p95']);
    for (const ch of c.summary.tolerance_changes) expect(ch.to).toBeLessThan(ch.from);
    expect(gateYaml([], 3)).toBeNull();
  });

  it('puts per-scenario recommendations under gate.scenarios when scenarios disagree or override', () => {
    const two = planFromObject(
      {
        ...BASE,
        scenarios: [
          { name: 'chat', input_tokens: 8, output_tokens: 4 },
          { name: 'rag.long', input_tokens: 8, output_tokens: 4 },
        ],
        gate: { scenarios: { 'rag.long': { metrics: { 'tpot_ms.p50': { tolerance: 0.3 } } } } },
      },
      { file: null, baseDir: '/' },
    ).gate;
    const a = calibrate(result('n', 0.1), two, { currentTrials: 3 }).cells[0]!;
    const b = { ...structuredClone(a), id: 'rag.long@c=4', scenario: 'rag.long' };
    // rag.long: a quieter copy, so the scenarios disagree on output_tps.
    b.metrics.find((m) => m.metric === 'output_tps')!.tolerance.recommended = 0.07;
    const changes = toleranceChanges([a, b], two);
    const yaml = gateYaml(changes, 3)!;
    const parsed = parse(yaml) as { gate: Record<string, unknown> };
    expect(changes.find((ch) => ch.metric === 'output_tps' && ch.scenario === 'rag.long')?.to).toBe(0.07);
    expect(changes.find((ch) => ch.metric === 'tpot_ms.p50' && ch.scenario === 'rag.long')?.from).toBe(0.3);
    const plan = planFromObject(
      {
        ...BASE,
        scenarios: [
          { name: 'chat', input_tokens: 8, output_tokens: 4 },
          { name: 'rag.long', input_tokens: 8, output_tokens: 4 },
        ],
        ...parsed,
      },
      { file: null, baseDir: '/' },
    );
    expect(plan.gate.scenarios['rag.long']!['output_tps']!.tolerance).toBe(0.07);
  });
});

describe('calibrate: rendering', () => {
  it('renders a terminal table and Markdown that name the recommended trials, with untrusted text escaped', () => {
    const doc = result('n', 0.1);
    doc.cells[0]!.id = 'chat@c=4 <img src=x>|';
    doc.target!.model = 'm`</details>';
    const c = calibrate(doc, gate(), { currentTrials: 3 });
    const md = renderCalibrationMarkdown(c);
    expect(md).toContain(`**Recommended trials: ${c.summary.recommended_trials ?? 'none'}**`);
    expect(md).not.toContain('<img');
    expect(md).not.toContain('</details>');
    expect(md).toContain('```yaml\n# llm-perf-gate calibrate');
    const text = calibrationTable(c);
    expect(text).toContain('Recommended trials:');
    expect(text).toMatch(/output_tps \*/);
  });
});
