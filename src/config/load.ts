// Turns llm-perf.yml (or the built-in default) into a frozen Plan. Every
// problem is collected and reported at once with file:line:col, because a
// config is usually fixed in one sitting and one-error-per-run is painful.

import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Ajv, type ErrorObject } from 'ajv';
import { LineCounter, isAlias, isMap, isScalar, isSeq, parseDocument, type Document } from 'yaml';
import schema from '../../schema/config.schema.json' with { type: 'json' };
import { DEFAULT_CONFIG_FILE, DEFAULT_CONFIG_YAML, DEFAULTS } from './defaults.js';
import { ConfigError, makeProblem, type ConfigProblem } from './errors.js';
import type { ApiKind, Encoding, LoadPlan, Plan, ScenarioPlan } from './plan.js';

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

type Segment = string | number;
interface Position {
  line: number;
  column: number;
}
/** Position of the node at `segs` (or of its key, for unknown/invalid keys); nearest existing ancestor otherwise. */
type Locate = (segs: readonly Segment[], atKey?: boolean) => Position | null;

const NO_LOCATION: Locate = () => null;

function parseYaml(source: string, file: string | null): { raw: unknown; locate: Locate } {
  const lineCounter = new LineCounter();
  const doc = parseDocument(source, { lineCounter, prettyErrors: false });
  const at = (offset: number): Position => {
    const p = lineCounter.linePos(offset);
    return { line: p.line, column: p.col };
  };
  if (doc.errors.length > 0) {
    throw new ConfigError(
      doc.errors.map((e) => {
        const pos = at(e.pos[0]);
        const reason =
          e.code === 'MULTIPLE_DOCS' ? 'the config must be a single YAML document (found another "---")' : e.message;
        return makeProblem({ file, line: pos.line, column: pos.column, path: '', reason });
      }),
    );
  }
  let raw: unknown;
  try {
    raw = doc.toJS();
  } catch (err) {
    // Alias bombs and similar: toJS refuses rather than expanding without bound.
    throw ConfigError.of({ file, path: '', reason: (err as Error).message });
  }
  return { raw, locate: makeLocator(doc, at) };
}

function makeLocator(doc: Document, at: (offset: number) => Position): Locate {
  return (segs, atKey = false) => {
    let node: unknown = doc.contents;
    let best: Position | null = rangeStart(node, at);
    for (let i = 0; i < segs.length; i++) {
      const seg = segs[i];
      if (isAlias(node)) node = node.resolve(doc);
      let keyNode: unknown = null;
      if (isMap(node)) {
        const pair = node.items.find((p) => String(isScalar(p.key) ? p.key.value : p.key) === String(seg));
        if (pair === undefined) return best;
        keyNode = pair.key;
        node = pair.value;
      } else if (isSeq(node) && typeof seg === 'number') {
        if (seg >= node.items.length) return best;
        node = node.items[seg];
      } else {
        return best;
      }
      const last = i === segs.length - 1;
      // A key with no value (`url:`) has no value node to point at: use the key.
      const pos = (last && atKey ? null : rangeStart(node, at)) ?? rangeStart(keyNode, at);
      if (pos !== null) best = pos;
    }
    return best;
  };
}

function rangeStart(node: unknown, at: (offset: number) => Position): Position | null {
  if (node === null || typeof node !== 'object' || !('range' in node)) return null;
  const range = (node as { range?: [number, number, number] | null }).range;
  return range ? at(range[0]) : null;
}

// ---------------------------------------------------------------- validation

const ajv = new Ajv({ allErrors: true, verbose: true });
const validateSchema = ajv.compile(schema);

const LOAD_ONE_OF = '#/properties/loads/items/oneOf';
const BURSTINESS_RULE = '#/properties/loads/items/dependencies/burstiness';

interface Issue {
  segs: Segment[];
  reason: string;
  /** Echo the value in the message (off for unknown keys and missing fields). */
  echo: boolean;
  allowed?: string | null;
  atKey?: boolean;
}

function formatPath(segs: readonly Segment[]): string {
  let out = '';
  for (const seg of segs) {
    if (typeof seg === 'number') out += `[${seg}]`;
    else if (/^[A-Za-z_][A-Za-z0-9_-]*$/.test(seg)) out += out === '' ? seg : `.${seg}`;
    else out += `[${JSON.stringify(seg)}]`;
  }
  return out;
}

