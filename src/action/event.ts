// What the workflow run is about, read from the event payload once: which
// commit was measured, which commit is the baseline, which pull request to
// comment on, and whether this push should be stored in the history.
import * as github from '@actions/github';
import type { Octokit } from '../github/client.js';

export interface RunEvent {
  name: string;
  owner: string;
  repo: string;
  sha: string;
  ref: string;
  defaultBranch: string | null;
  /** A push to the default branch: the commit becomes history. */
  isDefaultBranchPush: boolean;
  pr: { number: number; baseSha: string; headSha: string; fromFork: boolean; headRepo?: string | null } | null;
  /** The commit to take the baseline from: the PR's base, or the commit before a push. */
  baselineCommit: string | null;
  /**
   * What the triggering event itself (written by GitHub, not by the pull
   * request's code) says about the pull request's head: report mode binds the
   * artifact's `pr-number` to it. Null: the event names no pull request.
   * Absent in hand-made events (tests): treated as null.
   */
  trustedHead?: TrustedHead | null;
  /** What a label or comment event did (src/action/rejudge.ts); absent in hand-made events and for other events. */
  trigger?: Trigger | null;
}

/** A label added or removed on a pull request, or a comment on one: the events that re-judge without measuring. */
export type Trigger = { kind: 'label'; action: 'labeled' | 'unlabeled'; label: string; pr: number } | { kind: 'comment'; pr: number | null; body: string; author: string; bot: boolean };

export interface TrustedHead {
  /** Where it was read, for messages: `workflow_run`, `pull_request`. */
  source: string;
  headSha: string | null;
  /** `owner/repo` of the head branch. */
  headRepo: string | null;
  /** The pull requests the event lists; empty when it lists none (a workflow_run from a fork lists none). */
  numbers: number[];
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
    trustedHead: trustedHeadOf(p),
    trigger: triggerOf(ctx.eventName, p),
    sha: pr?.headSha && /^[0-9a-f]{40,64}$/.test(pr.headSha) ? pr.headSha : ctx.sha,
    ref: ctx.ref,
    defaultBranch,
    isDefaultBranchPush: isPush && defaultBranch !== null && ctx.ref === `refs/heads/${defaultBranch}`,
    pr,
    baselineCommit,
  };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
function triggerOf(name: string, p: Record<string, any>): Trigger | null {
  if ((name === 'pull_request' || name === 'pull_request_target') && (p.action === 'labeled' || p.action === 'unlabeled') && p.pull_request) {
    return { kind: 'label', action: p.action, label: String(p.label?.name ?? ''), pr: Number(p.pull_request.number) };
  }
  if (name === 'issue_comment' && p.comment) {
    // A comment on an issue, not a pull request, has no issue.pull_request.
    const pr = p.issue?.pull_request ? Number(p.issue.number) : null;
    return {
      kind: 'comment',
      pr: pr !== null && Number.isSafeInteger(pr) ? pr : null,
      body: String(p.comment.body ?? ''),
      author: String(p.comment.user?.login ?? ''),
      bot: p.comment.user?.type === 'Bot',
    };
  }
  return null;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
function trustedHeadOf(p: Record<string, any>): TrustedHead | null {
  const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);
  const run = p.workflow_run;
  if (run !== null && typeof run === 'object') {
    const numbers = Array.isArray(run.pull_requests) ? (run.pull_requests as { number?: unknown }[]).map((x) => Number(x?.number)).filter(Number.isSafeInteger) : [];
    return { source: 'workflow_run', headSha: str(run.head_sha), headRepo: str(run.head_repository?.full_name), numbers };
  }
  const pr = p.pull_request;
  if (pr !== null && typeof pr === 'object') {
    const n = Number(pr.number);
    return { source: 'pull_request', headSha: str(pr.head?.sha), headRepo: str(pr.head?.repo?.full_name), numbers: Number.isSafeInteger(n) ? [n] : [] };
  }
  return null;
}

/**
 * Report mode (workflow_run): the pull request comes from an untrusted
 * artifact as a number only; its base and head are asked of the API, never
 * taken from the artifact. `octokit`: the run's one client (src/action/ports.ts),
 * null without a github-token.
 */
export async function withPullRequest(event: RunEvent, number: number, octokit: Octokit | null): Promise<RunEvent> {
  if (octokit === null) throw new Error('report mode needs github-token to look up the pull request');
  const { data } = await octokit.rest.pulls.get({ owner: event.owner, repo: event.repo, pull_number: number });
  const headRepo = data.head.repo?.full_name ?? null;
  const fromFork = headRepo !== `${event.owner}/${event.repo}`;
  return {
    ...event,
    sha: data.head.sha,
    pr: { number, baseSha: data.base.sha, headSha: data.head.sha, fromFork, headRepo },
    baselineCommit: data.base.sha,
    isDefaultBranchPush: false,
  };
}

/**
 * Report mode: `pr-number` comes from the artifact of a run of the pull
 * request's own code, so a fork could name someone else's pull request and
 * have the trusted job comment there with figures it chose. The number is
 * bound to the event that triggered this job (GitHub wrote it): the pull
 * request the API returns must have the head commit and head repository the
 * event names, and be among the pull requests it lists when it lists any.
 * `event` is the one readEvent returned (before withPullRequest), `pr` the
 * API's answer. Returns what did not match, or null when it is bound.
 */
export function reportBindingProblem(event: RunEvent, number: number, pr: { headSha: string; headRepo: string | null }): string | null {
  const t = event.trustedHead ?? null;
  if (t === null) {
    return `the ${event.name} event that started this job names no pull request, so nothing shows that the artifact's pr-number #${number} is the pull request that was measured; report mode comments only when started by workflow_run (or pull_request)`;
  }
  const short = (s: string | null): string => (s === null ? 'none' : s.slice(0, 12));
  const problems: string[] = [];
  if (t.numbers.length > 0 && !t.numbers.includes(number)) {
    problems.push(`#${number} is not among the pull requests of the ${t.source} event (${t.numbers.map((n) => `#${n}`).join(', ')})`);
  }
  if (t.headSha === null || t.headSha.toLowerCase() !== pr.headSha.toLowerCase()) {
    problems.push(`its head commit ${short(pr.headSha)} is not the ${t.source} event's head_sha ${short(t.headSha)}`);
  }
  // GitHub's owner and repository names are case-insensitive.
  if (t.headRepo === null || pr.headRepo === null || t.headRepo.toLowerCase() !== pr.headRepo.toLowerCase()) {
    problems.push(`its head repository ${pr.headRepo ?? '(deleted)'} is not the ${t.source} event's head repository ${t.headRepo ?? '(none)'}`);
  }
  if (problems.length === 0) return null;
  return `pr-number #${number} does not belong to this ${t.source}: ${problems.join('; ')}`;
}
