// What a run tells as it goes: cells starting and ending, each request, notes
// and capacity points. The hosts' progress displays implement it
// (src/pipeline/progress.ts); run-plan.ts and capacity-cells.ts call it.
import type { RequestRecord } from '../load/record.js';
import type { CellResult } from '../result/types.js';

export interface ProgressSink {
  cellStart(index: number, total: number, id: string, requests: number): void;
  requestDone(rec: RequestRecord): void;
  cellEnd(cell: CellResult): void;
  note(message: string): void;
  /** A plain progress line (capacity points); absent: not shown. */
  info?(message: string): void;
}
