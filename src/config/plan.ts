// The plans derived from a normalised config (derive.ts): everything the run
// and the gate need, as plain frozen data in the units they use.
import type { Length, TraceFormat } from './lengths.js';
import type { NormalConfig, NormalMetricRule } from './normal.js';
import type { AbSchedule, ApiKind, Encoding, PromptLengths, SloOp, TtftFrom, Warmup } from './vocabulary.js';

export type { AbSchedule, ApiKind, Encoding, SloOp, TtftFrom, Warmup } from './vocabulary.js';
export type { Length, LengthDist, TraceFormat } from './lengths.js';
export type { RampPlan } from '../shapes/ramp.js';

export interface TargetPlan {
  /** Base URL without credentials and without a trailing slash, e.g. http://127.0.0.1:8000 */
  readonly url: string;
  readonly api: ApiKind;
  /** Model id; null means "first id from GET /v1/models". */
  readonly model: string | null;
  /** Name of the environment variable that holds the API key (never the key). */
  readonly apiKeyEnv: string | null;
  readonly headers: Readonly<Record<string, string>>;
  /** Extra JSON body fields merged into every request (temperature, top_p, ...). */
  readonly extraBody: Readonly<Record<string, unknown>>;
  /** Send ignore_eos + min_tokens so the server generates exactly output_tokens. */
  readonly fixedOutput: boolean;
  /** Whose tokens synthetic and trace prompt lengths are met in (src/workload/server-lengths.ts); absent: the config's tokenizer. */
  readonly promptLengths?: PromptLengths;
  /** Which stream event TTFT (and so TPOT's span) is stamped at; absent: the first that carries output. */
  readonly ttftFrom?: TtftFrom;
}

export interface TimeoutsPlan {
  readonly connectMs: number;
  /** Whole request, from send to end of stream. */
  readonly requestMs: number;
  /** Longest silence allowed between response bytes (also the wait for headers). */
  readonly idleMs: number;
}

/** What one response may make the client hold (config `limits`). */
export interface ResponseLimitsPlan {
  readonly lineBytes: number;
  readonly eventBytes: number;
  readonly responseBytes: number;
}

export interface RunLimitsPlan {
  /** Measured requests per cell (warm-up not included). */
  readonly requests: number;
  /** Warm-up requests per cell: sent first, excluded from every metric. */
  readonly warmup: Warmup;
  /** A cell stops scheduling new requests after this many seconds. */
  readonly maxDurationS: number;
  /** Runs of each cell; trials interleave across cells (trial 1 of every cell, then trial 2, ...). */
  readonly trials: number;
  /** Worker threads that split every cell (run.workers, `auto` resolved); 1: the main thread sends, as before workers existed. */
  readonly workers: number;
  /**
   * A paired run's sequential budget (src/gate/sequential.ts): it measures
   * `trials` pairs first and adds pairs while a gated metric is undecided,
   * up to `budget.trials` pairs and `budget.minutes` of measuring.
   * budget.trials === trials: the fixed design.
   */
  readonly budget: { readonly trials: number; readonly minutes: number | null };
}

export interface ScenarioPlan {
  readonly name: string;
  /** Prompt length in tokens, fixed or drawn per request (synthetic prompts); null when a dataset or a trace supplies prompts. */
  readonly inputTokens: Length | null;
  /** max_tokens per request, fixed or drawn (a dataset row may override it); null for a trace (its rows say). */
  readonly outputTokens: Length | null;
  /** Leading tokens shared by every prompt of the scenario (prefix-cache workloads). */
  readonly sharedPrefixTokens: number;
  /** Absolute path of a JSONL dataset replacing synthesis, or null. */
  readonly dataset: string | null;
  /** A trace replayed at its timestamps instead of the loads; null or absent otherwise. */
  readonly trace?: TracePlan | null;
  /** Multi-turn sessions instead of independent requests; null or absent otherwise. */
  readonly conversation?: ConversationPlan | null;
}

/** A scenario's multi-turn sessions (docs/workloads.md, "Multi-turn conversations"). */
export interface ConversationPlan {
  readonly turns: number;
  /** The new user message of turns 2..N. */
  readonly userTokens: Length;
  /** Between an answer's end and the next turn, ms. */
  readonly thinkTimeMs: Length | 0;
  readonly answers: 'real' | 'synthetic';
}

