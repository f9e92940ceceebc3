import { UsageError } from './usage-error.js';

/**
 * Thrown by the CLI's history commands (`changes`, `dashboard`,
 * `history-compact`) when an option is wrong: a number that is not one,
 * `--results` and `--branch` together, a `--repo-url` that is not an https
 * URL. The CLI shows it and exits 2, as for any usage error.
 */
export class HistoryUsageError extends UsageError {}
