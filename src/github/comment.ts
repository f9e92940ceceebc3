// One sticky pull-request comment per gate: found by a hidden marker among the
// comments our own account wrote, updated in place, created only when needed.
// A fork's read-only token must never fail the job: that case is 'skipped'.
// Retries (5xx, rate limits) are the client's (./client.ts), not this module's.
import { headBytes, utf8Bytes } from '../util/bytes.js';
import { CommentError } from '../errors/comment-error.js';
import type { Octokit } from './client.js';

export const COMMENT_MARKER = '<!-- llm-perf-gate:report -->';
export const MAX_COMMENT_CHARS = 65536;
/** The login GITHUB_TOKEN comments as; GET /user is forbidden to that token. */
const ACTIONS_BOT_LOGIN = 'github-actions[bot]';

export interface CommentTarget {
  owner: string;
  repo: string;
  issueNumber: number;
  /** An HTML comment; one per gate when a repository runs several (see commentMarker). */
  marker?: string;
  /** The login whose comments count as ours, when GET /user cannot tell (a GitHub App token: `<app-slug>[bot]`). */
  author?: string;
}

interface UpsertResult {
  action: 'created' | 'updated' | 'skipped';
  id: number | null;
  url: string | null;
  /** Why nothing was written, for a notice; set when action is 'skipped'. */
  reason?: string;
}

/** A marker for one of several gates in a repository, e.g. one per config file. */
export function commentMarker(key?: string): string {
  if (!key) return COMMENT_MARKER;
  return `<!-- llm-perf-gate:report:${key.replace(/[^A-Za-z0-9._/@-]/g, '_').slice(0, 100)} -->`;
}

/**
 * Which head commit the comment reports on, and since when it has: the line
 * after the marker, `<!-- llm-perf-gate:head <sha> since <ISO time> -->`.
 * Only this tool's own comment is read for it (found by marker and author),
 * so an acceptance is bound to the code whose report a writer could see.
 */
interface HeadBinding {
  sha: string;
  since: string;
}

const BINDING = /^<!-- llm-perf-gate:head ([0-9a-f]{40,64}) since (\d{4}-\d\d-\d\dT[\d:.]+Z) -->$/;

function bindingLine(b: HeadBinding): string {
  return `<!-- llm-perf-gate:head ${b.sha} since ${b.since} -->`;
}

/** The binding a comment body carries on the line after its marker, or null. */
function bindingOf(body: string, marker: string): HeadBinding | null {
  if (!body.startsWith(`${marker}\n`)) return null;
  const line = body.slice(marker.length + 1).split('\n', 1)[0]!;
  const m = BINDING.exec(line);
  return m === null ? null : { sha: m[1]!, since: m[2]! };
}

/** The verdict the comment reports, as one hidden line (src/action/stored-verdict.ts: base64, never `-->`). */
const STORED = /^<!-- llm-perf-gate:verdict ([A-Za-z0-9+/=]+) -->$/;

/** The comment's hidden lines (binding, stored verdict) and the report under them. */
function partsOf(body: string, marker: string): { binding: HeadBinding | null; stored: string | null; report: string } {
  const lines = body.slice(marker.length + 1).split('\n');
  const binding = bindingOf(body, marker);
  let i = binding === null ? 0 : 1;
  const m = STORED.exec(lines[i] ?? '');
  if (m !== null) i++;
  return { binding, stored: m?.[1] ?? null, report: lines.slice(i).join('\n') };
}

/** Our own comment: its hidden lines and the report under them. */
export interface OwnComment {
  url: string;
  binding: HeadBinding | null;
  /** The stored verdict's line (src/action/stored-verdict.ts); null: none. */
  stored: string | null;
  report: string;
}

/** Our own comment on a pull request; null when we have none. */
export async function readOwnComment(octokit: Octokit, t: CommentTarget): Promise<OwnComment | null> {
  const marker = t.marker ?? COMMENT_MARKER;
  const me = t.author ? { login: t.author, fallback: false } : await identity(octokit);
  const comments = await octokit.paginate(octokit.rest.issues.listComments, { owner: t.owner, repo: t.repo, issue_number: t.issueNumber, per_page: 100 });
  const mine = comments.find((c) => (c.body ?? '').startsWith(`${marker}\n`) && isOurs(c.user, me));
  return mine === undefined ? null : { url: mine.html_url, ...partsOf(mine.body ?? '', marker) };
}

/** The head binding of our own comment among `comments`, or null when we have none or it carries none. */
export async function readHeadBinding(
  octokit: Octokit,
  comments: ReadonlyArray<{ body?: string | null; user?: { login?: string; type?: string } | null }>,
  marker = COMMENT_MARKER,
): Promise<HeadBinding | null> {
  const me = await identity(octokit);
  const mine = comments.find((c) => (c.body ?? '').startsWith(marker) && isOurs(c.user, me));
  return mine === undefined ? null : bindingOf(mine.body ?? '', marker);
}

