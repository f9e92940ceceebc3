// Runs a whole plan: probe the target, then every scenario x load cell, trial
// by trial, writing the result after each cell. An A/B plan runs the same
// matrix on two targets, each trial of each cell as a pair in a random order.
// Wires workload -> load -> client -> metrics -> result; owns no wire format
// and no statistics itself.
import { randomUUID } from 'node:crypto';
import { relative } from 'node:path';
import { InferenceClient } from '../client/http.js';
import { contextLimit } from '../client/models.js';
import { RunSetupError } from '../errors/run-setup-error.js';
import { TargetError } from '../errors/target-error.js';
import type { RequestOutcome, RequestRecord } from '../load/record.js';
import type { AbSidePlan, LoadPlan, Plan, ScenarioPlan, TargetPlan } from '../config/plan.js';
import { runCell } from '../load/run-cell.js';
import { runCellWarm } from '../load/warmup.js';
import { RESULT_SCHEMA, type ResultDoc } from '../result/types.js';
import { writeResult } from '../result/write.js';
import { systemClock, type Clock } from '../util/clock.js';
import { createRng } from '../util/rng.js';
import { TOOL_VERSION } from '../version.js';
import { contextOverflow, contextOverflowNote } from '../workload/context.js';
import { promptLengthMap } from './prompt-lengths.js';
import { servedLengthNote, servedLengths } from '../workload/served-lengths.js';
import { workloadHash } from '../workload/index.js';
import type { WorkItem } from '../workload/synth.js';
import { registerSecrets } from '../util/secrets.js';
import { getTokenizer, lazyTokenCounter } from '../workload/tokenizer.js';
import { capacityConnections, runCapacityCells } from './capacity-cells.js';
import { assembleCell, type TrialOutcome } from './cell-result.js';
import { hourlyUsd } from '../config/cost.js';
import { ConversationClient } from '../load/conversation-client.js';
import { runConversationTrial } from './conversation-step.js';
import { machineInfo } from '../telemetry/machine.js';
import { gitInfo } from './environment.js';
import { assertCredentialsAccepted, firstFailuresError } from './refusal.js';
import { FIRST_FAILURES_STOP, FirstFailureWatch } from '../load/first-failures.js';
import { shardLoad, SINGLE } from '../load/shard.js';
import { raiseSchedulingPriority } from './priority.js';
import { openWorkers, type WorkerGroup } from './workers.js';
import { assertShardable, shardInfo, waitForStart, type ShardRun } from './shard.js';
import { telemetryRecorder, type TelemetryRecorder } from './telemetry.js';
import { cellSeedMaterial } from './ramp-cell.js';
import { driverFor, type CellDriver, type Measured, type TrialRunners } from './cell-drivers.js';
import { inFlight, TRACE_LOAD } from '../shapes/index.js';
import type { ProgressSink } from './progress-sink.js';
import { blockedRunCell, interleaver, type Interleaver } from './interleave.js';

export interface RunOptions {
  plan: Plan;
  /** Where the result is written after every cell. */
  outPath: string;
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** Abort (Ctrl-C) stops the run; what was measured is still written. */
  signal: AbortSignal;
  progress?: ProgressSink;
  /** Run only this shard of the plan (`run --shard i/n`), from its agreed start; default: the whole plan at once. */
  shard?: ShardRun;
  /** Servers this tool started for the run, by base URL: their process trees are the server under test, not neighbours. */
  startedServers?: readonly StartedServer[];
  /** What trial and capacity-cell durations, the auto warm-up and telemetry are timed on: the host's clock (default systemClock). */
  clock?: Clock;
  /** Sequential measurement (src/gate/sequential.ts): more rounds of trials after run.trials, while `more` says so. Absent: run.trials rounds. */
  sequential?: SequentialRun;
}

/**
 * After every round from run.trials on (a trial of every cell on every side,
 * the results written), `more` is asked whether to run another, with the
 * rounds so far and the results as they stand; at most `last` rounds.
 */
export interface SequentialRun {
  last: number;
  more(trials: number, docs: readonly ResultDoc[]): Promise<boolean> | boolean;
}

export interface StartedServer {
  /** Base URL as the plan names it (target.url or an ab side's url). */
  url: string;
  pid: number;
}

export type AbRole = 'baseline' | 'candidate';

