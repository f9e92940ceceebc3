// The vocabulary of a config problem: where it is (file:line:col, field
// path), what was given, and the line shown to the user. Config problems are
// collected, not thrown one at a time: a user fixing a config wants every
// mistake in one go, each pointing at file:line:col. The error that carries
// them is ConfigError (src/errors/config-error.ts). A leaf on the ground
// floor (CONTRIBUTING.md, "Layout of src/"): it imports nothing, so config/ (which makes
// problems) and errors/ (which carries them) do not import each other.

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
