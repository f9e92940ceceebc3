// One sticky pull-request comment per gate: found by a hidden marker among the
// comments our own account wrote, updated in place, created only when needed.
// A fork's read-only token must never fail the job: that case is 'skipped'.
import { setTimeout as sleep } from 'node:timers/promises';
import type { getOctokit } from '@actions/github';

export const COMMENT_MARKER = '<!-- llm-perf-gate:report -->';
export const MAX_COMMENT_CHARS = 65536;
/** Tries per API call on 5xx, 429 and secondary rate limits; used by the loop and its message. */
export const MAX_API_ATTEMPTS = 4;
/** The login GITHUB_TOKEN comments as; GET /user is forbidden to that token. */
const ACTIONS_BOT_LOGIN = 'github-actions[bot]';

export type Octokit = ReturnType<typeof getOctokit>;

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

interface UpsertOptions {
  /** First retry delay; doubles per attempt unless the server sends retry-after. */
  retryBaseMs?: number;
}

/** The action broke (not a permission problem): carries the call and its status. */
export class CommentError extends Error {
  constructor(
    message: string,
    readonly method: string,
    readonly url: string,
    readonly status: number | null,
    options?: { cause?: unknown },
  ) {
    super(`${message} (${method} ${url}${status ? ` -> ${status}` : ''})`, options);
    this.name = 'CommentError';
  }
}

/** A marker for one of several gates in a repository, e.g. one per config file. */
export function commentMarker(key?: string): string {
  if (!key) return COMMENT_MARKER;
  return `<!-- llm-perf-gate:report:${key.replace(/[^A-Za-z0-9._/@-]/g, '_').slice(0, 100)} -->`;
}

export async function upsertComment(
  octokit: Octokit,
  t: CommentTarget,
  body: string,
  mode: 'always' | 'on-change',
  changed: boolean,
  options: UpsertOptions = {},
): Promise<UpsertResult> {
  const marker = t.marker ?? COMMENT_MARKER;
  if (!/^<!--(?:(?!-->)[\s\S])*-->$/.test(marker)) throw new TypeError(`comment marker must be one HTML comment, got '${marker}'`);
  if (!Number.isInteger(t.issueNumber) || t.issueNumber < 1) throw new TypeError(`issue number must be a positive integer, got ${t.issueNumber}`);
  const text = capComment(marker, body);
  const base = options.retryBaseMs ?? 1000;
  const where = { owner: t.owner, repo: t.repo };

  try {
    const me = t.author ? { login: t.author, fallback: false } : await identity(octokit, base);
    const comments = await withRetry(() => octokit.paginate(octokit.rest.issues.listComments, { ...where, issue_number: t.issueNumber, per_page: 100 }), base);
    // The oldest match: the comment keeps its place in the conversation.
    const mine = comments.find((c) => (c.body ?? '').startsWith(marker) && isOurs(c.user, me));
    if (mine) {
      const r = await withRetry(() => octokit.rest.issues.updateComment({ ...where, comment_id: mine.id, body: text }), base);
      return { action: 'updated', id: r.data.id, url: r.data.html_url };
    }
    if (mode === 'on-change' && !changed) {
      return { action: 'skipped', id: null, url: null, reason: 'nothing changed and there is no earlier comment to update (comment: on-change)' };
    }
    const r = await withRetry(() => octokit.rest.issues.createComment({ ...where, issue_number: t.issueNumber, body: text }), base);
    return { action: 'created', id: r.data.id, url: r.data.html_url };
  } catch (err) {
    if (err instanceof CommentError) throw err;
    const e = describe(err);
    if (e.status === 403 || e.status === 404) {
      return {
        action: 'skipped',
        id: null,
        url: null,
        reason: `the token may not comment on ${t.owner}/${t.repo}#${t.issueNumber}: ${e.status} ${e.message} (${e.method} ${e.url}); a pull request from a fork gets a read-only token`,
      };
    }
    throw new CommentError(`updating the pull-request comment failed: ${e.message}`, e.method, e.url, e.status, { cause: err });
  }
}

