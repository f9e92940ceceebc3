// Cost per token in the gate, on results made by the real metrics pipeline
// (test/support/synthetic.ts) and priced as a run with `cost:` prices them.
import { describe, expect, it } from 'vitest';
import { gatePlan } from '../../bench/gate/study.js';
import { compare } from '../../src/gate/compare.js';
import { compareWithHistory } from '../../src/gate/compare-history.js';
import type { NormalCost } from '../../src/config/cost.js';
import { hourlyUsd } from '../../src/config/cost.js';
import { efficiencyOf } from '../../src/metrics/efficiency.js';
import type { ResultDoc } from '../../src/result/types.js';
import { REALISTIC, syntheticResult } from '../support/synthetic.js';

// The rules, not interval precision: 500 resamples an interval (the default is 2,000).
const judgedBy = (over: Record<string, unknown> = {}): ReturnType<typeof gatePlan> => gatePlan({ bootstrap_iterations: 500, ...over });

/** `doc` as a run priced at `cost` writes it: the price in its config, cost per token in every trial and the pool. */
function priced(doc: ResultDoc, cost: NormalCost): ResultDoc {
  const h = hourlyUsd(cost);
  for (const c of doc.cells) for (const m of [c.metrics, ...c.trials.map((t) => t.metrics)]) Object.assign(m, efficiencyOf(m, h, null));
  return { ...doc, config: { ...doc.config, cost } };
}

const GPU = { gpu_hour_usd: 2.5, gpus: 1 };
const gatedOn = (id: string) =>
  judgedBy({ metrics: { [id]: { gate: true }, output_tps: { gate: false }, 'ttft_ms.p95': { gate: false }, 'tpot_ms.p50': { gate: false }, error_rate: { gate: false } } });
const truth = { ...REALISTIC, trialCv: 0.02 };

describe('cost per token in the gate', () => {
  const base = priced(syntheticResult('b', truth), GPU);
  // 40% slower per token: throughput falls, so cost per token rises.
  const slow = priced(syntheticResult('s', truth, { tpot: 1.4 }), GPU);

  it('is a lower-is-better metric: a slower server at one price fails the gate when it is gated, and not otherwise', () => {
    const v = compare(base, slow, gatedOn('cost_per_mtok_output_usd'));
    const m = v.cells[0]!.metrics.find((x) => x.metric === 'cost_per_mtok_output_usd')!;
    expect(m).toMatchObject({ gated: true, direction: 'lower', unit: 'USD/Mtok', verdict: 'regressed' });
    expect(m.change_pct!).toBeGreaterThan(20);
    expect(v.verdict).toBe('fail');
    const ungated = compare(base, slow, gatedOn('rps'));
    expect(ungated.cells[0]!.metrics.find((x) => x.metric === 'cost_per_mtok_output_usd')!.gated).toBe(false);
    // Not gated by default.
    expect(compare(base, slow, judgedBy()).cells[0]!.metrics.find((x) => x.metric === 'cost_per_mtok_output_usd')!.gated).toBe(false);
  });

  it('is not compared between results priced differently, and says so; the rest of the cell is judged as before', () => {
    const node = priced(syntheticResult('s', truth, { tpot: 1.4 }), { node_hour_usd: 20 });
    const v = compare(base, node, gatedOn('cost_per_mtok_output_usd'));
    const why = 'priced differently (baseline $2.5/GPU-hour x 1 GPU, candidate $20/node-hour): cost per token is not compared; output_tps compares the throughput';
    for (const id of ['cost_per_mtok_output_usd', 'cost_per_mtok_total_usd']) {
      expect(v.cells[0]!.metrics.find((x) => x.metric === id)).toMatchObject({ verdict: 'inconclusive', change_pct: null, interval_pct: null, reason: why });
    }
    expect(v.cells[0]!.valid).toBe(true);
    expect(v.warnings).toContain(`the two results are ${why}`);
    // Throughput still shows the slowdown.
    expect(v.cells[0]!.metrics.find((x) => x.metric === 'output_tps')!.change_pct!).toBeLessThan(-15);
    expect(v.verdict).toBe('inconclusive');
  });

  it('has no data on a side without a price (an older baseline): inconclusive, never a regression', () => {
    const v = compare(syntheticResult('b', truth), slow, gatedOn('cost_per_mtok_output_usd'));
    const m = v.cells[0]!.metrics.find((x) => x.metric === 'cost_per_mtok_output_usd')!;
    expect(m.baseline).toBeNull();
    expect(m.verdict).toBe('inconclusive');
  });

  it('is not compared against stored runs priced otherwise (the K stored runs design)', () => {
    const stored = Array.from({ length: 4 }, (_, i) => {
      const d = priced(syntheticResult(`h${i}`, truth), GPU);
      d.started_at = new Date(Date.UTC(2026, 10, 1 + i)).toISOString();
      return d;
    });
    const v = compareWithHistory(stored, priced(syntheticResult('c', truth), { gpu_hour_usd: 3, gpus: 1 }), gatedOn('cost_per_mtok_output_usd'));
    expect(v.design).toBe('history');
    expect(v.cells[0]!.metrics.find((x) => x.metric === 'cost_per_mtok_output_usd')).toMatchObject({ verdict: 'inconclusive' });
    expect(v.warnings.some((w) => w.includes('priced differently (baseline $2.5/GPU-hour x 1 GPU, candidate $3/GPU-hour x 1 GPU)'))).toBe(true);
  });
});
