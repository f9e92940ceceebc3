import { describe, expect, it } from 'vitest';
import type { LengthDist, ScenarioPlan } from '../../src/config/plan.js';
import { createRng } from '../../src/util/rng.js';
import { lengthsOf, workloadHash } from '../../src/workload/index.js';
import { drawLength, requestLength, summariseLengths } from '../../src/workload/lengths.js';
import { synthesizeItems } from '../../src/workload/synth.js';
import { getTokenizer } from '../../src/workload/tokenizer.js';

function draws(spec: LengthDist, n = 20_000, seed = 'lengths-test'): number[] {
  const rng = createRng(seed);
  return Array.from({ length: n }, () => drawLength(spec, rng));
}
const mean = (xs: readonly number[]): number => xs.reduce((a, b) => a + b, 0) / xs.length;
const sd = (xs: readonly number[]): number => {
  const m = mean(xs);
  return Math.sqrt(xs.reduce((a, b) => a + (b - m) ** 2, 0) / (xs.length - 1));
};

describe('length distributions', () => {
  it('uniform: integers over min..max inclusive, each about as often', () => {
    const xs = draws({ dist: 'uniform', min: 10, max: 14 });
    expect(new Set(xs)).toEqual(new Set([10, 11, 12, 13, 14]));
    for (let v = 10; v <= 14; v++) expect(xs.filter((x) => x === v).length / xs.length).toBeCloseTo(0.2, 1);
  });

  it('normal: the mean and sd asked for when the bounds are far, and never outside them', () => {
    const wide = draws({ dist: 'normal', mean: 500, stddev: 50, min: 1, max: 10_000 });
    expect(mean(wide)).toBeGreaterThan(495);
    expect(mean(wide)).toBeLessThan(505);
    expect(sd(wide)).toBeGreaterThan(47);
    expect(sd(wide)).toBeLessThan(53);
    const cut = draws({ dist: 'normal', mean: 100, stddev: 100, min: 80, max: 120 });
    expect(Math.min(...cut)).toBeGreaterThanOrEqual(80);
    expect(Math.max(...cut)).toBeLessThanOrEqual(120);
    // Redrawn, not clamped: the bounds hold no pile of the tails.
    expect(cut.filter((x) => x === 80).length / cut.length).toBeLessThan(0.05);
  });

  it("lognormal: the distribution's own mean and sd, right-skewed, bounded", () => {
    const xs = draws({ dist: 'lognormal', mean: 600, stddev: 400, min: 1, max: 1_000_000 });
    expect(mean(xs)).toBeGreaterThan(585);
    expect(mean(xs)).toBeLessThan(615);
    expect(sd(xs)).toBeGreaterThan(370);
    expect(sd(xs)).toBeLessThan(430);
    const s = summariseLengths(xs)!;
    expect(s.p50).toBeLessThan(s.mean);
    const bounded = draws({ dist: 'lognormal', mean: 600, stddev: 400, min: 16, max: 1024 });
    expect(Math.min(...bounded)).toBeGreaterThanOrEqual(16);
    expect(Math.max(...bounded)).toBeLessThanOrEqual(1024);
  });

  it('empirical: the values at their weights', () => {
    const xs = draws({ dist: 'empirical', values: [128, 2048], weights: [3, 1] });
    expect(new Set(xs)).toEqual(new Set([128, 2048]));
    expect(xs.filter((x) => x === 128).length / xs.length).toBeCloseTo(0.75, 1);
  });

  it('a number is itself; the same seed, scenario and index always draw the same length', () => {
    expect(requestLength(77, 1, 's', 'input', 5)).toBe(77);
    const spec: LengthDist = { dist: 'uniform', min: 1, max: 1_000_000 };
    const a = Array.from({ length: 50 }, (_, i) => requestLength(spec, 1, 's', 'input', i));
    expect(Array.from({ length: 50 }, (_, i) => requestLength(spec, 1, 's', 'input', i))).toEqual(a);
    expect(Array.from({ length: 50 }, (_, i) => requestLength(spec, 2, 's', 'input', i))).not.toEqual(a);
    expect(Array.from({ length: 50 }, (_, i) => requestLength(spec, 1, 's', 'output', i))).not.toEqual(a);
  });

  it('summariseLengths: mean, nearest-rank p50 and p90, max', () => {
    expect(summariseLengths([])).toBeNull();
    expect(summariseLengths([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])).toEqual({ mean: 5.5, p50: 5, p90: 9, max: 10 });
  });
});

describe('synthetic prompts with length distributions', () => {
  const scenario: ScenarioPlan = {
    name: 'mixed',
    inputTokens: { dist: 'empirical', values: [24, 200], weights: [1, 1] },
    outputTokens: { dist: 'uniform', min: 4, max: 40 },
    sharedPrefixTokens: 8,
    dataset: null,
  };
  const build = (cellLabel: string, seed = 7): ReturnType<typeof synthesizeItems> => synthesizeItems({ seed, encoding: 'o200k_base', scenario, cellLabel, count: 40 });

  it('each prompt has exactly the drawn length; every cell and trial asks for the same lengths with other words', async () => {
    const tok = await getTokenizer('o200k_base');
    const a = await build('c=1');
    const b = await build('c=4#2');
    expect(new Set(a.map((i) => i.inputTokens))).toEqual(new Set([24, 200]));
    for (const item of a) expect(tok.count(item.prompt)).toBe(item.inputTokens);
    expect(b.map((i) => [i.inputTokens, i.maxTokens])).toEqual(a.map((i) => [i.inputTokens, i.maxTokens]));
    expect(b.map((i) => i.prompt)).not.toEqual(a.map((i) => i.prompt));
    // The shared prefix: the same first 8 tokens everywhere.
    const first = tok.encode(a[0]!.prompt).slice(0, 8);
    for (const item of [...a, ...b]) expect(tok.encode(item.prompt).slice(0, 8)).toEqual(first);
  });

  it('byte-identical for the same seed; the workload hash moves with the seed; lengthsOf summarises both sides', async () => {
    const a = await build('c=1');
    expect((await build('c=1')).map((i) => i.prompt)).toEqual(a.map((i) => i.prompt));
    const other = await build('c=1', 8);
    expect(workloadHash([{ cell: 'x', items: other }])).not.toBe(workloadHash([{ cell: 'x', items: a }]));
    const l = lengthsOf(a)!;
    expect(l.input_tokens!.max).toBe(200);
    expect(l.output_tokens.max).toBeLessThanOrEqual(40);
    expect(l.output_tokens.mean).toBeCloseTo(mean(a.map((i) => i.maxTokens)), 2);
  });
});
