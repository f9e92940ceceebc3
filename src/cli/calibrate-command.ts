// `llm-perf-gate calibrate`: run the matrix as an A/A experiment (the same
// build, more trials) and turn its noise into tolerances and trial counts.
import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { loadPlan } from '../config/load.js';
import type { Plan } from '../config/plan.js';
import { calibrate, DEFAULT_CALIBRATION_TRIALS, MIN_CALIBRATION_TRIALS, type CalibrationDoc } from '../gate/calibrate.js';
import { calibrationTable, renderCalibrationMarkdown } from '../report/calibration.js';
import { RunSetupError } from '../errors/run-setup-error.js';
import { runPlan } from '../run/run-plan.js';
import { createProgress } from './progress.js';
import { EXIT, interruptible, type CliIo } from './io.js';

/** Same bound as run.trials in the config schema. */
const MAX_CALIBRATION_TRIALS = 100;

export const CALIBRATE_USAGE = `usage: llm-perf-gate calibrate [--config FILE] [--url URL] [--model NAME] [--trials N]
                              [--out FILE] [--markdown FILE] [--json FILE]

Runs the workload matrix as an A/A experiment against one target (the same build
on both sides), then reports per cell and metric the noise across trials, what the
gate says when the trials are split into two halves, the smallest regression the
configured run.trials can detect, recommended tolerances (as a gate: snippet for
llm-perf.yml) and the trials the current tolerances need. See docs/calibrate.md.

  --config FILE    workload config (default: ./llm-perf.yml, else the built-in matrix)
  --url URL        target base URL, overrides target.url
  --model NAME     model id, overrides target.model
  --trials N       trials per cell for the calibration run (default: the larger of run.trials
                   and ${DEFAULT_CALIBRATION_TRIALS}; at least ${MIN_CALIBRATION_TRIALS}, so the two halves have 2 each)
  --out FILE       result file of the calibration run (default: llm-perf-calibration-result.json)
  --markdown FILE  write the Markdown report here
  --json FILE      write the calibration (llm-perf-gate/calibration@1) here

Exit status: 0 done, 2 bad config or usage, or the target could not be reached,
130 interrupted (the result file and the calibration hold what was measured).`;

export interface CalibrateArgs {
  config: string | null;
  url: string | null;
  model: string | null;
  /** As given on the command line; null: the default. */
  trials: string | null;
  out: string;
  markdown: string | null;
  json: string | null;
}

/** Trials for the calibration run: --trials, else max(run.trials, DEFAULT_CALIBRATION_TRIALS). */
export function calibrationTrials(given: string | null, plan: Plan): number {
  if (given === null) return Math.max(plan.limits.trials, DEFAULT_CALIBRATION_TRIALS);
  const n = /^\d+$/.test(given.trim()) ? Number(given.trim()) : NaN;
  if (!Number.isInteger(n) || n < MIN_CALIBRATION_TRIALS || n > MAX_CALIBRATION_TRIALS) {
    throw new RunSetupError(
      `--trials must be an integer from ${MIN_CALIBRATION_TRIALS} (two trials in each half of the A/A split) to ${MAX_CALIBRATION_TRIALS}, got ${JSON.stringify(given)}`,
    );
  }
  return n;
}

export async function writeCalibrationFiles(cal: CalibrationDoc, markdown: string | null, json: string | null, cwd: string): Promise<void> {
  if (markdown !== null) await writeFile(resolve(cwd, markdown), renderCalibrationMarkdown(cal));
  if (json !== null) await writeFile(resolve(cwd, json), `${JSON.stringify(cal, null, 1)}\n`);
}

export async function calibrateCommand(args: CalibrateArgs, io: CliIo): Promise<number> {
  const plan = await loadPlan({ configPath: args.config, cwd: io.cwd, url: args.url, model: args.model, env: io.env });
  const trials = calibrationTrials(args.trials, plan);
  // The plan is frozen: a new one with only the trial count changed.
  const calPlan: Plan = { ...plan, limits: { ...plan.limits, trials } };
  const outPath = resolve(io.cwd, args.out);
  const { signal, release } = interruptible(io, 'the result file');
  try {
    io.stderr.write(`calibrate: ${trials} trials per cell (run.trials is ${plan.limits.trials})\n`);
    const doc = await runPlan({ plan: calPlan, outPath, cwd: io.cwd, env: io.env, signal, progress: createProgress(io.stderr) });
    const cal = calibrate(doc, plan.gate, { currentTrials: plan.limits.trials, resultFile: args.out });
    io.stdout.write(`\n${calibrationTable(cal)}\n\nresult: ${args.out}\n`);
    await writeCalibrationFiles(cal, args.markdown, args.json, io.cwd);
    if (args.markdown) io.stdout.write(`report: ${args.markdown}\n`);
    if (args.json) io.stdout.write(`calibration: ${args.json}\n`);
    return doc.status === 'interrupted' ? EXIT.interrupted : EXIT.ok;
  } finally {
    release();
  }
}
