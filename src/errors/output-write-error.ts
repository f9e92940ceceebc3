import { UserError } from './user-error.js';

/** Why a write failed, in words, for the errors a full, read-only or forbidden place gives. */
const CAUSES: Record<string, string> = {
  ENOSPC: 'no space left on the device',
  EDQUOT: 'the disk quota is spent',
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  EROFS: 'the file system is read-only',
  ENOENT: 'the folder does not exist',
  ENOTDIR: 'a part of the path is not a folder',
  EISDIR: 'the path is a folder',
  EFBIG: 'the file is too large for the file system',
};

/** The words for a failed write's error, with its code: "no space left on the device (ENOSPC)". */
function writeCause(err: unknown): string {
  const code = (err as { code?: unknown } | null)?.code;
  if (typeof code === 'string') return `${CAUSES[code] ?? 'the write failed'} (${code})`;
  return err instanceof Error ? err.message.split('\n')[0]! : String(err);
}

/**
 * Thrown when a file the tool writes (the result, a report, a verdict) cannot
 * be written: a full disk, a read-only folder, no permission. One line says
 * what and why, and, for a result, where what was measured was kept instead
 * (`keptAt`, a fallback file) or, when that failed too, the result itself
 * (`unsaved`, which the CLI prints on stdout; the action's log is no place
 * for a whole result).
 */
export class OutputWriteError extends UserError {
  override name = 'OutputWriteError';

  constructor(
    readonly file: string,
    what: string,
    cause: unknown,
    readonly keptAt: string | null = null,
    readonly unsaved: string | null = null,
  ) {
    const kept = keptAt !== null ? `; what was measured is kept in ${keptAt}` : unsaved !== null ? '; nor could it be kept in the temporary folder' : '';
    super(`could not write ${what} to ${file}: ${writeCause(cause)}${kept}`, { cause });
  }
}
