// What the workflow run is about, read from the event payload once: which
// commit was measured, which commit is the baseline, which pull request to
// comment on, and whether this push should be stored in the history.
import * as github from '@actions/github';

export interface RunEvent {
  name: string;
  owner: string;
  repo: string;
  sha: string;
  ref: string;
  defaultBranch: string | null;
  /** A push to the default branch: the commit becomes history. */
  isDefaultBranchPush: boolean;
  pr: { number: number; baseSha: string; headSha: string; fromFork: boolean } | null;
  /** The commit to take the baseline from: the PR's base, or the commit before a push. */
  baselineCommit: string | null;
}

const ZERO = /^0+$/;

export function readEvent(ctx: typeof github.context = github.context): RunEvent {
  const p = ctx.payload as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
  const repoFull: string | undefined = p.repository?.full_name;
  const [owner, repo] = (repoFull ?? process.env.GITHUB_REPOSITORY ?? '/').split('/') as [string, string];
  const defaultBranch: string | null = p.repository?.default_branch ?? null;
  const pr = p.pull_request
    ? {
        number: Number(p.pull_request.number),
        baseSha: String(p.pull_request.base?.sha ?? ''),
        headSha: String(p.pull_request.head?.sha ?? ctx.sha),
        fromFork: p.pull_request.head?.repo?.full_name !== undefined && p.pull_request.head.repo.full_name !== repoFull,
      }
    : null;
  const isPush = ctx.eventName === 'push';
  const before: string | undefined = p.before;
  let baselineCommit: string | null = null;
  if (pr !== null && /^[0-9a-f]{40,64}$/.test(pr.baseSha)) baselineCommit = pr.baseSha;
  else if (isPush && before && /^[0-9a-f]{40,64}$/.test(before) && !ZERO.test(before)) baselineCommit = before;
  return {
    name: ctx.eventName,
    owner,
    repo,
    sha: pr?.headSha && /^[0-9a-f]{40,64}$/.test(pr.headSha) ? pr.headSha : ctx.sha,
    ref: ctx.ref,
    defaultBranch,
    isDefaultBranchPush: isPush && defaultBranch !== null && ctx.ref === `refs/heads/${defaultBranch}`,
    pr,
    baselineCommit,
  };
}

/**
 * Report mode (workflow_run): the pull request comes from an untrusted
 * artifact as a number only; its base and head are asked of the API, never
 * taken from the artifact.
 */
export async function withPullRequest(event: RunEvent, number: number, token: string | null): Promise<RunEvent> {
  if (token === null) throw new Error('report mode needs github-token to look up the pull request');
  const octokit = github.getOctokit(token);
  const { data } = await octokit.rest.pulls.get({ owner: event.owner, repo: event.repo, pull_number: number });
  const fromFork = data.head.repo?.full_name !== `${event.owner}/${event.repo}`;
  return {
    ...event,
    sha: data.head.sha,
    pr: { number, baseSha: data.base.sha, headSha: data.head.sha, fromFork },
    baselineCommit: data.base.sha,
    isDefaultBranchPush: false,
  };
}
