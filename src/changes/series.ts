// Results in commit order -> one series per cell and metric, and the change
// points of each. Pure: no I/O. Which metrics are gated, and their
// tolerances, follow the gate policy of the newest result's stored config
// (the defaults when it has none usable): the rules a new pull request is
// judged by today.
import { gatePlanOf } from '../config/derive.js';
import { normaliseGate, type NormalConfig } from '../config/normal.js';
import type { GatePlan } from '../config/plan.js';
import { gatePlanFromStored } from '../config/stored.js';
import { UserError } from '../errors/user-error.js';
import { pooledValue, trialStats, trialValues } from '../gate/extract.js';
import { rulesFor } from '../gate/policy.js';
import { CATALOGUE, metricDef, type Direction, type MetricDef } from '../metric-catalogue.js';
import type { CellResult, ResultDoc } from '../result/types.js';
import { detectShifts, type ChangeOptions, type Shift } from './detect.js';

export interface HistoryPoint {
  commit: string;
  doc: ResultDoc;
}

/** A step its pull request accepted on purpose (label or comment command), as the result stored after the merge carries it. */
export interface AcceptedStep {
  by: string;
  at: string;
  reason: string;
  via: 'label' | 'comment';
  pullRequest: number | null;
}

export interface MetricPoint {
  commit: string;
  value: number;
  /** Lowest and highest per-trial figure; null with fewer than two trials. */
  trialRange: [number, number] | null;
  /** Set when the commit's stored result says its pull request accepted a regression. */
  accepted?: AcceptedStep;
}

export interface MetricSeries {
  cell: string;
  metric: string;
  unit: string;
  direction: Direction;
  gated: boolean;
  /** The current gate plan's relative tolerance in this cell (absolute for `error_rate`). */
  tolerance: number;
  /** The current gate plan's absolute floor in this cell, in the metric's unit. */
  floor: number;
  points: MetricPoint[];
}

export interface ChangePoint extends Shift {
  cell: string;
  metric: string;
  unit: string;
  direction: Direction;
  /** The shift is in the metric's bad direction. */
  worse: boolean;
  /** The first commit after the change was merged from a pull request that accepted a regression: the step was intended. */
  accepted: AcceptedStep | null;
}

/** The gate plan stored with the newest result; the defaults when it has none, or one this version cannot read. */
function currentGatePlan(history: readonly HistoryPoint[]): GatePlan {
  const newest = history.at(-1);
  const config = newest?.doc.config as Partial<NormalConfig> | undefined;
  if (newest !== undefined && Array.isArray(config?.scenarios) && Array.isArray(config?.loads)) {
    try {
      return gatePlanFromStored(config as NormalConfig, `${newest.commit.slice(0, 12)} (stored config)`);
    } catch (err) {
      if (!(err instanceof UserError)) throw err;
    }
  }
  return gatePlanOf(normaliseGate(undefined), undefined);
}

/** The acceptance a stored result carries (results stored before gates were kept carry none). */
function acceptedStep(doc: ResultDoc): AcceptedStep | null {
  const a = doc.gate?.accepted;
  return a ? { by: a.by, at: a.at, reason: a.reason, via: a.via, pullRequest: doc.gate?.pull_request ?? null } : null;
}

function trialFigures(cell: CellResult, def: MetricDef): number[] {
  return (def.dist === null ? trialValues(cell, def) : trialStats(cell, def)).filter(Number.isFinite);
}

/**
 * Series of every cell's gated metrics (under the current gate plan), plus
 * `extra` metric ids, in first appearance order of the cells. Commits where a
 * cell is missing or a figure is null are left out of that series.
 */
