// Config problems are collected, not thrown one at a time: a user fixing a
// config wants every mistake in one go, each pointing at file:line:col.

export interface ConfigProblem {
  /** Config file as given on the command line, or null (built-in default, --url, in-memory object). */
  readonly file: string | null;
  /** 1-based position in the file, or null when unknown. */
  readonly line: number | null;
  readonly column: number | null;
  /** Field path such as `scenarios[1].input_tokens`; '' for the whole document. */
  readonly path: string;
  /** The bad value (undefined when the field is missing). */
  readonly value: unknown;
  /** Allowed values or keys, e.g. `chat|completions`, or null. */
  readonly allowed: string | null;
  /** The rule broken, without location or value: `must be an integer >= 1`. */
  readonly reason: string;
  /** The full line shown to the user. */
  readonly text: string;
}

export interface ProblemInit {
  file: string | null;
  line?: number | null;
  column?: number | null;
  path: string;
  reason: string;
  /** Omit (or pass undefined) to leave `got ...` out of the message. */
  value?: unknown;
  /** false: keep `value` on the problem but leave `got ...` out (unknown keys, missing fields). */
  echo?: boolean;
  allowed?: string | null;
  /** Use this line verbatim instead of building one from the parts. */
  text?: string;
}

const MAX_VALUE_CHARS = 80;

/** JSON.stringify for messages: short, and readable for values JSON cannot hold. */
export function formatValue(value: unknown): string {
  let s: string;
  if (typeof value === 'number' && !Number.isFinite(value)) s = String(value);
  else if (typeof value === 'bigint') s = value.toString();
  else {
    try {
      s = JSON.stringify(value) ?? String(value);
    } catch {
      s = String(value);
    }
  }
  return s.length > MAX_VALUE_CHARS ? `${s.slice(0, MAX_VALUE_CHARS - 3)}...` : s;
}

export function makeProblem(init: ProblemInit): ConfigProblem {
  const line = init.line ?? null;
  const column = line === null ? null : (init.column ?? null);
  let text = init.text;
  if (text === undefined) {
    let where = '';
    if (init.file !== null) where = line === null ? `${init.file}: ` : `${init.file}:${line}:${column ?? 1}: `;
    else if (line !== null) where = `${line}:${column ?? 1}: `;
    const field = init.path === '' ? '' : `${init.path}: `;
    const got = init.value === undefined || init.echo === false ? '' : `, got ${formatValue(init.value)}`;
    text = `${where}${field}${init.reason}${got}`;
  }
  return {
    file: init.file,
    line,
    column,
    path: init.path,
    value: init.value,
    allowed: init.allowed ?? null,
    reason: init.reason,
    text,
  };
}

/**
 * One or more config problems. `file`, `path`, `value` and `allowed` describe
 * the first problem (the common single-problem case); `problems` holds all,
 * and the message has one line per problem.
 */
export class ConfigError extends Error {
  readonly file: string | null;
  readonly path: string;
  readonly value: unknown;
  readonly allowed: string | null;
  readonly line: number | null;
  readonly column: number | null;
  readonly problems: readonly ConfigProblem[];

  constructor(problems: ConfigProblem | readonly ConfigProblem[]) {
    const list = Array.isArray(problems) ? [...(problems as readonly ConfigProblem[])] : [problems as ConfigProblem];
    const first = list[0];
    if (first === undefined) throw new TypeError('ConfigError needs at least one problem');
    super(list.map((p) => p.text).join('\n'));
    this.name = 'ConfigError';
    this.file = first.file;
    this.path = first.path;
    this.value = first.value;
    this.allowed = first.allowed;
    this.line = first.line;
    this.column = first.column;
    this.problems = Object.freeze(list);
  }

  /** Shorthand for a single problem. */
  static of(init: ProblemInit): ConfigError {
    return new ConfigError(makeProblem(init));
  }
}
