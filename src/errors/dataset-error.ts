import { UserError } from './user-error.js';

/**
 * Thrown while a scenario's JSONL dataset is read, before any load is sent:
 * the file cannot be read, a row is not valid JSON or lacks a prompt, or the
 * file has too few rows. The message names the file and the line.
 */
export class DatasetError extends UserError {
  override name = 'DatasetError';
}
