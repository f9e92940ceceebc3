import { UserError } from './user-error.js';

/**
 * Thrown by `merge` when the shard results given cannot be combined into one
 * result: they are not shards, or of different plans, seeds, shard counts or
 * workloads, or a shard is given twice or missing. The message names the
 * files concerned.
 */
export class MergeError extends UserError {
  override name = 'MergeError';
}