export async function upsertComment(
  octokit: Octokit,
  t: CommentTarget,
  body: string,
  mode: 'always' | 'on-change',
  changed: boolean,
  /** The head commit this report is on, and the time now: the comment records since when it has shown that head. */
  head?: { sha: string; now: string },
  /** The verdict reported, encoded (src/action/stored-verdict.ts), for a re-judge without measuring; absent: none kept. */
  stored?: string | null,
): Promise<UpsertResult> {
  const marker = t.marker ?? COMMENT_MARKER;
  if (!/^<!--(?:(?!-->)[\s\S])*-->$/.test(marker)) throw new TypeError(`comment marker must be one HTML comment, got '${marker}'`);
  if (!Number.isInteger(t.issueNumber) || t.issueNumber < 1) throw new TypeError(`issue number must be a positive integer, got ${t.issueNumber}`);
  const where = { owner: t.owner, repo: t.repo };

  try {
    const me = t.author ? { login: t.author, fallback: false } : await identity(octokit);
    const comments = await octokit.paginate(octokit.rest.issues.listComments, { ...where, issue_number: t.issueNumber, per_page: 100 });
    // The oldest match: the comment keeps its place in the conversation.
    const mine = comments.find((c) => (c.body ?? '').startsWith(marker) && isOurs(c.user, me));
    // The same head keeps the time its report was first shown; a new head starts now.
    const before = mine === undefined ? null : bindingOf(mine.body ?? '', marker);
    const binding = head === undefined ? null : { sha: head.sha, since: before?.sha === head.sha ? before.since : head.now };
    if (stored != null && !STORED.test(`<!-- llm-perf-gate:verdict ${stored} -->`)) throw new TypeError('a stored verdict must be base64');
    // The hidden lines come first: a report cut to GitHub's limit loses its tail, never the verdict a re-judge reads.
    const hidden = [...(binding === null ? [] : [bindingLine(binding)]), ...(stored == null ? [] : [`<!-- llm-perf-gate:verdict ${stored} -->`])];
    const text = capComment(marker, [...hidden, body].join('\n'));
    if (mine) {
      const r = await octokit.rest.issues.updateComment({ ...where, comment_id: mine.id, body: text });
      return { action: 'updated', id: r.data.id, url: r.data.html_url };
    }
    if (mode === 'on-change' && !changed) {
      return { action: 'skipped', id: null, url: null, reason: 'nothing changed and there is no earlier comment to update (comment: on-change)' };
    }
    const r = await octokit.rest.issues.createComment({ ...where, issue_number: t.issueNumber, body: text });
    return { action: 'created', id: r.data.id, url: r.data.html_url };
  } catch (err) {
    const e = describe(err);
    // A 403 that is a rate limit the client gave up on is not a read-only token.
    if ((e.status === 403 && !e.rateLimited) || e.status === 404) {
      return {
        action: 'skipped',
        id: null,
        url: null,
        reason: `the token may not comment on ${t.owner}/${t.repo}#${t.issueNumber}: ${e.status} ${e.message} (${e.method} ${e.url}); a pull request from a fork gets a read-only token`,
      };
    }
    // The retry plugin counts its tries on the request; a rate limit's retries are the throttling plugin's and logged by the client.
    const tries = e.status !== null && e.status >= 500 && e.tries > 1 ? ` after ${e.tries} tries` : e.rateLimited ? ' on a rate limit' : '';
    throw new CommentError(`updating the pull-request comment failed${tries}: ${e.message}`, e.method, e.url, e.status, { cause: err });
  }
}

/**
 * marker + body within GitHub's limit; the caller shortens first, this is the
 * last resort. The limit is counted in UTF-8 bytes, which is never more than
 * GitHub's count, whether it counts characters or bytes (its check runs count
 * bytes: a summary under the limit in characters was refused).
 */
export function capComment(marker: string, body: string): string {
  const full = `${marker}\n${body}`;
  if (utf8Bytes(full) <= MAX_COMMENT_CHARS) return full;
  const note = `\n\n---\n**Truncated:** this report exceeded GitHub's limit of ${MAX_COMMENT_CHARS} characters per comment; the job summary has the rest.\n`;
  let cut = headBytes(full, MAX_COMMENT_CHARS - utf8Bytes(note) - 8);
  // An open code fence would swallow the note.
  if ((cut.match(/^\s*```/gm) ?? []).length % 2 === 1) cut += '\n```';
  return cut + note;
}

interface Me {
  login: string;
  /** GET /user failed: we assume GITHUB_TOKEN and match only the Actions bot. */
  fallback: boolean;
}

async function identity(octokit: Octokit): Promise<Me> {
  try {
    const r = await octokit.rest.users.getAuthenticated();
    return { login: r.data.login, fallback: false };
  } catch {
    return { login: ACTIONS_BOT_LOGIN, fallback: true };
  }
}

function isOurs(user: { login?: string; type?: string } | null | undefined, me: Me): boolean {
  if (!user?.login) return false;
  if (me.fallback) return user.login === ACTIONS_BOT_LOGIN && user.type === 'Bot';
  return user.login === me.login;
}

interface Described {
  status: number | null;
  message: string;
  method: string;
  url: string;
  /** A rate limit (secondary, or the quota spent), not a permission. */
  rateLimited: boolean;
  /** Tries the retry plugin made (5xx, network), retries included. */
  tries: number;
}

/** An Octokit RequestError (or anything else) as plain facts; no token is ever in these fields. */
function describe(err: unknown): Described {
  const e = err as {
    status?: unknown;
    message?: unknown;
    request?: { method?: string; url?: string; request?: { retryCount?: unknown } };
    response?: { headers?: Record<string, unknown>; data?: unknown };
  };
  const headers: Record<string, string | undefined> = {};
  for (const [k, v] of Object.entries(e?.response?.headers ?? {})) headers[k.toLowerCase()] = v === undefined || v === null ? undefined : String(v);
  const dataMessage = (e?.response?.data as { message?: unknown } | undefined)?.message;
  const message = typeof dataMessage === 'string' ? dataMessage : typeof e?.message === 'string' ? (e.message.split('\n')[0] ?? '') : String(err);
  const retries = e?.request?.request?.retryCount;
  return {
    status: typeof e?.status === 'number' ? e.status : null,
    message,
    method: e?.request?.method ?? 'GET',
    url: e?.request?.url ?? '',
    rateLimited: /\brate limit/i.test(message) || headers['x-ratelimit-remaining'] === '0',
    tries: typeof retries === 'number' && Number.isSafeInteger(retries) && retries > 0 ? retries + 1 : 1,
  };
}
