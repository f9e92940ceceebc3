import { UserError } from './user-error.js';

/**
 * Thrown when writing the pull-request comment fails for a reason other than
 * permission (src/github/comment.ts; a 403 that is not a rate limit, or a
 * 404, skips the comment instead): the GitHub API still failing after the
 * client's retries, or a rate limit. Carries the call (`method`, `url`) and
 * its HTTP status (null when there was no response); the message ends with
 * them, e.g. `(PATCH /repos/o/r/issues/comments/1 -> 502)`. Not a bug in the
 * tool: the action fails with its message.
 */
export class CommentError extends UserError {
  override name = 'CommentError';

  constructor(
    message: string,
    readonly method: string,
    readonly url: string,
    readonly status: number | null,
    options?: { cause?: unknown },
  ) {
    super(`${message} (${method} ${url}${status ? ` -> ${status}` : ''})`, options);
  }
}
