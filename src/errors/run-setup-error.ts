import { UserError } from './user-error.js';

/**
 * Thrown before any load is sent when the run cannot be set up as asked: the
 * API key variable named by `target.api_key_env` is unset, an A/B run has no
 * `ab` section, or `calibrate --trials` is out of range.
 */
export class RunSetupError extends UserError {
  override name = 'RunSetupError';
}
