// `llm-perf-gate compare`: a candidate result against one baseline result, or
// against several stored runs with their job-to-job noise -> verdict table,
// Markdown report, JSON verdict.
import { resolve } from 'node:path';
import { judgeStored } from '../pipeline/judge.js';
import { reportVerdict } from '../pipeline/report.js';
import { readResultForGating } from '../result/read.js';
import { cliHost } from './host.js';
import type { CliIo } from './io.js';

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
