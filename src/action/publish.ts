// Puts the report where people look: the job summary (always), one sticky
// pull-request comment, and an error annotation per regression.
import * as core from '@actions/core';
import * as github from '@actions/github';
import type { VerdictDoc } from '../gate/verdict.js';
import { commentMarker, upsertComment } from '../github/comment.js';
import type { ActionInputs } from './inputs.js';
import type { RunEvent } from './event.js';

export async function writeSummary(report: string): Promise<void> {
  if (!process.env.GITHUB_STEP_SUMMARY) return;
  await core.summary.addRaw(report, true).write();
}

export function annotate(v: VerdictDoc): void {
  for (const c of v.cells) {
    if (!c.valid) {
      core.warning(c.invalid_reasons.join('; '), { title: `llm-perf-gate: ${c.id} not comparable` });
      continue;
    }
    for (const m of c.metrics) {
      if (!m.gated || (m.verdict !== 'regressed' && m.verdict !== 'warn')) continue;
      const text = `${m.metric} ${m.baseline} -> ${m.candidate} ${m.unit} (${m.change_pct}%, interval ${m.interval_pct?.join('% .. ') ?? 'none'}%): ${m.reason}`;
      const title = `llm-perf-gate: ${c.id} ${m.metric} ${m.verdict === 'regressed' ? 'regressed' : 'may have regressed'}`;
      if (m.verdict === 'regressed') core.error(text, { title });
      else core.warning(text, { title });
    }
  }
  for (const s of v.slo) if (!s.ok) core.error(`${s.check} failed in ${s.cell}: value ${s.value ?? 'none'}`, { title: 'llm-perf-gate: SLO check failed' });
}

/** Upserts the sticky comment; never fails the step (fork tokens are read-only). Returns the comment URL. */
export async function comment(inputs: ActionInputs, event: RunEvent, prNumber: number | null, v: VerdictDoc, report: string): Promise<string | null> {
  if (inputs.comment === 'never' || prNumber === null) return null;
  if (inputs.githubToken === null) {
    core.notice('No github-token: the report is in the job summary only.');
    return null;
  }
  const octokit = github.getOctokit(inputs.githubToken);
  const marker = commentMarker(inputs.commentKey ?? undefined);
  const changed = v.verdict === 'fail' || v.summary.regressed + v.summary.improved + v.summary.warn > 0;
  try {
    const r = await upsertComment(octokit, { owner: event.owner, repo: event.repo, issueNumber: prNumber, marker }, report, inputs.comment, changed);
    if (r.action === 'skipped' && r.reason) {
      core.notice(`Pull-request comment not posted (${r.reason}); the report is in the job summary. For pull requests from forks see the two-workflow setup in the README.`);
    }
    if (r.action !== 'skipped') core.info(`Pull-request comment ${r.action}: ${r.url ?? ''}`);
    return r.url;
  } catch (err) {
    core.warning(`Could not post the pull-request comment: ${err instanceof Error ? err.message : String(err)}`);
    return null;
  }
}