export function cellId(scenario: ScenarioPlan, load: LoadPlan): string {
  return `${scenario.name}@${load.label}`;
}

/** Pool size: enough connections for the largest load, so no request waits for a socket (a trace replay: unbounded). */
function poolConnections(loads: readonly LoadPlan[], scenarios: readonly ScenarioPlan[]): number | null {
  if (scenarios.some((s) => s.trace != null)) return null;
  let most = 1;
  for (const l of loads) {
    const c = inFlight(l);
    if (c === null) return null;
    most = Math.max(most, c);
  }
  return most;
}

/** One target being measured: its client, its result document and its cells' trials so far. */
interface RunSide {
  label: string;
  role: AbRole | null;
  /** False between the blocks of an alternating A/B, while this side's server is down. */
  connected: boolean;
  target: TargetPlan;
  outPath: string;
  client: InferenceClient;
  model: string;
  doc: ResultDoc;
  trials: Map<string, TrialOutcome[]>;
  /** run.workers > 1: the threads that send; null: this thread sends. */
  workers: WorkerGroup | null;
  telemetry: TelemetryRecorder;
  /** Multi-turn cells' client (it keeps the answers' text), opened with the first such cell; closed with `client`. */
  conversation?: ConversationClient;
  /** The side's first finished requests: all refused alike stops the run (src/load/first-failures.ts). */
  firstFailures: FirstFailureWatch;
}

/** The API key the target names (never logged: registered as a secret at once). */
function apiKeyOf(o: RunOptions, target: TargetPlan): string | null {
  let apiKey: string | null = null;
  if (target.apiKeyEnv !== null) {
    apiKey = o.env[target.apiKeyEnv] ?? null;
    if (!apiKey) throw new RunSetupError(`target.api_key_env names ${target.apiKeyEnv}, but that environment variable is not set or empty`);
  }
  registerSecrets([apiKey, ...Object.values(target.headers), o.env.GITHUB_TOKEN]);
  return apiKey;
}

async function newClient(o: RunOptions, target: TargetPlan): Promise<InferenceClient> {
  const { plan } = o;
  const apiKey = apiKeyOf(o, target);
  const counter = lazyTokenCounter(plan.encoding);
  return new InferenceClient({
    target,
    timeouts: plan.timeouts,
    connections: capacityConnections(plan, poolConnections(o.shard === undefined ? plan.loads : plan.loads.map((l) => shardLoad(l, o.shard!.spec)), plan.scenarios)),
    apiKey,
    limits: plan.responseLimits,
    countTokens: counter.count,
    countTokensReady: counter.ready,
  });
}

/** The client of a side's multi-turn cells: the target's options, a pool of its own (src/load/conversation-client.ts). */
async function conversationClient(o: RunOptions, side: RunSide): Promise<ConversationClient> {
  if (side.conversation !== undefined) return side.conversation;
  const tokenizer = await getTokenizer(o.plan.encoding);
  side.conversation = new ConversationClient({
    target: side.target,
    timeouts: o.plan.timeouts,
    limits: o.plan.responseLimits,
    connections: null,
    apiKey: apiKeyOf(o, side.target),
    countTokens: (t) => tokenizer.count(t),
  });
  return side.conversation;
}

/** Closes (or destroys) a side's multi-turn client, if it opened one. */
async function closeConversation(side: RunSide, destroy: boolean): Promise<void> {
  const c = side.conversation;
  side.conversation = undefined;
  if (c !== undefined) await (destroy ? c.destroy() : c.close());
}

/** A side with its client and an empty result; probeSide asks its server what it serves. */
async function createSide(o: RunOptions, target: TargetPlan, outPath: string, label: string, ab: ResultDoc['ab']): Promise<RunSide> {
  const client = await newClient(o, target);
  const { plan } = o;
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
    // Raised before any worker thread starts: threads inherit the priority.
    machine: { ...machineInfo(), priority: raiseSchedulingPriority(o.env) },
    git: await gitInfo(o.cwd, o.env),
    ab,
    cells: [],
  };
  const pids = (o.startedServers ?? []).filter((s) => s.url === target.url).map((s) => s.pid);
  const telemetry = telemetryRecorder(plan.telemetry, target.url, pids, o.clock);
  return { label, role: ab?.side ?? null, connected: true, target, outPath, client, model: '', doc, trials: new Map(), workers: null, telemetry, firstFailures: new FirstFailureWatch() };
}

