// The config as written, after the schema and cross-field checks passed:
// optional fields still unset. normal.ts fills in the defaults.
import type { RawCapacity, RawGateCapacity } from './capacity.js';
import type { RawCost } from './cost.js';
import type { RawConversation } from './conversation.js';
import type { RawLength, RawTrace } from './lengths.js';
import type { RawLoad } from '../shapes/index.js';
import type { AbSchedule, ApiKind, Encoding, PromptLengths, TtftFrom } from './vocabulary.js';

export interface RawTarget {
  url?: string;
  api?: ApiKind;
  model?: string;
  api_key_env?: string;
  headers?: Record<string, string>;
  extra_body?: Record<string, unknown>;
  fixed_output?: boolean;
  prompt_lengths?: PromptLengths;
  ttft_from?: TtftFrom;
}
export interface RawScenario {
  name: string;
  input_tokens?: RawLength;
  /** Required unless trace is given. */
  output_tokens?: RawLength;
  shared_prefix_tokens?: number;
  dataset?: string;
  trace?: RawTrace;
  /** Multi-turn sessions (src/config/conversation.ts). */
  conversation?: RawConversation;
}
export type { RawLoad } from '../shapes/index.js';
export interface RawMetricRule {
  gate?: boolean;
  tolerance?: number;
  floor?: number;
  level?: 'fail' | 'warn';
}
export type RawSlo = string | { check: string; scenario?: string; load?: string };
export interface RawGate {
  confidence?: number;
  alpha?: number;
  error_rate_limit?: number;
  token_drift_limit?: number;
  client_stall_ms?: number;
  strict_fingerprint?: boolean;
  bootstrap_iterations?: number;
  metrics?: Record<string, RawMetricRule>;
  scenarios?: Record<string, { metrics?: Record<string, RawMetricRule> }>;
  slo?: RawSlo[];
  /** Capacity comparison (src/config/capacity.ts). */
  capacity?: RawGateCapacity;
}
/** run.budget: a sequential run's limits, or false for the fixed design (run.trials and no more). */
export type RawBudget = { trials?: number; minutes?: number } | false;

export interface RawConfig {
  version?: 1;
  target?: RawTarget;
  seed?: number;
  tokenizer?: Encoding;
  timeouts?: { connect_ms?: number; request_s?: number; idle_s?: number };
  limits?: { line_bytes?: number; event_bytes?: number; response_bytes?: number };
  run?: { requests?: number; warmup?: number | 'auto'; max_duration_s?: number; trials?: number; workers?: number | 'auto'; budget?: RawBudget };
  scenarios: RawScenario[];
  /** Required unless every scenario is a trace. */
  loads?: RawLoad[];
  slos?: { ttft_ms?: number; tpot_ms?: number; e2e_ms?: number };
  gate?: RawGate;
  ab?: { baseline?: RawAbSide; candidate?: RawAbSide; schedule?: AbSchedule; interleave?: 'blocks' | 'trials' };
  telemetry?: RawTelemetry;
  /** Price per hour (src/config/cost.ts). */
  cost?: RawCost;
  /** Capacity cells (src/config/capacity.ts). */
  capacity?: RawCapacity[];
}
export interface RawTelemetry {
  enabled?: boolean;
  gpu_interval_ms?: number;
  scrape_interval_ms?: number;
  max_neighbour_cpu_share?: number;
  fingerprint_differences?: 'warn' | 'invalid';
}
export interface RawAbSide {
  url: string;
  model?: string;
  server_command?: string;
  ready_timeout_s?: number;
}
