// Turns llm-perf.yml (or the built-in default) into a frozen Plan. Every
// problem is collected and reported at once with file:line:col, because a
// config is usually fixed in one sitting and one-error-per-run is painful.

import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { DEFAULT_CONFIG_FILE, DEFAULT_CONFIG_YAML, DEFAULTS } from './defaults.js';
import { ConfigError, makeProblem, type ConfigProblem } from './errors.js';
import {
  crossFieldIssues,
  formatPath,
  has,
  isRecord,
  normaliseLoad,
  normaliseUrl,
  schemaIssues,
  validateSchema,
  valueAt,
  gateIssues,
  parseSloText,
  type Issue,
  type RawConfig,
  type RawGate,
  type RawLoad,
  type RawAbSide,
  type RawMetricRule,
} from './issues.js';
import type { AbSidePlan, GatePlan, MetricRuleOverride, Plan, ScenarioPlan, SloCheck } from './plan.js';
import { NO_LOCATION, parseYaml, type Locate } from './yaml.js';
export interface LoadPlanOptions {
  /** Config file (relative to cwd). Null/undefined: ./llm-perf.yml if present, else the built-in default. */
  configPath?: string | null;
  cwd: string;
  /** --url: overrides target.url. */
  url?: string | null;
  /** --model: overrides target.model. */
  model?: string | null;
  /** Used only to check that target.api_key_env names a variable that is set; defaults to process.env. */
  env?: NodeJS.ProcessEnv;
}

export interface PlanContext {
  /** Config file as the user named it (for messages), or null. */
  file: string | null;
  /** Folder that dataset paths are relative to. */
  baseDir: string;
  url?: string | null;
  model?: string | null;
  /** YAML text `raw` came from; gives messages their line:column. */
  source?: string;
}

export const REDACTED = '<redacted>';

/** Reads, validates and normalises the config; throws ConfigError listing every problem. */
export async function loadPlan(opts: LoadPlanOptions): Promise<Plan> {
  let file: string | null;
  let source: string;
  let baseDir: string;
  if (opts.configPath !== undefined && opts.configPath !== null) {
    file = opts.configPath;
    const abs = path.resolve(opts.cwd, file);
    source = await readConfigFile(file, abs, false);
    baseDir = path.dirname(abs);
  } else {
    const abs = path.join(opts.cwd, DEFAULT_CONFIG_FILE);
    const found = await readConfigFile(DEFAULT_CONFIG_FILE, abs, true);
    file = found === null ? null : DEFAULT_CONFIG_FILE;
    source = found ?? DEFAULT_CONFIG_YAML;
    baseDir = opts.cwd;
  }
  const parsed = parseYaml(source, file);
  return buildPlan(parsed.raw, { file, baseDir, url: opts.url, model: opts.model }, parsed.locate, opts.env ?? process.env);
}

/**
 * Only the gate rules of a config file, for `compare`: the target need not
 * exist or be reachable, and no API key need be set.
 */
export async function loadGatePlan(configPath: string, cwd: string): Promise<GatePlan> {
  const abs = path.resolve(cwd, configPath);
  const source = await readConfigFile(configPath, abs, false);
  const parsed = parseYaml(source, configPath);
  const raw = parsed.raw;
  const hasUrl = isRecord(raw) && isRecord(raw.target) && typeof raw.target.url === 'string';
  return buildPlan(raw, { file: configPath, baseDir: path.dirname(abs), url: hasUrl ? null : 'http://127.0.0.1' }, parsed.locate, null).gate;
}

/** Drops null-valued keys at every depth: the stored config writes "unset" as null, the file format omits it. */
function withoutNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutNulls);
  if (isRecord(value)) return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== null).map(([k, v]) => [k, withoutNulls(v)]));
  return value;
}

/**
 * The gate rules stored in a result's normalised config (what `compare` uses
 * without --config). Only the gate section and the scenario names and load
 * labels it may refer to are taken; they are validated like a config file.
 */
export function gatePlanFromStored(config: Readonly<Record<string, unknown>>, label: string): GatePlan {
  const scenarios = Array.isArray(config.scenarios) ? config.scenarios : [];
  const loads = Array.isArray(config.loads) ? config.loads : [];
  const raw = {
    target: { url: 'http://127.0.0.1' },
    scenarios: scenarios.filter(isRecord).map((sc) => ({ name: sc.name, input_tokens: 2, output_tokens: 1 })),
    loads: loads.filter(isRecord).map((l) =>
      typeof l.concurrency === 'number'
        ? { concurrency: l.concurrency }
        : withoutNulls({ rate: l.rate, arrival: l.arrival, burstiness: l.arrival === 'gamma' ? l.burstiness : null, max_concurrency: l.max_concurrency }),
    ),
    gate: withoutNulls(config.gate ?? {}),
  };
  return buildPlan(raw, { file: label, baseDir: '/' }, NO_LOCATION, null).gate;
}

