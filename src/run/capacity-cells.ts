// The run stage's capacity cells (docs/capacity.md): per `capacity:` entry
// and per side, a real probe on the side's open client drives the search or
// the sweep; every probed point is written to the result as it lands, so an
// interrupted run keeps the bracket it reached.
import type { InferenceClient } from '../client/http.js';
import { createRealProbe, goodputSlos } from '../capacity/probe.js';
import { searchCapacity, stepRequestsFor } from '../capacity/search.js';
import { parseCapacitySlos } from '../capacity/slo.js';
import { sweepLoads } from '../capacity/sweep.js';
import { loadValue, type ProbedPoint } from '../capacity/types.js';
import { capacityCellId, type NormalCapacity } from '../config/capacity.js';
import { DEFAULTS } from '../config/defaults.js';
import type { Plan, ScenarioPlan } from '../config/plan.js';
import { capacityTerminalLine } from '../report/capacity-cell.js';
import type { CapacityCell, ResultDoc } from '../result/types.js';
import { writeResult } from '../result/write.js';
import { systemClock, type Clock } from '../util/clock.js';
import { buildCellWorkload, workloadHash } from '../workload/index.js';
import type { ProgressSink } from './progress-sink.js';

/** What the run stage has open for one target. */
interface CapacitySide {
  /** '' or '[baseline] ' / '[candidate] '. */
  label: string;
  client: InferenceClient;
  model: string;
  doc: ResultDoc;
  outPath: string;
}

interface CapacityRunOptions {
  plan: Plan;
  signal: AbortSignal;
  progress?: ProgressSink;
  /** What the cells' durations and the search's time budget are read on (default systemClock). */
  clock?: Clock;
}

/**
 * Connections the client pool needs for the capacity cells too: a search
 * may go up to range.max (or the saturation probe's concurrency), and an
 * open loop has no bound. `matrix` is what the matrix's loads need.
 */
export function capacityConnections(plan: Plan, matrix: number | null): number | null {
  let most = matrix;
  for (const c of plan.config.capacity ?? []) {
    if (c.mode === 'rate') return null;
    const top = Math.max(c.range?.max ?? 1, ...(c.sweep ?? []));
    if (most !== null) most = Math.max(most, Math.ceil(top));
  }
  return most;
}

const r3 = (x: number): number => Math.round(x * 1000) / 1000;

function pointLine(p: ProbedPoint): string {
  const load = p.role === 'saturation' ? `saturation probe at c=${loadValue(p.load)}` : `${p.load.kind === 'rate' ? 'rate' : 'concurrency'} ${loadValue(p.load)}`;
  const slos = p.slos.map((j) => `${j.slo}: ${j.value === null ? 'no data' : r3(j.value)}`).join('; ');
  return `${load}: ${p.verdict}${p.verdict === 'undecided' ? ` (leans ${p.leaning})` : ''} after ${p.requests} requests, ${r3(p.rps)} req/s (${slos})`;
}

/** Hash of the prompts a first step sends (its load label aside): two results searched with the same work hash alike. */
async function capacityWorkloadHash(plan: Plan, scenario: ScenarioPlan, id: string, count: number): Promise<string> {
  const items = await buildCellWorkload(plan, scenario, { shape: 'concurrency', label: 'capacity', concurrency: 1 }, count, 0);
  return workloadHash([{ cell: id, items }]);
}

/** Runs every capacity cell of the plan on every side, one side after the other per cell. */
export async function runCapacityCells(o: CapacityRunOptions, sides: readonly CapacitySide[]): Promise<void> {
  const { plan } = o;
  for (const entry of plan.config.capacity ?? []) {
    const scenario = plan.scenarios.find((s) => s.name === entry.scenario);
    // Checked with the config (config/capacity-check.ts); a stored config is not run.
    if (scenario === undefined) throw new Error(`capacity cell names scenario '${entry.scenario}', which the plan does not have`);
    const slos = parseCapacitySlos(entry.slo);
    const requests = entry.requests_per_step ?? stepRequestsFor(slos, plan.gate.confidence);
    // Capacity steps run after the matrix, on a server the matrix warmed: under
    // run.warmup auto, each step takes the default fixed count instead of a steady-state search.
    const warmup = entry.warmup ?? (plan.limits.warmup === 'auto' ? DEFAULTS.warmup : plan.limits.warmup);
    const id = capacityCellId(entry);
    const hash = await capacityWorkloadHash(plan, scenario, id, warmup + requests);
    for (const side of sides) {
      if (o.signal.aborted) return;
      await runOne(o, side, entry, scenario, { id, hash, requests, warmup });
    }
  }
}

