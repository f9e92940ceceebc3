// `llm-perf-gate merge`: shard results (run --shard i/n) -> one result file.
import { resolve } from 'node:path';
import { parseCommandArgs } from './args.js';
import { UsageError } from '../errors/usage-error.js';
import { EXIT } from '../pipeline/exit.js';
import { mergeShards } from '../result/merge.js';
import { readResult } from '../result/read.js';
import { writeResult } from '../result/write.js';
import { resultTable } from '../report/terminal.js';
import { cliLog } from './host.js';
import type { CliIo } from './io.js';

const MERGE_USAGE = `usage: llm-perf-gate merge SHARD.json... --out FILE

  SHARD.json  the result file of every shard, 0 to N-1 (any order)
  --out FILE  the merged result (default: llm-perf-result.json)

Histograms are merged, counts and tokens added, rates taken over the shards'
common window, per-request samples concatenated; each cell keeps every shard's
errors and client self-check. Refuses shards of different plans, seeds or
shard counts, a shard given twice and a missing shard. Compare or gate the
merged file as any result ('compare --candidate FILE').`;

export async function mergeCommand(argv: string[], io: CliIo): Promise<number> {
  const parsed = parseCommandArgs(argv, 'merge', { out: { type: 'string' }, help: { type: 'boolean', short: 'h' } }, MERGE_USAGE, true);
  const log = cliLog(io);
  if (parsed.values.help === true) {
    log.out(MERGE_USAGE);
    return EXIT.ok;
  }
  if (parsed.positionals.length === 0) throw new UsageError(`no shard result files given\n\n${MERGE_USAGE}`);
  const out = typeof parsed.values.out === 'string' ? parsed.values.out : 'llm-perf-result.json';
  const files = await Promise.all(parsed.positionals.map(async (file) => ({ file, doc: await readResult(resolve(io.cwd, file)) })));
  const { doc, warnings } = mergeShards(files);
  for (const w of warnings) log.warn(w);
  await writeResult(resolve(io.cwd, out), doc);
  log.out(`${resultTable(doc, log.columns('out'))}\n`);
  log.out(`merged ${files.length} shards (status ${doc.status}): ${out}`);
  return EXIT.ok;
}
