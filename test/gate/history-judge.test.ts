// Judging a candidate against stored runs of the default branch, on result
// documents made by the real metrics pipeline (test/support/synthetic.ts).
import { describe, expect, it } from 'vitest';
import { judgeAgainstHistory } from '../../src/gate/history-judge.js';
import { rulesFor } from '../../src/gate/policy.js';
import type { CellResult } from '../../src/result/types.js';
import { gatePlan } from '../../bench/gate/study.js';
import { REALISTIC, syntheticResult } from '../support/synthetic.js';

const gate = gatePlan();
const rule = (id: string) => rulesFor(gate, 'chat', 'concurrency').find((r) => r.def.id === id)!;
const truth = { ...REALISTIC, trialCv: 0.02 };
/** A stored job: the whole run `job` times slower (the job effect), trials noisy around it. */
const run = (seed: string, job: number, slow = 1): CellResult => syntheticResult(seed, truth, { ttft: job * slow, tpot: job * slow }).cells[0]!;
const jobs = [1, 1.06, 0.95, 1.02, 0.97, 1.04];
const history = jobs.map((j, i) => run(`h${i}`, j));
const settings = { confidence: 0.9, alpha: 0.05, gatedTests: 3 };

describe('judgeAgainstHistory', () => {
  it('says the noise is unknown with fewer than 3 stored runs', () => {
    const r = judgeAgainstHistory(history.slice(0, 2), run('c', 1), rule('output_tps'), settings);
    expect(r).toEqual({ known: false, jobs: 2, reason: expect.stringMatching(/2 comparable stored run\(s\) with output_tps, 3 needed: job-to-job noise unknown/) });
  });

  it("does not regress a candidate inside the stored jobs' swing, and reports the noise it saw", () => {
    const r = judgeAgainstHistory(history, run('c', 1.06), rule('output_tps'), settings);
    expect(r.known).toBe(true);
    if (!r.known) return;
    expect(r.verdict.verdict).not.toBe('regressed');
    expect(r.verdict.method).toBe('history');
    expect(r.verdict.noise.jobs).toBe(6);
    // jobs spread ~4% around their mean: the estimate sees a job CV of that order
    expect(r.verdict.noise.job_cv_pct).toBeGreaterThan(1.5);
    expect(r.verdict.noise.job_cv_pct).toBeLessThan(8);
    expect(r.verdict.noise.mdc_pct).toBeLessThan(-5);
    expect(r.verdict.noise.swing_pct[0]).toBeLessThan(0);
  });

  it('fails a 30% slower candidate on throughput and TPOT p50', () => {
    const cand = run('c', 1, 1.3);
    for (const id of ['output_tps', 'tpot_ms.p50']) {
      const r = judgeAgainstHistory(history, cand, rule(id), settings);
      expect(r.known && r.verdict.verdict).toBe('regressed');
      if (r.known) expect(r.verdict.p).toBeLessThan(0.05 / 3);
    }
  });

  it('calls a 30% faster candidate improved', () => {
    const r = judgeAgainstHistory(history, run('c', 1, 1 / 1.3), rule('output_tps'), settings);
    expect(r.known && r.verdict.verdict).toBe('improved');
  });

  it('leaves error_rate to the proportion test', () => {
    const r = judgeAgainstHistory(history, run('c', 1), rule('error_rate'), settings);
    expect(r.known).toBe(false);
  });
});
