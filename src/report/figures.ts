// The figures of one verdict row, formatted in one place for every renderer:
// the baseline, candidate, change and interval columns of a row all come from
// the same MetricVerdict, and a value that is not a finite number never prints
// as "Infinity" or "NaN".
import type { MetricVerdict } from '../gate/verdict.js';

interface FigureStyle {
  /** What stands for a missing figure. */
  none: string;
  /** Between the ends of an interval. */
  range: string;
}

export const MARKDOWN_STYLE: FigureStyle = { none: '–', range: ' … ' };
export const TERMINAL_STYLE: FigureStyle = { none: '-', range: '..' };

const finite = (x: number | null | undefined): x is number => typeof x === 'number' && Number.isFinite(x);

/** A value at a precision that fits its size: 1234, 12.3, 1.23. */
export function figure(x: number | null | undefined, style: FigureStyle = MARKDOWN_STYLE): string {
  if (!finite(x)) return style.none;
  const a = Math.abs(x);
  return a >= 100 ? x.toFixed(0) : a >= 10 ? x.toFixed(1) : x.toFixed(2);
}

/**
 * A share (0..1, the unit of error_rate) as a percentage: 0.0%, 2.5%, 0.04%;
 * "0.00 share" read as nothing anyone measures in.
 */
export function shareFigure(x: number | null | undefined, style: FigureStyle = MARKDOWN_STYLE): string {
  if (!finite(x)) return style.none;
  const p = x * 100;
  return `${p !== 0 && Math.abs(p) < 0.1 ? p.toFixed(2) : p.toFixed(1)}%`;
}

/** A value with its unit: "41.2 ms", "506 tok/s"; a share as a percentage ("0.0%"). */
export function figureWithUnit(x: number | null | undefined, unit: string, style: FigureStyle = MARKDOWN_STYLE): string {
  if (unit === 'share') return shareFigure(x, style);
  return finite(x) ? `${figure(x, style)} ${unit}` : style.none;
}

/** A signed percentage: +3.2%, -0.4%. */
export function signedPct(x: number | null | undefined, style: FigureStyle = MARKDOWN_STYLE): string {
  return finite(x) ? `${x > 0 ? '+' : ''}${x.toFixed(1)}%` : style.none;
}

/** What an interval too wide to mean anything reads as. */
export const TOO_WIDE = 'too wide (too few trials)';

/** An interval end this many times (as a ratio) away from the estimate is no bound on anything. */
const ABSURD_FACTOR = 10;

/**
 * True for an interval whose ends say nothing: with two or three trials the
 * t quantile is huge and a ratio's interval can run from -100.0% (a ratio of
 * 0) to +17403598802.5%. Printed, such figures read as a measurement; the
 * honest text is that there were too few trials. Absurd when, on the ratio
 * scale (1 + pct / 100), an end lies more than ABSURD_FACTOR times away from
 * the estimate, or reaches -100.0% while the estimate does not. Without an
 * estimate: an end at -100.0% or beyond +1000%. A genuine +1100% change
 * (ratio 12, interval 11 ... 14) stays as it is: its ends are near its
 * estimate. Presentation only: the verdict's numbers are not touched.
 */
export function absurdInterval(interval: readonly [number, number], changePct: number | null | undefined): boolean {
  const [lo, hi] = interval;
  if (!finite(lo) || !finite(hi)) return true;
  const rLo = 1 + lo / 100;
  const rHi = 1 + hi / 100;
  // -99.95% and below prints as -100.0%: a ratio of (nearly) zero.
  const zero = 0.0005;
  if (!finite(changePct)) return rLo < zero || rHi > ABSURD_FACTOR + 1;
  const r = 1 + changePct / 100;
  if (r < zero) return false; // the estimate itself is -100%: an end there is no surprise
  return rLo < zero || rHi > r * ABSURD_FACTOR || rLo * ABSURD_FACTOR < r;
}

interface RowFigures {
  baseline: string;
  candidate: string;
  change: string;
  interval: string;
}

export function rowFigures(m: MetricVerdict, style: FigureStyle, withUnit: boolean): RowFigures {
  const value = (x: number | null): string => (withUnit ? figureWithUnit(x, m.unit, style) : m.unit === 'share' ? shareFigure(x, style) : figure(x, style));
  return {
    baseline: value(m.baseline),
    candidate: value(m.candidate),
    change: signedPct(m.change_pct, style),
    interval:
      m.interval_pct === null ? style.none : absurdInterval(m.interval_pct, m.change_pct) ? TOO_WIDE : `${signedPct(m.interval_pct[0], style)}${style.range}${signedPct(m.interval_pct[1], style)}`,
  };
}
