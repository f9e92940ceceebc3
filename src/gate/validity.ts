// A comparison is invalid, not failed, when the two sides did not run the
// same work or could not be measured properly (docs/gate.md, "When a
// comparison is invalid, not failed").
import type { GatePlan } from '../config/plan.js';
import type { CellResult, ResultDoc } from '../result/types.js';
import { compareFingerprints } from '../telemetry/fingerprint.js';
import type { CellTelemetry } from '../telemetry/types.js';

/** Fixed output asked for, but fewer requests than this got max_tokens: the server ignored ignore_eos/min_tokens. */
const MIN_OUTPUT_HONOURED = 0.99;

const pctOf = (x: number): string => `${(x * 100).toFixed(1)}%`;

/**
 * Whether two cells ran comparable work and can be judged. Errors are
 * regressions, not a reason to stop judging (issue 23, item 3): a candidate
 * whose requests failed is judged, and its error_rate (gated by default)
 * fails it; only a broken baseline leaves nothing to compare against.
 * Neighbours are judged by sideProblems (unpaired) or pairs.ts (paired).
 */
export function cellProblems(base: CellResult, cand: CellResult, bDoc: ResultDoc, cDoc: ResultDoc, gate: GatePlan): { invalid: string[]; warnings: string[] } {
  const invalid: string[] = [];
  const warnings: string[] = [];
  if (base.workload_hash !== cand.workload_hash) {
    invalid.push('different workload: the prompts or max_tokens differ (workload hash), so the sides did different work');
  }
  const bStamp = bDoc.config.target.ttft_from ?? 'output';
  const cStamp = cDoc.config.target.ttft_from ?? 'output';
  if (bStamp !== cStamp) {
    // The role chunk comes milliseconds after the send, the first token after the prefill: TTFT, TPOT and ITL mean other things.
    invalid.push(`TTFT stamped at different events (target.ttft_from: ${bStamp} in the baseline, ${cStamp} in the candidate), so TTFT, TPOT and ITL are not the same measures`);
  }
  for (const [side, cell] of [
    ['baseline', base],
    ['candidate', cand],
  ] as const) {
    if (cell.status === 'interrupted') invalid.push(`${side} cell was interrupted before it finished`);
    if (cell.status === 'duration-limit') warnings.push(`${side} cell stopped at run.max_duration_s with ${cell.metrics.counts.attempted} requests`);
    if (cell.client.saturated) invalid.push(`${side} client was saturated: ${cell.client.reasons.join('; ')}`);
    const honoured = cell.metrics.tokens.output_honoured;
    const doc = side === 'baseline' ? bDoc : cDoc;
    if (doc.config.target.fixed_output !== false && honoured !== null && honoured < MIN_OUTPUT_HONOURED) {
      invalid.push(`${side} server did not honour the fixed output length: only ${pctOf(honoured)} of requests got max_tokens (ignore_eos/min_tokens ignored?)`);
    }
  }
  const be = base.metrics.error_rate;
  if (base.metrics.counts.completed === 0) invalid.push('baseline cell has no completed request: there is nothing to compare with');
  else if (be > gate.errorRateLimit) {
    invalid.push(`baseline error rate ${pctOf(be)} is over the ${pctOf(gate.errorRateLimit)} limit (gate.error_rate_limit): the baseline is broken, nothing sound to compare with`);
  }
  const ce = cand.metrics.error_rate;
  if (cand.metrics.counts.completed === 0) warnings.push('candidate: every request failed (judged by error_rate; its latency and throughput have no data)');
  else if (ce > gate.errorRateLimit)
    warnings.push(`candidate error rate ${pctOf(ce)} is over the ${pctOf(gate.errorRateLimit)} limit: its latency and throughput describe only the requests that succeeded`);
  for (const key of ['input_mean', 'output_mean'] as const) {
    const b = base.metrics.tokens[key];
    const c = cand.metrics.tokens[key];
    if (b !== null && c !== null && b > 0 && Math.abs(c / b - 1) > gate.tokenDriftLimit) {
      const what = key === 'input_mean' ? 'input' : 'output';
      invalid.push(`mean ${what} tokens drifted ${b} -> ${c} (more than ${pctOf(gate.tokenDriftLimit)}, gate.token_drift_limit)`);
    }
  }
  return { invalid, warnings };
}

