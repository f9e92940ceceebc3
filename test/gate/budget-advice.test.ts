// The sequential budget `calibrate --baseline --candidate` recommends from an
// A/A paired run: the formula on its own, then on synthetic A/A pairs whose
// noise is known, then its report.
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { planFromObject } from '../../src/config/load.js';
import type { GatePlan } from '../../src/config/plan.js';
import { adviseBudget, budgetPairs, MAX_BUDGET_PAIRS } from '../../src/gate/budget-advice.js';
import { lookErrors } from '../../src/gate/sequential.js';
import { budgetSentence, budgetTable, renderBudgetMarkdown } from '../../src/report/budget-advice.js';
import type { ResultDoc } from '../../src/result/types.js';
import { tQuantile } from '../../src/stats/index.js';
import { REALISTIC, syntheticResult } from '../support/synthetic.js';

const gate = (): GatePlan =>
  planFromObject({ target: { url: 'http://127.0.0.1:1' }, scenarios: [{ name: 'chat', input_tokens: 8, output_tokens: 4 }], loads: [{ concurrency: 4 }] }, { file: null, baseDir: '/' }).gate;

/** The two sides of one synthetic A/A ab run: same truth, independent noise, `drift` shared by pair i. */
function aa(seed: string, trialCv: number, trials: number, drift: readonly number[] = [], runId = 'r1'): [ResultDoc, ResultDoc] {
  const t = { ...REALISTIC, trialCv, trials, requests: 64 };
  return [syntheticResult(`${seed}|b`, t, {}, { run_id: runId, side: 'baseline' }, drift), syntheticResult(`${seed}|c`, t, {}, { run_id: runId, side: 'candidate' }, drift)];
}

// The advice simulates 20,000 walks a boundary (budget-advice.ts).
const reach = (sd: number, first: number, last: number): number => {
  const e = lookErrors(first, last, 0.05, 20_000).at(-1)!;
  return (tQuantile(1 - e, last - 1) + tQuantile(0.8, last - 1)) * (sd / Math.sqrt(last));
};

describe('budgetPairs', () => {
  it('is the fewest pairs whose last look reaches the threshold: one fewer does not', () => {
    const thr = Math.log(1.05);
    for (const sd of [0.02, 0.04, 0.06]) {
      const b = budgetPairs(sd, thr, 6, 0.05)!;
      expect(b).toBeGreaterThanOrEqual(6);
      expect(reach(sd, 6, b)).toBeLessThanOrEqual(thr);
      if (b > 6) expect(reach(sd, 6, b - 1)).toBeGreaterThan(thr);
    }
  });

  it('grows with the noise, stays at the first look without noise, and says "not reachable" past the cap', () => {
    const thr = Math.log(1.05);
    const bs = [0.01, 0.03, 0.05, 0.07].map((sd) => budgetPairs(sd, thr, 6, 0.05)!);
    for (let i = 1; i < bs.length; i++) expect(bs[i]!).toBeGreaterThanOrEqual(bs[i - 1]!);
    expect(bs[0]).toBe(6);
    expect(bs[3]!).toBeGreaterThan(bs[1]!);
    expect(budgetPairs(0, thr, 6, 0.05)).toBe(6);
    expect(budgetPairs(0.3, thr, 6, 0.05)).toBeNull();
    expect(budgetPairs(0.03, 0, 6, 0.05)).toBeNull();
  });

  it('asks more of a budget than the fixed design at the same noise: the last look pays for the earlier ones', () => {
    // The fixed design's n for sd 4%, 5% threshold, at the fixed level (5% a side).
    let fixed = 2;
    while ((tQuantile(0.95, fixed - 1) + tQuantile(0.8, fixed - 1)) * (0.04 / Math.sqrt(fixed)) > Math.log(1.05)) fixed++;
    expect(budgetPairs(0.04, Math.log(1.05), 2, 0.05)!).toBeGreaterThanOrEqual(fixed);
  });
});

describe('adviseBudget on synthetic A/A pairs', () => {
  it('recommends more pairs for a noisier machine, with a run: snippet that parses', () => {
    const quiet = adviseBudget(...aa('q', 0.01, 8), gate());
    const noisy = adviseBudget(...aa('n', 0.05, 8), gate());
    expect(quiet.notes).toEqual([]);
    expect(quiet.pairs).not.toBeNull();
    expect(noisy.pairs).not.toBeNull();
    expect(noisy.pairs!).toBeGreaterThan(quiet.pairs!);
    expect(quiet.first).toBe(noisy.first);
    const snippet = parse(noisy.yaml!) as { run: { budget: { trials: number; minutes: number } } };
    expect(snippet.run.budget.trials).toBe(noisy.pairs);
    expect(snippet.run.budget.minutes).toBe(noisy.minutes);
    // Two sides of 1 s each per pair, one cell.
    expect(noisy.cells[0]!.pair_s).toBe(2);
    expect(noisy.minutes).toBe(Math.ceil((noisy.pairs! * 2) / 60));
    const tps = noisy.cells[0]!.metrics.find((m) => m.metric === 'output_tps')!;
    expect(tps.pairs).toBe(8);
    expect(Math.abs(tps.mean_pct!)).toBeLessThan(10);
    // Each side's speed draws 5% noise: a pair's log ratio spreads by about 5% x sqrt(2).
    expect(tps.spread_pct!).toBeGreaterThan(2);
    expect(tps.spread_pct!).toBeLessThan(15);
  });

  it('reads drift that both sides of a pair share as no noise: pairing cancels it', () => {
    const drift = [1, 1.4, 0.7, 1.2, 0.8, 1.5, 0.9, 1.1];
    const paired = adviseBudget(...aa('d', 0.01, 8, drift), gate());
    const tps = paired.cells[0]!.metrics.find((m) => m.metric === 'output_tps')!;
    expect(tps.spread_pct!).toBeLessThan(5);
  });

  it('names what it cannot reach and what is not one paired run', () => {
    const [b] = aa('x', 0.3, 6);
    const [, c] = aa('y', 0.3, 6, [], 'other');
    const a = adviseBudget(b, c, gate());
    expect(a.notes.join(' ')).toMatch(/not the two sides of one ab run/);
    expect(a.pairs).toBeNull();
    expect(a.unreachable.length).toBeGreaterThan(0);
    expect(a.unreachable[0]).toMatch(/^chat@c=4 /);
    expect(a.yaml).toBeNull();
    expect(budgetSentence(a)).toMatch(new RegExp(`No budget up to ${MAX_BUDGET_PAIRS} pairs decides chat@c=4`));
  });
});

describe('the budget report', () => {
  const a = adviseBudget(...aa('n', 0.05, 8), gate());

  it('prints a row per gated metric, the recommendation and the snippet', () => {
    const t = budgetTable(a);
    expect(t).toMatch(/chat@c=4\s+output_tps\s+8\s/);
    expect(t).toContain(`Recommended budget: ${a.pairs} pairs`);
    expect(t).toContain(`budget: { trials: ${a.pairs}, minutes: ${a.minutes} }`);
  });

  it('renders Markdown with the snippet in a yaml block', () => {
    const md = renderBudgetMarkdown(a);
    expect(md).toMatch(/^## llm-perf-gate calibrate: a budget for the paired A\/B/);
    expect(md).toMatch(/\| chat@c=4 +\| output_tps +\|/);
    expect(md).toContain('```yaml\nrun:\n  budget:');
  });
});