/** marker + body within GitHub's limit; the caller shortens first, this is the last resort. */
export function capComment(marker: string, body: string): string {
  const full = `${marker}\n${body}`;
  if (full.length <= MAX_COMMENT_CHARS) return full;
  const note = `\n\n---\n**Truncated:** this report exceeded GitHub's limit of ${MAX_COMMENT_CHARS} characters per comment; the job summary has the rest.\n`;
  let cut = full.slice(0, MAX_COMMENT_CHARS - note.length - 8);
  if (/[\uD800-\uDBFF]$/.test(cut)) cut = cut.slice(0, -1); // never half a surrogate pair
  // An open code fence would swallow the note.
  if ((cut.match(/^\s*```/gm) ?? []).length % 2 === 1) cut += '\n```';
  return cut + note;
}

interface Me {
  login: string;
  /** GET /user failed: we assume GITHUB_TOKEN and match only the Actions bot. */
  fallback: boolean;
}

async function identity(octokit: Octokit, base: number): Promise<Me> {
  try {
    const r = await withRetry(() => octokit.rest.users.getAuthenticated(), base);
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

/** Retries 5xx, 429 and rate limits with backoff (also used for commit comments). */
export async function withRetry<T>(call: () => Promise<T>, base: number): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await call();
    } catch (err) {
      const delay = retryDelay(err, attempt, base);
      if (delay === null) throw err;
      if (attempt >= MAX_API_ATTEMPTS) {
        const e = describe(err);
        throw new CommentError(`GitHub API still failing after ${MAX_API_ATTEMPTS} attempts: ${e.message}`, e.method, e.url, e.status, { cause: err });
      }
      await sleep(delay);
    }
  }
}

/** Milliseconds to wait before retrying, or null when retrying cannot help. */
function retryDelay(err: unknown, attempt: number, base: number): number | null {
  const e = describe(err);
  const headers = e.headers;
  const retryAfter = Number(headers['retry-after']);
  const secondary = e.status === 403 && (/secondary rate limit|abuse/i.test(e.message) || headers['retry-after'] !== undefined);
  const primary = (e.status === 403 || e.status === 429) && headers['x-ratelimit-remaining'] === '0';
  if (e.status === null || !(e.status >= 500 || e.status === 429 || secondary || primary)) return null;
  if (Number.isFinite(retryAfter) && headers['retry-after'] !== undefined) return Math.min(retryAfter * 1000, 60_000);
  const untilReset = Number(headers['x-ratelimit-reset']) * 1000 - Date.now();
  if (primary && Number.isFinite(untilReset)) return untilReset > 60_000 ? null : Math.max(untilReset, base); // an hour-long wait is not a retry
  return Math.round(base * 2 ** (attempt - 1) * (0.75 + Math.random() / 2));
}

interface Described {
  status: number | null;
  message: string;
  method: string;
  url: string;
  headers: Record<string, string | undefined>;
}

/** An Octokit RequestError (or anything else) as plain facts; no token is ever in these fields. */
function describe(err: unknown): Described {
  const e = err as { status?: unknown; message?: unknown; request?: { method?: string; url?: string }; response?: { headers?: Record<string, unknown>; data?: unknown } };
  const headers: Record<string, string | undefined> = {};
  for (const [k, v] of Object.entries(e?.response?.headers ?? {})) headers[k.toLowerCase()] = v === undefined || v === null ? undefined : String(v);
  const dataMessage = (e?.response?.data as { message?: unknown } | undefined)?.message;
  const message = typeof dataMessage === 'string' ? dataMessage : typeof e?.message === 'string' ? e.message.split('\n')[0] ?? '' : String(err);
  return {
    status: typeof e?.status === 'number' ? e.status : null,
    message,
    method: e?.request?.method ?? 'GET',
    url: e?.request?.url ?? '',
    headers,
  };
}
