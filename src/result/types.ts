// The result document: versioned, written incrementally, validated against
// schema/result.schema.json. Changing a field's meaning means a new schema version.
import type { CellMetrics } from '../metrics/cell.js';

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
    input_tokens: number | null;
    output_tokens: number;
    shared_prefix_tokens: number;
    dataset: string | null;
  };
  load:
    | { kind: 'concurrency'; label: string; concurrency: number }
    | { kind: 'rate'; label: string; rate: number; arrival: 'poisson' | 'gamma'; burstiness: number; max_concurrency: number | null };
  status: 'complete' | 'duration-limit' | 'interrupted';
  workload_hash: string;
  started_at: string;
  duration_s: number;
  metrics: CellMetrics;
  client: ClientHealth;
}

export interface ResultDoc {
  schema: typeof RESULT_SCHEMA;
  tool: { name: 'llm-perf-gate'; version: string };
  status: RunStatus;
  /** Why the run did not complete, when it did not. */
  error: string | null;
  started_at: string;
  finished_at: string | null;
  config: Readonly<Record<string, unknown>>;
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
  } | null;
  machine: {
    platform: string;
    arch: string;
    cpu_model: string;
    cpus: number;
    memory_gb: number;
    node: string;
  };
  git: { commit: string; ref: string | null } | null;
  cells: CellResult[];
}
