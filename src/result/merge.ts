// `merge`: shard results of one plan (run --shard i/n, on machines or in
// worker threads) -> one result@1 document, marked `merged` with its shard
// list. Refuses what cannot be one measurement: results that are not shards,
// of different plans, seeds, shard counts or workloads, a shard twice, or a
// shard missing. Per-cell metrics combine in src/metrics/merge.ts.
import { mergeRamps } from '../capacity/ramp.js';
import { MergeError } from '../errors/merge-error.js';
import type { CellSamples } from '../metrics/cell.js';
import { mergeMetrics, type MetricsPart } from '../metrics/merge.js';
import { mergeTurns } from '../metrics/turns.js';
import { efficiencyOf } from '../metrics/efficiency.js';
import { mergeLateness } from '../metrics/lateness.js';
import { hourlyUsd } from '../config/cost.js';
import type { CellResult, CellStatus, ClientHealth, ResultDoc, RunStatus, TrialResult } from './types.js';

export interface ShardFile {
  /** Where it came from, for messages. */
  file: string;
  doc: ResultDoc;
}

/** Clocks further apart than this (by the servers' Date headers) are reported: the shards did not start together. */
const SKEW_WARN_MS = 2000;
/** Missing shards named in the refusal; the rest are counted. */
const SHOWN_MISSING = 10;

const CELL_RANK: Record<CellStatus, number> = { complete: 0, 'duration-limit': 1, interrupted: 2 };
const RUN_RANK: Record<RunStatus, number> = { complete: 0, interrupted: 1, running: 2, failed: 3 };

function sliceSamples(s: CellSamples, from: number, to: number): CellSamples {
  return {
    ttft_ms: s.ttft_ms.slice(from, to),
    queued_ttft_ms: s.queued_ttft_ms.slice(from, to),
    e2e_ms: s.e2e_ms.slice(from, to),
    tpot_ms: s.tpot_ms.slice(from, to),
    n_in: s.n_in.slice(from, to),
    n_out: s.n_out.slice(from, to),
  };
}

/** Checks the files are the n shards of one plan; returns them in shard order. */
function checkShards(files: readonly ShardFile[]): ShardFile[] {
  if (files.length === 0) throw new MergeError('merge needs the shard result files');
  for (const f of files) {
    if (f.doc.shard === undefined) throw new MergeError(`${f.file} is not a shard result (it has no 'shard' field): run each shard with 'run --shard I/N'`);
    if (f.doc.ab !== null) throw new MergeError(`${f.file} is one side of an A/B run; merge takes shards of 'run --shard'`);
  }
  const first = files[0]!;
  const differ = (what: string, get: (d: ResultDoc) => unknown, hint: string): void => {
    const other = files.find((f) => JSON.stringify(get(f.doc)) !== JSON.stringify(get(first.doc)));
    if (other !== undefined) {
      throw new MergeError(`${other.file} and ${first.file} have different ${what} (${JSON.stringify(get(other.doc))} vs ${JSON.stringify(get(first.doc))}): ${hint}`);
    }
  };
  differ('shard counts', (d) => d.shard!.count, 'every shard must be run with the same N in --shard I/N');
  differ('seeds', (d) => d.config.seed, 'the shards split one arrival schedule and workload drawn from one seed');
  differ('plans (config hash)', (d) => d.config_hash, 'every shard must run the same config');
  differ('target models', (d) => d.target?.model ?? null, 'every shard must load the same model');
  const n = first.doc.shard!.count;
  const byIndex = new Map<number, ShardFile>();
  for (const f of files) {
    const i = f.doc.shard!.index;
    if (i >= n) throw new MergeError(`${f.file} is shard ${i} of ${n}: an index must be below the shard count`);
    const seen = byIndex.get(i);
    if (seen !== undefined) throw new MergeError(`shard ${i}/${n} is given twice: ${seen.file} and ${f.file}`);
    byIndex.set(i, f);
  }
  // The count is the file's word, maybe a crafted one: listing every missing shard of 2e8 took 1.3 GB (issue 19,
  // item 6). Each index given is below n and distinct, so n - given are missing; the first few are named, found in
  // at most given + SHOWN_MISSING steps.
  const missingCount = n - byIndex.size;
  if (missingCount > 0) {
    const shown: number[] = [];
    for (let i = 0; shown.length < Math.min(missingCount, SHOWN_MISSING); i++) if (!byIndex.has(i)) shown.push(i);
    const list = shown.join(', ') + (missingCount > shown.length ? ` and ${missingCount - shown.length} more` : '');
    throw new MergeError(`shard${missingCount > 1 ? 's' : ''} ${list} of ${n} missing: merge needs every shard's result (got ${[...byIndex.keys()].sort((a, b) => a - b).join(', ')})`);
  }
  const ordered = [...byIndex.keys()].sort((a, b) => a - b).map((i) => byIndex.get(i)!);
  // Every shard of a cell must have sent from the same workload, and have run every cell.
  for (const cell of first.doc.cells) {
    for (const f of ordered) {
      const c = f.doc.cells.find((x) => x.id === cell.id);
      if (c === undefined) throw new MergeError(`${f.file} has no cell '${cell.id}' (its run is ${f.doc.status}): every shard must have run every cell`);
      if (c.workload_hash !== cell.workload_hash)
        throw new MergeError(`${f.file} and ${first.file} sent different workloads in cell '${cell.id}' (workload hash ${c.workload_hash} vs ${cell.workload_hash})`);
    }
  }
  for (const f of ordered) {
    const extra = f.doc.cells.find((c) => !first.doc.cells.some((x) => x.id === c.id));
    if (extra !== undefined) throw new MergeError(`${first.file} has no cell '${extra.id}' that ${f.file} has: every shard must have run every cell`);
  }
  return ordered;
}