async function openSide(o: RunOptions, target: TargetPlan, outPath: string, label: string, ab: ResultDoc['ab']): Promise<RunSide> {
  const side = await createSide(o, target, outPath, label, ab);
  await probeSide(o, side);
  return side;
}

/** GET /v1/models: the model to ask for, and what the server says it is; destroys the client when the server does not answer. */
async function probeSide(o: RunOptions, side: RunSide): Promise<void> {
  const { client, target, label, doc } = side;
  let info;
  try {
    info = await client.serverInfo();
  } catch (err) {
    await client.destroy();
    throw err;
  }
  const model = target.model ?? info.models[0];
  if (model === undefined) {
    await client.destroy();
    throw new TargetError('the server lists no models; set target.model or --model', 'GET', `${target.url}/v1/models`);
  }
  if (target.model !== null && !info.models.includes(target.model)) {
    o.progress?.note(
      `${label}model '${target.model}' is not in /v1/models (${info.models.join(', ') || 'none'}); sending it anyway (the run stops if its first ${FIRST_FAILURES_STOP} requests are all refused alike)`,
    );
  }
  if (o.shard !== undefined) doc.shard = shardInfo(o.shard, info.clockOffsetMs);
  if (o.plan.limits.workers > 1 && side.workers === null) {
    const connections = poolConnections(o.plan.loads, o.plan.scenarios);
    side.workers = await openWorkers({ plan: o.plan, target, apiKey: apiKeyOf(o, target), size: o.plan.limits.workers, machine: o.shard?.spec ?? SINGLE, connections }).catch(async (err: unknown) => {
      await client.destroy();
      throw err;
    });
  }
  doc.target = { url: target.url, api: target.api, model, models: info.models, server_headers: info.headers, system_fingerprint: null, model_entries: info.modelEntries };
  side.model = model;
  await side.telemetry.fingerprint(doc);
  await writeResult(side.outPath, doc);
}

/**
 * Between the blocks of an alternating A/B: `before` starts a side's server
 * (and waits until it is ready), `after` stops it. Neither start-up nor a
 * block's warm-up is in the figures.
 */
export interface BlockHooks {
  before(role: AbRole): Promise<void>;
  after(role: AbRole): Promise<void>;
}

interface Cell {
  /** 0-based, in the matrix's order. */
  index: number;
  id: string;
  scenario: ScenarioPlan;
  load: LoadPlan;
  /** What a trial of the cell builds, sends and records (cell-drivers.ts), chosen once. */
  driver: CellDriver;
}

/** What runMatrix keeps across steps: workload hashes and the first trial's items, for the result's workload hash. */
interface MatrixState {
  hashes: Map<string, string>;
  firstTrials: { cell: string; items: readonly WorkItem[] }[];
  total: number;
  step: number;
  cells: number;
}

/**
 * Trial t of every cell runs before trial t+1 of any, so slow drift of the
 * machine spreads over all cells instead of landing on the last ones. With
 * two sides running at once, each (cell, trial) runs on both, in an order
 * drawn from the seed per pair, so neither side always goes first into a warm
 * or tired machine. Alternating (one server at a time), trial t of every cell
 * runs as one block per side, in the order AB, BA, AB, ... (ABBA), so a trend
 * over the job lands on both sides alike.
 */
