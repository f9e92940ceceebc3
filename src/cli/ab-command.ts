// `llm-perf-gate ab`: interleaved A/B on one machine. Both targets run every
// trial of every cell in pairs, in a random order per pair, and the comparison
// uses the paired design, which cancels most of the machine's drift.
import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { RunSetupError } from '../errors/run-setup-error.js';
import { judgeRun, readPlan } from '../pipeline/judge.js';
import { measureAbWithServers } from '../pipeline/ab.js';
import type { ServerLaunch } from '../pipeline/measure.js';
import { EXIT, reportVerdict } from '../pipeline/report.js';
import { cliHost } from './host.js';
import type { CliIo } from './io.js';

export const AB_USAGE = `usage: llm-perf-gate ab [--config FILE] [--out-dir DIR] [--markdown FILE] [--json FILE]

Runs the config's matrix on the two targets of its 'ab' section (baseline and
candidate: URLs, optionally with server_command each), every trial of every
cell as a pair in a random order, then compares them with a paired test.

  --config FILE    config with an 'ab' section (default: ./llm-perf.yml)
  --out-dir DIR    where baseline.json, candidate.json and server logs go (default: llm-perf-ab)
  --markdown FILE  write the Markdown report here
  --json FILE      write the verdict here

Exit status as for 'compare': 0 pass, warn or inconclusive; 1 fail; 2 usage, config or
target error; 3 invalid comparison; 130 interrupted.`;

interface AbArgs {
  config: string | null;
  outDir: string;
  markdown: string | null;
  json: string | null;
}

export async function abCommand(args: AbArgs, io: CliIo): Promise<number> {
  const { host, release } = cliHost(io, 'both result files');
  try {
    const plan = await readPlan(host, { config: args.config });
    const ab = plan.ab;
    if (ab === null || ab.baseline === null || ab.candidate === null) {
      throw new RunSetupError(`${plan.configPath ?? 'the config'} has no 'ab' section naming a baseline and a candidate target: name both (docs/config.md)`);
    }
    const dir = resolve(io.cwd, args.outDir);
    await mkdir(dir, { recursive: true });
    const sides = { baseline: ab.baseline, candidate: ab.candidate };
    const launch = (side: 'baseline' | 'candidate'): ServerLaunch | undefined => {
      const s = sides[side];
      if (s.serverCommand === null) return undefined;
      return { label: `${side} server`, command: s.serverCommand, logPath: join(dir, `${side}-server.log`), readyUrl: null, baseUrl: s.url, model: s.model, readyTimeoutMs: s.readyTimeoutMs, echoLog: false, stateKey: null, withholdEnv: plan.target.apiKeyEnv === null ? [] : [plan.target.apiKeyEnv] };
    };
    const outPaths = { baseline: join(dir, 'baseline.json'), candidate: join(dir, 'candidate.json') };
    const { baseline, candidate } = await measureAbWithServers(host, plan, { sides, launches: { baseline: launch('baseline'), candidate: launch('candidate') }, outPaths });
    if (candidate.status === 'interrupted') return EXIT.interrupted;
    host.log.out(`results: ${outPaths.baseline}, ${outPaths.candidate}\n`);
    return await reportVerdict(host, judgeRun(plan, baseline, candidate, ''), args, { baseline, candidate });
  } finally {
    release();
  }
}
