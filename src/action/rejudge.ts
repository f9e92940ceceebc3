// Accepting without measuring again (issue 31): a label added or removed, or
// an `/llm-perf-gate accept` comment, re-judges the verdict the pull
// request's comment reports (kept in it: src/action/stored-verdict.ts) with
// the acceptance now in force, and updates the comment's top, the check run
// and the step in seconds. The measured figures are the comment's own; only
// what acceptance changes is rendered again (src/report/markdown.ts reportTop).
import type { VerdictDoc } from '../gate/verdict.js';
import { accepts, givesCommand } from '../pipeline/accept.js';
import { outcome, publish, stepNote } from '../pipeline/publish.js';
import { reportTopOptions, writeVerdictFiles } from '../pipeline/report.js';
import { reportTop, TOP_END } from '../report/markdown.js';
import { OUTPUTS } from './constants.js';
import type { RunEvent } from './event.js';
import type { ActionHost } from './host.js';
import type { ActionInputs } from './inputs.js';
import type { ActionPorts } from './ports.js';
import { acceptHint, checkRun, endStep, verdictFilePaths, withAcceptance } from './pr-workflow.js';
import type { OwnComment } from '../github/comment.js';
import { decodeStoredVerdict, type StoredVerdict } from './stored-verdict.js';

/** The pull request to re-judge, or why this event does nothing; null: an event that measures as ever. */
export function rejudgeCall(event: RunEvent, inputs: ActionInputs): { pr: number } | { skip: string } | null {
  const t = event.trigger ?? null;
  if (t === null) return null;
  // Another label keeps its meaning: a team may start a measurement with a `run-perf` label.
  if (t.kind === 'label') return inputs.accept.label !== null && t.label === inputs.accept.label && Number.isSafeInteger(t.pr) ? { pr: t.pr } : null;
  // A comment event never measures: its checkout is the default branch, not the pull request's code.
  if (t.pr === null) return { skip: 'the comment is on an issue, not a pull request' };
  if (t.bot) return { skip: `the comment is by a bot (@${t.author})` };
  if (!givesCommand(t.body)) return { skip: 'the comment gives no /llm-perf-gate command' };
  if (!inputs.accept.commands) return { skip: "comment commands accept nothing here ('accept-commands' is false)" };
  return { pr: t.pr };
}

const short = (sha: string | null | undefined): string => (sha ? sha.slice(0, 7) : 'no commit');

/** Whether two acceptances are the same act (or both none). */
function sameAcceptance(a: VerdictDoc['accepted'] | null, b: VerdictDoc['accepted'] | null): boolean {
  if (a === null || a === undefined || b === null || b === undefined) return (a ?? null) === (b ?? null);
  return a.by === b.by && a.at === b.at && a.via === b.via && a.reason === b.reason;
}

/** The comment's stored verdict and report, when they are about `head`; else why not. */
function storedOn(own: OwnComment | null, head: string, pr: number): { decoded: StoredVerdict; report: string } | { problem: string } {
  if (own === null) return { problem: `pull request #${pr} has no llm-perf-gate comment yet` };
  if (own.binding === null || own.binding.sha !== head.toLowerCase()) return { problem: `its comment reports on ${short(own.binding?.sha)}, and its head is ${short(head)} now` };
  if (own.stored === null) return { problem: 'its comment keeps no verdict (too large, or written by an older llm-perf-gate)' };
  const decoded = decodeStoredVerdict(own.stored);
  if ('problem' in decoded) return decoded;
  if (!own.report.includes(TOP_END)) return { problem: 'its comment has no report top to replace' };
  return { decoded, report: own.report };
}

/**
 * Re-judges pull request `pr`. 'measure': a label event found nothing to
 * re-judge (no comment yet, or one on an older head), so the run measures as
 * it did before re-judging existed; 'done': the step is settled.
 */
export async function rejudge(host: ActionHost, inputs: ActionInputs, ports: ActionPorts, event: RunEvent, pr: number): Promise<'done' | 'measure'> {
  const log = host.log;
  const byLabel = event.trigger?.kind === 'label';
  if (inputs.githubToken === null) {
    if (byLabel) return 'measure';
    host.fail(`Re-judging pull request #${pr} after a comment command needs 'github-token' (to read the comment and who wrote it).`);
    return 'done';
  }
  // A comment event names the issue only: the head commit is asked of the API.
  const at = event.pr?.number === pr ? event : await ports.github.pullRequest(event, pr);
  const head = at.pr!.headSha;
  const own = await ports.github.ownComment(at, pr);
  const found = storedOn(own, head, pr);
  if ('problem' in found) {
    if (byLabel) {
      log.info(`Nothing to re-judge on pull request #${pr}: ${found.problem}. Measuring instead.`);
      return 'measure';
    }
    log.notice(`Nothing re-judged on pull request #${pr}: ${found.problem}. The next run on the pull request judges the acceptance (a push, or Re-run jobs).`);
    return 'done';
  }
  const { decoded, report: shown } = found;
  const stored = decoded.verdict;
  host.setOutput(OUTPUTS.verdict, stored.verdict);
  if (!accepts(stored)) {
    log.notice(`Nothing to re-judge on pull request #${pr}: its verdict on ${short(head)} is ${stored.verdict}, and an acceptance changes only a verdict that fails on regressions alone.`);
    return 'done';
  }
  log.info(`Re-judging the verdict the comment reports on ${short(head)} with the acceptance now in force; nothing is measured.`);
  const { verdict } = await withAcceptance(log, ports.github, inputs, { event: at, verdict: stored, commit: head, storing: false, refused: false });
  const note = stepNote(verdict, inputs.failOn);
  const top = reportTop(verdict, reportTopOptions(note, acceptHint(verdict, inputs, pr)));
  const report = `${top}\n\n${TOP_END}${shown.slice(shown.indexOf(TOP_END) + TOP_END.length)}`;
  const files = verdictFilePaths(host.cwd);
  await writeVerdictFiles(host, verdict, report, { markdown: files.report, json: files.verdict });
  host.setOutput(OUTPUTS.verdictPath, files.verdict);
  host.setOutput(OUTPUTS.reportPath, files.report);
  await publish(host, verdict, report, { verdict: OUTPUTS.verdict, regressions: OUTPUTS.regressions });
  const { failing, line } = outcome(verdict, inputs.failOn);
  if (sameAcceptance(verdict.accepted ?? null, decoded.accepted)) {
    // Nothing changed (a label someone without write access added, a second command): the comment and check stand.
    log.info(`Pull request #${pr}: the comment already shows this (${verdict.accepted ? `accepted by @${verdict.accepted.by}` : 'not accepted'}); nothing to update.`);
  } else {
    const url = await ports.github.comment(at, pr, verdict, report);
    if (url) host.setOutput(OUTPUTS.commentUrl, url);
    if (inputs.checkRun) await checkRun(host, ports, inputs, { event: at, verdict, line, failing, note, report, url, configPath: null });
  }
  endStep(host, verdict, { failing, line, note, first: null });
  return 'done';
}
