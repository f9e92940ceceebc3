// The result document: versioned, written incrementally, validated against
// schema/result.schema.json. Changing a field's meaning means a new schema version.
import type { RampResult } from '../capacity/ramp.js';
import type { SweepResult } from '../capacity/sweep.js';
import type { CapacityResult, ProbedPoint } from '../capacity/types.js';
import type { CapacityMode } from '../config/vocabulary.js';
import type { ResultLoad } from '../shapes/index.js';
import type { Length } from '../config/lengths.js';
import type { NormalConversation } from '../config/conversation.js';
import type { NormalConfig } from '../config/normal.js';
import type { CellMetrics } from '../metrics/cell.js';
import type { TurnMetrics } from '../metrics/turns.js';
import type { LatenessSummary } from '../metrics/lateness.js';
import type { MachineInfo } from '../telemetry/machine.js';
import type { CellTelemetry, EnvironmentFingerprint } from '../telemetry/types.js';

/** A trial's own figures; its per-request samples are a slice of the cell's pooled `samples`. */
export type TrialMetrics = Omit<CellMetrics, 'samples'>;

export type CellStatus = 'complete' | 'duration-limit' | 'interrupted';

export interface TrialResult {
  /** 0-based; trial t of every cell runs before trial t+1 of any. */
  index: number;
  /** Interleaved A/B runs: the pair this trial belongs to (same index on both sides); null otherwise. */
  pair: number | null;
  status: CellStatus;
  started_at: string;
  duration_s: number;
  metrics: TrialMetrics;
  client: ClientHealth;
  /** metrics.samples[*].slice(from, to) of the cell are this trial's requests. */
  samples: { from: number; to: number };
  /** What the server and the machine did during this trial (docs/telemetry.md); absent when telemetry was off or in older results. */
  telemetry?: CellTelemetry;
  /** warmup: auto only: what warming up to a steady state took (absent in results written before, and with a fixed count). */
  warmup?: { requests: number; seconds: number; stopped_by: 'steady' | 'count' | 'time' | 'interrupt' };
  /** The two trials of this pair took turns in blocks of this many measured requests (src/run/interleave.ts); absent: whole trials. */
  block_requests?: number;
}

export const RESULT_SCHEMA = 'llm-perf-gate/result@1';

export type RunStatus = 'running' | 'complete' | 'interrupted' | 'failed';

export interface ClientHealth {
  event_loop_delay_p99_ms: number;
  event_loop_delay_max_ms: number;
  /** True when the client, not the server, limited the cell: the figures are not a valid measurement. */
  saturated: boolean;
  reasons: string[];
}

export interface CellResult {
  /** `scenario@load`, unique in a result and stable across runs of the same config. */
  id: string;
  scenario: {
    name: string;
    /** A count, a distribution (docs/workloads.md), or null (a dataset's or a trace's prompts). */
    input_tokens: Length | null;
    /** A count, a distribution, or null (a trace's rows say). */
    output_tokens: Length | null;
    shared_prefix_tokens: number;
    dataset: string | null;
    /** A trace replay: the file as given, its format and its sha256 (absent otherwise). */
    trace?: { file: string; format: 'mooncake' | 'azure'; sha256: string; requests: number };
    /** Multi-turn sessions (absent otherwise). */
    conversation?: NormalConversation;
  };
  /** The load as its shape records it (src/shapes/). */
  load: ResultLoad;
  /** The lengths the cell's measured requests asked for (first trial): input tokens and max_tokens; absent in older results. */
  lengths?: { input_tokens: LengthSummary | null; output_tokens: LengthSummary };
  /** A ramp load (docs/workloads.md, "Ramps"): its per-step figures and where it saturated; absent otherwise. */
  ramp?: RampResult;
  /** A multi-turn cell: its figures by turn number (absent otherwise). */
  turns?: TurnMetrics[];
  /** Open loop and trace replay: how late requests went out after their scheduled time, pooled over trials (ms); absent for a closed loop. */
  lateness_ms?: LatenessSummary;
  /** The worst status of its trials. */
  status: CellStatus;
  /** Hash of the first trial's prompts and max tokens: equal hashes mean the same work. */
  workload_hash: string;
  started_at: string;
  /** Summed over trials. */
  duration_s: number;
  /** All trials pooled: rates over the summed windows, distributions over every request. */
  metrics: CellMetrics;
  /** Saturated when any trial was, with the trials' reasons. */
  client: ClientHealth;
  trials: TrialResult[];
  /** The trials' telemetry merged (weighted means, exact maxima, any flag); absent when none was recorded. */
  telemetry?: CellTelemetry;
  /** Merged results only: each shard's own errors and client self-check for this cell. */
  shards?: ShardCellNote[];
}

