import { describe, expect, it } from 'vitest';
import { renderChanges, renderTrendTable, sparkline } from '../../src/changes/markdown.js';
import type { ChangePoint, MetricSeries } from '../../src/changes/series.js';

const series = (cell: string, metric: string, values: number[], gated = true): MetricSeries => ({
  cell,
  metric,
  unit: 'tok/s',
  direction: 'higher',
  gated,
  tolerance: 0.05,
  floor: 0,
  points: values.map((value, i) => ({ commit: String(i).padStart(40, 'a'), value, trialRange: null })),
});

const change = { cell: 'chat@c=4', metric: 'output_tps', relative: -0.1, interval: [-0.12, -0.08], commit: 'b'.repeat(40), worse: true, pValue: 0.0025 } as ChangePoint;

describe('change-point Markdown', () => {
  it('draws a sparkline between the lowest and highest value', () => {
    expect(sparkline([1, 2, 3, 4, 5, 6, 7, 8])).toBe('▁▂▃▄▅▆▇█');
    expect(sparkline([5, 5, 5])).toBe('▄▄▄');
    expect(sparkline([1, 9, 1, 9], 2)).toBe('▁█');
  });

  it('lists every gated metric of every cell, escaping cell ids', () => {
    const md = renderTrendTable([series('chat@c=4', 'output_tps', [100, 101, 90]), series('x|<img>', 'tpot_ms.p50', [20, 21]), series('chat@c=4', 'rps', [1, 2], false)], [change])!;
    expect(md).toContain('| chat@c=4 | output_tps | ██▁ | 90.0 tok/s | -10.0% at `bbbbbbb` ⚠️ |');
    expect(md).toContain('| x&#124;&#60;img&#62; | tpot_ms.p50 |');
    expect(md).not.toContain('| rps |');
    expect(renderTrendTable([series('c', 'output_tps', [1])], [])).toBeNull();
  });

  it('writes one line per change point, with a commit link when given', () => {
    const md = renderChanges([change], (c) => `https://github.com/o/r/commit/${c}`)!;
    expect(md).toContain('- ⚠️ output_tps of chat@c=4 stepped down 10.0% (8.0-12.0%) at bbbbbbb (worse; p = 0.0025) ([bbbbbbb](https://github.com/o/r/commit/');
    expect(renderChanges([])).toBeNull();
  });
});
