// A command's options parsed strictly, and a wrong command line told back
// with what to do: the unknown option named, the closest known one offered
// when there is one, and the command's usage.
import { parseArgs } from 'node:util';
import { UsageError } from '../errors/usage-error.js';

type Options = NonNullable<Parameters<typeof parseArgs>[0]>['options'];

/** Edit distance with adjacent transpositions (optimal string alignment). */
function distance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, d[i - 2]![j - 2]! + 1);
      d[i]![j] = v;
    }
  }
  return d[a.length]![b.length]!;
}

/**
 * The known option closest to `given` ('--baselin' -> 'baseline'), or null
 * when none is close: at most 1 edit for names up to 4 characters, 2 above,
 * else the one known name it is a prefix of.
 */
export function closestOption(given: string, known: readonly string[]): string | null {
  const name = given.replace(/^-+/, '').replace(/=.*$/, '').toLowerCase();
  if (name === '') return null;
  let best: string | null = null;
  let bestD = name.length <= 4 ? 1 : 2;
  for (const k of known) {
    const dk = distance(name, k);
    if (dk <= bestD && (best === null || dk < bestD)) {
      best = k;
      bestD = dk;
    }
  }
  if (best !== null) return best;
  const prefixed = known.filter((k) => k.startsWith(name));
  return prefixed.length === 1 ? prefixed[0]! : null;
}

/** Settings a user may try as flags that live in the config file; key: the flag's name. */
const CONFIG_SETTINGS: Readonly<Record<string, string>> = {
  concurrency: 'loads[].concurrency',
  rate: 'loads[].rate',
  requests: 'run.requests',
  trials: 'run.trials',
  warmup: 'run.warmup',
  workers: 'run.workers',
  seed: 'seed',
  'api-key': 'target.api_key_env (the name of the variable that holds the key)',
  'api-key-env': 'target.api_key_env',
  headers: 'target.headers',
  'input-tokens': 'scenarios[].input_tokens',
  'output-tokens': 'scenarios[].output_tokens',
};

/** Node's words for a parse failure, with what to do: the closest option and the command's usage. */
function usageProblem(err: unknown, command: string, options: Options, usage: string): UsageError {
  const code = (err as { code?: unknown }).code;
  const message = err instanceof Error ? err.message : String(err);
  const unknown = code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' ? /Unknown option '([^']+)'/.exec(message)?.[1] : undefined;
  if (unknown !== undefined) {
    const known = Object.keys(options ?? {});
    const near = closestOption(unknown, known);
    let hint = near === null ? '' : `; did you mean '--${near}'?`;
    const setting = near === null && known.includes('config') ? closestOption(unknown, Object.keys(CONFIG_SETTINGS)) : null;
    if (setting !== null) hint = `; ${setting} is set in the config file (--config FILE), as ${CONFIG_SETTINGS[setting]}`;
    return new UsageError(`unknown option '${unknown}' for '${command}'${hint}\n\n${usage}`);
  }
  // A missing value or a stray positional: Node's sentence says which, the usage says what is wanted.
  return new UsageError(`${message}\n\n${usage}`);
}

/** parseArgs, strict; a wrong command line is a UsageError that ends with `usage`. */
export function parseCommandArgs(args: string[], command: string, options: Options, usage: string, positionals = false): ReturnType<typeof parseArgs> {
  try {
    return parseArgs({ args, options, strict: true, allowPositionals: positionals });
  } catch (err) {
    throw usageProblem(err, command, options, usage);
  }
}