async function runMatrix(o: RunOptions, sides: readonly RunSide[], blocks: BlockHooks | null, reopen: (side: RunSide) => Promise<void>): Promise<void> {
  const { plan } = o;
  const cells: Cell[] = plan.scenarios.flatMap((scenario) => cellsOf(scenario, plan.loads)).map((c, index) => ({ ...c, index }));
  const m: MatrixState = { hashes: new Map(), firstTrials: [], total: cells.length * plan.limits.trials * sides.length, step: 0, cells: cells.length };
  const last = Math.max(plan.limits.trials, o.sequential?.last ?? plan.limits.trials);
  // target.prompt_lengths: server: the map from the probe requests, before any prompt is built.
  const lengthMap = await promptLengthMap(plan, sides, blocks !== null, (message) => o.progress?.note(message));
  for (let trial = 0; trial < last; trial++) {
    if (trial >= plan.limits.trials) {
      // A sequential run asks after each round whether the data have decided (the judge lives above this layer).
      if (
        o.signal.aborted ||
        !(await o.sequential!.more(
          trial,
          sides.map((s) => s.doc),
        ))
      )
        return;
      m.total += cells.length * sides.length;
    }
    // Both sides of a pair send the very same requests.
    const items = new Map<string, readonly WorkItem[]>();
    for (const cell of cells) {
      const built = await cell.driver.build(plan, trial, lengthMap);
      items.set(cell.id, built);
      if (!m.hashes.has(cell.id)) {
        m.hashes.set(cell.id, workloadHash([{ cell: cell.id, items: built }]));
        m.firstTrials.push({ cell: cell.id, items: built });
      }
    }
    // Before the first request: planned requests over the context length the server states (each would fail with HTTP 400).
    if (trial === 0) noteContextOverflow(o, sides, cells, items);
    if (blocks !== null) {
      for (const side of trial % 2 === 0 ? sides : [...sides].reverse()) {
        if (o.signal.aborted) return;
        await blocks.before(side.role!);
        try {
          await reopen(side);
          for (const cell of cells) {
            if (o.signal.aborted) return;
            await runStep(o, m, side, sides.length > 1, cell, trial, items.get(cell.id)!);
          }
        } finally {
          // The server goes down after its block: its pooled connections are of no use after.
          if (side.connected) await side.client.close();
          await closeConversation(side, false);
          side.connected = false;
          await blocks.after(side.role!);
        }
      }
      continue;
    }
    for (const cell of cells) {
      const order = sides.length > 1 && createRng(`${plan.seed}|ab-order|${trial}|${cell.id}`).next() < 0.5 ? [...sides].reverse() : sides;
      const block = sides.length === 2 ? interleaveBlock(o, sides, cell) : null;
      if (block !== null) {
        if (o.signal.aborted) return;
        // Both sides of the pair at once, taking turns block by block; a side that ends (or fails) frees the other.
        const il = interleaver();
        const steps = order.map(async (side, k) => {
          const who = k as 0 | 1;
          try {
            await runStep(o, m, side, true, cell, trial, items.get(cell.id)!, { il, who, block });
          } finally {
            il.done(who);
          }
        });
        const settled = await Promise.allSettled(steps);
        const failed = settled.find((s) => s.status === 'rejected');
        if (failed !== undefined) throw (failed as PromiseRejectedResult).reason;
        continue;
      }
      for (const side of order) {
        if (o.signal.aborted) return;
        await runStep(o, m, side, sides.length > 1, cell, trial, items.get(cell.id)!);
      }
    }
  }
}

/**
 * The measured requests per block when the two sides of a pair take turns
 * in blocks (interleave.ts), or null when they run whole trials: a closed
 * loop of independent requests sent from this thread, unless ab.interleave
 * says trials. A block is at least 4 requests and 4 per concurrent stream,
 * so that filling and draining the streams at its ends stays a small part
 * of it.
 */
function interleaveBlock(o: RunOptions, sides: readonly RunSide[], cell: Cell): number | null {
  if ((o.plan.ab?.interleave ?? 'blocks') !== 'blocks' || o.shard !== undefined) return null;
  if (!cell.driver.interleaves || sides.some((s) => s.workers !== null)) return null;
  return Math.max(4, 4 * (inFlight(cell.load) ?? 1));
}

/** Says, per side and cell, how many planned requests ask for more than the server's stated context length. */
function noteContextOverflow(o: RunOptions, sides: readonly RunSide[], cells: readonly Cell[], items: ReadonlyMap<string, readonly WorkItem[]>): void {
  for (const side of sides) {
    // An alternating A/B side not yet probed has no entries: nothing is known of it yet.
    const limit = contextLimit(side.doc.target?.model_entries ?? [], side.model);
    if (limit === null) continue;
    for (const cell of cells) {
      const note = contextOverflowNote(cell.id, side.label, contextOverflow(items.get(cell.id) ?? [], limit.tokens), limit);
      if (note !== null) o.progress?.note(note);
    }
  }
}

/** The cells of a scenario: one per load, or for a trace its one replay (`name@trace`), each with its driver. */
function cellsOf(scenario: ScenarioPlan, loads: readonly LoadPlan[]): Omit<Cell, 'index'>[] {
  return (scenario.trace == null ? loads : [TRACE_LOAD]).map((load) => ({ id: cellId(scenario, load), scenario, load, driver: driverFor(scenario, load) }));
}

