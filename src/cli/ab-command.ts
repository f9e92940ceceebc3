// `llm-perf-gate ab`: interleaved A/B on one machine. Both targets run every
// trial of every cell in pairs, in a random order per pair, and the comparison
// uses the paired design, which cancels most of the machine's drift.
import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { loadPlan } from '../config/load.js';
import type { AbSidePlan } from '../config/plan.js';
import { compare } from '../gate/compare.js';
import { resultTable } from '../report/terminal.js';
import { runAbPlan } from '../run/run-plan.js';
import { startServer, type RunningServer } from '../server/process.js';
import { reportVerdict } from './compare-command.js';
import { EXIT, interruptible, type CliIo } from './io.js';
import { createProgress } from './progress.js';

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

export interface AbArgs {
  config: string | null;
  outDir: string;
  markdown: string | null;
  json: string | null;
}

export async function abCommand(args: AbArgs, io: CliIo): Promise<number> {
  const plan = await loadPlan({ configPath: args.config, cwd: io.cwd, env: io.env });
  if (plan.ab === null) {
    io.stderr.write(`error: ${plan.configPath ?? 'the config'} has no 'ab' section: name a baseline and a candidate target (docs/config.md)\n`);
    return EXIT.usage;
  }
  const dir = resolve(io.cwd, args.outDir);
  await mkdir(dir, { recursive: true });
  const servers: RunningServer[] = [];
  const { signal, release } = interruptible(io, 'both result files');
  try {
    for (const [side, s] of [['baseline', plan.ab.baseline], ['candidate', plan.ab.candidate]] as [string, AbSidePlan][]) {
      if (s.serverCommand === null) continue;
      io.stderr.write(`starting the ${side} server: ${s.serverCommand}\n`);
      servers.push(
        await startServer({
          command: s.serverCommand,
          cwd: io.cwd,
          env: { ...io.env },
          logPath: join(dir, `${side}-server.log`),
          readyUrl: null,
          baseUrl: s.url,
          model: s.model,
          readyTimeoutMs: s.readyTimeoutMs,
        }),
      );
    }
    const outPaths = { baseline: join(dir, 'baseline.json'), candidate: join(dir, 'candidate.json') };
    const { baseline, candidate } = await runAbPlan({ plan, outPaths, cwd: io.cwd, env: io.env, signal, progress: createProgress(io.stderr) });
    io.stdout.write(`\nbaseline:\n${resultTable(baseline)}\n\ncandidate:\n${resultTable(candidate)}\n`);
    if (candidate.status === 'interrupted') return EXIT.interrupted;
    io.stdout.write(`\nresults: ${outPaths.baseline}, ${outPaths.candidate}\n\n`);
    return await reportVerdict(compare(baseline, candidate, plan.gate), args, io);
  } finally {
    release();
    for (const s of servers) await s.stop();
  }
}
