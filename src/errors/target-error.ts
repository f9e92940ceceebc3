import { UserError } from './user-error.js';

/**
 * Thrown when the target as a whole cannot be used, not for one failed
 * request: it cannot be reached, it refuses the credentials (401/403 on
 * `/v1/models`, or on every request of a cell), it lists no models, or it does
 * not answer as an OpenAI-compatible server. Carries the method and URL of
 * the request that showed it.
 */
export class TargetError extends UserError {
  override name = 'TargetError';

  constructor(
    message: string,
    readonly method: string,
    readonly url: string,
    options?: { cause?: unknown },
  ) {
    super(`${message} (${method} ${url})`, options);
  }

  override headline(): string {
    return `target unusable: ${this.message}`;
  }
}
