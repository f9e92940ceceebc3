// The gate's error rates per design when whole jobs differ (issue 10, "the
// study, extended"). Every result gets a job factor (log-normal, CV jobCv)
// on top of the trial noise inside the job (trialCv); the designs:
// - one stored run: today's compare of the candidate with the last stored run;
// - K stored runs: compareWithHistory against the last K stored runs (the
//   same code the CLI and the action run);
// - paired A/B: today's compare on paired documents; both sides share the
//   job factor, and a share `pairShare` of the trial variance is drift that
//   both trials of a pair see (they run back to back).
// With confirm: when a design fails, measure again (unpaired: a fresh
// candidate job against the same stored baseline; paired: a fresh paired
// run) and fail only if the second also fails.
import type { GatePlan } from '../../src/config/plan.js';
import { compare } from '../../src/gate/compare.js';
import { compareWithHistory } from '../../src/gate/compare-history.js';
import type { ResultDoc } from '../../src/result/types.js';
import { createRng } from '../../src/util/rng.js';
import { normal, REALISTIC, syntheticResult, type Truth } from '../../test/support/synthetic.js';
import { gatePlan } from './study.js';

export interface Noise {
  jobCv: number;
  trialCv: number;
}

export interface Effect {
  name: string;
  slow: { ttft?: number; tpot?: number };
  /** The metric whose `regressed` counts as detection; null for A/A. */
  metric: string | null;
  /** Share of the candidate's requests that failed (the baseline's: none). */
  errors?: number;
}

/** The document with a share of every trial's requests failed (counts and rates; the samples of the rest stand). */
export function withErrors(d: ResultDoc, share: number | undefined): ResultDoc {
  if (share === undefined || share === 0) return d;
  const c = structuredClone(d);
  for (const cell of c.cells) {
    for (const m of [cell.metrics, ...cell.trials.map((t) => t.metrics)]) {
      m.counts.failed = Math.round(m.counts.attempted * share);
      m.counts.completed = m.counts.attempted - m.counts.failed;
      m.error_rate = m.counts.failed / m.counts.attempted;
    }
  }
  return c;
}

const drop = (x: number) => ({ ttft: 1 / (1 - x), tpot: 1 / (1 - x) });
export const AA: Effect = { name: 'A/A', slow: {}, metric: null };
export const EFFECTS: Effect[] = [
  { name: 'throughput -5%', slow: drop(0.05), metric: 'output_tps' },
  { name: 'throughput -10%', slow: drop(0.1), metric: 'output_tps' },
  { name: 'throughput -20%', slow: drop(0.2), metric: 'output_tps' },
  { name: 'TTFT p95 +10%', slow: { ttft: 1.1 }, metric: 'ttft_ms.p95' },
  { name: 'TTFT p95 +25%', slow: { ttft: 1.25 }, metric: 'ttft_ms.p95' },
  { name: 'TPOT +10%', slow: { tpot: 1.1 }, metric: 'tpot_ms.p50' },
  { name: 'TPOT +25%', slow: { tpot: 1.25 }, metric: 'tpot_ms.p50' },
];

export const DESIGNS = ['one stored run', 'K stored runs', 'paired A/B'] as const;
export type Design = (typeof DESIGNS)[number];

export interface DesignSettings {
  /** Stored runs for the K design. */
  k: number;
  /** Trials per unpaired run. */
  trials: number;
  /** Pairs per paired run. */
  pairs: number;
  /** Share of the trial variance that both trials of a pair see. */
  pairShare: number;
}

export const DEFAULT_DESIGN: DesignSettings = { k: 10, trials: 3, pairs: 6, pairShare: 0.8 };

export interface Tally {
  n: number;
  fail: number;
  warn: number;
  detected: number;
  failConfirmed: number;
  detectedConfirmed: number;
  /** K design: sum and count of the stated minimum detectable change of the effect's metric (output_tps for A/A), percent. */
  mdcSum: number;
  mdcN: number;
}

interface Outcome {
  fail: boolean;
  warn: boolean;
  detected: boolean;
  mdc: number | null;
}

const factor = (z: number, cv: number): number => Math.exp(cv * z - (cv * cv) / 2);
const times = (a: { ttft?: number; tpot?: number }, f: number) => ({ ttft: (a.ttft ?? 1) * f, tpot: (a.tpot ?? 1) * f });

function fromCompare(v: ReturnType<typeof compare>, metric: string | null): Outcome {
  const m = metric === null ? null : v.cells[0]!.metrics.find((x) => x.metric === metric);
  return { fail: v.verdict === 'fail', warn: v.verdict === 'warn', detected: metric === null ? v.verdict === 'fail' : m?.verdict === 'regressed', mdc: null };
}

