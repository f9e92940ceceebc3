// Options shared by `changes` and `dashboard`: where the history is, how
// commits are ordered, and the change-point settings.
import { isAbsolute, resolve } from 'node:path';
import type { ChangeOptions } from '../changes/detect.js';
import { HistoryError } from '../errors/history-error.js';
import { HistoryUsageError } from '../errors/history-usage-error.js';
import { DEFAULT_ORDER_COMMITS, readHistory, type HistorySource, type OrderOptions, type ReadHistory } from '../history/reader.js';
import { DEFAULT_HISTORY_BRANCH, DEFAULT_REMOTE } from '../history/defaults.js';
import { EXIT } from '../pipeline/exit.js';
import type { CliIo } from './io.js';

export type Values = Record<string, string | boolean | undefined>;

const str = (v: Values, k: string): string | null => (typeof v[k] === 'string' ? (v[k] as string) : null);

function number(v: Values, key: string, text: string): number {
  const s = text.trim();
  const n = s.endsWith('%') ? Number(s.slice(0, -1)) / 100 : Number(s);
  if (s === '' || !Number.isFinite(n)) throw new HistoryUsageError(`--${key} must be a number, got '${text}'`);
  return n;
}

export function historySource(v: Values, cwd: string): { source: HistorySource; order: OrderOptions } {
  const abs = (p: string): string => (isAbsolute(p) ? p : resolve(cwd, p));
  const repo = abs(str(v, 'repo') ?? '.');
  const order: OrderOptions = { repoDir: repo, ref: str(v, 'ref') ?? 'HEAD', maxCommits: DEFAULT_ORDER_COMMITS };
  const results = str(v, 'results');
  if (results !== null && str(v, 'branch') !== null) throw new HistoryUsageError('give --results or --branch, not both');
  if (results !== null) return { source: { kind: 'folder', dir: abs(results) }, order };
  return {
    source: { kind: 'branch', history: { repoDir: repo, remote: str(v, 'remote') ?? DEFAULT_REMOTE, branch: str(v, 'branch') ?? DEFAULT_HISTORY_BRANCH, retention: 1, token: null } },
    order,
  };
}

export function changeOptions(v: Values): Partial<ChangeOptions> {
  const out: Partial<ChangeOptions> = {};
  const sig = str(v, 'significance');
  if (sig !== null) out.significance = number(v, 'significance', sig);
  const min = str(v, 'min-change');
  if (min !== null) out.minRelativeChange = number(v, 'min-change', min);
  const perms = str(v, 'permutations');
  if (perms !== null) out.permutations = number(v, 'permutations', perms);
  const seed = str(v, 'seed');
  if (seed !== null) out.seed = seed;
  return out;
}

export function extraMetrics(v: Values): string[] {
  return (str(v, 'metrics') ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/**
 * A history that cannot be read (git failed, no such folder) or settings the
 * detector refuses: a message and exit 2. User errors go on to the CLI's own
 * handler; anything else is a bug and propagates.
 */
export function historyFailure(err: unknown, io: CliIo): number {
  if (err instanceof HistoryError || err instanceof RangeError) {
    io.stderr.write(`error: ${err.message}\n`);
    return EXIT.usage;
  }
  throw err;
}

/** The history the options name, with what was left out said on stderr. */
export async function readHistoryFor(source: HistorySource, order: OrderOptions, io: CliIo): Promise<ReadHistory> {
  const read = await readHistory(source, order);
  if (read.skipped.length > 0)
    io.stderr.write(`note: ${read.skipped.length} stored result(s) are not on the first-parent line of ${order.ref} within its newest ${order.maxCommits} commits, and were left out\n`);
  for (const why of read.unreadable) io.stderr.write(`warning: left out ${why}\n`);
  return read;
}
