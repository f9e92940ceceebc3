// `llm-perf-gate calibrate`: run the matrix as an A/A experiment (the same
// build, more trials) and turn its noise into tolerances and trial counts.
import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Plan } from '../config/plan.js';
import type { CalibrationDoc } from '../gate/calibrate.js';
import { calibrateRun, calibrationTrials, DEFAULT_CALIBRATION_TRIALS, MIN_CALIBRATION_TRIALS, readPlan } from '../pipeline/judge.js';
import { measure } from '../pipeline/measure.js';
import { EXIT } from '../pipeline/report.js';
import { calibrationTable, renderCalibrationMarkdown } from '../report/calibration.js';
import { cliHost } from './host.js';
import type { CliIo } from './io.js';

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

interface CalibrateArgs {
  config: string | null;
  url: string | null;
  model: string | null;
  /** As given on the command line; null: the default. */
  trials: string | null;
  out: string;
  markdown: string | null;
  json: string | null;
}

async function writeCalibrationFiles(cal: CalibrationDoc, markdown: string | null, json: string | null, cwd: string): Promise<void> {
  if (markdown !== null) await writeFile(resolve(cwd, markdown), renderCalibrationMarkdown(cal));
  if (json !== null) await writeFile(resolve(cwd, json), `${JSON.stringify(cal, null, 1)}\n`);
}

export async function calibrateCommand(args: CalibrateArgs, io: CliIo): Promise<number> {
  const { host, release } = cliHost(io, 'the result file');
  try {
    const plan = await readPlan(host, args);
    const trials = calibrationTrials(args.trials, plan);
    // The plan is frozen: a new one with only the trial count changed.
    const calPlan: Plan = { ...plan, limits: { ...plan.limits, trials } };
    host.log.info(`calibrate: ${trials} trials per cell (run.trials is ${plan.limits.trials})`);
    // The calibration table below is the answer; the raw figures stay in the result file.
    const doc = await measure(host, calPlan, resolve(io.cwd, args.out), { table: false });
    const cal = calibrateRun(doc, plan, args.out);
    host.log.out(`\n${calibrationTable(cal)}\n\nresult: ${args.out}`);
    await writeCalibrationFiles(cal, args.markdown, args.json, io.cwd);
    if (args.markdown) host.log.out(`report: ${args.markdown}`);
    if (args.json) host.log.out(`calibration: ${args.json}`);
    return doc.status === 'interrupted' ? EXIT.interrupted : EXIT.ok;
  } finally {
    release();
  }
}
