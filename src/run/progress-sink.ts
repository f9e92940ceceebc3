// What a run tells as it goes: cells starting and ending, each request, notes
// and capacity points. The hosts' progress displays implement it
// (src/pipeline/progress.ts); run-plan.ts and capacity-cells.ts call it.
import type { RequestRecord } from '../load/record.js';
import type { CellResult } from '../result/types.js';

/** Where one trial of one cell (on one side) stands in the run, as it starts. */
export interface CellStep {
  /** 0-based position among all `steps` (cell x trial x side), in run order. */
  step: number;
  steps: number;
  /** 0-based cell of `cells` (scenario x load), and trial of `trials`. */
  cell: number;
  cells: number;
  trial: number;
  trials: number;
  /** The side's label in an A/B ('[baseline] '), '' with one target. */
  side: string;
  id: string;
  /** Measured requests planned. */
  requests: number;
  /** Warm-up requests sent before them: a count, or 'auto' (until steady, at most `warmupMax`). */
  warmup: number | 'auto';
  warmupMax: number;
}

export interface ProgressSink {
  cellStart(step: CellStep): void;
  requestDone(rec: RequestRecord): void;
  /** `side`: the CellStep's side of the trial that ended (both sides of an interleaved pair run at once). */
  cellEnd(cell: CellResult, side: string): void;
  note(message: string): void;
  /** A plain progress line (capacity points); absent: not shown. */
  info?(message: string): void;
}
