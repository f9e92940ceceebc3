// `llm-perf-gate run`: config -> plan -> run -> table + result file.
import { resolve } from 'node:path';
import { loadPlan } from '../config/load.js';
import { resultTable } from '../report/terminal.js';
import { runPlan } from '../run/run-plan.js';
import { compare } from '../gate/compare.js';
import { readResult } from '../result/read.js';
import { reportVerdict } from './compare-command.js';
import { createProgress } from './progress.js';
import { EXIT, interruptible, type CliIo } from './io.js';

export const RUN_USAGE = `usage: llm-perf-gate run [--config FILE] [--url URL] [--model NAME] [--out FILE]
                        [--baseline FILE [--markdown FILE] [--json FILE]]

  --config FILE    workload config (default: ./llm-perf.yml, else a built-in one-scenario matrix)
  --url URL        target base URL, overrides target.url (e.g. http://127.0.0.1:8000)
  --model NAME     model id, overrides target.model (default: first id of GET /v1/models)
  --out FILE       result file (default: llm-perf-result.json)
  --baseline FILE  after the run, compare with this result (as 'compare' does)
  --markdown FILE  with --baseline: write the Markdown report here
  --json FILE      with --baseline: write the verdict here

Exit status: 0 the run completed (failed requests are data; with --baseline: pass, warn
or inconclusive), 1 with --baseline: fail, 2 bad config or usage, or the target could not
be reached, 3 with --baseline: the comparison is invalid, 130 interrupted (the result
holds what was measured).`;

export interface RunArgs {
  config: string | null;
  url: string | null;
  model: string | null;
  out: string;
  baseline: string | null;
  markdown: string | null;
  json: string | null;
}

export async function runCommand(args: RunArgs, io: CliIo): Promise<number> {
  const plan = await loadPlan({ configPath: args.config, cwd: io.cwd, url: args.url, model: args.model, env: io.env });
  // Read the baseline first: a bad baseline file should stop us before minutes of load, not after.
  const baseline = args.baseline === null ? null : await readResult(resolve(io.cwd, args.baseline));
  const outPath = resolve(io.cwd, args.out);
  const { signal, release } = interruptible(io, 'the result file');
  try {
    const doc = await runPlan({ plan, outPath, cwd: io.cwd, env: io.env, signal, progress: createProgress(io.stderr) });
    io.stdout.write(`\n${resultTable(doc)}\n\nresult: ${args.out}\n`);
    if (doc.status === 'interrupted') return EXIT.interrupted;
    if (baseline === null) return EXIT.ok;
    io.stdout.write('\n');
    return await reportVerdict(compare(baseline, doc, plan.gate), args, io);
  } finally {
    release();
  }
}
