// The normalised config: the config file with every default filled in, in
// the file's own snake_case shape. It is what a result stores as `config`
// (result@1) and what the run plan and the gate plan are derived from
// (derive.ts), whether it came from a YAML file or from a stored result.
import { normaliseCost, type NormalCost } from './cost.js';
import { normaliseCapacity, normaliseGateCapacity, type NormalCapacity, type NormalGateCapacity } from './capacity.js';
import { normaliseConversation, type NormalConversation } from './conversation.js';
import { DEFAULTS } from './defaults.js';
import { normaliseLength, normaliseTrace, type Length, type NormalTrace } from './lengths.js';
import { normaliseLoad, type NormalLoad } from '../shapes/index.js';
import type { RawAbSide, RawConfig, RawGate, RawMetricRule, RawTelemetry } from './raw.js';
import type { AbSchedule, ApiKind, Encoding, Warmup } from './vocabulary.js';
import { normaliseUrl } from './url.js';

/** Stored in place of every header value: header values often carry tokens, and the config is written to the result file. */
const REDACTED = '<redacted>';

export interface NormalTarget {
  readonly url: string;
  readonly api: ApiKind;
  readonly model: string | null;
  readonly api_key_env: string | null;
  /** Header names, each with the value REDACTED. */
  readonly headers: Readonly<Record<string, string>>;
  readonly extra_body: Readonly<Record<string, unknown>>;
  readonly fixed_output: boolean;
  /** 'server': lengths met in the server's tokens; absent for the default (the config's tokenizer), so configs without it keep their hash. */
  readonly prompt_lengths?: 'server';
  /** 'first_chunk': TTFT stamped as vLLM's bench serve stamps it; absent for the default (the first output), so configs without it keep their hash. */
  readonly ttft_from?: 'first_chunk';
}

export interface NormalScenario {
  readonly name: string;
  /** A count or a distribution; null with a dataset or a trace. */
  readonly input_tokens: Length | null;
  /** A count or a distribution; null with a trace (its rows say). */
  readonly output_tokens: Length | null;
  readonly shared_prefix_tokens: number;
  /** As written in the file (relative to the config file's folder), or null. */
  readonly dataset: string | null;
  /** A trace replay; absent otherwise, so configs without one keep their hash. */
  readonly trace?: NormalTrace;
  /** Multi-turn sessions; absent otherwise, so configs without one keep their hash. */
  readonly conversation?: NormalConversation;
}

export type { NormalLoad } from '../shapes/index.js';

/** A metric rule is kept as written (unset fields keep the catalogue's default), so its normal form is the raw one. */
export type NormalMetricRule = Readonly<RawMetricRule>;

export interface NormalSlo {
  readonly check: string;
  readonly scenario: string | null;
  readonly load: string | null;
}

export interface NormalGate {
  readonly confidence: number;
  readonly alpha: number;
  readonly error_rate_limit: number;
  readonly token_drift_limit: number;
  /** Absent unless set: the default lives in src/gate/pairs.ts, so configs that do not set it keep their hash. */
  readonly client_stall_ms?: number;
  readonly strict_fingerprint: boolean;
  readonly bootstrap_iterations: number;
  readonly metrics: Readonly<Record<string, NormalMetricRule>>;
  readonly scenarios: Readonly<Record<string, { readonly metrics: Readonly<Record<string, NormalMetricRule>> }>>;
  readonly slo: readonly NormalSlo[];
  /** Present when the config has capacity cells or gate.capacity (results written before have neither). */
  readonly capacity?: NormalGateCapacity;
}

export interface NormalAbSide {
  readonly url: string;
  readonly model: string | null;
  readonly server_command: string | null;
  readonly ready_timeout_s: number;
}

/** What the run records beside the client's figures, and how the gate treats environment differences (docs/telemetry.md). */
export interface NormalTelemetry {
  readonly enabled: boolean;
  readonly gpu_interval_ms: number;
  readonly scrape_interval_ms: number;
  /** 0..1 of the machine's CPU that other processes may use before a cell is flagged. */
  readonly max_neighbour_cpu_share: number;
  readonly fingerprint_differences: 'warn' | 'invalid';
}