/** Others' CPU share beside a cell or trial; null when not measured. */
export function othersShare(t: CellTelemetry | undefined): number | null {
  return t?.neighbours.others_cpu_share ?? null;
}

/** The neighbour limit in force when the cell was measured (telemetry.max_neighbour_cpu_share), or null without telemetry. */
export function neighbourLimit(...cells: readonly { telemetry?: CellTelemetry }[]): number | null {
  const limits = cells.flatMap((c) => (c.telemetry === undefined ? [] : [c.telemetry.neighbours.limit]));
  return limits.length === 0 ? null : Math.min(...limits);
}

/** How a neighbour-load difference between the sides enters a comparison (issue 23, item 4). */
export interface NeighbourMargin {
  /** Log distance by which the regression threshold is widened: more load sat beside the candidate, which could make it look slower. */
  regress: number;
  /** Log distance by which the interval's bad end is extended: more load sat beside the baseline, which could hide a slowdown. */
  pass: number;
}

export const NO_MARGIN: NeighbourMargin = Object.freeze({ regress: 0, pass: 0 });

/** Others' share beside a side at or above which a server's speed there says nothing: not comparable. */
const SATURATED_SHARE = 0.95;

/**
 * Neighbours in a comparison (issue 23, item 4). What shifts one side against
 * the other is the difference of the load beside them: a busy loop beside
 * the whole job slows both sides alike. A server that could use the whole
 * machine, left (1 - s) of it by others taking a share s, runs at most
 * 1 / (1 - s) times slower; so more load beside one side can shift the
 * comparison by up to log((1 - s_light) / (1 - s_heavy)), and that is the
 * margin, in the direction it could mislead: beside the candidate it could
 * fake a regression, so it widens the regression threshold; beside the
 * baseline it could hide one, so it extends the interval's bad end (a pass
 * must hold with that much hidden slowdown). For small differences this is
 * about the difference itself (5% -> 15%: 11.8%).
 *
 * Beyond the limit (telemetry.max_neighbour_cpu_share) a pass is no longer
 * worth a green check: what the margin leaves undetected is too large. Only a
 * regression is read (`regressionsOnly`): beside the baseline it is a lower
 * bound on the real one; beside the candidate it had to clear the margin.
 * Anything else is not comparable. Other processes on the GPU beside one
 * side only: not comparable.
 */
export function neighbourProblems(base: { telemetry?: CellTelemetry }, cand: { telemetry?: CellTelemetry }): NeighbourFindings {
  const out = neighbourShares(othersShare(base.telemetry), othersShare(cand.telemetry), neighbourLimit(base, cand));
  const gb = base.telemetry?.gpu.other_processes.length ?? 0;
  const gc = cand.telemetry?.gpu.other_processes.length ?? 0;
  if (gb > 0 !== gc > 0) {
    const t = (gb > 0 ? base : cand).telemetry!;
    out.invalid.push(`${gb > 0 ? 'baseline' : 'candidate'} ${neighbourReason(t)}`);
  }
  return out;
}

export interface NeighbourFindings {
  invalid: string[];
  warnings: string[];
  margin: NeighbourMargin;
  /** What the margin is and why, for a design that applies it (null: no margin). */
  marginNote: string | null;
  /** Set when only a regression can be read (a load difference over the limit): why anything else is not comparable. */
  regressionsOnly: string | null;
  /** The two sides' loads in words (null: not measured on both). */
  loads: string | null;
}

/** neighbourProblems on the two sides' shares of others' CPU (null: not measured) under `limit`. */
export function neighbourShares(sb: number | null, sc: number | null, limit: number | null): NeighbourFindings {
  const out: NeighbourFindings = { invalid: [], warnings: [], margin: NO_MARGIN, marginNote: null, regressionsOnly: null, loads: null };
  if (sb === null || sc === null || limit === null) return out;
  const d = sc - sb;
  const beside = `other processes used ${pctOf(sb)} of the CPU beside the baseline and ${pctOf(sc)} beside the candidate`;
  out.loads = beside;
  if (Math.max(sb, sc) >= SATURATED_SHARE) {
    out.invalid.push(`${beside}: at ${pctOf(SATURATED_SHARE)} or more the server's speed says nothing about its code`);
    return out;
  }
  if (Math.abs(d) <= 0.01) {
    if (Math.max(sb, sc) > limit) out.warnings.push(`${beside}: alike on both sides, so it is not held against either`);
    return out;
  }
  const m = Math.abs(Math.log((1 - sb) / (1 - sc)));
  const widen = pctOf(Math.expm1(m));
  if (d > 0) {
    out.margin = { regress: m, pass: 0 };
    out.marginNote = `${beside}: more load beside the candidate could slow it by up to ${widen}, so the regression thresholds are widened by that`;
  } else {
    out.margin = { regress: 0, pass: m };
    out.marginNote = `${beside}: more load beside the baseline could hide a slowdown of up to ${widen}, so the intervals reach that much further on the bad side`;
  }
  if (Math.abs(d) > limit) {
    out.regressionsOnly = `${beside}: a difference over the ${pctOf(limit)} limit (telemetry.max_neighbour_cpu_share) leaves a pass worth nothing (a slowdown of up to ${widen} could hide in it), and no regression showed through it`;
  }
  return out;
}

