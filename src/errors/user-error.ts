// The root of every failure that is the user's to fix (a config, a flag, an
// input, a file, a target that cannot be used), as opposed to a bug in the
// tool. Each kind is a subclass in its own file of this folder, saying when it
// is thrown; a host (the CLI, the action) catches `UserError` once and ends
// with its message and `exitStatus`, so a new kind needs no list kept by hand.

/** Exit status of a user error: a configuration, usage or input problem, or an unusable target (README "The CLI"). */
const USER_ERROR_EXIT = 2;

export abstract class UserError extends Error {
  /** The process exit status this failure maps to. */
  readonly exitStatus: number = USER_ERROR_EXIT;

  /** The one line (or block) a host shows after `error: `. */
  headline(): string {
    return this.message;
  }
}
