// Baseline result + candidate result -> verdict document. Pure: no I/O.
import type { GatePlan } from '../config/plan.js';
import type { CellResult, ResultDoc } from '../result/types.js';
import { TOOL_VERSION } from '../version.js';
import { judgeCapacityCells, tallyCapacity } from './capacity-cells.js';
import { costMismatch, withCostMismatch } from './cost-check.js';
import { judgeMetric, type JudgeSettings } from './judge.js';
import { iterationsFor, mergedOverride, rulesFor, type MetricRule } from './policy.js';
import { gateAtLook, type Look } from './sequential.js';
import { adjustCells, verdictSettings } from './significance.js';
import { checkSlos } from './slo.js';
import { cellTimingFloorMs } from './timing-floor.js';
import { cellStalled, DEFAULT_CLIENT_STALL_MS, selectPairs, withTrials } from './pairs.js';
import { cellProblems, docProblems, neighbourLimit, neighbourProblems, neighbourShares, NO_MARGIN, othersShare, type NeighbourFindings, type NeighbourMargin } from './validity.js';
import { VERDICT_SCHEMA, type CellVerdict, type MetricVerdict, type Overall, type SideInfo, type VerdictDoc } from './verdict.js';

function side(doc: ResultDoc): SideInfo {
  return {
    commit: doc.git?.commit ?? null,
    model: doc.target?.model ?? null,
    started_at: doc.started_at,
    status: doc.status,
    tool_version: doc.tool.version,
  };
}

/** Interleaved A/B: both sides of one run, so trial i of each side form a pair. */
function isPaired(base: ResultDoc, cand: ResultDoc): boolean {
  return base.ab !== null && cand.ab !== null && base.ab.run_id === cand.ab.run_id && base.ab.side !== cand.ab.side;
}

export interface CompareOptions {
  /** Judge only the metrics this accepts (all by default); used by studies that need a few metrics many times. */
  metrics?: (id: string, gated: boolean) => boolean;
}

export function compare(base: ResultDoc, cand: ResultDoc, plainGate: GatePlan, opts: CompareOptions = {}): VerdictDoc {
  const paired = isPaired(base, cand);
  // A sequential run is judged at the level of the look it stopped at (sequential.ts), wherever it is compared.
  const look = paired ? lookOf(base, cand) : null;
  const gate = look === null ? plainGate : gateAtLook(plainGate, look);
  const doc = docProblems(base, cand, gate);
  const priced = costMismatch(base, cand);
  const warnings = [...doc.warnings];
  if (priced !== null) warnings.push(`the two results are ${priced}`);
  const judged: CellVerdict[] = [];
  const regressionsOnly = new Map<string, string>();
  const baseById = new Map(base.cells.map((c) => [c.id, c]));
  const candIds = new Set(cand.cells.map((c) => c.id));
  for (const c of base.cells) if (!candIds.has(c.id)) warnings.push(`cell ${c.id} is only in the baseline: not compared`);

  for (const c of cand.cells) {
    const b = baseById.get(c.id);
    if (b === undefined) {
      warnings.push(`cell ${c.id} is only in the candidate: not compared`);
      continue;
    }
    const problems = cellProblems(b, c, base, cand, gate);
    const side = paired ? pairedSides(b, c, gate) : unpairedSides(b, c, gate);
    problems.invalid.push(...side.invalid);
    problems.warnings.push(...side.warnings);
    const metrics = withCostMismatch(
      cellRules(gate, c, opts).map((rule) => judgeMetric(side.base, side.cand, rule, judgeSettings(gate, rule, side.base, side.cand, paired, side))),
      priced,
    );
    judged.push(cellVerdict(b, c, problems, metrics));
    if (side.regressionsOnly !== null) regressionsOnly.set(c.id, side.regressionsOnly);
  }
  const v = verdictDoc(judged, base, cand, gate, { invalid: doc.invalid, warnings }, paired ? 'paired' : 'unpaired', regressionsOnly);
  return look === null ? v : { ...v, sequential: { first: look.first, last: look.last, trials: look.trials } };
}

/** The look a paired run stopped at: its pairs (the most any cell ran) within the looks both results state; null for the fixed design. */
function lookOf(base: ResultDoc, cand: ResultDoc): Look | null {
  const looks = cand.ab?.looks;
  if (looks === undefined || base.ab?.looks === undefined || looks.first !== base.ab.looks.first || looks.last !== base.ab.looks.last) return null;
  const trials = Math.max(0, ...cand.cells.map((c) => c.trials.length));
  return { first: looks.first, last: looks.last, trials: Math.max(trials, looks.first) };
}

/** How the sides of one cell are judged: the cells (a paired one less its dropped pairs), what that found, and what widens the threshold. */
interface Sides {
  base: CellResult;
  cand: CellResult;
  invalid: string[];
  warnings: string[];
  /** The neighbours' difference between the sides (validity.ts). */
  margin: NeighbourMargin;
  /** Only a regression can be read: the cell is invalid unless a gated metric regressed (verdictDoc). */
  regressionsOnly: string | null;
  /** A client stall in an unpaired comparison: its error enters the timing floors. */
  stalled: boolean;
}

