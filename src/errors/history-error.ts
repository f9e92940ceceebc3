import { UserError } from './user-error.js';

/**
 * Thrown by the results history (src/history/) when git fails or refuses
 * (a push that kept losing races, a ref or branch name git rejects, a commit
 * id that is not one), or when what the history holds cannot be read (a
 * result that is not JSON, a file that names no commit). The message starts
 * with `history:` (`pages:` for the Pages branch) and names the git command
 * or the file; `cause` holds the underlying error when there is one. Not a
 * bug in the tool: like an unusable target, the user's (or their runner's)
 * to look into, so the CLI shows it and exits 2 and the action fails with it.
 */
export class HistoryError extends UserError {
  override name = 'HistoryError';
}