function valueAt(raw: unknown, segs: readonly Segment[]): unknown {
  let v = raw;
  for (const seg of segs) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<string, unknown>)[seg as string];
  }
  return v;
}

/** JSON pointer -> segments, with array indices as numbers (to print `[1]`, not `.1`). */
function pointerToSegments(raw: unknown, pointer: string): Segment[] {
  if (pointer === '') return [];
  const segs: Segment[] = [];
  let v = raw;
  for (const part of pointer.slice(1).split('/')) {
    const key = part.replace(/~1/g, '/').replace(/~0/g, '~');
    const seg: Segment = Array.isArray(v) && /^\d+$/.test(key) ? Number(key) : key;
    segs.push(seg);
    v = v !== null && typeof v === 'object' ? (v as Record<string, unknown>)[key] : undefined;
  }
  return segs;
}

function typePhrase(type: unknown): string {
  const one = (t: unknown): string => {
    switch (t) {
      case 'integer':
        return 'an integer';
      case 'number':
        return 'a number';
      case 'string':
        return 'a string';
      case 'boolean':
        return 'true or false';
      case 'object':
        return 'a mapping';
      case 'array':
        return 'a list';
      default:
        return String(t);
    }
  };
  return Array.isArray(type) ? type.map(one).join(' or ') : one(type);
}

/** `an integer >= 1`: the type plus its lower bound, which is what most wrong values miss. */
function describeType(parent: Record<string, unknown>): string {
  let s = typePhrase(parent.type);
  if (typeof parent.minimum === 'number') s += ` >= ${parent.minimum}`;
  else if (typeof parent.exclusiveMinimum === 'number') s += ` > ${parent.exclusiveMinimum}`;
  return s;
}