export interface NormalConfig {
  readonly version: 1;
  readonly target: NormalTarget;
  readonly seed: number;
  readonly tokenizer: Encoding;
  readonly timeouts: { readonly connect_ms: number; readonly request_s: number; readonly idle_s: number };
  /** Always set by normaliseConfig; absent from results written before it existed. */
  readonly limits?: { readonly line_bytes: number; readonly event_bytes: number; readonly response_bytes: number };
  readonly run: {
    readonly requests: number;
    /** A count, or 'auto' (warm until steady; results written before it existed hold a count). */
    readonly warmup: Warmup;
    readonly max_duration_s: number;
    readonly trials: number;
    /** Worker threads (issue 15); present only when the config sets it, so configs without it keep their normal form. */
    readonly workers?: number | 'auto';
    /** A sequential run's limits as the config gives them (false: the fixed design); present only when set, like workers. */
    readonly budget?: { readonly trials: number | null; readonly minutes: number | null } | false;
  };
  readonly scenarios: readonly NormalScenario[];
  readonly loads: readonly NormalLoad[];
  readonly slos: { readonly ttft_ms: number | null; readonly tpot_ms: number | null; readonly e2e_ms: number | null };
  readonly gate: NormalGate;
  /**
   * The sides (llm-perf-gate ab; null when the action names them with its
   * inputs) and how they share the machine. Results written before
   * `schedule` existed have no such field: they ran concurrently.
   */
  readonly ab: {
    readonly baseline: NormalAbSide | null;
    readonly candidate: NormalAbSide | null;
    readonly schedule?: AbSchedule;
    /** Present only when the config sets it (blocks is the default). */ readonly interleave?: 'blocks' | 'trials';
  } | null;
  /** Absent in results written before telemetry was wired: read as normaliseTelemetry(undefined). */
  readonly telemetry?: NormalTelemetry;
  /** The price per hour (src/config/cost.ts); absent when the config has none, so older configs hash as before. */
  readonly cost?: NormalCost;
  /** Capacity cells; absent when the config has none, so older configs hash as before. */
  readonly capacity?: readonly NormalCapacity[];
}

/** What the config file does not say itself: the URL in use (target.url, --url or ab.candidate.url), and --model. */
interface NormaliseInput {
  /** Normalised. */
  url: string;
  /** --model, overriding target.model. */
  model?: string | null;
  /** run.warmup when the file does not set it (the action: auto); default DEFAULTS.warmup. */
  warmup?: Warmup;
}

/** A validated raw config with every default filled in, deep-frozen. */
export function normaliseConfig(raw: RawConfig, input: NormaliseInput): NormalConfig {
  const t = raw.target ?? {};
  const capacity = raw.capacity !== undefined && raw.capacity.length > 0 ? raw.capacity.map(normaliseCapacity) : undefined;
  const gate = normaliseGate(raw.gate);
  const config: NormalConfig = {
    version: 1,
    target: {
      url: input.url,
      api: t.api ?? DEFAULTS.api,
      model: input.model ?? t.model ?? null,
      api_key_env: t.api_key_env ?? null,
      headers: Object.fromEntries(Object.keys(t.headers ?? {}).map((k) => [k, REDACTED])),
      extra_body: structuredClone(t.extra_body ?? {}),
      fixed_output: t.fixed_output ?? DEFAULTS.fixedOutput,
      ...(t.prompt_lengths === 'server' ? { prompt_lengths: 'server' as const } : {}),
      ...(t.ttft_from === 'first_chunk' ? { ttft_from: 'first_chunk' as const } : {}),
    },
    seed: raw.seed ?? DEFAULTS.seed,
    tokenizer: raw.tokenizer ?? DEFAULTS.tokenizer,
    timeouts: {
      connect_ms: raw.timeouts?.connect_ms ?? DEFAULTS.connectMs,
      request_s: raw.timeouts?.request_s ?? DEFAULTS.requestS,
      idle_s: raw.timeouts?.idle_s ?? DEFAULTS.idleS,
    },
    limits: {
      line_bytes: raw.limits?.line_bytes ?? DEFAULTS.lineBytes,
      event_bytes: raw.limits?.event_bytes ?? DEFAULTS.eventBytes,
      response_bytes: raw.limits?.response_bytes ?? DEFAULTS.responseBytes,
    },
    run: {
      requests: raw.run?.requests ?? DEFAULTS.requests,
      warmup: raw.run?.warmup ?? input.warmup ?? DEFAULTS.warmup,
      max_duration_s: raw.run?.max_duration_s ?? DEFAULTS.maxDurationS,
      trials: raw.run?.trials ?? DEFAULTS.trials,
      ...(raw.run?.workers === undefined ? {} : { workers: raw.run.workers }),
      ...(raw.run?.budget === undefined ? {} : { budget: raw.run.budget === false ? false : { trials: raw.run.budget.trials ?? null, minutes: raw.run.budget.minutes ?? null } }),
    },
    scenarios: raw.scenarios.map((s) => ({
      name: s.name,
      input_tokens: s.input_tokens === undefined ? null : normaliseLength(s.input_tokens),
      output_tokens: s.output_tokens === undefined ? null : normaliseLength(s.output_tokens),
      shared_prefix_tokens: s.shared_prefix_tokens ?? DEFAULTS.sharedPrefixTokens,
      dataset: s.dataset ?? null,
      ...(s.trace === undefined ? {} : { trace: normaliseTrace(s.trace) }),
      // The checks required input_tokens beside a conversation.
      ...(s.conversation === undefined ? {} : { conversation: normaliseConversation(s.conversation, s.input_tokens!) }),
    })),
    loads: (raw.loads ?? []).map(normaliseLoad),
    slos: { ttft_ms: raw.slos?.ttft_ms ?? null, tpot_ms: raw.slos?.tpot_ms ?? null, e2e_ms: raw.slos?.e2e_ms ?? null },
    // Capacity cells are judged with gate.capacity's defaults when it is not written.
    gate: capacity !== undefined && gate.capacity === undefined ? { ...gate, capacity: normaliseGateCapacity(undefined) } : gate,
    ab:
      raw.ab === undefined
        ? null
        : {
            baseline: raw.ab.baseline === undefined ? null : abSide(raw.ab.baseline),
            candidate: raw.ab.candidate === undefined ? null : abSide(raw.ab.candidate),
            schedule: raw.ab.schedule ?? DEFAULTS.abSchedule,
            ...(raw.ab.interleave === undefined ? {} : { interleave: raw.ab.interleave }),
          },
    telemetry: normaliseTelemetry(raw.telemetry),
    ...(raw.cost === undefined ? {} : { cost: normaliseCost(raw.cost) }),
    ...(capacity === undefined ? {} : { capacity }),
  };
  return deepFreeze(config);
}

