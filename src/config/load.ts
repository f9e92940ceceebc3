// Turns llm-perf.yml (or the built-in default) into a frozen Plan: parse
// (yaml.ts) -> check (check.ts) -> normalise (normal.ts) -> derive
// (derive.ts). The entry points the commands call are here.
import path from 'node:path';
import { checkConfig } from './check.js';
import { DEFAULT_CONFIG_FILE, DEFAULT_CONFIG_YAML } from './defaults.js';
import { gatePlanOf, planOf } from './derive.js';
import { ConfigError } from '../errors/config-error.js';
import { makeProblem } from '../config-problem.js';
import { formatPath } from './issues.js';
import { normaliseConfig, normaliseGate, normaliseTelemetry, type NormalConfig } from './normal.js';
import type { GatePlan, Plan, Warmup } from './plan.js';
import type { Segment } from './vocabulary.js';
import { NO_LOCATION, parseYaml, readConfigText, type Locate } from './yaml.js';

/**
 * A rule on the normalised config that src/config cannot state itself,
 * because it needs the gate's policy (src/pipeline/samples.ts: a gated
 * percentile needs enough planned samples). Its problems are at config paths
 * and become ConfigErrors with file:line:col; it may return an adjusted
 * config, with one notice per adjustment for the command to print.
 */
export type PlanReview = (config: NormalConfig) => { problems: { segs: Segment[]; reason: string }[]; config: NormalConfig; notices: string[]; warnings?: string[] };

interface LoadPlanOptions {
  /** Config file (relative to cwd). Null/undefined: ./llm-perf.yml if present, else the built-in default. */
  configPath?: string | null;
  cwd: string;
  /** --url: overrides target.url. */
  url?: string | null;
  /** --model: overrides target.model. */
  model?: string | null;
  /** Used only to check that target.api_key_env names a variable that is set; defaults to process.env. */
  env?: NodeJS.ProcessEnv;
  /** run.warmup when the config does not set it (the action: auto); default DEFAULTS.warmup. */
  warmupDefault?: Warmup;
  /** Checks and adjusts the normalised config (PlanReview); the commands pass src/pipeline/samples.ts. */
  review?: PlanReview;
  /** Told what the review changed, e.g. run.requests raised for a default-gated percentile; the commands print it. */
  onNotice?: (text: string) => void;
  /** Told what the review found doubtful but not wrong, e.g. an SLO on a percentile the planned requests cannot support; default: onNotice. */
  onWarning?: (text: string) => void;
  /**
   * Checks of the plan that need more than the config (a trace's own
   * requests, read by a floor above this one); each problem names its
   * config field and is reported at that field's line and column.
   */
  check?: (plan: Plan) => Promise<readonly { segs: Segment[]; reason: string }[]>;
}

interface PlanContext {
  /** Config file as the user named it (for messages), or null. */
  file: string | null;
  /** Folder that dataset paths are relative to. */
  baseDir: string;
  url?: string | null;
  model?: string | null;
  /** YAML text `raw` came from; gives messages their line:column. */
  source?: string;
  /** run.warmup when the config does not set it. */
  warmupDefault?: Warmup;
  /** Checks and adjusts the normalised config (PlanReview); none: taken as it is. */
  review?: PlanReview;
}

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
  const { plan, notices, warnings } = buildPlan(
    parsed.raw,
    { file, baseDir, url: opts.url, model: opts.model, warmupDefault: opts.warmupDefault, review: opts.review },
    parsed.locate,
    opts.env ?? process.env,
  );
  for (const n of notices) opts.onNotice?.(n);
  for (const w of warnings) (opts.onWarning ?? opts.onNotice)?.(w);
  const problems = opts.check === undefined ? [] : await opts.check(plan);
  if (problems.length > 0) {
    throw new ConfigError(
      problems.map((p) => {
        const pos = parsed.locate(p.segs);
        return makeProblem({ file, line: pos?.line, column: pos?.column, path: formatPath(p.segs), reason: p.reason });
      }),
    );
  }
  return plan;
}

/**
 * Only the gate rules of a config file, for `compare`: the target need not
 * be named, exist or be reachable, and no API key need be set.
 */
export async function loadGatePlan(configPath: string, cwd: string): Promise<GatePlan> {
  const abs = path.resolve(cwd, configPath);
  const source = await readConfigFile(configPath, abs, false);
  const parsed = parseYaml(source, configPath);
  const { raw } = checkConfig(parsed.raw, { file: configPath, env: null, needUrl: false }, parsed.locate);
  return gatePlanOf(normaliseGate(raw.gate), normaliseTelemetry(raw.telemetry));
}

/** Validates an already-parsed config object (e.g. from tests or another front end); its notices are dropped. */
export function planFromObject(raw: unknown, ctx: PlanContext): Plan {
  const locate = ctx.source === undefined ? NO_LOCATION : parseYaml(ctx.source, ctx.file).locate;
  return buildPlan(raw, ctx, locate, null).plan;
}

function buildPlan(input: unknown, ctx: PlanContext, locate: Locate, env: NodeJS.ProcessEnv | null): { plan: Plan; notices: string[]; warnings: string[] } {
  const { raw, url, notices: urlNotices } = checkConfig(input, { file: ctx.file, url: ctx.url, model: ctx.model, env, needUrl: true }, locate);
  if (url === null) throw new Error('unreachable: validated config without URL');
  let config = normaliseConfig(raw, { url, model: ctx.model, warmup: ctx.warmupDefault });
  let notices: string[] = [];
  let warnings: string[] = [];
  if (ctx.review !== undefined) {
    const r = ctx.review(config);
    if (r.problems.length > 0) {
      throw new ConfigError(
        r.problems.map((p) => {
          const pos = locate(p.segs);
          return makeProblem({ file: ctx.file, line: pos?.line, column: pos?.column, path: formatPath(p.segs), reason: p.reason });
        }),
      );
    }
    ({ config, notices } = r);
    warnings = r.warnings ?? [];
  }
  return { plan: planOf(config, { configPath: ctx.file, baseDir: ctx.baseDir, headers: raw.target?.headers ?? {} }), notices: [...urlNotices, ...notices], warnings };
}

// ---------------------------------------------------------------- reading

async function readConfigFile(file: string, abs: string, optional: true): Promise<string | null>;
async function readConfigFile(file: string, abs: string, optional: false): Promise<string>;
async function readConfigFile(file: string, abs: string, optional: boolean): Promise<string | null> {
  try {
    return await readConfigText(abs);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (optional && code === 'ENOENT') return null;
    const reason =
      code === 'ENOENT' ? `config file not found (looked for ${abs})` : code === 'EISDIR' ? `config path is a directory, not a file (${abs})` : `cannot read config file: ${(err as Error).message}`;
    throw ConfigError.of({ file, path: '', reason });
  }
}
export { gatePlanFromStored } from './stored.js';
