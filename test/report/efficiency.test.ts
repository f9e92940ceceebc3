// Cost and energy in the reports and the dashboard, from results made by the
// real metrics pipeline (test/support/synthetic.ts), priced as a run with
// `cost:` prices them, and a capacity cell as the search writes one.
import { describe, expect, it } from 'vitest';
import { hourlyUsd, type NormalCost } from '../../src/config/cost.js';
import { dashboardData } from '../../src/dashboard/site.js';
import { efficiencyOf } from '../../src/metrics/efficiency.js';
import { efficiencyLines, efficiencySection } from '../../src/report/efficiency.js';
import { resultTable } from '../../src/report/terminal.js';
import type { CapacityCell, ResultDoc } from '../../src/result/types.js';
import { REALISTIC, syntheticResult } from '../support/synthetic.js';

function priced(doc: ResultDoc, cost: NormalCost, joulesPerToken: number | null = null): ResultDoc {
  const h = hourlyUsd(cost);
  for (const c of doc.cells) {
    for (const m of [c.metrics, ...c.trials.map((t) => t.metrics)]) {
      const tokens = m.output_tps * m.window_s;
      Object.assign(m, efficiencyOf(m, h, joulesPerToken === null ? null : { joules: joulesPerToken * tokens, outputTokens: tokens }));
    }
  }
  return { ...doc, config: { ...doc.config, cost } };
}

/** A finished capacity search: 400 output tok/s at capacity (interval 360-440). */
const CAPACITY: CapacityCell = {
  id: 'chat@capacity:rate',
  kind: 'capacity',
  scenario: { name: 'chat', input_tokens: 256, output_tokens: 32, shared_prefix_tokens: 0, dataset: null },
  mode: 'rate',
  slo: ['ttft_ms.p90 <= 1000'],
  status: 'complete',
  workload_hash: 'a'.repeat(64),
  started_at: '2026-01-01T00:00:00.000Z',
  duration_s: 10,
  points: [],
  search: {
    mode: 'rate',
    slos: ['ttft_ms.p90 <= 1000'],
    level: 0.9,
    resolution: 0.05,
    status: 'found',
    reason: 'bracket',
    bracket: { lastPass: 10, firstFail: 14, undecided: [] },
    capacity: { value: 12.5, lo: 11.25, hi: 13.75 },
    capacity_rps: { value: 12.5, lo: 11.25, hi: 13.75 },
    capacity_output_tps: { value: 400, lo: 360, hi: 440 },
    binding: 'ttft_ms.p90 <= 1000',
    atCapacity: null,
    steps: 4,
    elapsedMs: 10_000,
  },
  sweep: null,
};

describe('the cost and energy section', () => {
  it("shows each cell's figures and the price, the baseline's beside them, and cost at capacity with its interval", () => {
    const cand = priced(syntheticResult('c', REALISTIC), { node_hour_usd: 36 }, 0.25);
    cand.capacity = [CAPACITY];
    const base = priced(syntheticResult('b', REALISTIC), { node_hour_usd: 36 }, 0.2);
    const md = efficiencySection(cand, base)!;
    const m = cand.cells[0]!.metrics;
    expect(md).toContain('### Cost and energy');
    expect(md).toContain('price $36/node-hour; baseline $36/node-hour.');
    const sig = (x: number): string => Number(x.toPrecision(4)).toString();
    expect(md).toContain(`${sig(m.cost_per_mtok_output_usd!)} (baseline ${sig(base.cells[0]!.metrics.cost_per_mtok_output_usd!)})`);
    expect(md).toContain('0.25 (baseline 0.2)');
    // $36 an hour at 400 tok/s: 1.44 M tokens an hour, $25 per million; the interval's ends swap (more throughput, less cost).
    expect(md).toContain('chat@capacity:rate: at capacity (400 output tok/s) $25 per million output tokens ($22.73-$27.78)');
    const lines = efficiencyLines(cand);
    expect(lines[0]).toBe('cost and energy at $36/node-hour:');
    expect(lines[1]).toMatch(/^ {2}chat@c=4: \$[\d.]+\/M output tok, \$[\d.]+\/M total tok, 0\.25 J\/output tok$/);
    expect(lines[2]).toBe('  chat@capacity:rate: at capacity (400 output tok/s) $25 per million output tokens ($22.73-$27.78)');
    expect(resultTable(cand)).toContain('cost and energy at $36/node-hour:');
  });

  it('is absent from a result without a price or GPU energy', () => {
    const plain = syntheticResult('p', REALISTIC);
    expect(efficiencySection(plain)).toBeNull();
    expect(efficiencyLines(plain)).toEqual([]);
    expect(resultTable(plain)).not.toContain('cost and energy');
  });
});

describe('the dashboard', () => {
  it('charts cost and energy per token wherever stored runs have them, gated or not', () => {
    const history = Array.from({ length: 4 }, (_, i) => {
      const doc = priced(syntheticResult(`d-${i}`, { ...REALISTIC, trialCv: 0.03 }), { gpu_hour_usd: 2.5, gpus: 8 }, 0.3);
      doc.started_at = new Date(Date.UTC(2026, 10, 1) + i * 3_600_000).toISOString();
      return { commit: i.toString(16).padStart(40, '0'), doc, date: doc.started_at, subject: null };
    });
    const { data } = dashboardData(history, { title: 't', repoUrl: null, extraMetrics: [], changes: {}, generatedAt: '2026-12-01T00:00:00Z' });
    const ids = data.series.map((s) => s.metric);
    expect(ids).toEqual(expect.arrayContaining(['cost_per_mtok_output_usd', 'cost_per_mtok_total_usd', 'energy_per_output_token_j']));
    const energy = data.series.find((s) => s.metric === 'energy_per_output_token_j')!;
    expect(energy.values.every((v) => v !== null && v > 0.29 && v < 0.31)).toBe(true);
    expect(energy.values).toHaveLength(4);
    const plain = dashboardData(
      history.map((h) => ({ ...h, doc: syntheticResult(h.commit, REALISTIC) })),
      { title: 't', repoUrl: null, extraMetrics: [], changes: {}, generatedAt: '2026-12-01T00:00:00Z' },
    );
    expect(plain.data.series.map((s) => s.metric)).not.toContain('cost_per_mtok_output_usd');
  });
});
