// The paired design measured sequentially (docs/gate.md, "Sequential
// measurement"), on synthetic results with a known truth: 6 pairs first, a
// look after every pair up to the budget's 12, each look judged at its
// alpha-spending level, stopping once every gated metric is decided. Beside
// it, the fixed designs of 6 and 12 pairs, and the naive rule (every look
// at the fixed design's level) that the spending exists to prevent.
// The noise is the defaults study's (bench/gate/designs.ts): a log-normal
// job factor both sides share, trial noise of which `pairShare` is drift
// both trials of a pair see, per-request noise and a 2% tail.
// bench/gate/sequential.ts prints it; test/gate/sequential.study.test.ts
// asserts its A/A false-failure rate.
import type { GatePlan } from '../../src/config/plan.js';
import { compare } from '../../src/gate/compare.js';
import { nextStep } from '../../src/gate/sequential.js';
import type { VerdictDoc } from '../../src/gate/verdict.js';
import type { ResultDoc } from '../../src/result/types.js';
import { createRng } from '../../src/util/rng.js';
import { normal, REALISTIC, syntheticResult, type Truth } from '../../test/support/synthetic.js';
import { withErrors, type Effect } from './designs.js';

export const FIRST = 6;
export const LAST = 12;
export const JOB_CV = 0.05;
export const PAIR_SHARE = 0.8;

const drop = (x: number) => ({ ttft: 1 / (1 - x), tpot: 1 / (1 - x) });
export const EFFECTS: Effect[] = [
  { name: 'A/A', slow: {}, metric: null },
  { name: 'throughput -5%', slow: drop(0.05), metric: 'output_tps' },
  { name: 'throughput -10%', slow: drop(0.1), metric: 'output_tps' },
  { name: 'throughput -15%', slow: drop(0.15), metric: 'output_tps' },
  { name: 'TPOT +10%', slow: { tpot: 1.1 }, metric: 'tpot_ms.p50' },
  { name: 'TTFT p95 2x', slow: { ttft: 2 }, metric: 'ttft_ms.p95' },
  { name: 'throughput halved', slow: drop(0.5), metric: 'output_tps' },
  { name: 'error rate 0% -> 10%', slow: {}, metric: 'error_rate', errors: 0.1 },
];

export type Rule = 'sequential' | 'fixed 6' | 'fixed 12' | 'naive looks';
export const RULES: Rule[] = ['sequential', 'fixed 6', 'fixed 12', 'naive looks'];

export interface Tally {
  n: number;
  fail: number;
  detected: number;
  undecided: number;
  pairs: number[];
}

const factor = (z: number, cv: number): number => Math.exp(cv * z - (cv * cv) / 2);
const times = (a: { ttft?: number; tpot?: number }, f: number) => ({ ttft: (a.ttft ?? 1) * f, tpot: (a.tpot ?? 1) * f });

/** One paired run's docs at `n` pairs: the same draws as every other look of that run (syntheticResult draws trial by trial). */
function pairAt(trialCv: number, key: string, e: Effect, jobF: number, drift: readonly number[], n: number, looks: boolean): [ResultDoc, ResultDoc] {
  const truth: Truth = { ...REALISTIC, trialCv: trialCv * Math.sqrt(1 - PAIR_SHARE), trials: n };
  const ab = (side: 'baseline' | 'candidate'): ResultDoc['ab'] => ({ run_id: key, side, ...(looks ? { looks: { first: FIRST, last: LAST } } : {}) });
  return [syntheticResult(`${key}|a`, truth, times({}, jobF), ab('baseline'), drift), withErrors(syntheticResult(`${key}|b`, truth, times(e.slow, jobF), ab('candidate'), drift), e.errors)];
}

function outcome(v: VerdictDoc, e: Effect): { fail: boolean; detected: boolean; decided: boolean } {
  const m = e.metric === null ? null : v.cells[0]!.metrics.find((x) => x.metric === e.metric);
  const decided = nextStep(v, { trials: LAST, first: FIRST, last: LAST }, { trials: LAST, minutes: null }, 0).more === false && (v.verdict === 'fail' || v.verdict === 'pass');
  return { fail: v.verdict === 'fail', detected: e.metric === null ? v.verdict === 'fail' : m?.verdict === 'regressed', decided };
}

/** `reps` runs of effect `e` at trial CV `trialCv`, judged by each of `rules`. */
export function runSequentialStudy(e: Effect, reps: number, gate: GatePlan, trialCv: number, rules: readonly Rule[] = RULES): Record<Rule, Tally> {
  const out = Object.fromEntries(RULES.map((r) => [r, { n: 0, fail: 0, detected: 0, undecided: 0, pairs: [] as number[] }])) as Record<Rule, Tally>;
  const only = { metrics: (id: string, gated: boolean) => gated || id === e.metric };
  const rng = createRng(`sequential-study|${trialCv}|${e.name}`);
  for (let i = 0; i < reps; i++) {
    const jobF = factor(normal(rng), JOB_CV);
    const drift = Array.from({ length: LAST }, () => factor(normal(rng), trialCv * Math.sqrt(PAIR_SHARE)));
    const key = `run|${i}`;
    const record = (rule: Rule, v: VerdictDoc, pairs: number): void => {
      const o = outcome(v, e);
      const t = out[rule];
      t.n++;
      if (o.fail) t.fail++;
      if (o.detected) t.detected++;
      if (!o.decided) t.undecided++;
      t.pairs.push(pairs);
    };
    // Sequential: a look after every pair from FIRST, at that look's level.
    for (let n = FIRST; rules.includes('sequential') && n <= LAST; n++) {
      const [a, b] = pairAt(trialCv, key, e, jobF, drift, n, true);
      const v = compare(a, b, gate, only);
      if (!nextStep(v, { trials: n, first: FIRST, last: LAST }, { trials: LAST, minutes: null }, 0).more) {
        record('sequential', v, n);
        break;
      }
    }
    // Naive: the same looks at the fixed design's level (what optional stopping does without spending).
    for (let n = FIRST; rules.includes('naive looks') && n <= LAST; n++) {
      const [a, b] = pairAt(trialCv, key, e, jobF, drift, n, false);
      const v = compare(a, b, gate, only);
      if (!nextStep(v, { trials: n, first: FIRST, last: LAST }, { trials: LAST, minutes: null }, 0).more) {
        record('naive looks', v, n);
        break;
      }
    }
    if (rules.includes('fixed 6')) {
      const [a6, b6] = pairAt(trialCv, key, e, jobF, drift, FIRST, false);
      record('fixed 6', compare(a6, b6, gate, only), FIRST);
    }
    if (rules.includes('fixed 12')) {
      const [a12, b12] = pairAt(trialCv, key, e, jobF, drift, LAST, false);
      record('fixed 12', compare(a12, b12, gate, only), LAST);
    }
  }
  return out;
}
