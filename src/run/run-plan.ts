// Runs a whole plan: probe the target, then every scenario x load cell in
// order, writing the result after each cell. Wires workload -> load -> client
// -> metrics -> result; owns no wire format and no statistics itself.
import { relative } from 'node:path';
import { performance } from 'node:perf_hooks';
import { InferenceClient } from '../client/http.js';
import { TargetError } from '../client/errors.js';
import type { RequestRecord } from '../client/record.js';
import type { LoadPlan, Plan, ScenarioPlan } from '../config/plan.js';
import { runCell } from '../load/run-cell.js';
import { computeCellMetrics } from '../metrics/cell.js';
import { RESULT_SCHEMA, type CellResult, type ResultDoc } from '../result/types.js';
import { writeResult } from '../result/write.js';
import { buildCellWorkload, workloadHash } from '../workload/index.js';
import { getTokenizer } from '../workload/tokenizer.js';
import type { WorkItem } from '../workload/synth.js';
import { gitInfo, machineInfo } from './environment.js';
import { assessClient } from './saturation.js';
import { TOOL_VERSION } from '../version.js';

export interface ProgressSink {
  cellStart(index: number, total: number, id: string, requests: number): void;
  requestDone(rec: RequestRecord): void;
  cellEnd(cell: CellResult): void;
  note(message: string): void;
}

export interface RunOptions {
  plan: Plan;
  /** Where the result is written after every cell. */
  outPath: string;
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** Abort (Ctrl-C) stops the run; what was measured is still written. */
  signal: AbortSignal;
  progress?: ProgressSink;
}

/** A problem with how the run was asked for, found before any load was sent. */
export class RunSetupError extends Error {
  override name = 'RunSetupError';
}

export function cellId(scenario: ScenarioPlan, load: LoadPlan): string {
  return `${scenario.name}@${load.label}`;
}

/** Pool size: enough connections for the largest load, so no request waits for a socket. */
export function poolConnections(loads: readonly LoadPlan[]): number | null {
  let most = 1;
  for (const l of loads) {
    const c = l.kind === 'concurrency' ? l.concurrency : l.maxConcurrency;
    if (c === null) return null;
    most = Math.max(most, c);
  }
  return most;
}

