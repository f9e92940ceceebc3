// The calibration document: what `llm-perf-gate calibrate` learned from an
// A/A run, versioned like the result and the verdict.
import type { Direction } from '../metric-catalogue.js';
import type { Method, MetricOutcome } from './verdict.js';

export const CALIBRATION_SCHEMA = 'llm-perf-gate/calibration@1';

export interface AaSplit {
  /** Trials in each half (even-numbered trials vs odd-numbered ones). */
  trials: [number, number];
  verdict: MetricOutcome;
  /** Second half vs first, percent. */
  change_pct: number | null;
  interval_pct: [number, number] | null;
  /** hi - lo of the interval, percentage points. */
  width_pct: number | null;
  threshold_pct: number | null;
  p: number | null;
  /** p after Holm's correction over every gated A/A test of the calibration, as compare() adjusts; null for ungated metrics. */
  p_adj: number | null;
  method: Method;
  /** True when an A/A comparison claimed a change (regressed or improved): the gate would be crying wolf. */
  red_flag: boolean;
  /** True when this A/A, as a pull request's comparison, would have failed the gate (gated, regressed, Holm-adjusted p < alpha). */
  would_fail: boolean;
  reason: string;
}

export interface ToleranceAdvice {
  /** The tolerance the plan applies now (catalogue default unless the config overrides it). */
  current: number;
  /** The catalogue default. */
  default: number;
  /**
   * max(default, TOLERANCE_FACTOR x noise at the configured trials), rounded up to a whole percent;
   * the default when the metric's floor already widens the threshold past that.
   */
  recommended: number | null;
  /** The current threshold the gate applies, percent: the tolerance, widened by the metric's floor at this value. */
  threshold_pct: number | null;
}

export interface MetricCalibration {
  metric: string;
  unit: string;
  direction: Direction;
  gated: boolean;
  /** Per-trial values used (trial metrics for rates; each trial's own percentile for distributions). */
  values: number[];
  mean: number | null;
  sd: number | null;
  /** Coefficient of variation across trials, a fraction: robust to one spiky trial (calibration-formulas.ts robustCv), so not always sd / mean. */
  cv: number | null;
  aa: AaSplit | null;
  /** Expected half-width of a change interval at the configured trials per side, percent. */
  noise_pct: number | null;
  /** Smallest change detectable with POWER at the configured trials per side (unpaired), percent. */
  mde_pct: number | null;
  tolerance: ToleranceAdvice;
  /** Trials per side for the current threshold to be detectable with POWER; null when not reachable within MAX_TRIALS. */
  trials_needed: number | null;
  reachable: boolean;
  notes: string[];
}

export interface CellCalibration {
  id: string;
  scenario: string;
  load: string;
  load_kind: 'concurrency' | 'rate';
  status: string;
  trials: number;
  client_saturated: boolean;
  metrics: MetricCalibration[];
}

export interface ToleranceChange {
  /** null: gate.metrics (every scenario); else gate.scenarios.<name>.metrics. */
  scenario: string | null;
  metric: string;
  from: number;
  to: number;
}

export interface CalibrationDoc {
  schema: typeof CALIBRATION_SCHEMA;
  tool: { name: 'llm-perf-gate'; version: string };
  result: {
    file: string | null;
    status: string;
    started_at: string;
    model: string | null;
    commit: string | null;
    config_hash: string;
  };
  settings: {
    confidence: number;
    alpha: number;
    power: number;
    design: 'unpaired';
    /** Trials per cell in the calibration run. */
    trials_run: number;
    /** run.trials of the plan: the trials per side that a normal gated run has. */
    trials_current: number;
    tolerance_factor: number;
    max_trials: number;
  };
  summary: {
    cells: number;
    /** Trials per side that make every gated metric's current threshold detectable; null when none could be computed. */
    recommended_trials: number | null;
    /** `cell metric` of gated metrics whose current threshold no trial count up to MAX_TRIALS reaches. */
    unreachable: string[];
    /** `cell metric` of A/A splits that claimed a change. */
    red_flags: string[];
    /** `cell metric` of A/A splits that, as a pull request's comparison, would have failed the gate. */
    would_fail: string[];
    tolerance_changes: ToleranceChange[];
  };
  /** Paste into llm-perf.yml (merge with an existing gate: section); null when no tolerance should change. */
  gate_yaml: string | null;
  notes: string[];
  cells: CellCalibration[];
}

export interface CalibrateOptions {
  /** run.trials of the plan; default: the stored config's run.trials, else 3. */
  currentTrials?: number;
  /** Path of the result file, for the document. */
  resultFile?: string | null;
}
