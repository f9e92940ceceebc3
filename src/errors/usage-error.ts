import { UserError } from './user-error.js';

/**
 * Thrown by the CLI when its command line is wrong: an unknown command, an
 * unknown or malformed option, or a required option missing. The message
 * ends with the usage text of the command.
 */
export class UsageError extends UserError {
  override name = 'UsageError';
}
