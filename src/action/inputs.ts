// Every input read once into a typed, frozen object; an error names the input
// and echoes the bad value, so a typo in a workflow is a one-line fix.
import { InputError } from '../errors/input-error.js';
import { DEFAULT_FAIL_ON, type FailOn, type FailVerdict } from '../pipeline/publish.js';
import { registerSecrets } from '../util/secrets.js';
import { INPUTS } from './constants.js';
import { parseBudgetText, type BudgetOverride } from '../config/budget-text.js';

function budgetInput(text: string | null): BudgetOverride | null {
  if (text === null) return null;
  try {
    return parseBudgetText(text);
  } catch (err) {
    throw new InputError(`'${INPUTS.budget}' ${(err as Error).message}`);
  }
}

export interface ActionInputs {
  readonly mode: 'run' | 'report';
  readonly config: string | null;
  readonly url: string | null;
  readonly model: string | null;
  readonly serverCommand: string | null;
  readonly serverReadyUrl: string | null;
  readonly serverReadyTimeoutS: number;
  readonly serverLog: string;
  /** Withheld variables (token, runner tokens, inputs, API key) the servers the action starts get all the same. */
  readonly serverEnv: readonly string[];
  /**
   * The baseline server of a same-job A/B (paired design): an endpoint that
   * is up (url alone) or one the action starts (command). Null: the baseline
   * is a stored result (`baseline`).
   */
  readonly abBaseline: AbBaselineInputs | null;
  /** always: the same-job A/B decides every run; confirm: only a failure against the stored baseline starts it. */
  readonly sameJob: 'always' | 'confirm';
  /** Measure again in the same job before an unpaired verdict fails the step. */
  readonly confirm: boolean;
  readonly baseline: { kind: 'history' } | { kind: 'none' } | { kind: 'file'; path: string };
  readonly result: string | null;
  readonly prNumber: number | null;
  readonly githubToken: string | null;
  readonly comment: 'always' | 'on-change' | 'never';
  readonly commentKey: string | null;
  /** Overall verdicts that fail the step (parseFailOn); empty: never. */
  readonly failOn: FailOn;
  readonly saveHistory: 'auto' | 'true' | 'false';
  readonly historyBranch: string;
  readonly historyRetention: number;
  /** Stored runs of the default branch the candidate is judged against (1: the newest alone). */
  readonly historyRuns: number;
  /** A paired run's sequential budget in place of the config's run.budget; null: the config's. */
  readonly budget: BudgetOverride | null;
  readonly out: string;
  /** History after a push to the default branch (src/action/history-push.ts). */
  readonly history: HistoryPushInputs;
  /** Accepting an intended regression (src/pipeline/accept.ts): the label (null: labels accept nothing) and whether comment commands do. */
  readonly accept: { readonly label: string | null; readonly commands: boolean };
  /** Create a check run beside the job's status (quietly skipped without checks: write). */
  readonly checkRun: boolean;
}

export interface HistoryPushInputs {
  /** Also comment each new change point on the pushed commit. */
  readonly changeComment: boolean;
  /** Publish the dashboard to `dashboardBranch`. */
  readonly dashboard: boolean;
  readonly dashboardBranch: string;
  /** Where the published dashboard is served; null: https://<owner>.github.io/<repo>/ when `dashboard` is on. */
  readonly dashboardUrl: string | null;
  /** Rewrite the data branch into one commit after storing (src/history/compact.ts). */
  readonly compact: boolean;
}

export interface AbBaselineInputs {
  readonly url: string;
  readonly serverCommand: string | null;
  readonly serverReadyUrl: string | null;
  readonly serverReadyTimeoutS: number;
  readonly serverLog: string;
}

type Reader = (name: string) => string;

function abBaselineInputs(read: Reader, opt: (name: string) => string | null, candidateUrl: string | null): AbBaselineInputs | null {
  const url = opt(INPUTS.baselineUrl);
  const command = opt(INPUTS.baselineServerCommand);
  if (url === null) {
    if (command !== null) throw new InputError(`'${INPUTS.baselineServerCommand}' needs '${INPUTS.baselineUrl}': the URL the baseline server serves at`);
    return null;
  }
  if (!/^https?:\/\/[^\s]+$/.test(url)) throw new InputError(`'${INPUTS.baselineUrl}' must be an http(s) URL, got '${url.slice(0, 80)}'`);
  if (candidateUrl !== null && url.replace(/\/+$/, '') === candidateUrl.replace(/\/+$/, '')) {
    // Alternating servers that the action starts may share a port; an endpoint that is up cannot be both sides.
    if (command === null) throw new InputError(`'${INPUTS.baselineUrl}' is the candidate's URL: the A/B would compare the server with itself`);
  }
  return Object.freeze({
    url,
    serverCommand: command,
    serverReadyUrl: opt(INPUTS.baselineServerReadyUrl),
    serverReadyTimeoutS: positive(read, INPUTS.baselineServerReadyTimeout, 600, false),
    serverLog: opt(INPUTS.baselineServerLog) ?? 'llm-perf-baseline-server.log',
  });
}

