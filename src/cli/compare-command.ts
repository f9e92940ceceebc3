// `llm-perf-gate compare`: two result files -> verdict table, Markdown report, JSON verdict.
import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { gatePlanFromStored, loadGatePlan } from '../config/load.js';
import type { GatePlan } from '../config/plan.js';
import { compare } from '../gate/compare.js';
import type { Overall, VerdictDoc } from '../gate/verdict.js';
import { renderMarkdown } from '../report/markdown.js';
import { verdictTable } from '../report/verdict-table.js';
import { readResult } from '../result/read.js';
import type { ResultDoc } from '../result/types.js';
import { EXIT, type CliIo } from './io.js';

export const COMPARE_USAGE = `usage: llm-perf-gate compare --baseline A.json --candidate B.json [--config FILE] [--markdown FILE] [--json FILE]

  --baseline FILE   result of the reference run (llm-perf-gate/result@1)
  --candidate FILE  result of the run under test
  --config FILE     take the gate rules from this config (default: the candidate's stored config)
  --markdown FILE   write the Markdown report here
  --json FILE       write the verdict (llm-perf-gate/verdict@1) here

Exit status: 0 pass, warn or inconclusive; 1 fail (a gated regression or a failed SLO check);
2 usage error or an unreadable or invalid result file; 3 the comparison is invalid (the runs did
not do the same work or were not measured properly: the report says why).`;

/** Exit status for a verdict: see COMPARE_USAGE. */
export function verdictExit(v: Overall): number {
  return v === 'fail' ? EXIT.fail : v === 'invalid' ? EXIT.invalid : EXIT.ok;
}

export interface CompareArgs {
  baseline: string;
  candidate: string;
  config: string | null;
  markdown: string | null;
  json: string | null;
}

/** The gate rules: from --config, else from the candidate's own stored config. */
export async function gateFor(config: string | null, candidate: ResultDoc, candidatePath: string, cwd: string): Promise<GatePlan> {
  if (config !== null) return loadGatePlan(config, cwd);
  return gatePlanFromStored(candidate.config, `${candidatePath} (stored config)`);
}

/** Prints the verdict table, writes the report and verdict files asked for, and returns the exit status. */
export async function reportVerdict(v: VerdictDoc, files: { markdown: string | null; json: string | null }, io: CliIo): Promise<number> {
  io.stdout.write(`${verdictTable(v)}\n`);
  if (files.markdown !== null) {
    await writeFile(resolve(io.cwd, files.markdown), renderMarkdown(v));
    io.stdout.write(`report: ${files.markdown}\n`);
  }
  if (files.json !== null) {
    await writeFile(resolve(io.cwd, files.json), `${JSON.stringify(v, null, 1)}\n`);
    io.stdout.write(`verdict: ${files.json}\n`);
  }
  return verdictExit(v.verdict);
}

export async function compareCommand(args: CompareArgs, io: CliIo): Promise<number> {
  const base = await readResult(resolve(io.cwd, args.baseline));
  const cand = await readResult(resolve(io.cwd, args.candidate));
  const gate = await gateFor(args.config, cand, args.candidate, io.cwd);
  return reportVerdict(compare(base, cand, gate), args, io);
}
