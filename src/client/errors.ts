// Message helpers for the client's errors (the errors themselves live in src/errors/).
import { scrubbedHead } from '../util/safe-text.js';

/** One line from any thrown value, for messages; never includes secrets we know of. */
export function describeError(err: unknown): string {
  if (err instanceof Error) {
    const code = (err as { code?: unknown }).code;
    const cause = err.cause instanceof Error ? `: ${err.cause.message}` : '';
    return `${typeof code === 'string' ? `${code}: ` : ''}${err.message}${cause}`;
  }
  return String(err);
}

/**
 * Server text is untrusted and may be huge: one short line, its head kept
 * and the cut marked with the original length (util/safe-text.ts clip, the
 * one bound every sink uses), with registered secrets scrubbed before the
 * cut, so none is left half there. Clipped before the whitespace is folded,
 * so the work is bounded by `max` too.
 */
export function clip(text: string, max = 200): string {
  return scrubbedHead(text.length > max ? text.trimStart() : text, max)
    .replace(/\s+/g, ' ')
    .trim();
}
