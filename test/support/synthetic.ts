// Synthetic result documents with a known truth: per-request records drawn from
// a seeded generator at realistic noise levels, run through the real metrics
// pipeline (assembleCell), so the gate is tested on the data shapes it will see.
import { emptyOutcome, newRecord, type RequestRecord } from '../../src/load/record.js';
import { planFromObject } from '../../src/config/load.js';
import type { NormalConfig } from '../../src/config/normal.js';
import type { LoadPlan, ScenarioPlan } from '../../src/config/plan.js';
import type { CellRun } from '../../src/load/run-cell.js';
import { RESULT_SCHEMA, type ResultDoc } from '../../src/result/types.js';
import { assembleCell, type TrialOutcome } from '../../src/run/cell-result.js';
import { createRng, type Rng } from '../../src/util/rng.js';

export interface Truth {
  /** Median TTFT and TPOT of a request, ms. */
  ttftMs: number;
  tpotMs: number;
  /** Log-normal sigma of per-request TTFT (heavy right tail). */
  ttftSigma: number;
  /** Share of requests that hit a slow path (TTFT x spikeFactor): the p99 lives there. */
  spikeRate: number;
  spikeFactor: number;
  /** Coefficient of variation of a whole trial's speed (machine noise between trials). */
  trialCv: number;
  outputTokens: number;
  inputTokens: number;
  concurrency: number;
  requests: number;
  trials: number;
}

export const REALISTIC: Truth = {
  ttftMs: 80,
  tpotMs: 20,
  ttftSigma: 0.35,
  spikeRate: 0.02,
  spikeFactor: 3,
  trialCv: 0.05,
  outputTokens: 32,
  inputTokens: 256,
  concurrency: 4,
  requests: 200,
  trials: 3,
};

/** A standard normal draw. */
export function normal(rng: Rng): number {
  // Box-Muller; u1 in (0, 1] so the log is finite.
  const u1 = 1 - rng.next();
  const u2 = rng.next();
  return Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);
}

/** A closed-loop trial: `concurrency` users sending back to back. */
function trialRecords(t: Truth, rng: Rng, slow: { ttft: number; tpot: number }, factor: number): RequestRecord[] {
  const speed = factor * Math.exp(normal(rng) * t.trialCv - (t.trialCv * t.trialCv) / 2);
  const clocks = Array.from({ length: t.concurrency }, () => 0);
  const out: RequestRecord[] = [];
  for (let i = 0; i < t.requests; i++) {
    const u = i % t.concurrency;
    const send = clocks[u]!;
    const spike = rng.next() < t.spikeRate ? t.spikeFactor : 1;
    const ttft = t.ttftMs * slow.ttft * speed * spike * Math.exp(normal(rng) * t.ttftSigma);
    const tpot = t.tpotMs * slow.tpot * speed * Math.exp(normal(rng) * 0.05);
    const tFirst = send + ttft;
    const tLast = tFirst + tpot * (t.outputTokens - 1);
    const r = newRecord(i, false, send, t.outputTokens, {
      ...emptyOutcome(send),
      tFirst,
      gaps: Array.from({ length: t.outputTokens - 1 }, () => tpot),
      tLast,
      tDone: tLast + 0.2,
      outputEvents: t.outputTokens,
      nOut: t.outputTokens,
      nIn: t.inputTokens,
      tokenSource: 'server',
      status: 200,
    });
    out.push(r);
    clocks[u] = r.tDone;
  }
  return out;
}

/** The normalised config a synthetic result stores: the one cell below, every default. */
export const SYNTHETIC_CONFIG: NormalConfig = planFromObject(
  { target: { url: 'http://127.0.0.1:8000' }, scenarios: [{ name: 'chat', input_tokens: 256, output_tokens: 32 }], loads: [{ concurrency: 4 }] },
  { file: null, baseDir: '/' },
).config;

const SCENARIO: ScenarioPlan = { name: 'chat', inputTokens: 256, outputTokens: 32, sharedPrefixTokens: 0, dataset: null };
const LOAD: LoadPlan = { shape: 'concurrency', label: 'c=4', concurrency: 4 };

/**
 * A result of one cell, `chat@c=4`, whose server is `slow` times slower than
 * the truth (1 = same). `trialFactors[i]` slows trial i on top (drift that
 * the two sides of an A/B pair share); missing entries are 1.
 */
export function syntheticResult(seed: string, t: Truth = REALISTIC, slow: { ttft?: number; tpot?: number } = {}, ab: ResultDoc['ab'] = null, trialFactors: readonly number[] = []): ResultDoc {
  const rng = createRng(seed);
  const s = { ttft: slow.ttft ?? 1, tpot: slow.tpot ?? 1 };
  const trials: TrialOutcome[] = Array.from({ length: t.trials }, (_, index) => {
    const records = trialRecords(t, rng, s, trialFactors[index] ?? 1);
    const run: CellRun = { records, notSent: 0, stoppedBy: 'count', loopDelay: { p99Ms: 11, maxMs: 12 }, dispatchLagMs: [], plannedRps: null };
    return { index, pair: ab === null ? null : index, run, startedAt: '2026-11-29T00:00:00.000Z', durationS: 1 };
  });
  const cell = assembleCell({ id: 'chat@c=4', scenario: SCENARIO, datasetLabel: null, load: LOAD, slos: { ttftMs: null, tpotMs: null, e2eMs: null }, workloadHash: 'a'.repeat(64), trials });
  return {
    schema: RESULT_SCHEMA,
    tool: { name: 'llm-perf-gate', version: '0.1.0' },
    status: 'complete',
    error: null,
    started_at: '2026-11-29T00:00:00.000Z',
    finished_at: '2026-11-29T00:01:00.000Z',
    config: SYNTHETIC_CONFIG,
    config_hash: 'b'.repeat(64),
    workload_hash: 'c'.repeat(64),
    target: { url: 'http://127.0.0.1:8000', api: 'chat', model: 'm', models: ['m'], server_headers: {}, system_fingerprint: null, model_entries: [] },
    machine: { platform: 'linux', arch: 'x64', cpu_model: 'cpu', cpus: 2, memory_gb: 24, node: 'v24' },
    git: null,
    ab,
    cells: [cell],
  };
}