/**
 * A slowed server looks exactly like a regression, so a side measured among
 * noisy neighbours is not blamed on the code (docs/telemetry.md).
 */
function neighbourReason(t: CellTelemetry): string {
  const n = t.neighbours;
  const parts: string[] = [];
  if (n.others_cpu_share !== null && n.others_cpu_share > n.limit) {
    parts.push(`measured while other processes used ${pctOf(n.others_cpu_share)} of the CPU (limit ${pctOf(n.limit)}, telemetry.max_neighbour_cpu_share)`);
  }
  const gpu = t.gpu.other_processes;
  if (gpu.length > 0) parts.push(`measured while other processes held the GPU (${gpu.map((p) => `${p.name} pid ${p.pid}`).join(', ')})`);
  // A flag from a trial whose own share was over the limit while the merged share is not: say what the trial said.
  return parts.length > 0 ? parts.join('; ') : `measured among noisy neighbours: ${n.reasons.join('; ')}`;
}

/** Differences between the runs as a whole: the model, the server build, the machine. */
export function docProblems(bDoc: ResultDoc, cDoc: ResultDoc, gate: GatePlan): { invalid: string[]; warnings: string[] } {
  const fingerprint: string[] = [];
  const warnings: string[] = [];
  const invalid: string[] = [];
  const bt = bDoc.target;
  const ct = cDoc.target;
  if (bt && ct) {
    if (bt.model !== ct.model) fingerprint.push(`model differs: ${bt.model} -> ${ct.model}`);
    if (bt.system_fingerprint !== ct.system_fingerprint) {
      fingerprint.push(`system_fingerprint differs: ${bt.system_fingerprint ?? 'none'} -> ${ct.system_fingerprint ?? 'none'}`);
    }
    for (const h of new Set([...Object.keys(bt.server_headers), ...Object.keys(ct.server_headers)])) {
      if (bt.server_headers[h] !== ct.server_headers[h]) {
        fingerprint.push(`server header '${h}' differs: ${bt.server_headers[h] ?? 'none'} -> ${ct.server_headers[h] ?? 'none'}`);
      }
    }
  }
  if (gate.strictFingerprint) invalid.push(...fingerprint.map((f) => `${f} (gate.strict_fingerprint)`));
  else warnings.push(...fingerprint);
  const bm = bDoc.machine;
  const cm = cDoc.machine;
  const be = bDoc.environment;
  const ce = cDoc.environment;
  if (be && ce) {
    // The model is compared above, under gate.strict_fingerprint; the rest of the environment here.
    for (const d of compareFingerprints(be, ce).filter((x) => x.field !== 'model')) {
      const text = `environment differs: ${d.field} ${d.baseline} -> ${d.candidate}`;
      if (d.severity === 'major' && gate.fingerprintDifferences === 'invalid') invalid.push(`${text} (telemetry.fingerprint_differences: invalid)`);
      else warnings.push(text);
    }
  } else if (bm.cpu_model !== cm.cpu_model || bm.cpus !== cm.cpus) {
    warnings.push(`machine differs: ${bm.cpus} x ${bm.cpu_model} -> ${cm.cpus} x ${cm.cpu_model}`);
  }
  for (const [side, doc] of [
    ['baseline', bDoc],
    ['candidate', cDoc],
  ] as const) {
    if (doc.status !== 'complete') warnings.push(`${side} run is ${doc.status}${doc.error ? `: ${doc.error}` : ''}`);
  }
  return { invalid, warnings };
}