/** A scenario's trace replay (docs/workloads.md). */
export interface TracePlan {
  /** Absolute path. */
  readonly file: string;
  readonly format: TraceFormat;
  readonly blockTokens: number;
  /** Multiplies the trace's time (0.5: twice as fast). */
  readonly timeScale: number;
  /** Window on the trace's own clock, ms since its first request. */
  readonly startMs: number;
  readonly durationMs: number | null;
  readonly maxRequests: number | null;
}

import type { LoadPlan } from '../shapes/index.js';

export type { LoadPlan } from '../shapes/index.js';

export interface SloPlan {
  /** Per-request bounds; a request is "good" when it meets every bound set here. */
  readonly ttftMs: number | null;
  readonly tpotMs: number | null;
  readonly e2eMs: number | null;
}

/** Overrides of a metric's default rule (gate/policy.ts merges them); unset fields keep the default: the config's rule as written. */
export type MetricRuleOverride = NormalMetricRule;

/** An absolute bound checked on the candidate alone, k6-style. */
export interface SloCheck {
  readonly metric: string;
  readonly op: SloOp;
  readonly bound: number;
  /** Only cells of this scenario / load label; null = every cell. */
  readonly scenario: string | null;
  readonly load: string | null;
  /** As written, for messages. */
  readonly text: string;
}

export interface GatePlan {
  readonly confidence: number;
  readonly alpha: number;
  readonly errorRateLimit: number;
  readonly tokenDriftLimit: number;
  /** gate.client_stall_ms: a trial whose client event-loop delay p99 is above this stalled (src/gate/pairs.ts); absent: the default. */
  readonly clientStallMs?: number;
  readonly strictFingerprint: boolean;
  /** Major environment differences (GPU, engine version, model, CPU; telemetry.fingerprint_differences): a warning or invalid. */
  readonly fingerprintDifferences: 'warn' | 'invalid';
  readonly bootstrapIterations: number;
  readonly metrics: Readonly<Record<string, MetricRuleOverride>>;
  readonly scenarios: Readonly<Record<string, Readonly<Record<string, MetricRuleOverride>>>>;
  readonly slo: readonly SloCheck[];
  /** Capacity comparison; absent: CAPACITY_DEFAULTS (src/config/capacity.ts). */
  readonly capacity?: { readonly tolerance: number; readonly noise: number };
}

/** One side of an interleaved A/B run; everything else of the target is shared. */
export interface AbSidePlan {
  readonly url: string;
  readonly model: string | null;
  readonly serverCommand: string | null;
  readonly readyTimeoutMs: number;
}

export interface Plan {
  /** Path of the config file as given (for messages), or null for built-in defaults. */
  readonly configPath: string | null;
  /** The normalised config (snake_case, defaults filled in) as stored in the result. */
  readonly config: NormalConfig;
  /** sha256 hex of the canonical JSON of `config`. */
  readonly configHash: string;
  readonly seed: number;
  readonly encoding: Encoding;
  readonly target: TargetPlan;
  readonly timeouts: TimeoutsPlan;
  readonly responseLimits: ResponseLimitsPlan;
  readonly limits: RunLimitsPlan;
  readonly scenarios: readonly ScenarioPlan[];
  readonly loads: readonly LoadPlan[];
  readonly slos: SloPlan;
  readonly gate: GatePlan;
  /** Interleaved A/B sides, when the config names two targets. */
  /** Sides are null when the config names none (the action takes them from its inputs). */
  readonly ab: {
    readonly baseline: AbSidePlan | null;
    readonly candidate: AbSidePlan | null;
    readonly schedule: AbSchedule;
    /** blocks: the two sides of a closed-loop pair take turns in blocks of requests (src/run/interleave.ts); trials: whole trials back to back. */
    readonly interleave: 'blocks' | 'trials';
  } | null;
  readonly telemetry: TelemetryPlan;
}

/** What each trial records beside the client's figures; null intervals never occur (defaults fill them). */
export interface TelemetryPlan {
  readonly enabled: boolean;
  readonly gpuIntervalMs: number;
  readonly scrapeIntervalMs: number;
  /** 0..1 of the machine's CPU. */
  readonly maxNeighbourCpuShare: number;
}
