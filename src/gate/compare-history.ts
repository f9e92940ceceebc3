// The candidate against the last K stored runs of the default branch (issue
// 10, item 2; docs/gate.md, "Job-to-job noise from history"): each gated
// metric is judged against the predictive distribution of a new job
// (history-judge.ts), so the noise between jobs counts. Metrics the model
// does not cover (error_rate, metrics without per-trial figures) and every
// metric when fewer than MIN_JOBS comparable runs exist are judged with the
// one-run rule against the newest stored run, and the verdict says so.
// Pure: no I/O; the caller picks the runs (default branch, same environment).
import type { GatePlan } from '../config/plan.js';
import type { CellResult, ResultDoc } from '../result/types.js';
import { cellRules, cellVerdict, compare, judgeSettings, verdictDoc, type CompareOptions } from './compare.js';
import { judgeAgainstHistory } from './history-judge.js';
import { judgeMetric } from './judge.js';
import { costMismatch, withCostMismatch } from './cost-check.js';
import type { MetricRule } from './policy.js';
import { MIN_JOBS } from '../stats/job-noise.js';
import { cellProblems, docProblems, neighbourProblems } from './validity.js';
import type { CellVerdict, MetricVerdict, VerdictDoc } from './verdict.js';

/** Why a stored run cannot stand for the baseline: the same problems that make a one-run comparison invalid. */
function unusable(stored: ResultDoc, cand: ResultDoc, gate: GatePlan): string | null {
  const doc = docProblems(stored, cand, gate);
  if (doc.invalid.length > 0) return doc.invalid[0]!;
  if (stored.status === 'failed') return 'the run failed';
  return null;
}

const startedAt = (d: ResultDoc): number => Date.parse(d.started_at) || 0;

/**
 * `history`: stored runs in any order (the newest by started_at stands in as
 * the one-run baseline). Stored runs whose whole document would make the
 * comparison invalid are left out and counted in `history.notes`.
 */
export function compareWithHistory(history: readonly ResultDoc[], cand: ResultDoc, gate: GatePlan, opts: CompareOptions = {}): VerdictDoc {
  if (history.length === 0) throw new RangeError('compareWithHistory: no stored run given');
  const notes: string[] = [];
  const usable = [...history].sort((a, b) => startedAt(a) - startedAt(b)).filter((d) => unusable(d, cand, gate) === null);
  const left = history.length - usable.length;
  if (left > 0) notes.push(`${left} of ${history.length} stored runs left out: not comparable with the candidate (${history.map((d) => unusable(d, cand, gate)).find((r) => r !== null)})`);
  const newest = usable[usable.length - 1] ?? [...history].sort((a, b) => startedAt(a) - startedAt(b))[history.length - 1]!;
  if (usable.length < MIN_JOBS) {
    notes.push(`job-to-job noise unknown: ${usable.length} comparable stored run${usable.length === 1 ? '' : 's'}, ${MIN_JOBS} needed; judged against the newest stored run alone`);
    return { ...compare(newest, cand, gate, opts), history: { runs: usable.length, notes } };
  }

  const doc = docProblems(newest, cand, gate);
  const warnings = [...doc.warnings];
  // Cost per token against stored runs priced otherwise than the candidate is not compared (cost-check.ts).
  const priced = usable.map((d) => costMismatch(d, cand)).find((x) => x !== null) ?? null;
  if (priced !== null) warnings.push(`the stored runs and the candidate are ${priced}`);
  const judged: CellVerdict[] = [];
  const regressionsOnly = new Map<string, string>();
  // Holm runs over the cells, a cell's gated metrics counted once (significance.ts): the stated detectable change assumes that family.
  const gatedTests = Math.max(1, cand.cells.filter((c) => cellRules(gate, c, {}).some((r) => r.gated)).length);
  const candIds = new Set(cand.cells.map((c) => c.id));
  for (const c of newest.cells) if (!candIds.has(c.id)) warnings.push(`cell ${c.id} is only in the baseline: not compared`);
  for (const c of cand.cells) {
    const b = newest.cells.find((x) => x.id === c.id);
    if (b === undefined) {
      warnings.push(`cell ${c.id} is only in the candidate: not compared`);
      continue;
    }
    // The cell in every usable stored run, when that run measured it validly against the candidate's work.
    const stored = usable.flatMap((d) => d.cells.filter((x) => x.id === c.id && cellProblems(x, c, d, cand, gate).invalid.length === 0));
    if (stored.length < MIN_JOBS) notes.push(`${c.id}: ${stored.length} comparable stored runs, ${MIN_JOBS} needed: judged against the newest stored run alone`);
    const problems = cellProblems(b, c, newest, cand, gate);
    const n = neighbourProblems(b, c);
    problems.invalid.push(...n.invalid);
    // The history design judges against the stored jobs' spread and applies no margin: only what is not comparable, and the plain warnings.
    problems.warnings.push(...n.warnings);
    if (n.regressionsOnly !== null) regressionsOnly.set(c.id, n.regressionsOnly);
    const metrics = withCostMismatch(
      cellRules(gate, c, opts).map((rule) => judgeCellMetric(stored, b, c, rule, gate, gatedTests)),
      priced,
    );
    judged.push(cellVerdict(b, c, problems, metrics));
  }
  return { ...verdictDoc(judged, newest, cand, gate, { invalid: doc.invalid, warnings }, 'history', regressionsOnly), history: { runs: usable.length, notes } };
}

/** Against the stored runs' job noise where the model applies, else the one-run rule against the newest. */
function judgeCellMetric(stored: CellResult[], newest: CellResult, c: CellResult, rule: MetricRule, gate: GatePlan, gatedTests: number): MetricVerdict {
  const settings = judgeSettings(gate, rule, newest, c, false);
  const oneRun = (): MetricVerdict => judgeMetric(newest, c, rule, settings);
  if (stored.length < MIN_JOBS) return oneRun();
  // The same timing floor as the one-run rule, from the newest stored cell and the candidate.
  const floor = settings.floorMs!(rule);
  const r = floor === null ? rule : { ...rule, floor };
  const h = judgeAgainstHistory(stored, c, r, { confidence: gate.confidence, alpha: gate.alpha, gatedTests });
  if (!h.known) {
    const v = oneRun();
    return { ...v, reason: `${v.reason} (one-run rule: ${h.reason})` };
  }
  return h.verdict;
}