export function buildSeries(history: readonly HistoryPoint[], extra: readonly string[] = []): MetricSeries[] {
  for (const id of extra) if (metricDef(id) === undefined) throw new RangeError(`unknown metric '${id}'; known: ${CATALOGUE.map((d) => d.id).join(', ')}`);
  const gate = currentGatePlan(history);
  const out = new Map<string, MetricSeries>();
  for (const h of history) {
    for (const cell of h.doc.cells) {
      for (const rule of rulesFor(gate, cell.scenario.name, cell.load.kind)) {
        const def = rule.def;
        if (!rule.gated && !extra.includes(def.id)) continue;
        // error_rate is gated (issue 23) as a difference of proportions; change points are relative shifts, which
        // say nothing on a rate that is mostly 0: it joins the trend only when asked for by name.
        if (def.kind === 'absolute' && !extra.includes(def.id)) continue;
        const value = pooledValue(cell, def);
        const key = `${cell.id}\u0000${def.id}`;
        let s = out.get(key);
        if (s === undefined) {
          s = { cell: cell.id, metric: def.id, unit: def.unit, direction: def.direction, gated: rule.gated, tolerance: rule.tolerance, floor: rule.floor, points: [] };
          out.set(key, s);
        }
        if (value === null || !Number.isFinite(value)) continue;
        const trials = trialFigures(cell, def);
        const point: MetricPoint = { commit: h.commit, value, trialRange: trials.length >= 2 ? [Math.min(...trials), Math.max(...trials)] : null };
        const accepted = acceptedStep(h.doc);
        if (accepted !== null) point.accepted = accepted;
        s.points.push(point);
      }
    }
  }
  return [...out.values()];
}

const worse = (s: MetricSeries, sh: Shift): boolean => (s.direction === 'higher' ? sh.relative < 0 : sh.relative > 0);

function seriesChanges(s: MetricSeries, options: Partial<ChangeOptions> = {}): ChangePoint[] {
  const shifts = detectShifts(s.points, { ...options, seed: `${options.seed ?? 'llm-perf-gate'}:${s.cell}:${s.metric}` });
  return shifts.map((sh) => ({
    ...sh,
    cell: s.cell,
    metric: s.metric,
    unit: s.unit,
    direction: s.direction,
    worse: worse(s, sh),
    // An acceptance is of a regression: it explains a step for the worse only.
    accepted: worse(s, sh) ? (s.points[sh.index]?.accepted ?? null) : null,
  }));
}

export function findChanges(series: readonly MetricSeries[], options: Partial<ChangeOptions> = {}): ChangePoint[] {
  return series.flatMap((s) => seriesChanges(s, options));
}

/** A change point found earlier may move by a commit or two as points arrive: still the same change. */
const SAME_CHANGE_WITHIN = 2;

/**
 * Change points that the newest commit revealed: found over the whole series
 * but not over the series without its newest point (none there in the same
 * direction within two commits). What a push to the default branch should
 * announce, once.
 */
export function newChanges(series: readonly MetricSeries[], options: Partial<ChangeOptions> = {}): ChangePoint[] {
  return series.flatMap((s) => {
    const now = seriesChanges(s, options);
    if (now.length === 0) return [];
    const before = seriesChanges({ ...s, points: s.points.slice(0, -1) }, options);
    return now.filter((c) => !before.some((b) => Math.abs(b.index - c.index) <= SAME_CHANGE_WITHIN && Math.sign(b.relative) === Math.sign(c.relative)));
  });
}

const pct = (x: number): string => `${(Math.abs(x) * 100).toFixed(1)}%`;

/** "accepted by @alice in pull request #12 (label): reason"; plain text, the caller escapes. */
function describeAcceptance(a: AcceptedStep): string {
  return `accepted by @${a.by}${a.pullRequest === null ? '' : ` in pull request #${a.pullRequest}`} (${a.via}${a.at ? `, ${a.at.slice(0, 10)}` : ''}): ${a.reason || 'no reason given'}`;
}

/**
 * "output_tps of chat@c=4 stepped down 6.1% (4.2-8.0%) at a1b2c3d (worse; p = 0.0025)",
 * and "; accepted by @alice in pull request #12 (label, 2026-12-01): reason"
 * when the step for the worse was intended; plain text, the caller escapes.
 */
export function describeChange(c: ChangePoint): string {
  const [lo, hi] = c.interval;
  const a = Math.min(Math.abs(lo), Math.abs(hi));
  const b = Math.max(Math.abs(lo), Math.abs(hi));
  const range = lo < 0 && hi > 0 ? `${(lo * 100).toFixed(1)}% to +${(hi * 100).toFixed(1)}%` : `${(a * 100).toFixed(1)}-${(b * 100).toFixed(1)}%`;
  return `${c.metric} of ${c.cell} stepped ${c.relative < 0 ? 'down' : 'up'} ${pct(c.relative)} (${range}) at ${c.commit.slice(0, 7)} (${c.worse ? 'worse' : 'better'}; p = ${c.pValue.toPrecision(2)})${c.accepted ? `; ${describeAcceptance(c.accepted)}` : ''}`;
}