function mergeClient(parts: readonly { index: number; client: ClientHealth }[]): ClientHealth {
  return {
    event_loop_delay_p99_ms: Math.max(0, ...parts.map((p) => p.client.event_loop_delay_p99_ms)),
    event_loop_delay_max_ms: Math.max(0, ...parts.map((p) => p.client.event_loop_delay_max_ms)),
    saturated: parts.some((p) => p.client.saturated),
    reasons: parts.flatMap((p) => p.client.reasons.map((r) => `shard ${p.index}: ${r}`)),
  };
}

/**
 * What every shard recorded of the lengths asked for: each shard builds the
 * whole cell's requests from the plan's seed and sends its share, so the
 * shards' summaries are the whole cell's and agree (the workload hashes were
 * checked equal). Null with a note when they do not: a shard written by
 * another version.
 */
function mergeLengths(cells: readonly { index: number; cell: CellResult }[], notes: string[]): CellResult['lengths'] | null {
  const first = cells[0]!.cell;
  if (cells.every((c) => c.cell.lengths === undefined)) return null;
  const key = JSON.stringify(first.lengths ?? null);
  if (cells.every((c) => JSON.stringify(c.cell.lengths ?? null) === key)) return first.lengths!;
  notes.push(`cell '${first.id}': the shards recorded different request lengths; the merged cell has none`);
  return null;
}

/** The shards' lateness pooled (src/metrics/lateness.ts); null with a note when a shard's has no histogram to pool. */
function mergeCellLateness(cells: readonly { index: number; cell: CellResult }[], notes: string[]): CellResult['lateness_ms'] | null {
  const first = cells[0]!.cell;
  if (cells.every((c) => c.cell.lateness_ms === undefined)) return null;
  const parts = cells.map((c) => c.cell.lateness_ms);
  const merged = parts.some((p) => p === undefined) ? null : mergeLateness(parts.map((p) => p!));
  if (merged === null) notes.push(`cell '${first.id}': a shard's lateness has no histogram (written by an earlier version): its percentiles cannot be pooled, and the merged cell has no lateness`);
  return merged;
}

/**
 * One merged cell. Cost per token is recomputed from the merged throughput
 * and the plan's price (`hourly`); energy per token is not: each shard
 * sampled the GPUs of its own machine over its own window, and a GPU seen by
 * several shards (the server's, when they ran beside it) would count once
 * per shard. `notes` gets what could not be merged.
 */
