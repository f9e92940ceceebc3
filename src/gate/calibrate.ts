// Calibration from an A/A run: one result whose trials all measured the same
// build on the same target, so any change the gate finds between its trials
// is noise (docs/calibrate.md). Per cell: calibrate-metric.ts for each gated
// and reported metric; then Holm over the A/A tests (significance.ts) and
// the tolerance advice (tolerance-advice.ts). Pure: no I/O.
import type { GatePlan } from '../config/plan.js';
import type { CellResult, ResultDoc } from '../result/types.js';
import { TOOL_VERSION } from '../version.js';
import { CALIBRATION_SCHEMA, type CalibrateOptions, type CalibrationDoc, type CellCalibration, type MetricCalibration } from './calibration-doc.js';
import { MAX_TRIALS, POWER, TOLERANCE_FACTOR } from './calibration-formulas.js';
import { calibrateMetric } from './calibrate-metric.js';
import { MIN_CALIBRATION_TRIALS } from './calibration-trials.js';
import { rulesFor, type MetricRule } from './policy.js';
import { holmByGroupAtAlpha, type Adjusted } from './significance.js';
import { gateYaml, toleranceChanges } from './tolerance-advice.js';

export type { AaSplit, CalibrationDoc, MetricCalibration } from './calibration-doc.js';

/**
 * Reported in every cell besides the gated metrics: throughput and the
 * latency figures (middle and tails) whose noise decides what tolerances are
 * realistic.
 */
const REPORTED_METRICS: readonly string[] = ['rps', 'output_tps', 'ttft_ms.p50', 'ttft_ms.p95', 'ttft_ms.p99', 'tpot_ms.p50', 'tpot_ms.p95', 'e2e_ms.p95', 'itl_ms.p99'];

// ------------------------------------------------------------ the document

/**
 * Metrics calibrated in a cell: the gated ones (catalogue order), then the
 * reported ones. error_rate is left out: it is a proportion over all requests,
 * with no per-trial spread to speak of at the rates a healthy run has.
 */
function rulesOfCell(cell: CellResult, gate: GatePlan): MetricRule[] {
  const all = rulesFor(gate, cell.scenario.name, cell.load.kind).filter((r) => r.def.kind !== 'absolute');
  const gated = all.filter((r) => r.gated);
  const reported = REPORTED_METRICS.map((id) => all.find((r) => r.def.id === id)).filter((r): r is MetricRule => r !== undefined && !r.gated);
  return [...gated, ...reported];
}

/** A/A calibration of one result, judged with `gate` (the plan's gate settings). */
export function calibrate(doc: ResultDoc, gate: GatePlan, opts: CalibrateOptions = {}): CalibrationDoc {
  const kNow = opts.currentTrials ?? doc.config.run.trials;
  const notes: string[] = [];
  if (doc.status !== 'complete') notes.push(`the run is ${doc.status}${doc.error ? ` (${doc.error})` : ''}: figures cover what was measured`);
  if (kNow < 2) notes.push(`run.trials is ${kNow}: with 1 trial a side the gate has no interval for rates; detectable changes are stated for 2`);

  const judged: CellCalibration[] = doc.cells.map((cell) => {
    if (cell.client.saturated) notes.push(`${cell.id}: the client was saturated in some trial: its noise is the load generator's too`);
    if (cell.trials.length < MIN_CALIBRATION_TRIALS) notes.push(`${cell.id}: ${cell.trials.length} trials: an A/A split needs ${MIN_CALIBRATION_TRIALS}`);
    return {
      id: cell.id,
      scenario: cell.scenario.name,
      load: cell.load.label,
      load_kind: cell.load.kind,
      status: cell.status,
      trials: cell.trials.length,
      client_saturated: cell.client.saturated,
      metrics: rulesOfCell(cell, gate).map((rule) => calibrateMetric(cell, rule, gate, kNow)),
    };
  });

  // Holm over the gated A/A tests as over a comparison's (significance.ts): a cell's gated metrics count once.
  const family = judged.flatMap((c) => c.metrics.filter((m) => m.gated && m.aa !== null && m.aa.p !== null).map((m) => ({ c, m })));
  const outcomes = holmByGroupAtAlpha(
    family.map(({ m }) => m.aa!.p!),
    family.map(({ c }) => c.id),
    gate.alpha,
  );
  const adjusted = new Map(family.map(({ m }, i) => [m, outcomes[i]!]));
  const cells = judged.map((c) => ({ ...c, metrics: c.metrics.map((m) => withHolm(m, adjusted.get(m))) }));

  const gated = cells.flatMap((c) => c.metrics.filter((m) => m.gated && m.cv !== null).map((m) => ({ c, m })));
  const reachable = gated.filter(({ m }) => m.reachable).map(({ m }) => m.trials_needed!);
  const unreachable = gated.filter(({ m }) => !m.reachable).map(({ c, m }) => `${c.id} ${m.metric}`);
  const redFlags = cells.flatMap((c) => c.metrics.filter((m) => m.aa?.red_flag).map((m) => `${c.id} ${m.metric}`));
  const changes = toleranceChanges(cells, gate);
  const trialsRun = Math.max(0, ...doc.cells.map((c) => c.trials.length));

  return {
    schema: CALIBRATION_SCHEMA,
    tool: { name: 'llm-perf-gate', version: TOOL_VERSION },
    result: {
      file: opts.resultFile ?? null,
      status: doc.status,
      started_at: doc.started_at,
      model: doc.target?.model ?? null,
      commit: doc.git?.commit ?? null,
      config_hash: doc.config_hash,
    },
    settings: {
      confidence: gate.confidence,
      alpha: gate.alpha,
      power: POWER,
      design: 'unpaired',
      trials_run: trialsRun,
      trials_current: kNow,
      tolerance_factor: TOLERANCE_FACTOR,
      max_trials: MAX_TRIALS,
    },
    summary: {
      cells: cells.length,
      recommended_trials: reachable.length === 0 ? null : Math.max(...reachable),
      unreachable,
      red_flags: redFlags,
      would_fail: cells.flatMap((c) => c.metrics.filter((m) => m.aa?.would_fail).map((m) => `${c.id} ${m.metric}`)),
      tolerance_changes: changes,
    },
    gate_yaml: gateYaml(changes, kNow),
    notes,
    cells,
  };
}

/** The metric with its A/A p-values stated to 3 digits and, for a gated test, Holm's outcome. */
function withHolm(m: MetricCalibration, a: Adjusted | undefined): MetricCalibration {
  if (m.aa === null) return m;
  const aa = { ...m.aa, p: m.aa.p === null ? null : Number(m.aa.p.toPrecision(3)) };
  if (a !== undefined) {
    aa.p_adj = Number(a.raw.toPrecision(3));
    aa.would_fail = aa.verdict === 'regressed' && a.significant;
  }
  return { ...m, aa };
}