async function runOne(o: CapacityRunOptions, side: CapacitySide, entry: NormalCapacity, scenario: ScenarioPlan, c: { id: string; hash: string; requests: number; warmup: number }): Promise<void> {
  const { plan } = o;
  const cell: CapacityCell = {
    id: c.id,
    kind: 'capacity',
    scenario: {
      name: scenario.name,
      input_tokens: scenario.inputTokens,
      output_tokens: scenario.outputTokens,
      shared_prefix_tokens: scenario.sharedPrefixTokens,
      dataset: plan.config.scenarios.find((s) => s.name === scenario.name)?.dataset ?? null,
    },
    mode: entry.mode,
    slo: [...entry.slo],
    status: 'running',
    workload_hash: c.hash,
    started_at: new Date().toISOString(),
    duration_s: 0,
    points: [],
    search: null,
    sweep: null,
  };
  const cells = (side.doc.capacity ??= []);
  const at = cells.findIndex((x) => x.id === c.id);
  if (at >= 0) cells[at] = cell;
  else cells.push(cell);
  const clock = o.clock ?? systemClock;
  const t0 = clock.now();
  const tag = `${side.label}${c.id}`;
  o.progress?.info?.(`${tag}: ${entry.sweep === null ? 'capacity search' : 'sweep'} within ${entry.slo.join(', ')}, ${c.requests} requests per step`);
  // Writes are chained: onPoint is synchronous, and two writes of one file must not overlap.
  let writing = writeResult(side.outPath, side.doc);
  const onPoint = (p: ProbedPoint): void => {
    cell.points.push(p);
    cell.duration_s = Math.round(clock.now() - t0) / 1000;
    o.progress?.info?.(`${tag}: ${pointLine(p)}`);
    writing = writing.then(() => writeResult(side.outPath, side.doc));
  };
  const probe = createRealProbe({
    plan,
    scenario,
    target: { client: side.client, model: side.model },
    goodput: goodputSlos(parseCapacitySlos(entry.slo)),
    warmup: c.warmup,
    maxStepMs: plan.limits.maxDurationS * 1000,
    arrival: { kind: 'poisson', burstiness: 1 },
    cancel: o.signal,
  });
  // Ctrl-C reads as the end of the time budget: no further step starts, and
  // the search summarises the bracket it reached (the step cut short keeps
  // the requests it completed).
  const now = (): number => (o.signal.aborted ? Infinity : clock.now());
  const common = { probe, slos: entry.slo, mode: entry.mode, level: plan.gate.confidence, requestsPerStep: c.requests, maxRequestsPerStep: entry.max_requests_per_step ?? undefined, now, onPoint };
  if (entry.sweep === null) {
    const { points: _points, ...search } = await searchCapacity({
      ...common,
      range: entry.range!,
      resolution: entry.resolution,
      budget: { maxSteps: entry.budget.max_steps, maxDurationMs: entry.budget.max_duration_s * 1000 },
      saturationConcurrency: entry.saturation_concurrency,
    });
    // An interrupt ends the search as a spent budget would; say which it was.
    cell.search = o.signal.aborted && search.status === 'budget' ? { ...search, reason: search.reason.replace('the budget ran out', 'the run was interrupted') } : search;
  } else {
    const { points: _points, ...sweep } = await sweepLoads({ ...common, loads: entry.sweep, budget: { maxDurationMs: entry.budget.max_duration_s * 1000 } });
    cell.sweep = sweep;
  }
  cell.status = o.signal.aborted ? 'interrupted' : 'complete';
  cell.duration_s = Math.round(clock.now() - t0) / 1000;
  await writing;
  await writeResult(side.outPath, side.doc);
  o.progress?.note(`${side.label}${capacityTerminalLine(cell)}`);
}
