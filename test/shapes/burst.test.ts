// The burst shape (src/shapes/burst.ts), the walk a new load shape takes:
// written in the config, checked by the schema, normalised and labelled,
// planned, scheduled by the open loop, split across shards and recorded in
// the result, through the shapes' table alone.
import { performance } from 'node:perf_hooks';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { planFromObject } from '../../src/config/load.js';
import { ConfigError } from '../../src/errors/config-error.js';
import { emptyOutcome } from '../../src/load/record.js';
import { runCell } from '../../src/load/run-cell.js';
import { arrivalOffsets } from '../../src/load/schedule.js';
import { ownsRequest, shardLoad } from '../../src/load/shard.js';
import { validateResult } from '../../src/result/validate.js';
import { inFlight, isOpen, resultLoadOf, type LoadPlan } from '../../src/shapes/index.js';
import { syntheticResult } from '../support/synthetic.js';

const FILE = 'llm-perf.yml';
const config = (load: string): string => `target:
  url: http://127.0.0.1:8000
scenarios:
  - name: a
    input_tokens: 4
    output_tokens: 2
loads:
  - burst: ${load}
`;
const planOf = (source: string): ReturnType<typeof planFromObject> => planFromObject(parse(source), { file: FILE, baseDir: '/cfg', source });

function problems(source: string): string[] {
  try {
    planOf(source);
  } catch (e) {
    expect(e).toBeInstanceOf(ConfigError);
    return (e as ConfigError).message.split('\n');
  }
  throw new Error('expected a ConfigError');
}

describe('a burst load', () => {
  it('is written as burst: { size, every_s }, normalised, labelled and planned as an open loop', () => {
    const plan = planOf(config('{ size: 8, every_s: 0.5, max_concurrency: 4 }'));
    expect(plan.config.loads[0]).toEqual({ burst: { size: 8, every_s: 0.5, max_concurrency: 4 } });
    const load = plan.loads[0]!;
    expect(load).toEqual({ shape: 'burst', label: 'burst=8/0.5s,max=4', size: 8, everyMs: 500, maxConcurrency: 4 });
    expect(isOpen(load)).toBe(true);
    expect(inFlight(load)).toBe(4);
    expect(planOf(config('{ size: 2, every_s: 10 }')).loads[0]!.label).toBe('burst=2/10s');
  });

  it('is refused, naming the field, when its size or interval is missing or out of range, or given beside another shape', () => {
    expect(problems(config('{ size: 8 }'))).toEqual(['llm-perf.yml:8:12: loads[0].burst.every_s: is required']);
    expect(problems(config('{ size: 0, every_s: 1 }'))).toEqual(['llm-perf.yml:8:20: loads[0].burst.size: must be an integer >= 1 and <= 100000, got 0']);
    expect(problems(config('{ size: 2, every_s: 1 }\n    rate: 3'))).toEqual(['llm-perf.yml:8:5: loads[0]: give exactly one of concurrency, rate, ramp or burst']);
  });

  it('sends `size` requests at once every every_s, the same schedule every time', () => {
    const load: LoadPlan = { shape: 'burst', label: 'burst=3/0.25s', size: 3, everyMs: 250, maxConcurrency: null };
    expect(Array.from(arrivalOffsets(load, 8, 'x'))).toEqual([0, 0, 0, 250, 250, 250, 500, 500]);
    expect(Array.from(arrivalOffsets(load, 8, 'another seed'))).toEqual(Array.from(arrivalOffsets(load, 8, 'x')));
  });

  it('runs as an open loop: each burst leaves at its time, a cap holds the rest of a burst back', async () => {
    const load: LoadPlan = { shape: 'burst', label: 'burst=4/0.06s,max=2', size: 4, everyMs: 60, maxConcurrency: 2 };
    const inFlightAt: number[] = [];
    let now = 0;
    const run = await runCell({
      load,
      count: 8,
      warmup: 0,
      maxDurationMs: 10_000,
      seedMaterial: 'x',
      maxTokens: () => 1,
      send: async () => {
        inFlightAt.push(++now);
        await new Promise((r) => setTimeout(r, 5));
        now--;
        return emptyOutcome(performance.now());
      },
      cancel: new AbortController().signal,
    });
    expect(run.records).toHaveLength(8);
    const t0 = run.records[0]!.tSched;
    expect(run.records.map((r) => Math.round(r.tSched - t0))).toEqual([0, 0, 0, 0, 60, 60, 60, 60]);
    expect(Math.max(...inFlightAt)).toBe(2);
    expect(run.plannedRps).not.toBeNull();
  });

  it('splits across shards as every open loop does: request j to shard j mod n, the cap shared', () => {
    const load: LoadPlan = { shape: 'burst', label: 'burst=4/1s,max=4', size: 4, everyMs: 1000, maxConcurrency: 4 };
    expect([0, 1, 2, 3, 4, 5].filter((j) => ownsRequest(load, j, { index: 1, count: 2 }))).toEqual([1, 3, 5]);
    expect(shardLoad(load, { index: 1, count: 2 })).toMatchObject({ maxConcurrency: 2 });
  });

  it('is recorded in the result as an open loop at its mean rate, which the result schema accepts', () => {
    const load: LoadPlan = { shape: 'burst', label: 'burst=8/2s', size: 8, everyMs: 2000, maxConcurrency: null };
    const recorded = resultLoadOf(load);
    expect(recorded).toEqual({ kind: 'rate', label: 'burst=8/2s', rate: 4, arrival: 'burst', burstiness: 1, max_concurrency: null });
    const doc = syntheticResult('burst');
    doc.cells[0]!.load = recorded;
    doc.config = { ...doc.config, loads: [{ burst: { size: 8, every_s: 2, max_concurrency: null } }] };
    expect(validateResult(doc)).toEqual([]);
  });
});
