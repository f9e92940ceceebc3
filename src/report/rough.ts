// A percentile with fewer samples than the gate needs for it (issue 31,
// item 6): the result withholds it (null), and a table that printed only
// "(n=150)" in every p99 column hid the figure people came for. It is shown
// instead, marked rough and with its count: "~41.2 (n=150)", read off the
// cell's histogram as the SLO checks read it (gate/extract.ts, distValue),
// with one footnote saying how many samples each percentile needs.
import { distValue } from '../gate/extract.js';
import { percentileOf } from '../gate/policy.js';
import { minSamplesFor, type Distribution } from '../stats/distribution.js';

type PctKey = 'p50' | 'p90' | 'p95' | 'p99';

/** The footnote's order. */
const KEYS: readonly PctKey[] = ['p50', 'p90', 'p95', 'p99'];

/**
 * Formats the percentiles of one table and remembers which were rough, for
 * its footnote. `fmt` formats a number; `none` stands for no data.
 */
export class PercentileCells {
  private readonly rough = new Set<PctKey>();

  constructor(
    private readonly fmt: (x: number) => string,
    private readonly none: string,
  ) {}

  /** The percentile, or "~value (n=K)" when it rests on fewer samples than the gate needs; "(n=K)" when even that cannot be read. */
  cell(d: Distribution | null | undefined, key: PctKey): string {
    if (d === null || d === undefined) return this.none;
    const v = d[key];
    if (v !== null) return this.fmt(v);
    const est = distValue(d, key);
    if (est === null || !Number.isFinite(est)) return `(n=${d.n})`;
    this.rough.add(key);
    return `~${this.fmt(est)} (n=${d.n})`;
  }

  /** The footnote for the rough figures shown, or null when none was. */
  note(): string | null {
    if (this.rough.size === 0) return null;
    const needs = KEYS.filter((k) => this.rough.has(k))
      .map((k) => `${minSamplesFor(percentileOf(k)!)} for a ${k}`)
      .join(', ');
    return `~X (n=K): a rough figure, from K samples where the gate needs ${needs} (run.requests x run.trials a cell)`;
  }
}
