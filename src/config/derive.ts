// Pure derivations from a NormalConfig: the run plan (camelCase, units the
// run uses, dataset paths resolved) and the gate plan. The same functions
// serve a config file just loaded and a config stored in a result.
import { createHash } from 'node:crypto';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { DEFAULTS } from './defaults.js';
import { deepFreeze, normaliseTelemetry, type NormalAbSide, type NormalConfig, type NormalGate, type NormalMetricRule, type NormalTelemetry } from './normal.js';
import type { AbSidePlan, GatePlan, MetricRuleOverride, Plan } from './plan.js';
import { loadPlanOf } from '../shapes/index.js';
import { parseSloText } from './slo-text.js';

export { loadLabel } from '../shapes/index.js';

/**
 * The gate section as the gate uses it, with the telemetry section's rule for
 * environment differences (absent in older results: the default). Its SLO
 * texts were checked when the config was read (issues.ts).
 */
export function gatePlanOf(g: NormalGate, t: NormalTelemetry | undefined): GatePlan {
  const overrides = (m: Readonly<Record<string, NormalMetricRule>>): Record<string, MetricRuleOverride> => ({ ...m });
  return {
    confidence: g.confidence,
    alpha: g.alpha,
    errorRateLimit: g.error_rate_limit,
    tokenDriftLimit: g.token_drift_limit,
    ...(g.client_stall_ms === undefined ? {} : { clientStallMs: g.client_stall_ms }),
    strictFingerprint: g.strict_fingerprint,
    fingerprintDifferences: (t ?? normaliseTelemetry(undefined)).fingerprint_differences,
    bootstrapIterations: g.bootstrap_iterations,
    metrics: overrides(g.metrics),
    scenarios: Object.fromEntries(Object.entries(g.scenarios).map(([name, sc]) => [name, overrides(sc.metrics)])),
    slo: g.slo.map((s) => ({ ...parseSloText(s.check)!, scenario: s.scenario, load: s.load, text: s.check })),
    ...(g.capacity === undefined ? {} : { capacity: { ...g.capacity } }),
  };
}

interface RunContext {
  /** Path of the config file as given (for messages), or null for built-in defaults. */
  configPath: string | null;
  /** Folder that dataset paths are relative to. */
  baseDir: string;
  /** target.headers with their values: the config holds only the names. */
  headers: Readonly<Record<string, string>>;
}

/** The plan a run executes. */
export function planOf(config: NormalConfig, ctx: RunContext): Plan {
  const t = config.target;
  const plan: Plan = {
    configPath: ctx.configPath,
    config,
    // How many threads send is how the plan runs, not what it measures: shards of a
    // plan, and results with and without workers, keep one hash.
    configHash: createHash('sha256')
      .update(canonicalJson(withoutWorkers(config)))
      .digest('hex'),
    seed: config.seed,
    encoding: config.tokenizer,
    target: {
      url: t.url,
      api: t.api,
      model: t.model,
      apiKeyEnv: t.api_key_env,
      headers: { ...ctx.headers },
      extraBody: t.extra_body,
      fixedOutput: t.fixed_output,
      promptLengths: t.prompt_lengths ?? 'tokenizer',
      ttftFrom: t.ttft_from ?? 'output',
    },
    timeouts: {
      connectMs: config.timeouts.connect_ms,
      requestMs: config.timeouts.request_s * 1000,
      idleMs: config.timeouts.idle_s * 1000,
    },
    responseLimits: {
      lineBytes: config.limits?.line_bytes ?? DEFAULTS.lineBytes,
      eventBytes: config.limits?.event_bytes ?? DEFAULTS.eventBytes,
      responseBytes: config.limits?.response_bytes ?? DEFAULTS.responseBytes,
    },
    limits: {
      requests: config.run.requests,
      warmup: config.run.warmup,
      maxDurationS: config.run.max_duration_s,
      trials: config.run.trials,
      workers: resolveWorkers(config.run.workers),
      budget: resolveBudget(config.run),
    },
    scenarios: config.scenarios.map((s) => ({
      name: s.name,
      inputTokens: s.input_tokens,
      outputTokens: s.output_tokens,
      sharedPrefixTokens: s.shared_prefix_tokens,
      dataset: s.dataset === null ? null : path.resolve(ctx.baseDir, s.dataset),
      ...(s.trace === undefined
        ? {}
        : {
            trace: {
              file: path.resolve(ctx.baseDir, s.trace.file),
              format: s.trace.format,
              blockTokens: s.trace.block_tokens,
              timeScale: s.trace.time_scale,
              startMs: s.trace.start_s * 1000,
              durationMs: s.trace.duration_s === null ? null : s.trace.duration_s * 1000,
              maxRequests: s.trace.max_requests,
            },
          }),
      ...(s.conversation === undefined
        ? {}
        : { conversation: { turns: s.conversation.turns, userTokens: s.conversation.user_tokens, thinkTimeMs: s.conversation.think_time_ms, answers: s.conversation.answers } }),
    })),
    loads: config.loads.map(loadPlanOf),
    slos: { ttftMs: config.slos.ttft_ms, tpotMs: config.slos.tpot_ms, e2eMs: config.slos.e2e_ms },
    gate: gatePlanOf(config.gate, config.telemetry),
    ab:
      config.ab === null
        ? null
        : {
            baseline: config.ab.baseline === null ? null : abSidePlan(config.ab.baseline),
            candidate: config.ab.candidate === null ? null : abSidePlan(config.ab.candidate),
            schedule: config.ab.schedule ?? 'concurrent',
            interleave: config.ab.interleave ?? 'blocks',
          },
    telemetry: telemetryPlanOf(config.telemetry ?? normaliseTelemetry(undefined)),
  };
  return deepFreeze(plan);
}

