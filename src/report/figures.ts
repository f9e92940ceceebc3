// The figures of one verdict row, formatted in one place for every renderer:
// the baseline, candidate, change and interval columns of a row all come from
// the same MetricVerdict, and a value that is not a finite number never prints
// as "Infinity" or "NaN".
import type { MetricVerdict } from '../gate/verdict.js';

export interface FigureStyle {
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

/** A signed percentage: +3.2%, -0.4%. */
export function signedPct(x: number | null | undefined, style: FigureStyle = MARKDOWN_STYLE): string {
  return finite(x) ? `${x > 0 ? '+' : ''}${x.toFixed(1)}%` : style.none;
}

export interface RowFigures {
  baseline: string;
  candidate: string;
  change: string;
  interval: string;
}

export function rowFigures(m: MetricVerdict, style: FigureStyle, withUnit: boolean): RowFigures {
  const unit = (s: string): string => (withUnit && s !== style.none ? `${s} ${m.unit}` : s);
  return {
    baseline: unit(figure(m.baseline, style)),
    candidate: unit(figure(m.candidate, style)),
    change: signedPct(m.change_pct, style),
    interval: m.interval_pct === null ? style.none : `${signedPct(m.interval_pct[0], style)}${style.range}${signedPct(m.interval_pct[1], style)}`,
  };
}
