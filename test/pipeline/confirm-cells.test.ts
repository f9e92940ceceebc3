// Confirm before failing, the cut plan: a failing trace cell (name@trace) is
// measured again like any other, and a load-based cell keeps only its own
// scenario and load. (A cell id that the plan cannot make again used to cut
// the plan to nothing for a trace.)
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { planFromObject } from '../../src/config/load.js';
import type { Plan } from '../../src/config/plan.js';
import { confirmByRepeat } from '../../src/pipeline/confirm.js';
import { hostLog } from '../../src/pipeline/host.js';
import { systemClock } from '../../src/util/clock.js';
import { syntheticResult } from '../support/synthetic.js';

const plan = planFromObject(
  {
    target: { url: 'http://127.0.0.1:8000' },
    scenarios: [
      { name: 'replay', trace: { file: 'traces/chat.mooncake.jsonl', format: 'mooncake', block_tokens: 64 } },
      { name: 'chat', input_tokens: 64, output_tokens: 16 },
    ],
    loads: [{ concurrency: 2 }, { concurrency: 8 }],
  },
  { file: 'examples/x.yml', baseDir: resolve('examples') },
);

const host = {
  log: hostLog({ write: () => undefined }),
  signal: new AbortController().signal,
  clock: systemClock,
  cwd: process.cwd(),
  env: {},
  setOutput: () => undefined,
  saveState: () => undefined,
  summary: async () => undefined,
};

async function cutFor(cells: string[]): Promise<Plan> {
  let asked: Plan | null = null;
  const doc = syntheticResult('c');
  await confirmByRepeat(host, {
    plan,
    baseline: doc,
    candidate: doc,
    first: { cells: [], verdict: 'fail', summary: { regressed: 0, improved: 0, unchanged: 0, warn: 0, inconclusive: 0, invalid_cells: 0, slo_failed: 0 }, reasons: [] } as never,
    cells,
    outPath: '/tmp/unused.json',
    measure: async (p) => {
      asked = p;
      return doc;
    },
  }).catch(() => undefined); // the canned doc settles nothing: only the plan asked for matters here
  return asked!;
}

describe('the confirmation plan', () => {
  it('keeps a failing trace cell, and no load-based cell of other scenarios', async () => {
    const p = await cutFor(['replay@trace']);
    expect(p.scenarios.map((s) => s.name)).toEqual(['replay']);
    expect(p.loads).toEqual([]);
  });

  it('keeps a failing load-based cell with its own load only', async () => {
    const p = await cutFor(['chat@c=8']);
    expect(p.scenarios.map((s) => s.name)).toEqual(['chat']);
    expect(p.loads.map((l) => l.label)).toEqual(['c=8']);
  });
});