function oneOf<T extends string>(read: Reader, name: string, allowed: readonly T[], fallback: T): T {
  const v = read(name).trim();
  if (v === '') return fallback;
  if (!(allowed as readonly string[]).includes(v)) throw new InputError(`'${name}' must be one of ${allowed.join('|')}, got '${v}'`);
  return v as T;
}

function positive(read: Reader, name: string, fallback: number, integer: boolean): number {
  const v = read(name).trim();
  if (v === '') return fallback;
  const n = Number(v);
  if (!Number.isFinite(n) || n <= 0 || (integer && !Number.isInteger(n))) {
    throw new InputError(`'${name}' must be a positive ${integer ? 'integer' : 'number'}, got '${v}'`);
  }
  return n;
}

function flag(read: Reader, name: string): boolean {
  return oneOf(read, name, ['true', 'false'], 'false') === 'true';
}

function branchName(read: Reader, name: string, fallback: string): string {
  const branch = read(name).trim() || fallback;
  if (!/^[A-Za-z0-9._/-]+$/.test(branch) || branch.includes('..') || branch.startsWith('-')) {
    throw new InputError(`'${name}' must be a plain branch name, got '${branch}'`);
  }
  return branch;
}

function historyPushInputs(read: Reader, historyBranch: string): HistoryPushInputs {
  const dashboardBranch = branchName(read, INPUTS.dashboardBranch, 'gh-pages');
  // Publishing replaces the whole branch: on the data branch it would delete every stored result.
  if (dashboardBranch === historyBranch) throw new InputError(`'${INPUTS.dashboardBranch}' must differ from '${INPUTS.historyBranch}' ('${historyBranch}'): publishing replaces the branch`);
  const url = read(INPUTS.dashboardUrl).trim() || null;
  // It becomes a Markdown link in the pull-request comment: an https URL with nothing that ends the link.
  if (url !== null && !/^https:\/\/[^\s"'<>()[\]]+$/.test(url)) throw new InputError(`'${INPUTS.dashboardUrl}' must be an https:// URL, got '${url.slice(0, 80)}'`);
  return Object.freeze({
    changeComment: flag(read, INPUTS.changeComment),
    dashboard: flag(read, INPUTS.dashboard),
    dashboardBranch,
    dashboardUrl: url,
    compact: flag(read, INPUTS.historyCompact),
  });
}

const FAIL_ON_WORDS: Readonly<Record<string, FailVerdict>> = { regression: 'fail', invalid: 'invalid', warn: 'warn', inconclusive: 'inconclusive' };

/**
 * `fail-on`: a comma-separated set of regression, invalid, warn and
 * inconclusive, or `never` alone; empty: DEFAULT_FAIL_ON (regression,
 * invalid). Every set fails on a regression, whether it names it or not: so
 * `warn` alone still means what it meant before sets (regression and warn),
 * and no spelling passes a regression while failing something milder. A set
 * replaces the default: `warn` alone lets an invalid comparison pass (with a
 * warning); `warn, invalid` does not.
 */
function parseFailOn(text: string): FailOn {
  const v = text.trim();
  if (v === '') return DEFAULT_FAIL_ON;
  const words = v.split(',').map((w) => w.trim().toLowerCase());
  const bad = (): InputError => new InputError(`'${INPUTS.failOn}' must be a comma-separated set of ${Object.keys(FAIL_ON_WORDS).join('|')}, or never alone, got '${v.slice(0, 80)}'`);
  if (words.length === 1 && words[0] === 'never') return Object.freeze([]);
  const set = new Set<FailVerdict>(['fail']);
  for (const w of words) {
    // Own keys only: 'constructor' must not pass as a verdict.
    if (!Object.hasOwn(FAIL_ON_WORDS, w)) throw bad();
    set.add(FAIL_ON_WORDS[w]!);
  }
  // A stable order, so that messages and the report name a set the same way however it was written.
  return Object.freeze((['fail', 'invalid', 'warn', 'inconclusive'] as const).filter((f) => set.has(f)));
}

/** Variable names, separated by commas, spaces or lines. */
function envNames(read: Reader, name: string): readonly string[] {
  const words = read(name)
    .split(/[\s,]+/)
    .filter((w) => w !== '');
  for (const w of words) {
    // Names as a shell or the runner writes them (INPUT_ names may hold a '-').
    if (!/^[A-Za-z_][A-Za-z0-9_-]*$/.test(w)) throw new InputError(`'${name}' must list environment variable names, got '${w.slice(0, 80)}'`);
  }
  return Object.freeze([...new Set(words)]);
}

/** `accept-label`: a label name as GitHub allows it (no commas, at most 50 characters); none: labels accept nothing. */
function acceptLabel(read: Reader): string | null {
  const v = read(INPUTS.acceptLabel).trim();
  if (v === '') return 'perf-accepted';
  if (v === 'none') return null;
  // eslint-disable-next-line no-control-regex
  if (v.length > 50 || /[,\u0000-\u001f]/.test(v)) throw new InputError(`'${INPUTS.acceptLabel}' must be a label name (at most 50 characters, no commas) or none, got '${v.slice(0, 80)}'`);
  return v;
}

/** `mask` hides a secret input (the token) from the log as soon as it is read. */
export function readInputs(read: Reader, mask: (secret: string) => void): ActionInputs {
  const opt = (name: string): string | null => read(name).trim() || null;
  const mode = oneOf(read, INPUTS.mode, ['run', 'report'], 'run');
  const baselineRaw = opt(INPUTS.baseline) ?? 'history';
  const baseline = baselineRaw === 'history' ? { kind: 'history' as const } : baselineRaw === 'none' ? { kind: 'none' as const } : { kind: 'file' as const, path: baselineRaw };
  const prRaw = opt(INPUTS.prNumber);
  let prNumber: number | null = null;
  if (prRaw !== null) {
    // In report mode this comes from an untrusted artifact: digits only.
    if (!/^[1-9][0-9]{0,9}$/.test(prRaw)) throw new InputError(`'${INPUTS.prNumber}' must be a pull request number, got '${prRaw.slice(0, 40)}'`);
    prNumber = Number(prRaw);
  }
  const result = opt(INPUTS.result);
  if (mode === 'report' && result === null) throw new InputError(`'${INPUTS.result}' is required when '${INPUTS.mode}' is report`);
  const branch = opt(INPUTS.historyBranch) ?? 'llm-perf-history';
  if (!/^[A-Za-z0-9._/-]+$/.test(branch) || branch.includes('..') || branch.startsWith('-')) {
    throw new InputError(`'${INPUTS.historyBranch}' must be a plain branch name, got '${branch}'`);
  }
  const token = opt(INPUTS.githubToken);
  if (token !== null) mask(token);
  registerSecrets([token]);
  const url = opt(INPUTS.url);
  return Object.freeze({
    mode,
    config: opt(INPUTS.config),
    url,
    model: opt(INPUTS.model),
    serverCommand: opt(INPUTS.serverCommand),
    serverReadyUrl: opt(INPUTS.serverReadyUrl),
    serverReadyTimeoutS: positive(read, INPUTS.serverReadyTimeout, 600, false),
    serverLog: opt(INPUTS.serverLog) ?? 'llm-perf-server.log',
    serverEnv: envNames(read, INPUTS.serverEnv),
    abBaseline: mode === 'run' ? abBaselineInputs(read, opt, url) : null,
    sameJob: oneOf(read, INPUTS.sameJob, ['always', 'confirm'], 'always'),
    confirm: oneOf(read, INPUTS.confirm, ['true', 'false'], 'true') === 'true',
    baseline,
    result,
    prNumber,
    githubToken: token,
    comment: oneOf(read, INPUTS.comment, ['always', 'on-change', 'never'], 'always'),
    commentKey: opt(INPUTS.commentKey),
    failOn: parseFailOn(read(INPUTS.failOn)),
    saveHistory: oneOf(read, INPUTS.saveHistory, ['auto', 'true', 'false'], 'auto'),
    historyBranch: branch,
    historyRetention: positive(read, INPUTS.historyRetention, 200, true),
    historyRuns: positive(read, INPUTS.historyRuns, 10, true),
    budget: budgetInput(opt(INPUTS.budget)),
    out: opt(INPUTS.out) ?? 'llm-perf-result.json',
    history: historyPushInputs(read, branch),
    accept: Object.freeze({ label: acceptLabel(read), commands: oneOf(read, INPUTS.acceptCommands, ['true', 'false'], 'true') === 'true' }),
    checkRun: oneOf(read, INPUTS.checkRun, ['true', 'false'], 'true') === 'true',
  });
}
