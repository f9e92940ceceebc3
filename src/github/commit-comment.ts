// A comment on a commit (POST /repos/{owner}/{repo}/commits/{sha}/comments):
// where the action tells the author of a pushed commit that it moved a
// metric. Not sticky: a change point is announced once, by the push that
// revealed it.
import type { Octokit } from './client.js';
import { capComment, COMMENT_MARKER } from './comment.js';

interface CommitTarget {
  owner: string;
  repo: string;
  sha: string;
}

/** Posts `body` on the commit; returns the comment's URL. Errors propagate (the caller decides whether they fail the step). */
export async function commentOnCommit(octokit: Octokit, t: CommitTarget, body: string): Promise<string> {
  if (!/^[0-9a-f]{40,64}$/.test(t.sha)) throw new TypeError(`commit comment: '${t.sha}' is not a commit id`);
  const r = await octokit.rest.repos.createCommitComment({ owner: t.owner, repo: t.repo, commit_sha: t.sha, body: capComment(COMMENT_MARKER, body) });
  return r.data.html_url;
}