/** Validates an already-parsed config object (e.g. from tests or another front end). */
export function planFromObject(raw: unknown, ctx: PlanContext): Plan {
  const locate = ctx.source === undefined ? NO_LOCATION : parseYaml(ctx.source, ctx.file).locate;
  return buildPlan(raw, ctx, locate, null);
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


// ---------------------------------------------------------------- reading

async function readConfigFile(file: string, abs: string, optional: true): Promise<string | null>;
async function readConfigFile(file: string, abs: string, optional: false): Promise<string>;
async function readConfigFile(file: string, abs: string, optional: boolean): Promise<string | null> {
  try {
    return await readFile(abs, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (optional && code === 'ENOENT') return null;
    const reason =
      code === 'ENOENT'
        ? `config file not found (looked for ${abs})`
        : code === 'EISDIR'
          ? `config path is a directory, not a file (${abs})`
          : `cannot read config file: ${(err as Error).message}`;
    throw ConfigError.of({ file, path: '', reason });
  }
}


// ---------------------------------------------------------------- building

function buildPlan(raw: unknown, ctx: PlanContext, locate: Locate, env: NodeJS.ProcessEnv | null): Plan {
  if (raw === null || raw === undefined) {
    throw ConfigError.of({ file: ctx.file, path: '', reason: 'the config is empty (expected a mapping with scenarios and loads)' });
  }
  const problems: ConfigProblem[] = [];
  const fileProblem = (issue: Issue): ConfigProblem => {
    const pos = locate(issue.segs, issue.atKey);
    const value = valueAt(raw, issue.segs);
    return makeProblem({
      file: ctx.file,
      line: pos?.line ?? null,
      column: pos?.column ?? null,
      path: formatPath(issue.segs),
      reason: issue.reason,
      value,
      echo: issue.echo,
      allowed: issue.allowed ?? null,
    });
  };

  const valid = validateSchema(raw);
  const schemaFound = valid ? [] : schemaIssues(raw, validateSchema.errors ?? []);
  const invalidLoads = new Set<number>();
  for (const issue of schemaFound) {
    if (issue.segs[0] === 'loads' && typeof issue.segs[1] === 'number') invalidLoads.add(issue.segs[1]);
  }
  const seen = new Set<string>();
  const loadLabels =
    isRecord(raw) && Array.isArray(raw.loads) ? raw.loads.filter((l, i) => isRecord(l) && !invalidLoads.has(i)).map((l) => normaliseLoad(l as RawLoad).label) : [];
  const gateFound = isRecord(raw) ? gateIssues(raw, loadLabels) : [];
  for (const issue of [...schemaFound, ...crossFieldIssues(raw, invalidLoads), ...gateFound]) {
    const key = `${formatPath(issue.segs)}\0${issue.reason}`;
    if (seen.has(key)) continue;
    seen.add(key);
    problems.push(fileProblem(issue));
  }

  const rawTarget: unknown = isRecord(raw) ? raw.target : undefined;
  const fileUrl = isRecord(rawTarget) && typeof rawTarget.url === 'string' ? rawTarget.url : undefined;
  let url: string | null = null;
  if (ctx.url !== undefined && ctx.url !== null) {
    const r = normaliseUrl(ctx.url);
    if ('url' in r) url = r.url;
    else problems.push(makeProblem({ file: null, path: '--url', reason: r.reason, value: r.shown }));
  } else if (fileUrl !== undefined) {
    const r = normaliseUrl(fileUrl);
    if ('url' in r) url = r.url;
    else {
      const pos = locate(['target', 'url']);
      problems.push(
        makeProblem({ file: ctx.file, line: pos?.line, column: pos?.column, path: 'target.url', reason: r.reason, value: r.shown }),
      );
    }
  } else if (isRecord(raw) && isRecord(raw.ab) && isRecord(raw.ab.candidate) && typeof raw.ab.candidate.url === 'string') {
    // An A/B config needs no target.url: each side names its own.
    const r = normaliseUrl(raw.ab.candidate.url);
    if ('url' in r) url = r.url;
  } else if (isRecord(raw) && !(isRecord(rawTarget) && has(rawTarget, 'url'))) {
    if (ctx.file === null) {
      problems.push(
        makeProblem({
          file: null,
          path: 'target.url',
          reason: 'no target URL',
          text: `no target URL: pass --url or write target.url in ${DEFAULT_CONFIG_FILE}`,
        }),
      );
    } else {
      problems.push(fileProblem({ segs: ['target', 'url'], reason: 'is required (or pass --url)', echo: false }));
    }
  }

  if (isRecord(raw) && isRecord(raw.ab)) {
    for (const side of ['baseline', 'candidate'] as const) {
      const s = raw.ab[side];
      if (!isRecord(s) || typeof s.url !== 'string') continue;
      const r = normaliseUrl(s.url);
      if (!('url' in r)) {
        const pos = locate(['ab', side, 'url']);
        problems.push(makeProblem({ file: ctx.file, line: pos?.line, column: pos?.column, path: `ab.${side}.url`, reason: r.reason, value: r.shown }));
      }
    }
  }

  if (ctx.model !== undefined && ctx.model !== null && ctx.model === '') {
    problems.push(makeProblem({ file: null, path: '--model', reason: 'must not be empty', value: '' }));
  }

  const keyEnv = isRecord(rawTarget) && typeof rawTarget.api_key_env === 'string' ? rawTarget.api_key_env : undefined;
  if (env !== null && keyEnv !== undefined && /^[A-Za-z_][A-Za-z0-9_]*$/.test(keyEnv) && !env[keyEnv]) {
    problems.push(
      fileProblem({ segs: ['target', 'api_key_env'], reason: 'names an environment variable that is not set or empty', echo: true }),
    );
  }

  if (problems.length > 0) throw new ConfigError(sortProblems(problems));
  if (url === null) throw new Error('unreachable: validated config without URL');
  return assemble(raw as RawConfig, ctx, url);
}

function sortProblems(problems: ConfigProblem[]): ConfigProblem[] {
  // Unlocated problems (command-line flags, missing sections) first, then in file order.
  return problems
    .map((p, i) => ({ p, i }))
    .sort((a, b) => (a.p.line ?? 0) - (b.p.line ?? 0) || (a.p.column ?? 0) - (b.p.column ?? 0) || a.i - b.i)
    .map(({ p }) => p);
}

function assemble(raw: RawConfig, ctx: PlanContext, url: string): Plan {
  const t = raw.target ?? {};
  const model = ctx.model ?? t.model ?? null;
  const headers = { ...(t.headers ?? {}) };
  const extraBody = structuredClone(t.extra_body ?? {});
  const seed = raw.seed ?? DEFAULTS.seed;
  const encoding = raw.tokenizer ?? DEFAULTS.tokenizer;
  const api = t.api ?? DEFAULTS.api;
  const fixedOutput = t.fixed_output ?? DEFAULTS.fixedOutput;
  const timeouts = {
    connect_ms: raw.timeouts?.connect_ms ?? DEFAULTS.connectMs,
    request_s: raw.timeouts?.request_s ?? DEFAULTS.requestS,
    idle_s: raw.timeouts?.idle_s ?? DEFAULTS.idleS,
  };
  const limits = {
    line_bytes: raw.limits?.line_bytes ?? DEFAULTS.lineBytes,
    event_bytes: raw.limits?.event_bytes ?? DEFAULTS.eventBytes,
    response_bytes: raw.limits?.response_bytes ?? DEFAULTS.responseBytes,
  };
  const run = {
    requests: raw.run?.requests ?? DEFAULTS.requests,
    warmup: raw.run?.warmup ?? DEFAULTS.warmup,
    max_duration_s: raw.run?.max_duration_s ?? DEFAULTS.maxDurationS,
    trials: raw.run?.trials ?? DEFAULTS.trials,
  };
  const scenarios = raw.scenarios.map((s) => ({
    name: s.name,
    input_tokens: s.input_tokens ?? null,
    output_tokens: s.output_tokens,
    shared_prefix_tokens: s.shared_prefix_tokens ?? DEFAULTS.sharedPrefixTokens,
    dataset: s.dataset ?? null,
  }));
  const loads = raw.loads.map(normaliseLoad);
  const slos = {
    ttft_ms: raw.slos?.ttft_ms ?? null,
    tpot_ms: raw.slos?.tpot_ms ?? null,
    e2e_ms: raw.slos?.e2e_ms ?? null,
  };

  const config = {
    version: 1,
    target: {
      url,
      api,
      model,
      api_key_env: t.api_key_env ?? null,
      // Header values often carry tokens, and this object is written to the result file.
      headers: Object.fromEntries(Object.keys(headers).map((k) => [k, REDACTED])),
      extra_body: structuredClone(extraBody),
      fixed_output: fixedOutput,
    },
    seed,
    tokenizer: encoding,
    timeouts,
    limits,
    run,
    scenarios,
    loads: loads.map((l) => l.config),
    slos,
    gate: normaliseGate(raw.gate),
    ab: raw.ab === undefined ? null : { baseline: abSide(raw.ab.baseline), candidate: abSide(raw.ab.candidate) },
  };

  const scenarioPlans: ScenarioPlan[] = scenarios.map((s) => ({
    name: s.name,
    inputTokens: s.input_tokens,
    outputTokens: s.output_tokens,
    sharedPrefixTokens: s.shared_prefix_tokens,
    dataset: s.dataset === null ? null : path.resolve(ctx.baseDir, s.dataset),
  }));

  const plan: Plan = {
    configPath: ctx.file,
    config,
    configHash: createHash('sha256').update(canonicalJson(config)).digest('hex'),
    seed,
    encoding,
    target: { url, api, model, apiKeyEnv: t.api_key_env ?? null, headers, extraBody, fixedOutput },
    timeouts: {
      connectMs: timeouts.connect_ms,
      requestMs: timeouts.request_s * 1000,
      idleMs: timeouts.idle_s * 1000,
    },
    responseLimits: { lineBytes: limits.line_bytes, eventBytes: limits.event_bytes, responseBytes: limits.response_bytes },
    limits: { requests: run.requests, warmup: run.warmup, maxDurationS: run.max_duration_s, trials: run.trials },
    scenarios: scenarioPlans,
    loads: loads.map((l) => l.plan),
    slos: { ttftMs: slos.ttft_ms, tpotMs: slos.tpot_ms, e2eMs: slos.e2e_ms },
    gate: gatePlan(config.gate),
    ab:
      config.ab === null
        ? null
        : {
            baseline: abSidePlan(config.ab.baseline),
            candidate: abSidePlan(config.ab.candidate),
          },
  };
  return deepFreeze(plan);
}

/** Validated above: the URL normalises. */
function abSide(s: RawAbSide) {
  const r = normaliseUrl(s.url);
  return {
    url: 'url' in r ? r.url : s.url,
    model: s.model ?? null,
    server_command: s.server_command ?? null,
    ready_timeout_s: s.ready_timeout_s ?? 600,
  };
}

function abSidePlan(s: ReturnType<typeof abSide>): AbSidePlan {
  return { url: s.url, model: s.model, serverCommand: s.server_command, readyTimeoutMs: s.ready_timeout_s * 1000 };
}

type NormalGate = ReturnType<typeof normaliseGate>;

/** The gate section with defaults filled in, as stored in the result's config. */
function normaliseGate(g: RawGate | undefined) {
  const rules = (m: Record<string, RawMetricRule> | undefined): Record<string, RawMetricRule> =>
    Object.fromEntries(Object.entries(m ?? {}).map(([id, r]) => [id, { ...r }]));
  return {
    confidence: g?.confidence ?? DEFAULTS.confidence,
    alpha: g?.alpha ?? DEFAULTS.alpha,
    error_rate_limit: g?.error_rate_limit ?? DEFAULTS.errorRateLimit,
    token_drift_limit: g?.token_drift_limit ?? DEFAULTS.tokenDriftLimit,
    strict_fingerprint: g?.strict_fingerprint ?? DEFAULTS.strictFingerprint,
    bootstrap_iterations: g?.bootstrap_iterations ?? DEFAULTS.bootstrapIterations,
    metrics: rules(g?.metrics),
    scenarios: Object.fromEntries(Object.entries(g?.scenarios ?? {}).map(([name, sc]) => [name, { metrics: rules(sc.metrics) }])),
    slo: (g?.slo ?? []).map((s) => (typeof s === 'string' ? { check: s.trim(), scenario: null, load: null } : { check: s.check.trim(), scenario: s.scenario ?? null, load: s.load ?? null })),
  };
}

function gatePlan(g: NormalGate): GatePlan {
  const slo: SloCheck[] = g.slo.map((s) => {
    // Validated above: the text parses and names a known metric.
    const parsed = parseSloText(s.check)!;
    return { ...parsed, scenario: s.scenario, load: s.load, text: s.check };
  });
  const overrides = (m: Record<string, RawMetricRule>): Record<string, MetricRuleOverride> => ({ ...m });
  return {
    confidence: g.confidence,
    alpha: g.alpha,
    errorRateLimit: g.error_rate_limit,
    tokenDriftLimit: g.token_drift_limit,
    strictFingerprint: g.strict_fingerprint,
    bootstrapIterations: g.bootstrap_iterations,
    metrics: overrides(g.metrics),
    scenarios: Object.fromEntries(Object.entries(g.scenarios).map(([name, sc]) => [name, overrides(sc.metrics)])),
    slo,
  };
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}
