// Runs a config against a fake server in-process and returns the result document.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { planFromObject } from '../../src/config/load.js';
import type { Plan } from '../../src/config/plan.js';
import type { ResultDoc } from '../../src/result/types.js';
import { runPlan } from '../../src/run/run-plan.js';

export async function tempDir(): Promise<string> {
  return mkdtemp(join(tmpdir(), 'llm-perf-gate-test-'));
}

export function plan(url: string, config: Record<string, unknown>): Plan {
  return planFromObject({ target: { url, ...((config.target as object) ?? {}) }, ...withoutTarget(config) }, { file: null, baseDir: process.cwd() });
}

function withoutTarget(config: Record<string, unknown>): Record<string, unknown> {
  const { target: _t, ...rest } = config;
  return rest;
}

export async function measure(url: string, config: Record<string, unknown>, signal = new AbortController().signal): Promise<{ doc: ResultDoc; outPath: string }> {
  const outPath = join(await tempDir(), 'result.json');
  const doc = await runPlan({ plan: plan(url, config), outPath, cwd: process.cwd(), env: {}, signal });
  return { doc, outPath };
}

/** Config for a single cell of `requests` requests with `output` tokens each. */
export function oneCell(
  load: Record<string, unknown>,
  opts: { requests?: number; trials?: number; warmup?: number; input?: number; output?: number; api?: string; extra?: Record<string, unknown> } = {},
): Record<string, unknown> {
  return {
    target: { api: opts.api ?? 'chat' },
    run: { requests: opts.requests ?? 20, warmup: opts.warmup ?? 0, max_duration_s: 60, trials: opts.trials ?? 1 },
    scenarios: [{ name: 's', input_tokens: opts.input ?? 32, output_tokens: opts.output ?? 20 }],
    loads: [load],
    ...opts.extra,
  };
}
