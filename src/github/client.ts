// The one GitHub client: @actions/github's Octokit (proxy settings,
// GITHUB_API_URL) with Octokit's maintained retry and throttling plugins, as
// changesets/action builds it. Everything that talks to GitHub is handed this
// client; nothing else calls getOctokit.
// - plugin-retry: a 5xx or a network error (Octokit reports it as a 500) is
//   retried `retries` times, waiting 1, 4, 9 s; 4xx are not retried.
// - plugin-throttling: a secondary rate limit (403/429 saying so) or an
//   exhausted quota (x-ratelimit-remaining: 0) is retried at most
//   MAX_RATE_LIMIT_RETRIES times after the retry-after GitHub sends, and only
//   when that wait is at most MAX_RATE_LIMIT_WAIT_S: a job never waits an hour
//   for the quota to come back. Writes are spaced `writeGapMs` apart (a new
//   comment 3 times that), as GitHub asks of mutating calls.
import { getOctokit } from '@actions/github';
import { retry } from '@octokit/plugin-retry';
import { throttling } from '@octokit/plugin-throttling';
import Bottleneck from 'bottleneck/light.js';

export type Octokit = ReturnType<typeof getOctokit>;

/** Where rate-limit waits are reported (the host's log fits). */
interface ClientLog {
  info(text: string): void;
  warn(text: string): void;
}

export interface ClientOptions {
  /** The REST API's root; GITHUB_API_URL (or api.github.com) when absent. */
  baseUrl?: string;
  /** Where rate-limit retries are reported; Octokit's console log when absent. */
  log?: ClientLog;
  /** Retries of a 5xx or network error after the first try: DEFAULT_RETRIES. */
  retries?: number;
  /**
   * How long one second of a retry wait lasts, in ms: 1000. The retry
   * plugin waits (n + 1)^2 seconds before retry n + 1, the throttling plugin
   * the retry-after GitHub sent; tests pass 1 to keep those waits in ms.
   */
  secondMs?: number;
  /**
   * The least time between two writes (POST, PATCH, ...): 1000 ms, GitHub's
   * advice; three times that between two that notify people (a new comment).
   * Tests pass 0.
   */
  writeGapMs?: number;
}

/** Retries of a 5xx or network error: 4 tries in all, over 1 + 4 + 9 s of waiting. */
export const DEFAULT_RETRIES = 3;
/** Retries of one call after a rate limit. */
export const MAX_RATE_LIMIT_RETRIES = 2;
/** A rate limit that asks for a longer wait fails the call at once. */
export const MAX_RATE_LIMIT_WAIT_S = 60;

/** A new client; the action uses githubClient (one per token), tests this with fast waits. */
export function createGithubClient(token: string, options: ClientOptions = {}): Octokit {
  const secondMs = options.secondMs ?? 1000;
  const writeGapMs = options.writeGapMs ?? 1000;
  const log = (): ClientLog => options.log ?? octokit.log;
  const onLimit =
    (kind: string) =>
    (retryAfter: number, req: { method: string; url: string } & Record<string, unknown>, _octokit: unknown, retryCount: number): boolean => {
      // The route's template with its parameters filled in: /repos/{owner}/{repo}/... -> /repos/acme/serve/...
      const path = req.url.replace(/\{(\w+)\}/g, (hole, name: string) => (typeof req[name] === 'string' || typeof req[name] === 'number' ? String(req[name]) : hole));
      const call = `${req.method} ${path}`;
      if (retryCount >= MAX_RATE_LIMIT_RETRIES) {
        log().warn(`GitHub ${kind} on ${call}: giving up after ${retryCount + 1} tries.`);
        return false;
      }
      if (retryAfter > MAX_RATE_LIMIT_WAIT_S) {
        log().warn(`GitHub ${kind} on ${call}: it asks for ${retryAfter} s, longer than the ${MAX_RATE_LIMIT_WAIT_S} s this job waits; not retried.`);
        return false;
      }
      log().info(`GitHub ${kind} on ${call}: retrying in ${retryAfter} s (retry ${retryCount + 1} of ${MAX_RATE_LIMIT_RETRIES}).`);
      return true;
    };
  const octokit: Octokit = getOctokit(
    token,
    {
      ...(options.baseUrl === undefined ? {} : { baseUrl: options.baseUrl }),
      retry: { retries: options.retries ?? DEFAULT_RETRIES, retryAfterBaseValue: secondMs },
      throttle: {
        onRateLimit: onLimit('rate limit'),
        onSecondaryRateLimit: onLimit('secondary rate limit'),
        retryAfterBaseValue: secondMs,
        // The plugin's own groups (1 s between writes, 3 s between writes that
        // notify people) with the gaps scaled; per client, where the plugin's are per process.
        write: new Bottleneck.Group({ maxConcurrent: 1, minTime: writeGapMs }),
        notifications: new Bottleneck.Group({ maxConcurrent: 1, minTime: 3 * writeGapMs }),
      },
    },
    retry,
    throttling,
  );
  return octokit;
}

const shared = new Map<string, { octokit: Octokit; log: ClientLog | undefined }>();

/**
 * A pacing figure in ms from the environment, for an API with no secondary
 * rate limits to respect: the tests' fake GitHub API, where the built action
 * otherwise spent 26 of accept.test's 49 s in write gaps and retry waits.
 * Unset, empty or not a number >= 0: undefined (the default pacing).
 */
function envMs(name: string): number | undefined {
  const v = process.env[name];
  if (v === undefined || v.trim() === '') return undefined;
  const n = Number(v);
  return Number.isFinite(n) && n >= 0 ? n : undefined;
}

/** The least ms between two writes (ClientOptions.writeGapMs): default 1000. */
const WRITE_GAP_ENV = 'LLM_PERF_GATE_GITHUB_WRITE_GAP_MS';
/** How long one second of a retry wait lasts, in ms (ClientOptions.secondMs): default 1000. */
const SECOND_ENV = 'LLM_PERF_GATE_GITHUB_SECOND_MS';

/**
 * The process's one client for `token`, built on the first call. A `log`
 * given (on any call) is where its rate-limit retries are reported from then on.
 */
export function githubClient(token: string, log?: ClientLog): Octokit {
  const known = shared.get(token);
  if (known !== undefined) {
    if (log !== undefined) known.log = log;
    return known.octokit;
  }
  const sink = (): ClientLog => entry.log ?? console;
  const octokit = createGithubClient(token, { log: { info: (text) => sink().info(text), warn: (text) => sink().warn(text) }, writeGapMs: envMs(WRITE_GAP_ENV), secondMs: envMs(SECOND_ENV) });
  const entry = { octokit, log };
  shared.set(token, entry);
  return octokit;
}