/** One trial of one cell on one side, the result written after it. */
/** A side's turn in a block-interleaved pair (interleave.ts): whose turn it is, and the block's measured requests. */
interface Turns {
  il: Interleaver;
  who: 0 | 1;
  block: number;
}

async function runStep(o: RunOptions, m: MatrixState, side: RunSide, paired: boolean, cell: Cell, trial: number, items: readonly WorkItem[], turns?: Turns): Promise<void> {
  const { plan } = o;
  side.doc.workload_hash = workloadHash(m.firstTrials);
  const { driver } = cell;
  const counts = driver.counts(plan, items);
  o.progress?.cellStart({
    step: m.step++,
    steps: m.total,
    cell: cell.index,
    cells: m.cells,
    trial,
    trials: Math.max(plan.limits.trials, trial + 1),
    side: side.label,
    id: cell.id,
    ...counts,
  });
  // Started before the clock and stopped after it: telemetry never sits inside the load loop.
  const tel = await side.telemetry.startTrial();
  const startedAt = new Date().toISOString();
  const clock = o.clock ?? systemClock;
  const t0 = clock.now();
  // The run's first requests all refused alike end the cell at once (and the run after it is written); Ctrl-C still ends it too.
  const refused = new AbortController();
  const cellCancel = AbortSignal.any([o.signal, refused.signal]);
  const watch = side.firstFailures;
  const onDone = (rec: RequestRecord): void => {
    o.progress?.requestDone(rec);
    if (watch.add(rec) !== null) refused.abort();
  };
  const send = (i: number, cancel: AbortSignal): Promise<RequestOutcome> => side.client.stream(items[i]!, side.model, cancel);
  // run.workers > 1: the worker threads send this cell's requests; each takes its shard of the plan.
  const plainRun = side.workers === null ? runCell : (opts: Parameters<typeof runCell>[0]) => side.workers!.runCell({ ...opts, model: side.model, items });
  const cellRun = turns === undefined ? plainRun : blockedRunCell(plainRun, turns.il, turns.who, turns.block, clock);
  const runners: TrialRunners = {
    requests: (d) =>
      runCellWarm(
        {
          load: cell.load,
          count: items.length,
          warmup: d.warmup,
          maxDurationMs: plan.limits.maxDurationS * 1000,
          seedMaterial: cellSeedMaterial(plan, cell.scenario, trial),
          maxTokens: (i) => items[i]!.maxTokens,
          send,
          cancel: cellCancel,
          onDone,
          shard: o.shard?.spec,
          clock,
          ...(d.arrivalAt === undefined ? {} : { arrivalAt: d.arrivalAt }),
          ...(d.prepare === true ? { prepare: (i: number) => side.client.prepare(items[i]!, side.model) } : {}),
        },
        cellRun,
      ),
    // Multi-turn sessions run on this thread (their turns wait on each other's answers), shards included.
    sessions: async () => {
      const tokenizer = await getTokenizer(plan.encoding);
      const run = await runConversationTrial({
        plan,
        scenario: cell.scenario,
        load: cell.load,
        items,
        trial,
        client: await conversationClient(o, side),
        model: side.model,
        countTokens: (t) => tokenizer.count(t),
        cancel: cellCancel,
        onDone,
        ...(o.shard === undefined ? {} : { shard: o.shard.spec }),
      });
      return { run, warmup: null };
    },
  };
  let measured: Measured;
  try {
    measured = await driver.run(runners, items, plan);
  } catch (err) {
    // The GPU sampler is a child process: never leave it running behind a failed trial.
    await side.telemetry.stopTrial(tel, []);
    throw err;
  }
  const { run, warmup } = measured;
  // Worker threads tell each request's status as it ends (their progress notes), as this thread's requests do.
  const stop = watch.stopped ?? watch.cellEnded();
  // After a cell's first trial: prompt lengths as the server counted them against those asked (another tokenizer, a chat template).
  if (trial === 0 && driver.checksServedLengths(plan)) {
    const pairs = run.records.filter((r) => !r.warmup && r.failure === null && r.tokenSource === 'server').map((r) => ({ asked: items[r.index]!.inputTokens, served: r.nIn }));
    const note = servedLengthNote(cell.id, side.label, servedLengths(pairs), side.target.api);
    if (note !== null) o.progress?.note(note);
  }
  if (turns !== undefined) {
    turns.il.done(turns.who);
    await turns.il.bothDone();
  }
  // Interleaved, the side's own time is the sum of its blocks; the other side's turns are not in it.
  const durationS = Math.round('activeMs' in run && typeof run.activeMs === 'number' ? run.activeMs : clock.now() - t0) / 1000;
  const telemetry = await side.telemetry.stopTrial(tel, run.records);
  const trials = side.trials.get(cell.id) ?? [];
  side.trials.set(cell.id, trials);
  trials.push({ index: trial, pair: paired ? trial : null, run, startedAt, durationS, warmup, ...(telemetry ? { telemetry } : {}), ...(turns === undefined ? {} : { blockRequests: turns.block }) });
  const fp = run.records.find((r) => r.systemFingerprint !== null)?.systemFingerprint;
  if (fp && side.doc.target !== null && side.doc.target.system_fingerprint === null) side.doc.target.system_fingerprint = fp;
  const extras = await driver.extras({ plan, firstItems: m.firstTrials.find((f) => f.cell === cell.id)!.items, items, trials, cwd: o.cwd, shard: o.shard?.spec });
  const assembled = assembleCell({
    id: cell.id,
    scenario: cell.scenario,
    // Relative, so the result carries no machine paths.
    datasetLabel: cell.scenario.dataset === null ? null : relative(o.cwd, cell.scenario.dataset),
    load: cell.load,
    ...(extras.arrivalTimes === undefined ? {} : { arrivalTimes: extras.arrivalTimes }),
    slos: plan.slos,
    workloadHash: m.hashes.get(cell.id)!,
    trials,
    // The first trial's measured requests: every trial asks for the same lengths.
    lengths: extras.lengths,
    conversation: plan.config.scenarios.find((s) => s.name === cell.scenario.name)?.conversation ?? null,
    trace: extras.trace,
    hourlyUsd: plan.config.cost === undefined ? null : hourlyUsd(plan.config.cost),
  });
  const result = extras.ramp === undefined ? assembled : { ...assembled, ramp: extras.ramp };
  const at = side.doc.cells.findIndex((c) => c.id === cell.id);
  if (at >= 0) side.doc.cells[at] = result;
  else side.doc.cells.push(result);
  await writeResult(side.outPath, side.doc);
  o.progress?.cellEnd(result, side.label);
  // apiKeyOf refused an empty key variable before any request: a configured key was sent.
  const keyState = side.target.apiKeyEnv === null ? 'none' : 'sent';
  if (stop !== null) throw firstFailuresError(stop, { target: side.target, model: side.model, served: side.doc.target?.models ?? [], label: side.label, keyState });
  assertCredentialsAccepted(run.records, side.target, cell.id, keyState);
}

