// Accepting an intended regression (issue 21, item 1): a pull request whose
// change costs performance on purpose (a bigger model, a safer default) is
// marked by someone with write access, with a label or a comment command,
// and the step passes with the regression shown as accepted: who, when, why.
// A team that cannot override a perf check switches it off; this keeps it on.
// Pure: the facts (label events, comments, who may write) are read by the
// GitHub port (src/github/acceptance.ts); the decision is made here.
import type { Acceptance, VerdictDoc } from '../gate/verdict.js';

export interface AcceptFacts {
  /** The label that accepts (input accept-label); null: labels do not accept. */
  label: string | null;
  /** The pull request's label events, oldest first. */
  labelEvents: ReadonlyArray<{ action: 'labeled' | 'unlabeled'; label: string; actor: string; at: string }>;
  /** The pull request's comments, oldest first. */
  comments: ReadonlyArray<{ author: string; body: string; at: string }>;
  /** Whether a login may write to the repository (admin, maintain or write). */
  canWrite: ReadonlySet<string>;
  /**
   * The head commit judged and since when the pull request's comment has
   * shown its report (null: not yet): an acceptance holds for the code it
   * was given for, so only acts after that count. Absent: not bound (a
   * push storing its result carries the merged pull request's acceptance).
   */
  head?: { sha: string; since: string | null };
}

/**
 * `/llm-perf-gate accept <reason>` or `/llm-perf-gate unaccept` as the
 * comment's first line, at its start: a command shown in a fenced or indented
 * code block, a quote (`> `) or the middle of a discussion is not given, and
 * neither is `/llm-perf-gate accept? I think not.` (the verb must end at a
 * space or the line's end).
 */
const COMMAND = /^\/llm-perf-gate[ \t]+(accept|unaccept)(?:[ \t]+(.*?))?[ \t]*$/;

type Command = { verb: 'accept' | 'unaccept'; reason: string } | { verb: 'accept'; reason: null; why: string };

/** The command a comment gives, or null when it gives none. */
function commandOf(body: string): Command | null {
  // Blank lines before the first are not content; its indentation is (4 spaces make code).
  const first = body
    .replace(/^(?:[ \t]*\r?\n)+/, '')
    .split('\n', 1)[0]!
    .replace(/\r$/, '');
  const m = COMMAND.exec(first);
  if (m === null) return null;
  if (m[1] === 'unaccept') return { verb: 'unaccept', reason: '' };
  const reason = (m[2] ?? '').trim();
  // A template's placeholder (`<reason>`, `[why]`) or a few signs is not a reason.
  if (/^(?:<[^>]*>|\[[^\]]*\])$/.test(reason) || (reason.match(/[\p{L}\p{N}]/gu) ?? []).length < 3) {
    return { verb: 'accept', reason: null, why: reason === '' ? 'gives no reason' : `gives no reason ('${reason.slice(0, 40)}' is not one)` };
  }
  return { verb: 'accept', reason };
}

/** Whether a comment gives `/llm-perf-gate accept` or `unaccept` (with or without a usable reason): a comment event re-judges on it. */
export function givesCommand(body: string): boolean {
  return commandOf(body) !== null;
}

/** Longest reason kept: it is shown in the comment and stored with the result. */
const MAX_REASON = 300;

/** The logins whose label events or commands must be checked for write access. */
export function actorsToCheck(f: Omit<AcceptFacts, 'canWrite'>): string[] {
  const who = new Set<string>();
  for (const e of f.labelEvents) if (f.label !== null && e.label === f.label) who.add(e.actor);
  for (const c of f.comments) if (commandOf(c.body) !== null) who.add(c.author);
  return [...who];
}

/**
 * The acceptance in force, if any, and what was ignored (a label or command
 * by someone without write access: anyone can comment on a public pull
 * request, and a fork's author can add no label but may try a command).
 * The newest act of a writer decides: a label added (accepts) or removed
 * (withdraws), `accept` (accepts) or `unaccept` (withdraws).
 */
export function findAcceptance(f: AcceptFacts): { acceptance: Acceptance | null; ignored: string[] } {
  type Act = { at: string; accept: Acceptance | null };
  const acts: Act[] = [];
  const ignored: string[] = [];
  for (const e of f.labelEvents) {
    if (f.label === null || e.label !== f.label) continue;
    if (!f.canWrite.has(e.actor)) {
      ignored.push(`label '${e.label}' ${e.action === 'labeled' ? 'added' : 'removed'} by @${e.actor}, who has no write access`);
      continue;
    }
    acts.push({ at: e.at, accept: e.action === 'labeled' ? { by: e.actor, at: e.at, reason: `label '${e.label}'`, via: 'label' } : null });
  }
  for (const c of f.comments) {
    const cmd = commandOf(c.body);
    if (cmd === null) continue;
    if (!f.canWrite.has(c.author)) {
      ignored.push(`'/llm-perf-gate ${cmd.verb}' by @${c.author}, who has no write access`);
      continue;
    }
    if (cmd.reason === null) {
      ignored.push(`'/llm-perf-gate accept' by @${c.author} ${cmd.why}: write why after the command`);
      continue;
    }
    acts.push({ at: c.at, accept: cmd.verb === 'accept' ? { by: c.author, at: c.at, reason: cmd.reason.slice(0, MAX_REASON), via: 'comment' } : null });
  }
  // ISO 8601 stamps sort as strings; a stable sort keeps labels before comments at the same second.
  acts.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
  let acceptance = acts.at(-1)?.accept ?? null;
  // Given before the report on this head commit was shown, the acceptance was
  // for other code (the author may push, or force-push, after a writer accepts).
  if (acceptance !== null && f.head !== undefined && !(f.head.since !== null && Date.parse(acceptance.at) > Date.parse(f.head.since))) {
    const shown = f.head.since === null ? 'before any report on it' : `before its report (shown since ${f.head.since})`;
    ignored.push(
      `the acceptance by @${acceptance.by} (${acceptance.via}, ${acceptance.at}) was given ${shown} for head commit ${f.head.sha.slice(0, 7)}: a new push needs a new acceptance (${acceptance.via === 'label' ? 'remove the label and add it again, or comment' : 'comment'} '/llm-perf-gate accept <reason>' again)`,
    );
    return { acceptance: null, ignored };
  }
  // A label that accepts with a reason given by command: the reason of the newest writer's accept command.
  if (acceptance !== null && acceptance.via === 'label') {
    const said = [...acts].reverse().find((a) => a.accept?.via === 'comment');
    if (said?.accept) acceptance = { ...acceptance, reason: said.accept.reason };
  }
  return { acceptance, ignored };
}

/**
 * What an acceptance covers: regressions of comparable cells. A failed SLO
 * check is an absolute bound and an invalid comparison measured nothing:
 * neither is accepted, so a green check still means "measured".
 */
export function accepts(v: VerdictDoc): boolean {
  return v.verdict === 'fail' && v.summary.regressed > 0 && v.summary.slo_failed === 0;
}
