// A check run (Checks API) beside the job's own status (issue 21, item 2):
// its title says the verdict, its summary is the report's head, each
// regressed or possibly regressed metric is an annotation, and what is
// neither a pass nor a fail (inconclusive, invalid let through, accepted)
// concludes `neutral`. A token without `checks: write` gets a 403: the
// caller falls back quietly to the status and comment that exist anyway.
import { fitBytes, headBytes } from '../util/bytes.js';
import type { Octokit } from './client.js';

export interface CheckRunContent {
  name: string;
  headSha: string;
  conclusion: 'success' | 'failure' | 'neutral';
  title: string;
  summary: string;
  /** Text shown under the summary (the report's tables). */
  text?: string;
  detailsUrl?: string | null;
  annotations: ReadonlyArray<{ path: string; message: string; title: string; level: 'failure' | 'warning' | 'notice' }>;
}

/**
 * GitHub's bounds, counted in UTF-8 bytes (it measures bytes): 65,535 of
 * summary or text, 64 KiB of an annotation's message, 255 of a title; 50
 * annotations per request.
 */
const MAX_TEXT = 65_535;
const MAX_MESSAGE = 64 * 1024;
const MAX_TITLE = 255;
const MAX_ANNOTATIONS = 50;

const cut = (s: string): string => fitBytes(s, MAX_TEXT, "\n\n… (cut at GitHub's limit)");

/** Creates the check run; `forbidden` when the token may not (no checks: write, a fork's token). */
export async function createCheckRun(octokit: Octokit, where: { owner: string; repo: string }, c: CheckRunContent): Promise<{ url: string } | { forbidden: string }> {
  try {
    const { data } = await octokit.rest.checks.create({
      owner: where.owner,
      repo: where.repo,
      name: c.name,
      head_sha: c.headSha,
      status: 'completed',
      conclusion: c.conclusion,
      ...(c.detailsUrl ? { details_url: c.detailsUrl } : {}),
      output: {
        title: headBytes(c.title, MAX_TITLE),
        summary: cut(c.summary),
        ...(c.text ? { text: cut(c.text) } : {}),
        // Annotations need a file and a line: the config file, line 1, is where the gated metric is set.
        annotations: c.annotations
          .slice(0, MAX_ANNOTATIONS)
          .map((a) => ({ path: a.path, start_line: 1, end_line: 1, annotation_level: a.level, title: headBytes(a.title, MAX_TITLE), message: headBytes(a.message, MAX_MESSAGE) })),
      },
    });
    return { url: data.html_url ?? '' };
  } catch (err) {
    const status = (err as { status?: unknown } | null)?.status;
    if (status === 403 || status === 404) return { forbidden: err instanceof Error ? err.message : String(err) };
    throw err;
  }
}