function fromHistory(history: ResultDoc[], cand: ResultDoc, gate: GatePlan, metric: string | null): Outcome {
  const v = compareWithHistory(history, cand, gate, { metrics: (id, gated) => gated || id === metric });
  if (v.design !== 'history') throw new Error('K design: fewer stored runs than the model needs');
  const mine = v.cells[0]!.metrics.find((x) => x.metric === (metric ?? 'output_tps'))!;
  return { ...fromCompare(v, metric), mdc: mine.noise?.mdc_pct ?? null };
}

/** Runs every effect at one noise level: `reps` comparisons per effect and design. */
export function runNoiseLevel(
  noise: Noise,
  effects: Effect[],
  reps: number,
  s: DesignSettings = DEFAULT_DESIGN,
  seed = 'designs',
  designs: readonly Design[] = DESIGNS,
): Map<string, Record<Design, Tally>> {
  const gate = gatePlan();
  const tag = `${seed}|${noise.jobCv}|${noise.trialCv}`;
  const rng = createRng(tag);
  const truth: Truth = { ...REALISTIC, trialCv: noise.trialCv, trials: s.trials };
  const pairTruth: Truth = { ...REALISTIC, trialCv: noise.trialCv * Math.sqrt(1 - s.pairShare), trials: s.pairs };
  const driftCv = noise.trialCv * Math.sqrt(s.pairShare);
  const job = () => factor(normal(rng), noise.jobCv);
  // Stored runs of the default branch: comparison i sees runs i .. i+K-1 (the last one is "the" stored run).
  const pool = Array.from({ length: reps + s.k - 1 }, (_, j) => syntheticResult(`${tag}|pool|${j}`, truth, times({}, job())));
  const candidate = (key: string, slow: Effect['slow'], f: number, errors?: number): ResultDoc => withErrors(syntheticResult(`${tag}|${key}`, truth, times(slow, f)), errors);
  const pairedRun = (key: string, slow: Effect['slow'], errors?: number): [ResultDoc, ResultDoc] => {
    const f = job();
    const drift = Array.from({ length: s.pairs }, () => factor(normal(rng), driftCv));
    const run_id = key;
    return [
      syntheticResult(`${tag}|${key}|a`, pairTruth, times({}, f), { run_id, side: 'baseline' }, drift),
      withErrors(syntheticResult(`${tag}|${key}|b`, pairTruth, times(slow, f), { run_id, side: 'candidate' }, drift), errors),
    ];
  };
  const only = (e: Effect) => ({ metrics: (id: string, gated: boolean) => gated || id === e.metric });
  const out = new Map<string, Record<Design, Tally>>();
  const blank = (): Tally => ({ n: 0, fail: 0, warn: 0, detected: 0, failConfirmed: 0, detectedConfirmed: 0, mdcSum: 0, mdcN: 0 });
  for (const e of effects) out.set(e.name, { 'one stored run': blank(), 'K stored runs': blank(), 'paired A/B': blank() });
  for (let i = 0; i < reps; i++) {
    const history = pool.slice(i, i + s.k);
    const stored = history[history.length - 1]!;
    // One candidate job per comparison, the same draws for every effect (common random numbers).
    const fc = job();
    for (const e of effects) {
      const t = out.get(e.name)!;
      const cand = candidate(`cand|${i}`, e.slow, fc, e.errors);
      const record = (d: Design, o: Outcome, again: () => Outcome): void => {
        const x = t[d];
        x.n++;
        if (o.fail) x.fail++;
        if (o.warn) x.warn++;
        if (o.detected) x.detected++;
        if (o.mdc !== null) {
          x.mdcSum += o.mdc;
          x.mdcN++;
        }
        if (o.fail) {
          const o2 = again();
          if (o2.fail) x.failConfirmed++;
          if (o.detected && o2.detected) x.detectedConfirmed++;
        }
      };
      const fresh = (): ResultDoc => candidate(`cand|${i}|confirm`, e.slow, job(), e.errors);
      if (designs.includes('one stored run'))
        record('one stored run', fromCompare(compare(stored, cand, gate, only(e)), e.metric), () => fromCompare(compare(stored, fresh(), gate, only(e)), e.metric));
      if (designs.includes('K stored runs')) record('K stored runs', fromHistory(history, cand, gate, e.metric), () => fromHistory(history, fresh(), gate, e.metric));
      if (!designs.includes('paired A/B')) continue;
      const [pa, pb] = pairedRun(`pair|${i}|${e.name}`, e.slow, e.errors);
      record('paired A/B', fromCompare(compare(pa, pb, gate, only(e)), e.metric), () => {
        const [qa, qb] = pairedRun(`pair|${i}|${e.name}|confirm`, e.slow, e.errors);
        return fromCompare(compare(qa, qb, gate, only(e)), e.metric);
      });
    }
  }
  return out;
}
