// `llm-perf-gate run`: config -> plan -> measure -> judge (against --baseline,
// else the SLO checks alone) -> table, result file and exit status.
import { resolve } from 'node:path';
import { UsageError } from '../errors/usage-error.js';
import { parseShard } from '../load/shard.js';
import type { ShardRun } from '../run/shard.js';
import { designRun } from '../pipeline/design.js';
import { readPlan } from '../pipeline/judge.js';
import { measure } from '../pipeline/measure.js';
import { measurePort, type Side } from '../pipeline/measure-port.js';
import { DEFAULT_FAIL_ON } from '../pipeline/publish.js';
import { EXIT } from '../pipeline/exit.js';
import { reportVerdict } from '../pipeline/report.js';
import { carryOut, runPaths, type RunPorts } from '../pipeline/run.js';
import { CLI_CHOICES, noStoredBaselines } from './design.js';
import { cliHost } from './host.js';
import type { CliIo } from './io.js';

const NO_BASELINE = 'no --baseline given: only the SLO checks apply';

interface RunArgs {
  config: string | null;
  url: string | null;
  model: string | null;
  out: string;
  baseline: string | null;
  markdown: string | null;
  json: string | null;
  shard: string | null;
  startAt: string | null;
}

/** --shard and --start-at as the run stage takes them; null: the whole plan. */
function shardArgs(shard: string | null, startAt: string | null): ShardRun | null {
  if (shard === null) {
    if (startAt !== null) throw new UsageError('--start-at needs --shard');
    return null;
  }
  const spec = parseShard(shard);
  if (spec === null) throw new UsageError(`--shard wants I/N with 0 <= I < N (e.g. 0/4), got '${shard}'`);
  let at: Date | null = null;
  if (startAt !== null) {
    at = new Date(startAt);
    if (!/^\d{4}-\d{2}-\d{2}T/.test(startAt) || Number.isNaN(at.getTime())) throw new UsageError(`--start-at wants an ISO 8601 time such as 2026-12-01T04:00:00Z, got '${startAt}'`);
  }
  return { spec, startAt: at };
}

export async function runCommand(args: RunArgs, io: CliIo): Promise<number> {
  const { host, release } = cliHost(io, 'the result file');
  try {
    const shard = shardArgs(args.shard, args.startAt);
    if (shard !== null && (args.baseline !== null || args.markdown !== null || args.json !== null)) {
      throw new UsageError("--shard measures a part of the load: merge the shards ('llm-perf-gate merge'), then compare the merged result");
    }
    const plan = await readPlan(host, args);
    if (shard !== null) {
      // A shard is a part of the load: it is measured here and judged once merged, not alone.
      const doc = await measure(host, plan, resolve(io.cwd, args.out), { table: true, shard });
      host.log.out(`result: ${args.out}`);
      return doc.status === 'interrupted' ? EXIT.interrupted : EXIT.ok;
    }
    const design = designRun({
      ...CLI_CHOICES,
      baseline: args.baseline === null ? { kind: 'none', why: NO_BASELINE } : { kind: 'file', path: args.baseline },
      baselineServer: false,
      pairs: 'always',
    });
    const candidate: Side = { url: plan.target.url, model: plan.target.model, readyTimeoutMs: 0, server: null };
    const ports: RunPorts = { measure: measurePort(host, { candidate, baseline: null }, { echoLog: false, passEnv: [], withholdEnv: [] }, { table: true }), baselines: noStoredBaselines };
    const run = await carryOut(host, design, { plan, paths: runPaths(io.cwd, args.out), failOn: DEFAULT_FAIL_ON, requireComplete: false }, ports);
    host.log.out(`result: ${args.out}`);
    if (run.kind === 'interrupted') return EXIT.interrupted;
    const { verdict, baseline } = run;
    // Nothing to judge and nothing asked for: the table above is the whole answer.
    if (baseline.doc === null && verdict.slo.length === 0 && args.markdown === null && args.json === null) return EXIT.ok;
    host.log.out('');
    return await reportVerdict(host, verdict, args, { baseline: baseline.doc, candidate: run.doc });
  } finally {
    release();
  }
}