export async function runPlan(o: RunOptions): Promise<ResultDoc> {
  const { plan } = o;
  let apiKey: string | null = null;
  if (plan.target.apiKeyEnv !== null) {
    apiKey = o.env[plan.target.apiKeyEnv] ?? null;
    if (!apiKey) {
      throw new RunSetupError(`target.api_key_env names ${plan.target.apiKeyEnv}, but that environment variable is not set or empty`);
    }
  }
  const tokenizer = await getTokenizer(plan.encoding);
  const client = new InferenceClient({
    target: plan.target,
    timeouts: plan.timeouts,
    connections: poolConnections(plan.loads),
    apiKey,
    countTokens: (t) => tokenizer.count(t),
  });

  const doc: ResultDoc = {
    schema: RESULT_SCHEMA,
    tool: { name: 'llm-perf-gate', version: TOOL_VERSION },
    status: 'running',
    error: null,
    started_at: new Date().toISOString(),
    finished_at: null,
    config: plan.config,
    config_hash: plan.configHash,
    workload_hash: null,
    target: null,
    machine: machineInfo(),
    git: await gitInfo(o.cwd, o.env),
    cells: [],
  };

  try {
    const info = await client.serverInfo();
    const model = plan.target.model ?? info.models[0];
    if (model === undefined) {
      throw new TargetError('the server lists no models; set target.model or --model', 'GET', `${plan.target.url}/v1/models`);
    }
    if (plan.target.model !== null && !info.models.includes(plan.target.model)) {
      o.progress?.note(`model '${plan.target.model}' is not in /v1/models (${info.models.join(', ') || 'none'}); sending it anyway`);
    }
    doc.target = {
      url: plan.target.url,
      api: plan.target.api,
      model,
      models: info.models,
      server_headers: info.headers,
      system_fingerprint: null,
      model_entries: info.modelEntries,
    };
    await writeResult(o.outPath, doc);

    const hashed: { cell: string; items: readonly WorkItem[] }[] = [];
    const total = plan.scenarios.length * plan.loads.length;
    let index = 0;
    for (const scenario of plan.scenarios) {
      for (const load of plan.loads) {
        if (o.signal.aborted) break;
        const id = cellId(scenario, load);
        const count = plan.limits.warmup + plan.limits.requests;
        const items = await buildCellWorkload(plan, scenario, load, count);
        hashed.push({ cell: id, items });
        // Serialise bodies before the clock starts: JSON.stringify of a long
        // prompt must not sit between t_sched and t_send.
        const bodies = items.map((it) => client.body(it, model));
        o.progress?.cellStart(index++, total, id, plan.limits.requests);
        const startedAt = new Date().toISOString();
        const t0 = performance.now();
        const run = await runCell({
          load,
          count,
          warmup: plan.limits.warmup,
          maxDurationMs: plan.limits.maxDurationS * 1000,
          seedMaterial: `${plan.seed}|${scenario.name}`,
          maxTokens: (i) => items[i]!.maxTokens,
          send: (i, rec, cancel) => client.stream(items[i]!, bodies[i]!, rec, cancel),
          cancel: o.signal,
          onDone: (rec) => o.progress?.requestDone(rec),
        });
        const metrics = computeCellMetrics(run.records, plan.slos, run.notSent);
        const lags = [...run.dispatchLagMs].sort((a, b) => a - b);
        const lagP99 = lags.length > 0 ? lags[Math.min(lags.length - 1, Math.ceil(0.99 * lags.length) - 1)]! : null;
        const fp = run.records.find((r) => r.systemFingerprint !== null)?.systemFingerprint;
        if (fp && doc.target.system_fingerprint === null) doc.target.system_fingerprint = fp;
        const cell: CellResult = {
          id,
          scenario: {
            name: scenario.name,
            input_tokens: scenario.inputTokens,
            output_tokens: scenario.outputTokens,
            shared_prefix_tokens: scenario.sharedPrefixTokens,
            // Relative, so the result carries no machine paths.
            dataset: scenario.dataset === null ? null : relative(o.cwd, scenario.dataset),
          },
          load:
            load.kind === 'concurrency'
              ? { kind: 'concurrency', label: load.label, concurrency: load.concurrency }
              : { kind: 'rate', label: load.label, rate: load.rate, arrival: load.arrival, burstiness: load.burstiness, max_concurrency: load.maxConcurrency },
          status: run.stoppedBy === 'interrupt' ? 'interrupted' : run.stoppedBy === 'duration' ? 'duration-limit' : 'complete',
          workload_hash: workloadHash([{ cell: id, items }]),
          started_at: startedAt,
          duration_s: Math.round(performance.now() - t0) / 1000,
          metrics,
          client: assessClient(load, metrics, run.loopDelay, lagP99, run.plannedRps),
        };
        doc.cells.push(cell);
        doc.workload_hash = workloadHash(hashed);
        await writeResult(o.outPath, doc);
        o.progress?.cellEnd(cell);
      }
    }
    doc.status = o.signal.aborted ? 'interrupted' : 'complete';
    if (o.signal.aborted) doc.error = 'interrupted before the matrix finished';
  } catch (err) {
    doc.status = 'failed';
    doc.error = err instanceof Error ? err.message : String(err);
    doc.finished_at = new Date().toISOString();
    // Only a result that holds something is worth a file; a target that was never reached is an error, not a result.
    if (doc.target !== null) await writeResult(o.outPath, doc);
    await client.destroy();
    throw err;
  }
  doc.finished_at = new Date().toISOString();
  await writeResult(o.outPath, doc);
  await (o.signal.aborted ? client.destroy() : client.close());
  return doc;
}
