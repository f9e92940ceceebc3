import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoadPlan, Plan, ScenarioPlan } from '../../src/config/plan.js';
import { DatasetError } from '../../src/errors/dataset-error.js';
import { buildCellWorkload, workloadHash, type WorkItem } from '../../src/workload/index.js';
import { SYNTHETIC_CONFIG } from '../support/synthetic.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'llm-perf-gate-workload-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const synthetic: ScenarioPlan = { name: 'short', inputTokens: 48, outputTokens: 16, sharedPrefixTokens: 8, dataset: null };
const conc: LoadPlan = { shape: 'concurrency', label: 'c=4', concurrency: 4 };
const rate: LoadPlan = { shape: 'poisson', label: 'rate=2', rate: 2, maxConcurrency: null };

function plan(over: Partial<Plan> = {}): Plan {
  return {
    configPath: null,
    config: SYNTHETIC_CONFIG,
    configHash: '0'.repeat(64),
    seed: 1234,
    encoding: 'o200k_base',
    target: { url: 'http://127.0.0.1:8000', api: 'completions', model: null, apiKeyEnv: null, headers: {}, extraBody: {}, fixedOutput: false },
    timeouts: { connectMs: 1000, requestMs: 10000, idleMs: 5000 },
    responseLimits: { lineBytes: 1 << 20, eventBytes: 1 << 20, responseBytes: 1 << 27 },
    limits: { requests: 10, warmup: 2, maxDurationS: 60, trials: 1, workers: 1, budget: { trials: 1, minutes: null } },
    scenarios: [synthetic],
    loads: [conc, rate],
    slos: { ttftMs: null, tpotMs: null, e2eMs: null },
    gate: {
      confidence: 0.9,
      alpha: 0.05,
      errorRateLimit: 0.05,
      tokenDriftLimit: 0.02,
      strictFingerprint: false,
      fingerprintDifferences: 'warn',
      bootstrapIterations: 2000,
      metrics: {},
      scenarios: {},
      slo: [],
    },
    ab: null,
    telemetry: { enabled: false, gpuIntervalMs: 500, scrapeIntervalMs: 1000, maxNeighbourCpuShare: 0.25 },
    ...over,
  };
}

describe('buildCellWorkload', () => {
  it('synthesises prompts when the scenario has no dataset', async () => {
    const items = await buildCellWorkload(plan(), synthetic, conc, 12);
    expect(items).toHaveLength(12);
    for (const item of items) expect(item).toMatchObject({ inputTokens: 48, maxTokens: 16 });
    expect(await buildCellWorkload(plan(), synthetic, conc, 12)).toEqual(items);
    const other = await buildCellWorkload(plan(), synthetic, rate, 12);
    expect(other.map((i) => i.prompt)).not.toEqual(items.map((i) => i.prompt));
    const reseeded = await buildCellWorkload(plan({ seed: 1235 }), synthetic, conc, 12);
    expect(reseeded.map((i) => i.prompt)).not.toEqual(items.map((i) => i.prompt));
  });

  it('reads the dataset when the scenario has one', async () => {
    const file = join(dir, 'rows.jsonl');
    await writeFile(file, '{"prompt":"alpha"}\n{"messages":[{"role":"user","content":"beta"}],"max_tokens":3}\n');
    const scenario: ScenarioPlan = { ...synthetic, inputTokens: null, dataset: file };
    const items = await buildCellWorkload(plan(), scenario, conc, 4);
    expect(items).toHaveLength(4);
    const prompts = items.map((i) => i.prompt);
    expect(new Set(prompts)).toEqual(new Set(['alpha', 'beta']));
    for (const item of items) {
      if (item.prompt === 'beta') expect(item).toMatchObject({ maxTokens: 3, messages: [{ role: 'user', content: 'beta' }] });
      else expect(item).toMatchObject({ maxTokens: 16 });
    }
    const bad = join(dir, 'bad.jsonl');
    await writeFile(bad, '{"prompt":"ok"}\n{oops}\n');
    await expect(buildCellWorkload(plan(), { ...scenario, dataset: bad }, conc, 1)).rejects.toThrow(DatasetError);
    await expect(buildCellWorkload(plan(), { ...scenario, dataset: bad }, conc, 1)).rejects.toThrow(`${bad}:2:`);
  });
});

describe('workloadHash', () => {
  const a: WorkItem = { prompt: 'one two', inputTokens: 2, maxTokens: 8 };
  const b: WorkItem = { prompt: 'three', inputTokens: 1, maxTokens: 8 };
  const m: WorkItem = { prompt: 'hi', inputTokens: 1, maxTokens: 8, messages: [{ role: 'user', content: 'hi' }] };
  const base = [
    { cell: 's/c=1', items: [a, b] },
    { cell: 's/c=2', items: [m] },
  ];
  const h = workloadHash(base);

  it('is a stable sha256 hex digest', () => {
    expect(h).toMatch(/^[0-9a-f]{64}$/);
    expect(workloadHash(structuredClone(base))).toBe(h);
    function* gen(): Generator<{ cell: string; items: readonly WorkItem[] }> {
      yield* base;
    }
    expect(workloadHash(gen())).toBe(h);
    // Pinned so that an accidental change of the layout shows up here and
    // not as "workload differs" against every stored baseline.
    expect(h).toBe(PINNED);
  });

  it('ignores token counts, which depend on the client-side encoding', () => {
    expect(workloadHash([{ cell: 's/c=1', items: [{ ...a, inputTokens: 99 }, b] }, base[1]!])).toBe(h);
  });

  it('changes with any label, prompt, message, length or order', () => {
    const variants = [
      [{ ...base[0]!, cell: 's/c=3' }, base[1]!],
      [{ ...base[0]!, items: [{ ...a, prompt: 'one two!' }, b] }, base[1]!],
      [{ ...base[0]!, items: [{ ...a, maxTokens: 9 }, b] }, base[1]!],
      [{ ...base[0]!, items: [b, a] }, base[1]!],
      [base[0]!, { ...base[1]!, items: [{ ...m, messages: [{ role: 'system', content: 'hi' }] }] }],
      [base[0]!, { ...base[1]!, items: [{ ...m, messages: undefined }] }],
      [base[1]!, base[0]!],
      [base[0]!],
      // Same items, split differently between cells.
      [
        { cell: 's/c=1', items: [a] },
        { cell: 's/c=2', items: [b, m] },
      ],
      [...base, { cell: 'empty', items: [] }],
    ];
    const hashes = new Set([h, ...variants.map((v) => workloadHash(v))]);
    expect(hashes.size).toBe(variants.length + 1);
  });
});

const PINNED = 'e5e6c3c60ab7b7944a7241e0cf654d62ca611dde0ae1f7009ec7827926412ae8';