/** Opens every side, runs the matrix, and closes every side whatever happens, writing what was measured. */
async function runSides(o: RunOptions, open: () => Promise<RunSide[]>, blocks: BlockHooks | null = null): Promise<RunSide[]> {
  const machine = o.shard?.spec ?? SINGLE;
  const parts = machine.count * o.plan.limits.workers;
  if (parts > 1) {
    assertShardable(o.plan, { index: 0, count: parts }, o.plan.limits.workers > 1 ? 'shards x workers' : 'shards');
    // The split assumes every part sends the same warm-up count; a steady-state warm-up decides per part.
    if (o.plan.limits.warmup === 'auto') throw new RunSetupError('run.warmup auto cannot be split across shards or workers: set a warm-up count');
    if (blocks !== null) throw new RunSetupError('ab.schedule alternate cannot run with shards or workers');
  }
  const sides = await open();
  const late = await waitForStart(o.shard?.startAt ?? null, o.signal);
  if (late > 1000) o.progress?.note(`started ${(late / 1000).toFixed(1)} s after --start-at`);
  // Alternating: a side's server is up only for its block; a fresh client each block, and the first block asks the server what it serves.
  const reopen = async (side: RunSide): Promise<void> => {
    if (!side.connected) side.client = await newClient(o, side.target);
    side.connected = true;
    if (side.model === '') await probeSide(o, side);
  };
  try {
    await runMatrix(o, sides, blocks, reopen);
    if (blocks === null) await runCapacityCells(o, sides);
    else {
      // One server at a time: each side's capacity cells in a block of their own.
      for (const side of sides) {
        if (o.signal.aborted || (o.plan.config.capacity ?? []).length === 0) break;
        await blocks.before(side.role!);
        try {
          await reopen(side);
          await runCapacityCells(o, [side]);
        } finally {
          if (side.connected) await side.client.close();
          side.connected = false;
          await blocks.after(side.role!);
        }
      }
    }
  } catch (err) {
    for (const s of sides) {
      s.doc.status = 'failed';
      s.doc.error = err instanceof Error ? err.message : String(err);
      s.doc.finished_at = new Date().toISOString();
      await writeResult(s.outPath, s.doc);
      if (s.connected) await s.client.destroy();
      await closeConversation(s, true);
      await s.workers?.close(true);
    }
    throw err;
  }
  for (const s of sides) {
    // A cell interrupted before all its trials ran is not complete, even if each trial it ran was.
    if (o.signal.aborted) for (const c of s.doc.cells) if (c.trials.length < o.plan.limits.trials) c.status = 'interrupted';
    s.doc.status = o.signal.aborted ? 'interrupted' : 'complete';
    if (o.signal.aborted) s.doc.error = 'interrupted before the matrix finished';
    s.doc.finished_at = new Date().toISOString();
    await writeResult(s.outPath, s.doc);
    if (s.connected) await (o.signal.aborted ? s.client.destroy() : s.client.close());
    await closeConversation(s, o.signal.aborted);
    await s.workers?.close(o.signal.aborted);
  }
  return sides;
}

