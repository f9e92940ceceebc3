// `llm-perf-gate calibrate`: run the matrix as an A/A experiment (the same
// build, more trials) and turn its noise into tolerances and trial counts.
import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Plan } from '../config/plan.js';
import type { CalibrationDoc } from '../gate/calibrate.js';
import { adviseStoredBudget, calibrateRun, calibrationTrials, readPlan } from '../pipeline/judge.js';
import { readResultForGating } from '../result/read.js';
import { budgetTable, renderBudgetMarkdown } from '../report/budget-advice.js';
import { measure } from '../pipeline/measure.js';
import { EXIT } from '../pipeline/exit.js';
import { calibrationTable, renderCalibrationMarkdown } from '../report/calibration.js';
import { UsageError } from '../errors/usage-error.js';
import { cliHost } from './host.js';
import { CALIBRATE_USAGE } from './usage.js';
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
  /** With `candidate`: the two results of an A/A `ab` run, read instead of measuring. */
  baseline: string | null;
  candidate: string | null;
}

async function writeCalibrationFiles(cal: CalibrationDoc, markdown: string | null, json: string | null, cwd: string): Promise<void> {
  if (markdown !== null) await writeFile(resolve(cwd, markdown), renderCalibrationMarkdown(cal));
  if (json !== null) await writeFile(resolve(cwd, json), `${JSON.stringify(cal, null, 1)}\n`);
}

/** `calibrate --baseline A --candidate B`: a sequential budget from the pairs of an A/A paired run; nothing is measured. */
async function budgetCommand(args: CalibrateArgs & { baseline: string; candidate: string }, io: CliIo): Promise<number> {
  const { host, release } = cliHost(io, 'the budget');
  try {
    const [baseline, candidate] = await Promise.all([readResultForGating(resolve(io.cwd, args.baseline)), readResultForGating(resolve(io.cwd, args.candidate))]);
    const advice = await adviseStoredBudget(host, { config: args.config, baseline, candidate, candidateLabel: args.candidate });
    host.log.out(budgetTable(advice));
    if (args.markdown !== null) await writeFile(resolve(io.cwd, args.markdown), renderBudgetMarkdown(advice));
    if (args.json !== null) await writeFile(resolve(io.cwd, args.json), `${JSON.stringify({ schema: 'llm-perf-gate/budget-advice@1', ...advice }, null, 1)}\n`);
    return EXIT.ok;
  } finally {
    release();
  }
}

export async function calibrateCommand(args: CalibrateArgs, io: CliIo): Promise<number> {
  if (args.baseline !== null || args.candidate !== null) {
    if (args.baseline === null || args.candidate === null)
      throw new UsageError(
        `calibrate: --baseline and --candidate go together (the two results of an A/A ab run); got only --${args.baseline === null ? 'candidate' : 'baseline'}\n\n${CALIBRATE_USAGE}`,
      );
    if (args.url !== null || args.model !== null || args.trials !== null)
      throw new UsageError(`calibrate: --baseline/--candidate read an A/A ab run and measure nothing: --url, --model and --trials do not apply\n\n${CALIBRATE_USAGE}`);
    return budgetCommand({ ...args, baseline: args.baseline, candidate: args.candidate }, io);
  }
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
