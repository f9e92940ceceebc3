// The facts an acceptance is decided on (src/pipeline/accept.ts), as the
// GitHub API gives them: the pull request's label events and comments, and
// the repository permission of everyone who acted. The permission is asked
// of the API by the job that holds the token, never taken from the event:
// in the fork-safe two-workflow setup the privileged job checks it itself.
import type { Acceptance } from '../gate/verdict.js';
import { actorsToCheck, findAcceptance } from '../pipeline/accept.js';
import type { Octokit } from './client.js';
import { readHeadBinding } from './comment.js';

interface Repo {
  owner: string;
  repo: string;
}

const WRITERS = new Set(['admin', 'maintain', 'write']);

/** The acceptance in force on pull request `number`, and what was ignored. */
export async function readAcceptance(
  octokit: Octokit,
  where: Repo & { number: number },
  how: { label: string | null; commands: boolean },
  /** The head commit judged and the marker of this gate's comment, whose head binding says since when its report has been shown; null: not bound. */
  bind: { head: string; marker: string } | null,
): Promise<{ acceptance: Acceptance | null; ignored: string[] }> {
  const { owner, repo, number } = where;
  const label = how.label;
  const events = await octokit.paginate(octokit.rest.issues.listEvents, { owner, repo, issue_number: number, per_page: 100 });
  const labelEvents = events.flatMap((e) =>
    (e.event === 'labeled' || e.event === 'unlabeled') && 'label' in e && e.label && e.actor
      ? [{ action: e.event as 'labeled' | 'unlabeled', label: String((e.label as { name?: unknown }).name ?? ''), actor: e.actor.login, at: e.created_at }]
      : [],
  );
  // Without commands and without a binding the comments are not read: they could accept nothing.
  const raw = how.commands || bind !== null ? await octokit.paginate(octokit.rest.issues.listComments, { owner, repo, issue_number: number, per_page: 100 }) : [];
  const comments = how.commands ? raw.flatMap((c) => (c.user && typeof c.body === 'string' ? [{ author: c.user.login, body: c.body, at: c.created_at }] : [])) : [];
  let head: { sha: string; since: string | null } | undefined;
  if (bind !== null) {
    const shown = await readHeadBinding(octokit, raw, bind.marker);
    head = { sha: bind.head, since: shown !== null && shown.sha === bind.head.toLowerCase() ? shown.since : null };
  }
  const canWrite = new Set<string>();
  for (const login of actorsToCheck({ label, labelEvents, comments })) {
    try {
      const { data } = await octokit.rest.repos.getCollaboratorPermissionLevel({ owner, repo, username: login });
      if (WRITERS.has(data.permission)) canWrite.add(login);
    } catch (err) {
      // 404: not a collaborator, so no write access. Any other failure (5xx after
      // the client's retries, 403, the network) leaves unknown whether a writer
      // withdrew the acceptance: assuming "no write access" would ignore the
      // withdrawal and let an older acceptance stand, so nothing is accepted.
      const status = (err as { status?: unknown }).status;
      if (status === 404) continue;
      const why = err instanceof Error ? err.message.split('\n')[0] : String(err);
      throw new Error(`could not read @${login}'s permission on ${owner}/${repo} (${typeof status === 'number' ? `HTTP ${status}` : why}), so no acceptance counts`, { cause: err });
    }
  }
  return findAcceptance({ label, labelEvents, comments, canWrite, ...(head === undefined ? {} : { head }) });
}

/** The pull request a pushed commit was merged from: the newest merged one that lists it; null when none. */
export async function pullOfCommit(octokit: Octokit, where: Repo & { sha: string }): Promise<number | null> {
  const { data } = await octokit.rest.repos.listPullRequestsAssociatedWithCommit({ owner: where.owner, repo: where.repo, commit_sha: where.sha });
  const merged = data.filter((p) => p.merged_at !== null && p.merged_at !== undefined);
  merged.sort((a, b) => String(b.merged_at).localeCompare(String(a.merged_at)));
  return merged[0]?.number ?? null;
}