function stallMs(gate: GatePlan): number {
  return gate.clientStallMs ?? DEFAULT_CLIENT_STALL_MS;
}

const mean = (xs: number[]): number | null => (xs.length === 0 ? null : xs.reduce((a, b) => a + b, 0) / xs.length);

/** The neighbour warnings with the margin's note, for a design that applies the margin. */
function withMargin(n: NeighbourFindings): string[] {
  return n.marginNote === null ? n.warnings : [...n.warnings, n.marginNote];
}

/** The mean share of others' CPU beside the trials of a cell (null when a trial was not measured). */
function trialsShare(cell: CellResult): number | null {
  const shares = cell.trials.map((t) => othersShare(t.telemetry));
  return shares.some((x) => x === null) ? null : mean(shares as number[]);
}

/**
 * More load beside the candidate across pairs run in random order is the
 * candidate's own doing, not a neighbour's: a load that comes and goes on its
 * own falls on either side of a pair alike and shows in the pairs' spread.
 * What differs every time is what the candidate causes (a slower server leaves
 * CPU that a busy neighbour takes; a server on this machine reached by URL is
 * itself "others"). Excusing it widened the thresholds by the slowdown's own
 * echo: a +40% per-token slowdown beside a busy loop read "inconclusive" in a
 * CI run (others 39% beside the baseline, 43% beside the candidate). More load
 * beside the baseline still extends the interval (it can only hide a
 * slowdown, never invent one).
 */
function candidateOwnLoad(n: NeighbourFindings): NeighbourFindings {
  if (n.margin.regress === 0) return n;
  return {
    ...n,
    margin: NO_MARGIN,
    regressionsOnly: null,
    marginNote: `${n.loads ?? 'more load beside the candidate'}: in pairs run in random order that difference is the candidate's own doing, so it is not held against the baseline`,
  };
}

/**
 * Paired: judged on the pairs both sides measured alike (pairs.ts), with the
 * kept pairs' remaining neighbour difference as the margin. With fewer than
 * two alike pairs left, all pairs are judged with the directional rule of
 * neighbourProblems, unless client stalls took them (then invalid).
 */
function pairedSides(b: CellResult, c: CellResult, gate: GatePlan): Sides {
  const sel = selectPairs(b, c, stallMs(gate));
  const n = Math.min(b.trials.length, c.trials.length);
  if (sel.keep.length >= 2) {
    const kb = withTrials(b, sel.keep);
    const kc = withTrials(c, sel.keep);
    const nb = candidateOwnLoad(neighbourShares(trialsShare(kb), trialsShare(kc), neighbourLimit(b, c)));
    return { base: kb, cand: kc, invalid: nb.invalid, warnings: [...sel.dropped, ...withMargin(nb)], margin: nb.margin, regressionsOnly: nb.regressionsOnly, stalled: false };
  }
  const nb = neighbourProblems(b, c);
  const stalls = sel.dropped.filter((d) => d.includes('client stall')).length;
  const invalid = [...nb.invalid];
  if (stalls > n - 2)
    invalid.push(
      `only ${sel.keep.length} of ${n} pairs were measured alike on both sides (client stalls hit one side of the others): too few to judge; measure again on a quieter runner or add pairs (run.trials)`,
    );
  return { base: b, cand: c, invalid, warnings: [...sel.dropped, ...withMargin(nb)], margin: nb.margin, regressionsOnly: nb.regressionsOnly, stalled: false };
}

/** Unpaired: the neighbours' difference enters as a margin (validity.ts), a stall raises the timing floors. */
function unpairedSides(b: CellResult, c: CellResult, gate: GatePlan): Sides {
  const n = neighbourProblems(b, c);
  const stalled = cellStalled(b, c, stallMs(gate));
  const warnings = withMargin(n);
  if (stalled) {
    const d = Math.max(b.client.event_loop_delay_p99_ms, c.client.event_loop_delay_p99_ms);
    warnings.push(`client stall: event-loop delay p99 up to ${d} ms (limit ${stallMs(gate)} ms, gate.client_stall_ms): the timing floors grow to that error`);
  }
  return { base: b, cand: c, invalid: n.invalid, warnings, margin: n.margin, regressionsOnly: n.regressionsOnly, stalled };
}

/** The rules of a candidate cell, less those the options leave out. */
export function cellRules(gate: GatePlan, c: CellResult, opts: CompareOptions): MetricRule[] {
  const include = opts.metrics ?? (() => true);
  return rulesFor(gate, c.scenario.name, c.load.kind).filter((r) => include(r.def.id, r.gated));
}

/**
 * Settings for judging one metric between two cells. The absolute floor of a
 * timed metric comes from the two cells' measured timing accuracy
 * (timing-floor.ts) unless the config sets the floor itself. Capped at the
 * catalogue's floor while the client kept time (accurate stamps lower it: a
 * +10% TPOT change of a 7.5 ms server becomes failable); after a client
 * stall in an unpaired comparison, not capped: the stall's error is
 * uncertainty the floor must carry (issue 23, item 4), where it used to void
 * the comparison. In a paired design a stall on both sides of a pair cancels,
 * and a pair stalled on one side only is dropped (pairs.ts). Results without
 * the client's figures keep the catalogue's floor.
 */