/** Mean, p50, p90 (nearest rank) and max of the lengths asked for. */
export interface LengthSummary {
  mean: number;
  p50: number;
  p90: number;
  max: number;
}

export interface ShardCellNote {
  index: number;
  counts: CellMetrics['counts'];
  errors: CellMetrics['errors'];
  client: ClientHealth;
}

/** This result is shard `index` of `count` of one plan (`run --shard i/n`). */
export interface ShardInfo {
  index: number;
  count: number;
  /** The agreed wall-clock start (--start-at), or null: started at once. */
  start_at: string | null;
  /** Server Date header minus this machine's clock, ms (1 s resolution: detects only gross skew); null without a Date header. */
  clock_offset_ms: number | null;
}

/** This result was merged from shard results (`merge`). */
export interface MergedInfo {
  count: number;
  shards: { index: number; started_at: string; finished_at: string | null; status: RunStatus; clock_offset_ms: number | null; machine: ResultDoc['machine'] }[];
}

export interface ResultDoc {
  schema: typeof RESULT_SCHEMA;
  tool: { name: 'llm-perf-gate'; version: string };
  status: RunStatus;
  /** Why the run did not complete, when it did not. */
  error: string | null;
  started_at: string;
  finished_at: string | null;
  /** The normalised config of the run, header values redacted. */
  config: NormalConfig;
  config_hash: string;
  /** Hash over every cell's prompts and max_tokens, in cell order. */
  workload_hash: string | null;
  target: {
    url: string;
    api: 'chat' | 'completions';
    model: string;
    models: string[];
    server_headers: Record<string, string>;
    system_fingerprint: string | null;
    model_entries: unknown[];
    /** target.prompt_lengths: server: the map the probes fitted (src/workload/server-lengths.ts); absent: lengths in the config's tokenizer. */
    prompt_lengths?: { in: 'server'; slope: number; overhead: number; probes: { words: number; served: number }[] };
  } | null;
  machine: MachineInfo;
  git: { commit: string; ref: string | null } | null;
  /** Set when this result is one side of an interleaved A/B run: both sides carry the same id. */
  ab: {
    run_id: string;
    side: 'baseline' | 'candidate';
    /** Sequential measurement: the first look's pairs and the budget's last pair (src/gate/sequential.ts); absent: fixed. */ looks?: { first: number; last: number };
  } | null;
  cells: CellResult[];
  shard?: ShardInfo;
  merged?: MergedInfo;
  /** Where the run was measured: GPUs, CPU, engine and version, model, runner; absent when telemetry was off or in older results. */
  environment?: EnvironmentFingerprint;
  /** Capacity cells (docs/capacity.md), apart from `cells` so every reader of the matrix reads on unchanged; absent in results without them. */
  capacity?: CapacityCell[];
  /** The gate's outcome when the action stored this result on a push; absent in results stored before it, and in results not stored by the action. */
  gate?: StoredGate;
}

/** What the history, its change points and the dashboard know of a stored step: its verdict, and whether a regression was accepted on purpose. */
export interface StoredGate {
  verdict: 'pass' | 'warn' | 'fail' | 'inconclusive' | 'invalid';
  regressed: number;
  accepted: { by: string; at: string; reason: string; via: 'label' | 'comment' } | null;
  pull_request: number | null;
}

/**
 * One capacity search or sweep. Written after every probed point: while it
 * runs `points` grows and `search`/`sweep` are null; an interrupted or
 * budget-limited search still gets its summary from the points it reached.
 */
export interface CapacityCell {
  /** `scenario@capacity:mode` or `scenario@sweep:mode`. */
  id: string;
  kind: 'capacity';
  scenario: CellResult['scenario'];
  mode: CapacityMode;
  /** The SLO texts as written (trimmed). */
  slo: string[];
  status: 'running' | 'complete' | 'interrupted';
  /** Hash of the first step's prompts at the configured requests per step: equal hashes mean the same work. */
  workload_hash: string;
  started_at: string;
  duration_s: number;
  /** Every probed load in order, with its SLO intervals, rates and the step's metrics (`detail`). */
  points: ProbedPoint[];
  /** The search's summary (its points are `points`); null for a sweep or while running. */
  search: Omit<CapacityResult, 'points'> | null;
  /** The sweep's summary; null for a search or while running. */
  sweep: Omit<SweepResult, 'points'> | null;
}
