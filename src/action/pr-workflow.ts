// The pull-request workflow around a verdict (issue 21, items 1 and 2):
// an intended regression accepted by someone with write access, what a
// stored result keeps of the gate, and the check run beside the job's status.
import type { VerdictDoc } from '../gate/verdict.js';
import type { CheckRunContent } from '../github/check-run.js';
import { accepts } from '../pipeline/accept.js';
import type { HostLog } from '../pipeline/host.js';
import { findings, type StepNote } from '../pipeline/publish.js';
import { codeSpan } from '../report/escape.js';
import { noBaselineYet } from '../report/markdown.js';
import type { StoredGate } from '../result/types.js';
import { isAbsolute, relative, resolve } from 'node:path';
import type { RunEvent } from './event.js';
import { OUTPUTS } from './constants.js';
import type { ActionHost } from './host.js';
import type { ActionInputs } from './inputs.js';
import type { ActionPorts, GitHubPort } from './ports.js';

/**
 * The pull request whose acceptance counts: the one the run is about, or, on
 * a push that stores its result, the one the pushed commit was merged from
 * (so the stored step carries the acceptance into the history).
 */
async function acceptancePr(github: GitHubPort, inputs: ActionInputs, event: RunEvent, commit: string, storing: boolean): Promise<{ number: number; direct: boolean } | null> {
  const direct = inputs.prNumber ?? event.pr?.number ?? null;
  if (direct !== null) return { number: direct, direct: true };
  if (!storing || !event.isDefaultBranchPush) return null;
  try {
    const merged = await github.mergedFrom(event, commit);
    return merged === null ? null : { number: merged, direct: false };
  } catch {
    // No pull request to be found is no acceptance; it never fails a push that has measured.
    return null;
  }
}

/**
 * The verdict with the acceptance in force, if any, and the pull request it
 * was read from. Asked only when something could be accepted (a verdict
 * failing on regressions) or the result is stored (the history keeps it).
 */
export async function withAcceptance(
  log: HostLog,
  github: GitHubPort,
  inputs: ActionInputs,
  c: { event: RunEvent; verdict: VerdictDoc; commit: string; storing: boolean; refused: boolean },
): Promise<{ verdict: VerdictDoc; pr: number | null }> {
  const enabled = inputs.accept.label !== null || inputs.accept.commands;
  const asked = c.refused || !enabled ? null : await acceptancePr(github, inputs, c.event, c.commit, c.storing);
  const pr = asked?.number ?? null;
  if (asked === null || pr === null || (!accepts(c.verdict) && !c.storing)) return { verdict: c.verdict, pr };
  let found: Awaited<ReturnType<GitHubPort['acceptance']>>;
  try {
    // The run's own pull request: the acceptance must be for the head commit judged. A push storing its
    // result carries the acceptance of the pull request it was merged from as that pull request left it.
    found = await github.acceptance(c.event, pr, asked.direct ? (c.event.pr?.headSha ?? c.commit) : null);
  } catch (err) {
    log.warn(`Could not read whether pull request #${pr} accepts a regression: ${err instanceof Error ? err.message : String(err)}`);
    return { verdict: c.verdict, pr };
  }
  if (found === null) {
    if (accepts(c.verdict)) log.notice('No github-token: whether the regression was accepted (label or comment command) cannot be read.');
    return { verdict: c.verdict, pr };
  }
  for (const why of found.ignored) log.notice(`Acceptance of pull request #${pr} ignored: ${why}.`);
  if (found.acceptance === null) return { verdict: c.verdict, pr };
  log.info(`Pull request #${pr}: regression accepted by @${found.acceptance.by} (${found.acceptance.via}, ${found.acceptance.at}): ${found.acceptance.reason}`);
  return { verdict: { ...c.verdict, accepted: found.acceptance }, pr };
}

/**
 * What happens next when nothing was compared (issue 31): how a baseline
 * comes to exist, in the inputs' words; safe Markdown, one line each.
 */
export function firstRunNext(inputs: ActionInputs, storing: boolean): string[] {
  const branch = `\`${inputs.historyBranch.replace(/[`\s]/g, '')}\``;
  if (storing) return [`**Next:** this result is stored on ${branch} as the baseline: pull requests based on this commit or a later one are judged against it.`];
  const sameJob =
    'Or judge each pull request against its base at once: measure the base in the same job with `baseline-url` (and `baseline-server-command`), "The recommended design" in llm-perf-gate\'s docs/action.md.';
  if (inputs.baseline.kind === 'none')
    return ['**Next:** input `baseline` is none, so no stored result is looked for: set it to `history` (the default) to compare with the results pushes store.', sameJob];
  return [`**Next:** when this is merged, the push to the default branch measures it and stores the result on ${branch} (\`save-history: auto\`); later pull requests are judged against it.`, sameJob];
}

/**
 * One line on how to accept the regression (issue 31): for a verdict that
 * fails on regressions alone and is not accepted, on a pull request whose
 * comment an acceptance can follow. Null when nothing here could accept it.
 */
export function acceptHint(v: VerdictDoc, inputs: ActionInputs, pr: number | null): string | null {
  if (!accepts(v) || v.accepted !== undefined || pr === null || inputs.comment === 'never') return null;
  const ways: string[] = [];
  if (inputs.accept.label !== null) ways.push(`adds the label ${codeSpan(inputs.accept.label)}`);
  if (inputs.accept.commands) ways.push('comments `/llm-perf-gate accept <reason>`');
  if (ways.length === 0) return null;
  return `**To accept this regression as intended:** someone with write access ${ways.join(' or ')}; a workflow on those events re-judges this verdict in seconds, without measuring (llm-perf-gate's docs/action.md, "Accepting an intended regression"), else it counts at the next run.`;
}

