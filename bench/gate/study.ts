// The gate's error rates measured on synthetic results with a known truth:
// how often it fails an unchanged server (A/A) and how often it catches a
// real regression, at stated noise levels. Shared by the test suite (few
// repetitions, asserted) and `npm run bench:gate` (many, printed).
import { planFromObject } from '../../src/config/load.js';
import type { GatePlan } from '../../src/config/plan.js';
import { compare } from '../../src/gate/compare.js';
import { REALISTIC, syntheticResult, type Truth } from '../../test/support/synthetic.js';

export interface Study {
  name: string;
  truth: Truth;
  /** How much slower the candidate is: 1 = A/A. */
  slow: { ttft?: number; tpot?: number };
  /** The metric whose detection is counted (null for A/A: count overall failures). */
  metric: string | null;
  gate?: Record<string, unknown>;
}

export interface StudyOutcome {
  name: string;
  reps: number;
  /** Overall verdict fail. */
  failRate: number;
  /** The metric's verdict is regressed (for A/A: any gated metric regressed). */
  detectRate: number;
  /** The metric's verdict is regressed or warn. */
  flagRate: number;
  /** Measured noise: coefficient of variation of output tokens/s between the trials of one run, averaged over runs. */
  tpsCv: number;
}

function cv(xs: number[]): number {
  const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
  return Math.sqrt(xs.reduce((a, b) => a + (b - mean) ** 2, 0) / (xs.length - 1)) / mean;
}

export function gatePlan(over: Record<string, unknown> = {}): GatePlan {
  return planFromObject(
    { target: { url: 'http://127.0.0.1:1' }, scenarios: [{ name: 'chat', input_tokens: 256, output_tokens: 64 }], loads: [{ concurrency: 4 }], gate: over },
    { file: null, baseDir: '/' },
  ).gate;
}

export function runStudy(s: Study, reps: number, seed = 'study'): StudyOutcome {
  const gate = gatePlan(s.gate);
  let fails = 0;
  let detected = 0;
  let flagged = 0;
  let cvSum = 0;
  for (let i = 0; i < reps; i++) {
    const base = syntheticResult(`${seed}|${s.name}|${i}|base`, s.truth);
    cvSum += s.truth.trials > 1 ? cv(base.cells[0]!.trials.map((t) => t.metrics.output_tps)) : 0;
    const cand = syntheticResult(`${seed}|${s.name}|${i}|cand`, s.truth, s.slow);
    const v = compare(base, cand, gate, { metrics: (id, gated) => gated || id === s.metric });
    if (v.verdict === 'fail') fails++;
    const verdicts = v.cells[0]!.metrics.filter((m) => (s.metric === null ? m.gated : m.metric === s.metric)).map((m) => m.verdict);
    if (verdicts.includes('regressed')) detected++;
    if (verdicts.some((x) => x === 'regressed' || x === 'warn')) flagged++;
  }
  return { name: s.name, reps, failRate: fails / reps, detectRate: detected / reps, flagRate: flagged / reps, tpsCv: cvSum / reps };
}

const calm = (cv: number, trials = REALISTIC.trials): Truth => ({ ...REALISTIC, trialCv: cv, trials });
/** Throughput 10% lower: every duration 1/0.9 as long. */
const tenPctSlower = { ttft: 1 / 0.9, tpot: 1 / 0.9 };

export const STUDIES: Study[] = [
  { name: 'A/A, trial CV 5%, 3 trials x 200 requests', truth: REALISTIC, slow: {}, metric: null },
  { name: 'A/A, trial CV 10%, 3 trials x 200 requests', truth: calm(0.1), slow: {}, metric: null },
  { name: 'A/A, trial CV 1%, 5 trials x 200 requests', truth: calm(0.01, 5), slow: {}, metric: null },
  { name: 'throughput -10%, trial CV 1%, 3 trials', truth: calm(0.01), slow: tenPctSlower, metric: 'output_tps' },
  { name: 'throughput -10%, trial CV 1%, 5 trials', truth: calm(0.01, 5), slow: tenPctSlower, metric: 'output_tps' },
  { name: 'throughput -10%, trial CV 2%, 5 trials', truth: calm(0.02, 5), slow: tenPctSlower, metric: 'output_tps' },
  { name: 'throughput -10%, trial CV 5%, 3 trials', truth: REALISTIC, slow: tenPctSlower, metric: 'output_tps' },
  { name: 'throughput -10%, trial CV 5%, 10 trials', truth: calm(0.05, 10), slow: tenPctSlower, metric: 'output_tps' },
  { name: 'TTFT p99 +15%, defaults (p99 tolerance 15%)', truth: calm(0.01), slow: { ttft: 1.15 }, metric: 'ttft_ms.p99' },
  {
    name: 'TTFT p99 +15%, p99 tolerance 5%, 3 trials x 1000 requests',
    truth: { ...calm(0.01), requests: 1000 },
    slow: { ttft: 1.15 },
    metric: 'ttft_ms.p99',
    gate: { metrics: { 'ttft_ms.p99': { tolerance: 0.05 } } },
  },
  { name: 'TTFT p95 +25%, defaults (p95 tolerance 10%)', truth: calm(0.01), slow: { ttft: 1.25 }, metric: 'ttft_ms.p95' },
];
