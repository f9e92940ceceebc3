// `llm-perf-gate calibrate`: run the matrix as an A/A experiment (the same
// build, more trials) and turn its noise into tolerances and trial counts.
import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Plan } from '../config/plan.js';
import type { CalibrationDoc } from '../gate/calibrate.js';
import { calibrateRun, calibrationTrials, readPlan } from '../pipeline/judge.js';
import { measure } from '../pipeline/measure.js';
import { EXIT } from '../pipeline/exit.js';
import { calibrationTable, renderCalibrationMarkdown } from '../report/calibration.js';
import { cliHost } from './host.js';
import type { CliIo } from './io.js';


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