/** What the stored result keeps of the gate. */
export function storedGate(v: VerdictDoc, pr: number | null): StoredGate {
  return { verdict: v.verdict, regressed: v.summary.regressed, accepted: v.accepted ?? null, pull_request: pr };
}

/** Where the step writes its verdict and report in the workspace (outputs verdict-path, report-path): a measuring run and a re-judge alike. */
export function verdictFilePaths(workspace: string): { verdict: string; report: string } {
  return { verdict: resolve(workspace, 'llm-perf-verdict.json'), report: resolve(workspace, 'llm-perf-report.md') };
}

/** Annotations per check run: the first ones matter; GitHub takes 50 per request. */
const MAX_ANNOTATIONS = 50;

/**
 * The check run's content: the outcome line as its title, the report as its
 * summary, one annotation per regressed (failure) or possibly regressed
 * (warning) metric, failed SLO check and invalid cell, on the config file
 * when there is one in the repository; the conclusion neutral for what is
 * neither a pass nor a fail (an invalid or inconclusive verdict that does
 * not fail the step, an accepted regression, a first run with no baseline).
 */
function checkRunContent(
  v: VerdictDoc,
  o: { line: string; failing: boolean; note: StepNote | null; report: string; headSha: string; configPath: string | null; detailsUrl: string | null; name: string },
): CheckRunContent {
  // A first run, with nothing stored to compare with, is neither a pass nor a fail (issue 31).
  const conclusion = o.failing ? 'failure' : o.note !== null || noBaselineYet(v) ? 'neutral' : 'success';
  // The job's own annotations (src/pipeline/publish.ts), on the config file; an accepted regression is a warning here.
  const level = (kind: ReturnType<typeof findings>[number]['kind']): 'failure' | 'warning' => (kind === 'slo' || (kind === 'regressed' && v.accepted === undefined) ? 'failure' : 'warning');
  const path = o.configPath;
  const annotations =
    path === null ? [] : findings(v).map((f) => ({ path, level: level(f.kind), title: f.kind === 'regressed' && v.accepted !== undefined ? `${f.title} (accepted)` : f.title, message: f.text }));
  return {
    name: o.name,
    headSha: o.headSha,
    conclusion,
    title: o.note !== null ? `${o.line}: ${o.note.headline}` : o.line,
    summary: o.report,
    detailsUrl: o.detailsUrl,
    annotations: annotations.slice(0, MAX_ANNOTATIONS),
  };
}

/** The check run beside the job's status; a token without checks: write gets a notice that says to grant it, and the step goes on. */
export async function checkRun(
  host: ActionHost,
  ports: ActionPorts,
  inputs: ActionInputs,
  c: { event: RunEvent; verdict: VerdictDoc; line: string; failing: boolean; note: StepNote | null; report: string; url: string | null; configPath: string | null },
): Promise<void> {
  // The plan names its file as given (relative to the workspace, or absolute).
  const config = c.configPath ? relative(host.cwd, resolve(host.cwd, c.configPath)) : inputs.config;
  const content = checkRunContent(c.verdict, {
    name: inputs.commentKey ? `llm-perf-gate (${inputs.commentKey})` : 'llm-perf-gate',
    headSha: c.event.pr?.headSha ?? c.event.sha,
    line: c.line,
    failing: c.failing,
    note: c.note,
    report: c.report,
    // Annotations point at the config in the repository; one outside it (or none) gets none.
    configPath: config !== null && !config.startsWith('..') && !isAbsolute(config) ? config : null,
    detailsUrl: c.url,
  });
  try {
    const r = await ports.github.checkRun(c.event, content);
    if (r === null) return;
    // A fork's pull_request token can never write checks: said quietly there. Anywhere else the workflow can
    // grant it, and a workflow pasted without it must not lose its check run unnoticed (issue 31).
    const fork = host.event().name === 'pull_request' && host.event().pr?.fromFork === true;
    if ('forbidden' in r && fork) host.log.info(`No check run: a fork's token may not create one: ${r.forbidden}`);
    else if ('forbidden' in r)
      host.log.notice(
        `No check run: the token may not create one (${r.forbidden.split('\n')[0]}). Add 'checks: write' to the workflow's permissions to have one; the step's status and the comment are as they would be.`,
      );
    else {
      host.setOutput(OUTPUTS.checkRunUrl, r.url);
      host.log.info(`Check run created: ${r.url}`);
    }
  } catch (err) {
    host.log.warn(`Could not create the check run: ${err instanceof Error ? err.message : String(err)}`);
  }
}

/**
 * The step's status and its last line: a failure fails it; what is neither
 * (invalid or inconclusive let through, an accepted regression) leaves a
 * warning that says why; a first run (`first`: what it says) a notice.
 */
export function endStep(host: ActionHost, verdict: VerdictDoc, o: { failing: boolean; line: string; note: StepNote | null; first: string | null }): void {
  if (o.failing) host.fail(o.note !== null ? `${o.line}: ${o.note.detail}` : `${o.line}: ${verdict.reasons.slice(0, 3).join('; ')}`);
  else if (o.note !== null) host.log.warn(`${o.line}: ${o.note.detail}`, `llm-perf-gate: ${o.note.headline}`);
  else if (o.first !== null) host.log.notice(`${o.line}: ${o.first}`);
  else host.log.info(o.line);
}
