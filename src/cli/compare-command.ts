// `llm-perf-gate compare`: a candidate result against one baseline result, or
// against several stored runs with their job-to-job noise -> verdict table,
// Markdown report, JSON verdict.
import { resolve } from 'node:path';
import { judgeStored } from '../pipeline/judge.js';
import { reportVerdict } from '../pipeline/report.js';
import { readResultForGating } from '../result/read.js';
import { cliHost } from './host.js';
import type { CliIo } from './io.js';

export const COMPARE_USAGE = `usage: llm-perf-gate compare --baseline A.json [--baseline A2.json ...] --candidate B.json [--config FILE] [--markdown FILE] [--json FILE]

  --baseline FILE   result of the reference run (llm-perf-gate/result@1). Repeat it for the
                    last K runs of the default branch, measured in the candidate's environment:
                    the verdict then weighs their job-to-job noise (3 or more; with fewer,
                    the newest alone, and the report says so; docs/gate.md)
  --candidate FILE  result of the run under test
  --config FILE     take the gate rules from this config (default: the candidate's stored config)
  --markdown FILE   write the Markdown report here
  --json FILE       write the verdict (llm-perf-gate/verdict@1) here

Exit status: 0 pass, warn or inconclusive; 1 fail (a gated regression or a failed SLO check);
2 usage error or an unreadable or invalid result file; 3 the comparison is invalid (the runs did
not do the same work or were not measured properly: the report says why).`;

interface CompareArgs {
  /** One file: the one-run comparison; several: the history design. */
  baselines: string[];
  candidate: string;
  config: string | null;
  markdown: string | null;
  json: string | null;
}

export async function compareCommand(args: CompareArgs, io: CliIo): Promise<number> {
  const { host, release } = cliHost(io, 'the comparison');
  try {
    const baselines = await Promise.all(args.baselines.map((b) => readResultForGating(resolve(io.cwd, b))));
    const candidate = await readResultForGating(resolve(io.cwd, args.candidate));
    const history = baselines.length > 1 ? baselines : [];
    const verdict = await judgeStored(host, { config: args.config, baseline: baselines[0]!, history, candidate, candidateLabel: args.candidate, whyNoBaseline: '' });
    return await reportVerdict(host, verdict, args, { baseline: baselines[0]!, candidate });
  } finally {
    release();
  }
}
