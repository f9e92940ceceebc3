// Series from stored results: gated metrics and tolerances from the newest result's stored gate section.
import { describe, expect, it } from 'vitest';
import { buildSeries } from '../../src/changes/series.js';
import { planFromObject } from '../../src/config/load.js';
import { syntheticResult } from '../support/synthetic.js';

const commit = (i: number) => String(i).padStart(40, '0');

function history(gate: Record<string, unknown> | null) {
  return [0, 1, 2].map((i) => {
    const doc = syntheticResult(`series-${i}`);
    if (gate !== null) {
      const plan = planFromObject(
        { target: { url: 'http://127.0.0.1:1' }, scenarios: [{ name: 'chat', input_tokens: 256, output_tokens: 32 }], loads: [{ concurrency: 4 }], gate },
        { file: null, baseDir: '/' },
      );
      doc.config = plan.config;
    }
    return { commit: commit(i), doc };
  });
}

describe('buildSeries', () => {
  it('takes the default gated metrics and tolerances when the results store no gate section', () => {
    const s = buildSeries(history(null));
    expect(s.map((x) => [x.metric, x.tolerance])).toEqual([
      ['output_tps', 0.05],
      ['ttft_ms.p95', 0.1],
      ['tpot_ms.p50', 0.05],
    ]);
    expect(s[0]!.points.map((p) => p.commit)).toEqual([commit(0), commit(1), commit(2)]);
    expect(s[0]!.points[0]!.trialRange![0]).toBeLessThanOrEqual(s[0]!.points[0]!.value);
  });

  it("follows the newest result's gate section: a metric gated, another not, a tolerance changed", () => {
    const s = buildSeries(history({ metrics: { 'ttft_ms.p99': { gate: true, tolerance: 0.2 }, 'ttft_ms.p95': { gate: false }, output_tps: { tolerance: 0.08 } } }));
    expect(s.map((x) => [x.metric, x.tolerance])).toEqual([
      ['output_tps', 0.08],
      ['ttft_ms.p99', 0.2],
      ['tpot_ms.p50', 0.05],
    ]);
  });

  it('adds metrics on request and refuses unknown ones', () => {
    expect(buildSeries(history(null), ['rps']).map((x) => [x.metric, x.gated])).toContainEqual(['rps', false]);
    expect(() => buildSeries(history(null), ['speed'])).toThrow(/unknown metric 'speed'/);
  });
});
