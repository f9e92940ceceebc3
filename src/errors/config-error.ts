import { makeProblem, type ConfigProblem, type ProblemInit } from '../config-problem.js';
import { UserError } from './user-error.js';

/**
 * Thrown when a config (a YAML file, the built-in default with `--url`, an
 * in-memory object, or the config stored in a result) does not validate.
 * Problems are collected, not thrown one at a time: a user fixing a config
 * wants every mistake in one go, each pointing at file:line:col. `file`,
 * `path`, `value` and `allowed` describe the first problem (the common
 * single-problem case); `problems` holds all, and the message has one line
 * per problem.
 */
export class ConfigError extends UserError {
  override name = 'ConfigError';
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
