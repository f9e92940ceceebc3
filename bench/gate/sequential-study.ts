// The paired design measured sequentially (docs/gate.md, "Sequential
// measurement"), on synthetic results with a known truth: `first` pairs
// first (6 by default, the issue's rig; 3 is the step's run.trials), a look
// after every pair up to the budget's `last` (12; 6 or 10 at the step's
// defaults), each look judged at its alpha-spending level, stopping once
// every gated metric is decided. Beside it, the fixed designs of `first` and
// `last` pairs, and the naive rule (every look at the fixed design's level)
// that the spending exists to prevent.
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

export type Rule = 'sequential' | 'fixed first' | 'fixed last' | 'naive looks';
export const RULES: Rule[] = ['sequential', 'fixed first', 'fixed last', 'naive looks'];

/** The looks: the pairs measured before the first look, and the budget's last pair. */
export interface Looks {
  first: number;
  last: number;
}
export const RIG_LOOKS: Looks = { first: FIRST, last: LAST };

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
function pairAt(trialCv: number, key: string, e: Effect, jobF: number, drift: readonly number[], n: number, looks: Looks | null): [ResultDoc, ResultDoc] {
  const truth: Truth = { ...REALISTIC, trialCv: trialCv * Math.sqrt(1 - PAIR_SHARE), trials: n };
  const ab = (side: 'baseline' | 'candidate'): ResultDoc['ab'] => ({ run_id: key, side, ...(looks !== null ? { looks: { ...looks } } : {}) });
  return [syntheticResult(`${key}|a`, truth, times({}, jobF), ab('baseline'), drift), withErrors(syntheticResult(`${key}|b`, truth, times(e.slow, jobF), ab('candidate'), drift), e.errors)];
}

function outcome(v: VerdictDoc, e: Effect, l: Looks): { fail: boolean; detected: boolean; decided: boolean } {
  const m = e.metric === null ? null : v.cells[0]!.metrics.find((x) => x.metric === e.metric);
  const decided = nextStep(v, { trials: l.last, first: l.first, last: l.last }, { trials: l.last, minutes: null }, 0).more === false && (v.verdict === 'fail' || v.verdict === 'pass');
  return { fail: v.verdict === 'fail', detected: e.metric === null ? v.verdict === 'fail' : m?.verdict === 'regressed', decided };
}

/** `reps` runs of effect `e` at trial CV `trialCv`, judged by each of `rules`, looking from `l.first` to `l.last` pairs. */
export function runSequentialStudy(e: Effect, reps: number, gate: GatePlan, trialCv: number, rules: readonly Rule[] = RULES, l: Looks = RIG_LOOKS): Record<Rule, Tally> {
  const { first, last } = l;
  const out = Object.fromEntries(RULES.map((r) => [r, { n: 0, fail: 0, detected: 0, undecided: 0, pairs: [] as number[] }])) as Record<Rule, Tally>;
  const only = { metrics: (id: string, gated: boolean) => gated || id === e.metric };
  // The rig's seed as it was, so its printed table stays reproducible; other looks get their own.
  const rng = createRng(`sequential-study|${trialCv}|${e.name}${first === FIRST && last === LAST ? '' : `|${first}..${last}`}`);
  for (let i = 0; i < reps; i++) {
    const jobF = factor(normal(rng), JOB_CV);
    const drift = Array.from({ length: last }, () => factor(normal(rng), trialCv * Math.sqrt(PAIR_SHARE)));
    const key = `run|${i}`;
    const record = (rule: Rule, v: VerdictDoc, pairs: number): void => {
      const o = outcome(v, e, l);
      const t = out[rule];
      t.n++;
      if (o.fail) t.fail++;
      if (o.detected) t.detected++;
      if (!o.decided) t.undecided++;
      t.pairs.push(pairs);
    };
    // Sequential: a look after every pair from `first`, at that look's level.
    for (let n = first; rules.includes('sequential') && n <= last; n++) {
      const [a, b] = pairAt(trialCv, key, e, jobF, drift, n, l);
      const v = compare(a, b, gate, only);
      if (!nextStep(v, { trials: n, first, last }, { trials: last, minutes: null }, 0).more) {
        record('sequential', v, n);
        break;
      }
    }
    // Naive: the same looks at the fixed design's level (what optional stopping does without spending).
    for (let n = first; rules.includes('naive looks') && n <= last; n++) {
      const [a, b] = pairAt(trialCv, key, e, jobF, drift, n, null);
      const v = compare(a, b, gate, only);
      if (!nextStep(v, { trials: n, first, last }, { trials: last, minutes: null }, 0).more) {
        record('naive looks', v, n);
        break;
      }
    }
    if (rules.includes('fixed first')) {
      const [af, bf] = pairAt(trialCv, key, e, jobF, drift, first, null);
      record('fixed first', compare(af, bf, gate, only), first);
    }
    if (rules.includes('fixed last')) {
      const [al, bl] = pairAt(trialCv, key, e, jobF, drift, last, null);
      record('fixed last', compare(al, bl, gate, only), last);
    }
  }
  return out;
}
