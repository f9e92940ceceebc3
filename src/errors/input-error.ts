import { UserError } from './user-error.js';

/**
 * Thrown by the action when one of its inputs (action.yml `with:`) is not
 * allowed: the message names the input and echoes the bad value, e.g.
 * `'fail-on' must be one of regression|warn|never, got 'x'`.
 */
export class InputError extends UserError {
  override name = 'InputError';
}
