// The live progress line of a terminal, as pure functions of what the run
// has done so far: a bar, the counts, the rate and the time left, fitted to
// the terminal's width by dropping the least needed parts first (a line wider
// than the terminal wraps, and its redraw then leaves the wrapped part behind).
import type { CellStep } from '../run/progress-sink.js';

/** 'cell 2/4, trial 1/3 [baseline] chat@c=8'; the trial only when there are several. */
export function stepLabel(s: Pick<CellStep, 'cell' | 'cells' | 'trial' | 'trials' | 'side' | 'id'>): string {
  const trial = s.trials > 1 ? `, trial ${s.trial + 1}/${s.trials}` : '';
  return `cell ${s.cell + 1}/${s.cells}${trial} ${s.side}${s.id}`;
}

/** 7s, 1m05s, 2h03m. */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s`;
  return `${Math.floor(s / 3600)}h${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}m`;
}

export const BAR_FILLED = '█';
export const BAR_EMPTY = '░';

/** A bar of `width` cells for done/total (clamped to 0..1). */
export function bar(done: number, total: number, width: number): string {
  const f = total > 0 ? Math.min(1, Math.max(0, done / total)) : 0;
  const n = Math.round(f * width);
  return BAR_FILLED.repeat(n) + BAR_EMPTY.repeat(width - n);
}

export interface LiveState {
  label: string;
  /** Warm-up while its requests are being sent, then the measured requests. */
  phase: 'warmup' | 'measure';
  warmDone: number;
  /** Warm-up requests planned; for 'auto', its bound. */
  warmPlanned: number;
  warmAuto: boolean;
  done: number;
  planned: number;
  failed: number;
  /** Requests a second, smoothed. */
  rate: number;
  elapsedS: number;
  /** Seconds left in this cell, and in the whole run (null: not known yet, or one step only). */
  cellLeftS: number | null;
  runLeftS: number | null;
}

const BAR_WIDTH = 20;
const MID_BAR_WIDTH = 12;
const MIN_BAR_WIDTH = 6;

/** The live line; with `columns`, at most columns - 1 characters wide (the last column would wrap on some terminals). */
export function liveLine(s: LiveState, columns: number | null): string {
  const warm = s.phase === 'warmup';
  const [done, total] = warm ? [s.warmDone, s.warmPlanned] : [s.done, s.planned];
  const pct = `${Math.floor(total > 0 ? Math.min(100, (100 * done) / total) : 0)}%`.padStart(4);
  const counts = warm ? `warm-up ${s.warmDone}/${s.warmAuto ? `≤${s.warmPlanned}` : s.warmPlanned}` : `${s.done}/${s.planned} req`;
  // In priority order: the first parts stay longest.
  const parts: Array<{ key: string; text: string }> = [
    { key: 'label', text: s.label },
    { key: 'counts', text: counts },
    { key: 'eta', text: `ETA ${s.cellLeftS === null ? '?' : formatDuration(s.cellLeftS)}` },
    { key: 'failed', text: `${s.failed} failed` },
    { key: 'rate', text: `${s.rate.toFixed(1)} req/s` },
    ...(s.runLeftS === null ? [] : [{ key: 'run', text: `run ETA ${formatDuration(s.runLeftS)}` }]),
    { key: 'elapsed', text: formatDuration(s.elapsedS) },
  ];
  const order = ['label', 'bar', 'counts', 'eta', 'failed', 'rate', 'run', 'elapsed'];
  const render = (keep: Set<string>, barWidth: number): string =>
    order
      .filter((k) => keep.has(k))
      .map((k) => (k === 'bar' ? `${bar(done, total, barWidth)} ${pct}` : parts.find((p) => p.key === k)!.text))
      .join('  ');
  const keep = new Set(['bar', ...parts.map((p) => p.key)]);
  if (columns === null) return render(keep, BAR_WIDTH);
  const max = Math.max(10, columns - 1);
  // The least needed parts go first, the bar shrinking on the way: the elapsed time, the failures
  // when there are none, the rate, the run's ETA, the bar, the cell's ETA; then the line is cut.
  const stages: Array<[string | null, number]> = [
    [null, BAR_WIDTH],
    ['elapsed', BAR_WIDTH],
    [null, MID_BAR_WIDTH],
    [s.failed === 0 ? 'failed' : null, MID_BAR_WIDTH],
    ['rate', MID_BAR_WIDTH],
    [null, MIN_BAR_WIDTH],
    ['run', MIN_BAR_WIDTH],
    ['bar', MIN_BAR_WIDTH],
    ['eta', MIN_BAR_WIDTH],
  ];
  let line = '';
  for (const [drop, width] of stages) {
    if (drop !== null) keep.delete(drop);
    line = render(keep, width);
    if (line.length <= max) return line;
  }
  return `${line.slice(0, max - 1)}…`;
}

/** Seconds left in the run: this step's, and the steps after it at the mean length of those done (else this one's projected length). */
export function runLeft(stepsAfter: number, cellLeftS: number | null, cellElapsedS: number, doneStepsS: readonly number[]): number | null {
  if (cellLeftS === null) return null;
  const mean = doneStepsS.length > 0 ? doneStepsS.reduce((a, b) => a + b, 0) / doneStepsS.length : cellElapsedS + cellLeftS;
  return cellLeftS + stepsAfter * mean;
}