export function judgeSettings(gate: GatePlan, rule: MetricRule, b: CellResult, c: CellResult, paired: boolean, sides?: Pick<Sides, 'margin' | 'stalled'>): JudgeSettings {
  return {
    confidence: gate.confidence,
    iterations: iterationsFor(rule, gate),
    paired,
    seed: `${c.id}|${rule.def.id}`,
    ...(sides === undefined ? {} : { margin: sides.margin }),
    floorMs: (r) => {
      if (r.def.dist === null || mergedOverride(gate, c.scenario.name, r.def.id).floor !== undefined) return null;
      if (!Number.isFinite(b.client?.event_loop_delay_p99_ms) || !Number.isFinite(c.client?.event_loop_delay_p99_ms)) return null;
      const t = cellTimingFloorMs(r.def.dist.key, b, c);
      if (t === null) return null;
      return sides?.stalled === true ? Math.max(t, r.floor) : Math.min(t, r.floor);
    },
  };
}

export function cellVerdict(b: CellResult, c: CellResult, problems: { invalid: string[]; warnings: string[] }, metrics: MetricVerdict[]): CellVerdict {
  return {
    id: c.id,
    valid: problems.invalid.length === 0,
    invalid_reasons: problems.invalid,
    warnings: problems.warnings,
    trials: { baseline: b.trials.length, candidate: c.trials.length },
    metrics,
  };
}

/**
 * The verdict document from judged cells: Holm and the warning rule over the
 * gated tests of valid cells (significance.ts), SLO checks, the summary and
 * the overall verdict. Shared by every design.
 */
export function verdictDoc(
  judged: CellVerdict[],
  base: ResultDoc,
  cand: ResultDoc,
  gate: GatePlan,
  doc: { invalid: string[]; warnings: string[] },
  design: VerdictDoc['design'],
  regressionsOnly: ReadonlyMap<string, string> = new Map(),
): VerdictDoc {
  // A cell from which only a regression can be read (validity.ts) stays valid only when one showed.
  const cells = adjustCells(judged, gate).map((c) => {
    const why = regressionsOnly.get(c.id);
    if (why === undefined || c.metrics.some((m) => m.gated && m.verdict === 'regressed')) return c;
    return { ...c, valid: false, invalid_reasons: [...c.invalid_reasons, why] };
  });
  // Capacity cells are judged on intervals (no p-value): outside Holm, counted in the summary.
  const capacity = judgeCapacityCells(base, cand, gate);
  const warnings = [...doc.warnings, ...capacity.warnings];

  const slo = checkSlos(cand.cells, gate.slo);
  const gatedValid = cells.filter((c) => c.valid).flatMap((c) => c.metrics.filter((m) => m.gated));
  const count = (v: MetricVerdict['verdict']): number => gatedValid.filter((m) => m.verdict === v).length;
  const summary = {
    regressed: count('regressed'),
    improved: count('improved'),
    unchanged: count('unchanged'),
    warn: count('warn'),
    inconclusive: count('inconclusive'),
    invalid_cells: cells.filter((c) => !c.valid).length,
    slo_failed: slo.filter((s) => !s.ok).length,
  };
  const capacityReasons = tallyCapacity(summary, capacity.cells);

  const reasons: string[] = [];
  for (const c of cells) {
    for (const m of c.metrics) if (m.gated && c.valid && m.verdict === 'regressed') reasons.push(`${c.id}: ${m.metric} regressed ${m.change_pct}% (${m.reason})`);
  }
  reasons.push(...capacityReasons);
  for (const s of slo) if (!s.ok) reasons.push(`${s.cell}: SLO ${s.check} failed (value ${s.value ?? 'none'})`);
  reasons.push(...doc.invalid);
  for (const c of cells) for (const r of c.invalid_reasons) reasons.push(`${c.id}: ${r}`);
  if (cells.length === 0) reasons.push('no cell is in both results: nothing to compare');

  let verdict: Overall;
  if (summary.regressed > 0 || summary.slo_failed > 0) verdict = 'fail';
  else if (doc.invalid.length > 0 || summary.invalid_cells > 0 || cells.length === 0) verdict = 'invalid';
  else if (summary.warn > 0) verdict = 'warn';
  else if (summary.inconclusive > 0) verdict = 'inconclusive';
  else verdict = 'pass';

  return {
    schema: VERDICT_SCHEMA,
    tool: { name: 'llm-perf-gate', version: TOOL_VERSION },
    verdict,
    summary,
    reasons,
    warnings,
    design,
    settings: verdictSettings(gate),
    baseline: side(base),
    candidate: side(cand),
    cells,
    slo,
    ...(capacity.cells.length > 0 ? { capacity: capacity.cells } : {}),
  };
}