export async function runPlan(o: RunOptions): Promise<ResultDoc> {
  const [side] = await runSides(o, async () => [await openSide(o, o.plan.target, o.outPath, '', null)]);
  return side!.doc;
}

export interface AbRunOptions extends Omit<RunOptions, 'outPath'> {
  outPaths: { baseline: string; candidate: string };
  /** The two servers; default: the plan's `ab` section. */
  sides?: { baseline: AbSidePlan; candidate: AbSidePlan };
  /** Required by the alternate schedule: starts and stops a side's server around its block. */
  blocks?: BlockHooks;
}

/**
 * Interleaved A/B: each trial of each cell runs on both sides, as a pair;
 * both results carry one run id, which is what makes the gate pair them.
 * The plan's ab.schedule says whether both servers are up at once or one at a time.
 */
export async function runAbPlan(o: AbRunOptions): Promise<{ baseline: ResultDoc; candidate: ResultDoc }> {
  const ab = o.sides ?? (o.plan.ab?.baseline && o.plan.ab.candidate ? { baseline: o.plan.ab.baseline, candidate: o.plan.ab.candidate } : null);
  if (ab === null) throw new RunSetupError("the config has no 'ab' section naming a baseline and a candidate target");
  const alternate = o.plan.ab?.schedule === 'alternate';
  if (alternate && o.blocks === undefined) throw new RunSetupError('ab.schedule alternate needs a way to start and stop each server per block');
  const runId = randomUUID();
  // Both results say how the run looked at its pairs, so every later comparison of them judges at the levels it stopped by.
  const lastLook = o.sequential?.last ?? o.plan.limits.trials;
  const looks = lastLook > o.plan.limits.trials ? { looks: { first: o.plan.limits.trials, last: lastLook } } : {};
  const target = (s: AbSidePlan): TargetPlan => ({ ...o.plan.target, url: s.url, model: s.model ?? o.plan.target.model });
  const opts: RunOptions = { ...o, outPath: o.outPaths.candidate };
  // Alternating, neither server is up yet: each side is probed in its first block.
  const open = alternate ? createSide : openSide;
  const [baseline, candidate] = await runSides(
    opts,
    async () => {
      const b = await open(opts, target(ab.baseline), o.outPaths.baseline, '[baseline] ', { run_id: runId, side: 'baseline', ...looks });
      try {
        return [b, await open(opts, target(ab.candidate), o.outPaths.candidate, '[candidate] ', { run_id: runId, side: 'candidate', ...looks })];
      } catch (err) {
        await b.client.destroy();
        await b.workers?.close(true);
        throw err;
      }
    },
    alternate ? o.blocks! : null,
  );
  return { baseline: baseline!.doc, candidate: candidate!.doc };
}