function schemaIssues(raw: unknown, errors: readonly ErrorObject[]): Issue[] {
  const issues: Issue[] = [];
  const pointers = (e: ErrorObject): Segment[] => pointerToSegments(raw, e.instancePath);
  const loadOneOfFailed = new Set(errors.filter((e) => e.schemaPath === LOAD_ONE_OF).map((e) => e.instancePath));

  for (const e of errors) {
    const segs = pointers(e);
    const parent = (e.parentSchema ?? {}) as Record<string, unknown>;
    const params = e.params as Record<string, unknown>;

    if (e.schemaPath === LOAD_ONE_OF) {
      issues.push({ segs, reason: 'give exactly one of concurrency or rate', echo: false });
      continue;
    }
    if (e.schemaPath.startsWith(`${LOAD_ONE_OF}/`)) continue;
    if (e.schemaPath.startsWith(BURSTINESS_RULE)) {
      const load = segs.slice(0, 2);
      issues.push({ segs: [...load, 'burstiness'], reason: 'only allowed with arrival: gamma', echo: true });
      continue;
    }
    if (e.keyword === 'dependencies') {
      // `{arrival: gamma}` alone already says "give exactly one of ..."; this would only repeat it.
      if (loadOneOfFailed.has(e.instancePath)) continue;
      issues.push({ segs: [...segs, String(params.property)], reason: `only allowed with ${String(params.deps)}`, echo: true });
      continue;
    }
    if (e.keyword === 'oneOf' || e.keyword === 'anyOf') {
      const specific = errors.some((o) => o !== e && o.schemaPath.startsWith(`${e.schemaPath}/`));
      if (!specific) issues.push({ segs, reason: 'does not match any allowed form', echo: true });
      continue;
    }
    if (e.keyword === 'propertyNames') continue;
    if (e.propertyName !== undefined) {
      issues.push({
        segs: [...segs, e.propertyName],
        reason: `invalid name: must match ${String(params.pattern ?? '')}`,
        echo: false,
        allowed: typeof params.pattern === 'string' ? params.pattern : null,
        atKey: true,
      });
      continue;
    }

    switch (e.keyword) {
      case 'type':
        issues.push({ segs, reason: `must be ${describeType(parent)}`, echo: true });
        break;
      case 'minimum':
        issues.push({ segs, reason: `must be ${typePhrase(parent.type)} >= ${String(params.limit)}`, echo: true });
        break;
      case 'exclusiveMinimum':
        issues.push({ segs, reason: `must be ${typePhrase(parent.type)} > ${String(params.limit)}`, echo: true });
        break;
      case 'maximum':
        issues.push({ segs, reason: `must be ${typePhrase(parent.type)} <= ${String(params.limit)}`, echo: true });
        break;
      case 'exclusiveMaximum':
        issues.push({ segs, reason: `must be ${typePhrase(parent.type)} < ${String(params.limit)}`, echo: true });
        break;
      case 'enum': {
        const allowed = (params.allowedValues as unknown[]).map(String).join('|');
        issues.push({ segs, reason: `must be one of ${allowed}`, echo: true, allowed });
        break;
      }
      case 'const': {
        const allowed = String(params.allowedValue);
        issues.push({ segs, reason: `must be ${allowed}`, echo: true, allowed });
        break;
      }
      case 'additionalProperties': {
        const props = parent.properties;
        const keys = props !== null && typeof props === 'object' ? Object.keys(props) : [];
        const allowed = keys.join(', ');
        issues.push({
          segs: [...segs, String(params.additionalProperty)],
          reason: `unknown field (allowed: ${allowed})`,
          echo: false,
          allowed,
          atKey: true,
        });
        break;
      }
      case 'required':
        issues.push({ segs: [...segs, String(params.missingProperty)], reason: 'is required', echo: false });
        break;
      case 'minItems': {
        const n = Number(params.limit);
        issues.push({ segs, reason: `must have at least ${n} item${n === 1 ? '' : 's'}`, echo: true });
        break;
      }
      case 'minLength':
        issues.push({
          segs,
          reason: Number(params.limit) === 1 ? 'must not be empty' : `must be at least ${String(params.limit)} characters`,
          echo: true,
        });
        break;
      case 'pattern': {
        const pattern = String(params.pattern);
        issues.push({ segs, reason: `must match ${pattern}`, echo: true, allowed: pattern });
        break;
      }
      default:
        issues.push({ segs, reason: e.message ?? `fails ${e.keyword}`, echo: true });
    }
  }
  return issues;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

function has(obj: Record<string, unknown>, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(obj, key);
}

/** Rules JSON Schema states badly: they need sibling values or the whole list. */
function crossFieldIssues(raw: unknown, invalidLoads: ReadonlySet<number>): Issue[] {
  const issues: Issue[] = [];
  if (!isRecord(raw)) return issues;

  if (Array.isArray(raw.scenarios)) {
    const names = new Map<string, number>();
    raw.scenarios.forEach((sc: unknown, i) => {
      if (!isRecord(sc)) return;
      const at = ['scenarios', i];
      if (has(sc, 'dataset')) {
        for (const key of ['input_tokens', 'shared_prefix_tokens']) {
          if (has(sc, key)) issues.push({ segs: [...at, key], reason: 'not allowed with dataset (prompts come from the file)', echo: true, atKey: true });
        }
      } else {
        if (!has(sc, 'input_tokens')) issues.push({ segs: [...at, 'input_tokens'], reason: 'is required unless dataset is given', echo: false });
        const input = sc.input_tokens;
        const shared = sc.shared_prefix_tokens;
        if (Number.isInteger(input) && Number.isInteger(shared) && (shared as number) >= (input as number)) {
          issues.push({ segs: [...at, 'shared_prefix_tokens'], reason: `must be < input_tokens (${String(input)})`, echo: true });
        }
      }
      if (typeof sc.name === 'string') {
        const first = names.get(sc.name);
        if (first === undefined) names.set(sc.name, i);
        else issues.push({ segs: [...at, 'name'], reason: `duplicate scenario name (already used by scenarios[${first}])`, echo: true });
      }
    });
  }

  if (Array.isArray(raw.loads)) {
    const labels = new Map<string, number>();
    raw.loads.forEach((ld: unknown, i) => {
      // A load the schema rejected has no trustworthy label; its own error is enough.
      if (!isRecord(ld) || invalidLoads.has(i)) return;
      const label = normaliseLoad(ld as RawLoad).label;
      const first = labels.get(label);
      if (first === undefined) labels.set(label, i);
      else issues.push({ segs: ['loads', i], reason: `duplicate load ${label} (same as loads[${first}])`, echo: false });
    });
  }
  return issues;
}

/** http(s) base URL without credentials, query, trailing slash or trailing /v1. */
function normaliseUrl(input: string): { url: string } | { reason: string; shown: string } {
  let u: URL;
  try {
    u = new URL(input);
  } catch {
    return { reason: 'must be an http(s) URL such as http://127.0.0.1:8000', shown: input };
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') {
    return { reason: 'must start with http:// or https://', shown: input };
  }
  if (u.username !== '' || u.password !== '') {
    // Never echo the secret back: it would land in CI logs.
    u.username = '***';
    u.password = '';
    return {
      reason: 'must not contain user:password; put the key in an environment variable and name it in target.api_key_env',
      shown: u.href,
    };
  }
  if (u.search !== '' || u.hash !== '') {
    return { reason: 'must not have a query string or #fragment', shown: input };
  }
  let p = u.pathname.replace(/\/+$/, '');
  if (p.endsWith('/v1')) p = p.slice(0, -3).replace(/\/+$/, '');
  return { url: `${u.protocol}//${u.host}${p}` };
}

// ---------------------------------------------------------------- building

interface RawTarget {
  url?: string;
  api?: ApiKind;
  model?: string;
  api_key_env?: string;
  headers?: Record<string, string>;
  extra_body?: Record<string, unknown>;
  fixed_output?: boolean;
}
interface RawScenario {
  name: string;
  input_tokens?: number;
  output_tokens: number;
  shared_prefix_tokens?: number;
  dataset?: string;
}
interface RawLoad {
  concurrency?: number;
  rate?: number;
  arrival?: 'poisson' | 'gamma';
  burstiness?: number;
  max_concurrency?: number;
}
interface RawConfig {
  version?: 1;
  target?: RawTarget;
  seed?: number;
  tokenizer?: Encoding;
  timeouts?: { connect_ms?: number; request_s?: number; idle_s?: number };
  run?: { requests?: number; warmup?: number; max_duration_s?: number };
  scenarios: RawScenario[];
  loads: RawLoad[];
  slos?: { ttft_ms?: number; tpot_ms?: number; e2e_ms?: number };
}

function normaliseLoad(ld: RawLoad): { config: Record<string, unknown>; plan: LoadPlan; label: string } {
  if (ld.concurrency !== undefined) {
    const label = `c=${ld.concurrency}`;
    return { config: { concurrency: ld.concurrency }, plan: { kind: 'concurrency', label, concurrency: ld.concurrency }, label };
  }
  const rate = ld.rate ?? 0;
  const arrival = ld.arrival ?? DEFAULTS.arrival;
  const burstiness = ld.burstiness ?? DEFAULTS.burstiness;
  const maxConcurrency = ld.max_concurrency ?? null;
  let label = `r=${rate}/s`;
  if (arrival === 'gamma') label += `,gamma=${burstiness}`;
  if (maxConcurrency !== null) label += `,max=${maxConcurrency}`;
  return {
    config: { rate, arrival, burstiness, max_concurrency: maxConcurrency },
    plan: { kind: 'rate', label, rate, arrival, burstiness, maxConcurrency },
    label,
  };
}

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
  for (const issue of [...schemaFound, ...crossFieldIssues(raw, invalidLoads)]) {
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
  const run = {
    requests: raw.run?.requests ?? DEFAULTS.requests,
    warmup: raw.run?.warmup ?? DEFAULTS.warmup,
    max_duration_s: raw.run?.max_duration_s ?? DEFAULTS.maxDurationS,
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
    run,
    scenarios,
    loads: loads.map((l) => l.config),
    slos,
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
    limits: { requests: run.requests, warmup: run.warmup, maxDurationS: run.max_duration_s },
    scenarios: scenarioPlans,
    loads: loads.map((l) => l.plan),
    slos: { ttftMs: slos.ttft_ms, tpotMs: slos.tpot_ms, e2eMs: slos.e2e_ms },
  };
  return deepFreeze(plan);
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}
