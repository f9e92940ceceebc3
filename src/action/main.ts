// The action's orchestrator: inputs -> plan -> run -> outputs. The only layer
// besides cli/ that knows how it is invoked; the engine below is shared.
import { resolve } from 'node:path';
import * as core from '@actions/core';
import { loadPlan } from '../config/load.js';
import { resultTable } from '../report/terminal.js';
import { runPlan, type ProgressSink } from '../run/run-plan.js';
import { INPUTS, OUTPUTS } from './constants.js';

export async function run(): Promise<void> {
  try {
    const cwd = process.env.GITHUB_WORKSPACE ?? process.cwd();
    const optional = (name: string): string | null => core.getInput(name).trim() || null;
    const plan = await loadPlan({
      configPath: optional(INPUTS.config),
      cwd,
      url: optional(INPUTS.url),
      model: optional(INPUTS.model),
      env: process.env,
    });
    const outRel = optional(INPUTS.out) ?? 'llm-perf-result.json';
    const outPath = resolve(cwd, outRel);
    const ac = new AbortController();
    process.once('SIGTERM', () => ac.abort());
    const progress: ProgressSink = {
      cellStart: (i, n, id) => core.info(`cell ${i + 1}/${n} ${id}: started`),
      requestDone: () => undefined,
      cellEnd: (cell) =>
        core.info(`${cell.id}: ${cell.metrics.counts.completed}/${cell.metrics.counts.attempted} ok, ${cell.metrics.rps.toFixed(2)} req/s`),
      note: (m) => core.notice(m),
    };
    const doc = await runPlan({ plan, outPath, cwd, env: process.env, signal: ac.signal, progress });
    core.info(resultTable(doc));
    core.setOutput(OUTPUTS.resultPath, outPath);
    if (doc.status !== 'complete') core.setFailed(`run ${doc.status}: ${doc.error ?? ''}`);
  } catch (err) {
    core.setFailed(err instanceof Error ? err.message : String(err));
  }
}
