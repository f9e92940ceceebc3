import { UserError } from './user-error.js';

/**
 * Thrown by the action when one of its inputs (action.yml `with:`) is not
 * allowed: the message names the input and echoes the bad value, e.g.
 * `'history-runs' must be a positive integer, got 'x'`.
 */
export class InputError extends UserError {
  override name = 'InputError';
}