/** The gate section with defaults filled in; overrides are kept as written (unset fields keep the catalogue's default). */
export function normaliseGate(g: RawGate | undefined): NormalGate {
  const rules = (m: Record<string, RawMetricRule> | undefined): Record<string, NormalMetricRule> => Object.fromEntries(Object.entries(m ?? {}).map(([id, r]) => [id, { ...r }]));
  return {
    confidence: g?.confidence ?? DEFAULTS.confidence,
    alpha: g?.alpha ?? DEFAULTS.alpha,
    error_rate_limit: g?.error_rate_limit ?? DEFAULTS.errorRateLimit,
    token_drift_limit: g?.token_drift_limit ?? DEFAULTS.tokenDriftLimit,
    ...(g?.client_stall_ms === undefined ? {} : { client_stall_ms: g.client_stall_ms }),
    strict_fingerprint: g?.strict_fingerprint ?? DEFAULTS.strictFingerprint,
    bootstrap_iterations: g?.bootstrap_iterations ?? DEFAULTS.bootstrapIterations,
    metrics: rules(g?.metrics),
    scenarios: Object.fromEntries(Object.entries(g?.scenarios ?? {}).map(([name, sc]) => [name, { metrics: rules(sc.metrics) }])),
    slo: (g?.slo ?? []).map((s) => (typeof s === 'string' ? { check: s.trim(), scenario: null, load: null } : { check: s.check.trim(), scenario: s.scenario ?? null, load: s.load ?? null })),
    ...(g?.capacity === undefined ? {} : { capacity: normaliseGateCapacity(g.capacity) }),
  };
}

export function normaliseTelemetry(t: RawTelemetry | undefined): NormalTelemetry {
  return {
    enabled: t?.enabled ?? DEFAULTS.telemetry,
    gpu_interval_ms: t?.gpu_interval_ms ?? DEFAULTS.gpuIntervalMs,
    scrape_interval_ms: t?.scrape_interval_ms ?? DEFAULTS.scrapeIntervalMs,
    max_neighbour_cpu_share: t?.max_neighbour_cpu_share ?? DEFAULTS.maxNeighbourCpuShare,
    fingerprint_differences: t?.fingerprint_differences ?? DEFAULTS.fingerprintDifferences,
  };
}

/** Checked before: the URL normalises. */
function abSide(s: RawAbSide): NormalAbSide {
  const r = normaliseUrl(s.url);
  return {
    url: 'url' in r ? r.url : s.url,
    model: s.model ?? null,
    server_command: s.server_command ?? null,
    ready_timeout_s: s.ready_timeout_s ?? DEFAULTS.readyTimeoutS,
  };
}

export function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}
