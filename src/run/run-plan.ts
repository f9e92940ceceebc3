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
import { RESULT_SCHEMA, type CellResult, type ResultDoc } from '../result/types.js';
import { assembleCell, type TrialOutcome } from './cell-result.js';
import { writeResult } from '../result/write.js';
import { buildCellWorkload, workloadHash } from '../workload/index.js';
import { getTokenizer } from '../workload/tokenizer.js';
import type { WorkItem } from '../workload/synth.js';
import { gitInfo, machineInfo } from './environment.js';
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

interface CellSlot {
  id: string;
  scenario: ScenarioPlan;
  load: LoadPlan;
  hash: string | null;
  trials: TrialOutcome[];
}

/**
 * Trial t of every cell runs before trial t+1 of any, so slow drift of the
 * machine spreads over all cells instead of landing on the last ones.
 */
async function runMatrix(o: RunOptions, client: InferenceClient, model: string, doc: ResultDoc): Promise<void> {
  const { plan } = o;
  const slots: CellSlot[] = plan.scenarios.flatMap((scenario) =>
    plan.loads.map((load) => ({ id: cellId(scenario, load), scenario, load, hash: null, trials: [] })),
  );
  const firstTrials: { cell: string; items: readonly WorkItem[] }[] = [];
  const total = slots.length * plan.limits.trials;
  let step = 0;
  for (let trial = 0; trial < plan.limits.trials; trial++) {
    for (const slot of slots) {
      if (o.signal.aborted) return;
      const count = plan.limits.warmup + plan.limits.requests;
      const items = await buildCellWorkload(plan, slot.scenario, slot.load, count, trial);
      if (slot.hash === null) {
        slot.hash = workloadHash([{ cell: slot.id, items }]);
        firstTrials.push({ cell: slot.id, items });
        doc.workload_hash = workloadHash(firstTrials);
      }
      // Serialise bodies before the clock starts: JSON.stringify of a long
      // prompt must not sit between t_sched and t_send.
      const bodies = items.map((it) => client.body(it, model));
      const label = plan.limits.trials > 1 ? `${slot.id} (trial ${trial + 1}/${plan.limits.trials})` : slot.id;
      o.progress?.cellStart(step++, total, label, plan.limits.requests);
      const startedAt = new Date().toISOString();
      const t0 = performance.now();
      const run = await runCell({
        load: slot.load,
        count,
        warmup: plan.limits.warmup,
        maxDurationMs: plan.limits.maxDurationS * 1000,
        seedMaterial: `${plan.seed}|${slot.scenario.name}|${trial}`,
        maxTokens: (i) => items[i]!.maxTokens,
        send: (i, rec, cancel) => client.stream(items[i]!, bodies[i]!, rec, cancel),
        cancel: o.signal,
        onDone: (rec) => o.progress?.requestDone(rec),
      });
      slot.trials.push({ index: trial, pair: null, run, startedAt, durationS: Math.round(performance.now() - t0) / 1000 });
      const fp = run.records.find((r) => r.systemFingerprint !== null)?.systemFingerprint;
      if (fp && doc.target !== null && doc.target.system_fingerprint === null) doc.target.system_fingerprint = fp;
      const cell = assembleCell({
        id: slot.id,
        scenario: slot.scenario,
        // Relative, so the result carries no machine paths.
        datasetLabel: slot.scenario.dataset === null ? null : relative(o.cwd, slot.scenario.dataset),
        load: slot.load,
        slos: plan.slos,
        workloadHash: slot.hash,
        trials: slot.trials,
      });
      const at = doc.cells.findIndex((c) => c.id === slot.id);
      if (at >= 0) doc.cells[at] = cell;
      else doc.cells.push(cell);
      await writeResult(o.outPath, doc);
      o.progress?.cellEnd(cell);
    }
  }
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
    ab: null,
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

    await runMatrix(o, client, model, doc);
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
