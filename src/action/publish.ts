// What only the action publishes: one sticky pull-request comment. (The job
// summary and the annotations are the pipeline's publish stage.)
import type { VerdictDoc } from '../gate/verdict.js';
import type { Octokit } from '../github/client.js';
import { commentMarker, upsertComment } from '../github/comment.js';
import type { HostLog } from '../pipeline/host.js';
import type { ActionInputs } from './inputs.js';
import type { RunEvent } from './event.js';
import { encodeStoredVerdict } from './stored-verdict.js';

/**
 * Upserts the sticky comment; never fails the step (fork tokens are read-only).
 * Returns the comment URL. `octokit`: the run's one client (src/action/ports.ts),
 * null without a github-token.
 */
export async function comment(log: HostLog, inputs: ActionInputs, event: RunEvent, prNumber: number | null, v: VerdictDoc, report: string, octokit: Octokit | null): Promise<string | null> {
  if (inputs.comment === 'never' || prNumber === null) return null;
  if (octokit === null) {
    log.notice('No github-token: the report is in the job summary only.');
    return null;
  }
  const marker = commentMarker(inputs.commentKey ?? undefined);
  const changed = v.verdict === 'fail' || v.summary.regressed + v.summary.improved + v.summary.warn > 0;
  try {
    // The comment records which head commit it reports on and since when: an acceptance binds to it (src/pipeline/accept.ts).
    const head = event.pr !== null && /^[0-9a-f]{40,64}$/.test(event.pr.headSha) ? { sha: event.pr.headSha, now: new Date().toISOString() } : undefined;
    // The verdict goes with the report, so a label or a comment command can re-judge it without measuring (src/action/rejudge.ts).
    const stored = encodeStoredVerdict(v);
    if (stored === null) log.info('The verdict is too large to keep in the comment: an acceptance given later counts at the next run, not at once.');
    const r = await upsertComment(octokit, { owner: event.owner, repo: event.repo, issueNumber: prNumber, marker }, report, inputs.comment, changed, head, stored);
    if (r.action === 'skipped' && r.reason) {
      log.notice(`Pull-request comment not posted (${r.reason}); the report is in the job summary. For pull requests from forks see the two-workflow setup in the README.`);
    }
    if (r.action !== 'skipped') log.info(`Pull-request comment ${r.action}: ${r.url ?? ''}`);
    return r.url;
  } catch (err) {
    log.warn(`Could not post the pull-request comment: ${err instanceof Error ? err.message : String(err)}`);
    return null;
  }
}