// The budget says how long a paired run may go on, not what it measures: it stays out of the hash too.
function withoutWorkers(config: NormalConfig): NormalConfig {
  const { workers: _workers, budget: _budget, ...run } = config.run;
  return { ...config, run };
}

/**
 * run.budget resolved: by default a paired run may measure up to twice
 * run.trials pairs and at least DEFAULTS.budgetPairs (16), within
 * DEFAULTS.budgetMinutes of measuring; false: the fixed design. Why 16 at
 * the default 3 trials: a TTFT p95 of 100 requests a trial beside a busy
 * loop needs that horizon to be pinned within its 10% threshold in 9 runs of
 * 10, while the median A/A run stops at 10-11 pairs (the synthetic study and
 * the real-engine runs in docs/gate.md, "The default budget: 16 pairs"; a
 * budget of 10 left 4 of 20 real A/A runs undecided).
 */
function resolveBudget(run: NormalConfig['run']): { trials: number; minutes: number | null } {
  if (run.budget === false) return { trials: run.trials, minutes: null };
  const trials = run.budget?.trials ?? Math.min(100, Math.max(2 * run.trials, DEFAULTS.budgetPairs));
  return { trials: Math.max(trials, run.trials), minutes: run.budget?.minutes ?? DEFAULTS.budgetMinutes };
}

/**
 * run.workers: a number as given; `auto` one per core but one, left to the
 * main thread (which coordinates) and the OS, at most 16: past that the
 * server, not the client, is what a test on one machine measures.
 */
export function resolveWorkers(workers: number | 'auto' | undefined, cores = availableParallelism()): number {
  if (workers === undefined) return DEFAULTS.workers;
  if (workers === 'auto') return Math.max(1, Math.min(16, cores - 1));
  return workers;
}

function telemetryPlanOf(t: NormalTelemetry): Plan['telemetry'] {
  return { enabled: t.enabled, gpuIntervalMs: t.gpu_interval_ms, scrapeIntervalMs: t.scrape_interval_ms, maxNeighbourCpuShare: t.max_neighbour_cpu_share };
}

function abSidePlan(s: NormalAbSide): AbSidePlan {
  return { url: s.url, model: s.model, serverCommand: s.server_command, readyTimeoutMs: s.ready_timeout_s * 1000 };
}

/** JSON with object keys sorted at every depth, so equal configs hash equally whatever their key order. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((v) => canonicalJson(v === undefined ? null : v)).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const obj = value as Record<string, unknown>;
    const parts = Object.keys(obj)
      .sort()
      .filter((k) => obj[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${canonicalJson(obj[k])}`);
    return `{${parts.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
