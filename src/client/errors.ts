// Message helpers for the client's errors (the errors themselves live in src/errors/).

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
