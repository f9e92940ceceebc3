import { UserError } from './user-error.js';

/**
 * Thrown when a result document (a file, the history branch, an artifact of
 * another workflow) cannot be used: it cannot be read, is not JSON, is of
 * another schema version, or does not validate. The message starts with the
 * file.
 */
export class ResultFileError extends UserError {
  override name = 'ResultFileError';

  constructor(
    readonly file: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(`${file}: ${message}`, options);
  }
}
