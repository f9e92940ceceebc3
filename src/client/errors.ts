// Errors of the client that are not per-request failures: the target as a whole.

/** The target could not be used at all (unreachable, 401 on /v1/models, not OpenAI-compatible). */
export class TargetError extends Error {
  constructor(
    message: string,
    readonly method: string,
    readonly url: string,
    options?: { cause?: unknown },
  ) {
    super(`${message} (${method} ${url})`, options);
    this.name = 'TargetError';
  }
}

/** One line from any thrown value, for messages; never includes secrets we know of. */
export function describeError(err: unknown): string {
  if (err instanceof Error) {
    const code = (err as { code?: unknown }).code;
    const cause = err.cause instanceof Error ? `: ${err.cause.message}` : '';
    return `${typeof code === 'string' ? `${code}: ` : ''}${err.message}${cause}`;
  }
  return String(err);
}

/** Server text is untrusted and may be huge: keep one short line. */
export function clip(text: string, max = 200): string {
  const one = text.replace(/\s+/g, ' ').trim();
  return one.length > max ? `${one.slice(0, max - 1)}…` : one;
}
