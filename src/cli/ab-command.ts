// `llm-perf-gate ab`: interleaved A/B on one machine. Both targets run every
// trial of every cell in pairs, in a random order per pair, and the comparison
// uses the paired design, which cancels most of the machine's drift.
import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { RunSetupError } from '../errors/run-setup-error.js';
import { UsageError } from '../errors/usage-error.js';
import { parseBudgetText, planWithBudget } from '../config/budget-text.js';
import type { Plan } from '../config/plan.js';
import type { AbSidePlan } from '../config/plan.js';
import { designRun } from '../pipeline/design.js';
import { readPlan } from '../pipeline/judge.js';
import { measurePort, type Side } from '../pipeline/measure-port.js';
import { DEFAULT_FAIL_ON } from '../pipeline/publish.js';
import { EXIT } from '../pipeline/exit.js';
import { reportVerdict } from '../pipeline/report.js';
import { carryOut, type RunPorts } from '../pipeline/run.js';
import { CLI_CHOICES, noStoredBaselines } from './design.js';
import { cliHost } from './host.js';
import type { CliIo } from './io.js';

interface AbArgs {
  config: string | null;
  outDir: string;
  /** --budget: in place of run.budget; null: the config's. */
  budget: string | null;
  markdown: string | null;
  json: string | null;
}

export async function abCommand(args: AbArgs, io: CliIo): Promise<number> {
  const { host, release } = cliHost(io, 'both result files');
  try {
    const plan = withBudgetFlag(await readPlan(host, { config: args.config }), args.budget);
    const ab = plan.ab;
    if (ab === null || ab.baseline === null || ab.candidate === null) {
      throw new RunSetupError(`${plan.configPath ?? 'the config'} has no 'ab' section naming a baseline and a candidate target: name both (docs/config.md)`);
    }
    const dir = resolve(io.cwd, args.outDir);
    await mkdir(dir, { recursive: true });
    // The config's `ab` sides in the words the action's inputs map onto too (src/pipeline/measure-port.ts).
    const side = (role: 'baseline' | 'candidate', s: AbSidePlan): Side => ({
      url: s.url,
      model: s.model,
      readyTimeoutMs: s.readyTimeoutMs,
      server: s.serverCommand === null ? null : { command: s.serverCommand, readyUrl: null, logPath: join(dir, `${role}-server.log`), stateKey: null, label: `${role} server` },
    });
    const sides = { baseline: side('baseline', ab.baseline), candidate: side('candidate', ab.candidate) };
    const policy = { echoLog: false, passEnv: [], withholdEnv: plan.target.apiKeyEnv === null ? [] : [plan.target.apiKeyEnv] };
    const ports: RunPorts = { measure: measurePort(host, sides, policy), baselines: noStoredBaselines };
    const design = designRun({ ...CLI_CHOICES, baseline: { kind: 'none', why: '' }, baselineServer: true, pairs: 'always' });
    const paths = { baseline: join(dir, 'baseline.json'), candidate: join(dir, 'candidate.json'), confirm: join(dir, 'confirm.json') };
    const run = await carryOut(host, design, { plan, paths, failOn: DEFAULT_FAIL_ON, requireComplete: false }, ports);
    if (run.kind === 'interrupted') return EXIT.interrupted;
    host.log.out(`results: ${paths.baseline}, ${paths.candidate}\n`);
    return await reportVerdict(host, run.verdict, args, { baseline: run.baseline.doc, candidate: run.doc });
  } finally {
    release();
  }
}

/** The plan with --budget's budget; a text that is not one, or fewer pairs than run.trials, is a usage error naming the flag. */
function withBudgetFlag(plan: Plan, text: string | null): Plan {
  if (text === null) return plan;
  try {
    return planWithBudget(plan, parseBudgetText(text));
  } catch (err) {
    throw new UsageError(`--budget ${(err as Error).message}`);
  }
}