function mergeCell(cells: readonly { index: number; cell: CellResult }[], level: number, hourly: number | null, notes: string[]): CellResult {
  const first = cells[0]!.cell;
  const trialCount = Math.min(...cells.map((c) => c.cell.trials.length));
  const trials: TrialResult[] = [];
  const pooled: MetricsPart[] = [];
  let offset = 0;
  let pooledWindow = 0;
  for (let t = 0; t < trialCount; t++) {
    const parts = cells.map(({ index, cell }) => {
      const tr = cell.trials[t]!;
      return { index, tr, part: { metrics: tr.metrics, samples: sliceSamples(cell.metrics.samples, tr.samples.from, tr.samples.to) } };
    });
    // The shards ran at the same time: their common window is the longest of theirs.
    const window = Math.max(...parts.map((p) => p.tr.metrics.window_s));
    const { samples, ...metrics } = mergeMetrics(
      parts.map((p) => p.part),
      window,
    );
    Object.assign(metrics, efficiencyOf(metrics, hourly, null));
    const n = samples.e2e_ms.length;
    trials.push({
      index: t,
      pair: first.trials[t]!.pair,
      status: parts.reduce<CellStatus>((w, p) => (CELL_RANK[p.tr.status] > CELL_RANK[w] ? p.tr.status : w), 'complete'),
      started_at: parts.map((p) => p.tr.started_at).sort()[0]!,
      duration_s: Math.max(...parts.map((p) => p.tr.duration_s)),
      metrics,
      client: mergeClient(parts.map((p) => ({ index: p.index, client: p.tr.client }))),
      samples: { from: offset, to: offset + n },
    });
    offset += n;
    pooledWindow += window;
    pooled.push(...parts.map((p) => p.part));
  }
  const metrics = mergeMetrics(pooled, pooledWindow);
  Object.assign(metrics, efficiencyOf(metrics, hourly, null));
  if (cells.some((c) => c.cell.metrics.energy_per_output_token_j !== undefined)) {
    notes.push(`cell '${first.id}': energy per output token is not merged (each shard sampled its own machine's GPUs); see each shard's result`);
  }
  const lengths = mergeLengths(cells, notes);
  const lateness = mergeCellLateness(cells, notes);
  return {
    id: first.id,
    scenario: first.scenario,
    load: first.load,
    status: trials.reduce<CellStatus>((w, t) => (CELL_RANK[t.status] > CELL_RANK[w] ? t.status : w), 'complete'),
    workload_hash: first.workload_hash,
    started_at: cells.map((c) => c.cell.started_at).sort()[0]!,
    duration_s: Math.max(...cells.map((c) => c.cell.duration_s)),
    metrics,
    client: mergeClient(cells.map((c) => ({ index: c.index, client: c.cell.client }))),
    trials,
    ...(lengths === null ? {} : { lengths }),
    ...(lateness === null ? {} : { lateness_ms: lateness }),
    // A multi-turn cell: each shard ran its own sessions; their turns pool.
    ...(cells.every((c) => c.cell.turns !== undefined) ? { turns: mergeTurns(cells.map((c) => c.cell.turns!)) } : {}),
    shards: cells.map(({ index, cell }) => ({ index, counts: cell.metrics.counts, errors: cell.metrics.errors, client: cell.client })),
    // A ramp's steps pool the shards' samples and are judged again on the whole (capacity/ramp.ts).
    ...(cells.every((c) => c.cell.ramp !== undefined)
      ? {
          ramp: mergeRamps(
            cells.map((c) => c.cell.ramp!),
            level,
          ),
        }
      : {}),
  };
}

/** Shard results -> one merged result, with warnings (clock skew) for the caller to print. */
export function mergeShards(files: readonly ShardFile[]): { doc: ResultDoc; warnings: string[] } {
  const shards = checkShards(files);
  const first = shards[0]!.doc;
  const warnings: string[] = [];
  const offsets = shards.map((s) => s.doc.shard!.clock_offset_ms).filter((x): x is number => x !== null);
  if (offsets.length > 1 && Math.max(...offsets) - Math.min(...offsets) > SKEW_WARN_MS) {
    warnings.push(
      `the shards' clocks differ by about ${Math.round(Math.max(...offsets) - Math.min(...offsets))} ms (server Date header, 1 s resolution): --start-at did not start them together, and the merged rates spread over a longer real window than the one used`,
    );
  }
  for (const s of shards) {
    if (s.doc.status === 'running') warnings.push(`${s.file} (shard ${s.doc.shard!.index}) is still running or was killed: the merged result says 'running' and compare will refuse it`);
  }
  const hourly = first.config.cost === undefined ? null : hourlyUsd(first.config.cost);
  const cells = first.cells.map((c) =>
    mergeCell(
      shards.map((s) => ({ index: s.doc.shard!.index, cell: s.doc.cells.find((x) => x.id === c.id)! })),
      first.config.gate.confidence,
      hourly,
      warnings,
    ),
  );
  const worst = shards.reduce<RunStatus>((w, s) => (RUN_RANK[s.doc.status] > RUN_RANK[w] ? s.doc.status : w), 'complete');
  const finished = shards.map((s) => s.doc.finished_at);
  const { shard: _shard, ...rest } = first;
  const doc: ResultDoc = {
    ...rest,
    status: worst,
    error:
      shards
        .map((s) => (s.doc.error === null ? null : `shard ${s.doc.shard!.index}: ${s.doc.error}`))
        .filter((e) => e !== null)
        .join('; ') || null,
    started_at: shards.map((s) => s.doc.started_at).sort()[0]!,
    finished_at: finished.includes(null) ? null : (finished as string[]).sort().at(-1)!,
    target: first.target === null ? null : { ...first.target, system_fingerprint: shards.map((s) => s.doc.target?.system_fingerprint ?? null).find((x) => x !== null) ?? null },
    cells,
    merged: {
      count: shards.length,
      shards: shards.map((s) => ({
        index: s.doc.shard!.index,
        started_at: s.doc.started_at,
        finished_at: s.doc.finished_at,
        status: s.doc.status,
        clock_offset_ms: s.doc.shard!.clock_offset_ms,
        machine: s.doc.machine,
      })),
    },
  };
  return { doc, warnings };
}
