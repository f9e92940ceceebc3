// The action's stored baselines: the results on the history branch for the
// base commit and its first-parent ancestors: the newest one (history-runs
// 1), or the last K measured in the candidate's environment, whose spread is
// the job-to-job noise (issue 10). Which baseline a run uses is the run
// design's choice (src/pipeline/design.ts); this is its history port.
import { DEFAULTS } from '../config/defaults.js';
import { environmentMismatch, failedTooMuch } from '../history/comparable.js';
import { findBaselines, type HistoryOptions } from '../history/store.js';
import type { Baseline } from '../pipeline/run.js';
import { assertGateable, parseResult } from '../result/read.js';
import type { ResultDoc } from '../result/types.js';
import type { ActionInputs } from './inputs.js';

/** The data branch as the action uses it; readers of the whole history read only what retention keeps (issue 19, item 8). */
export function historyOptions(inputs: ActionInputs, workspace: string): HistoryOptions {
  return { repoDir: workspace, remote: 'origin', branch: inputs.historyBranch, token: inputs.githubToken, retention: inputs.historyRetention, readLimit: inputs.historyRetention };
}

/**
 * A stored run the selection walked past, and why: its requests failed, it
 * was measured in another environment, or its file cannot be used (corrupt,
 * another schema, refused by the reader, a run that did not finish).
 */
interface SkippedRun {
  commit: string;
  kind: 'failed' | 'environment' | 'unreadable';
  why: string;
}

/**
 * Whether a stored run may stand for the baseline of `candidate`: null when
 * it may, else why not. A run whose requests mostly failed never does,
 * whatever history-runs says; with several runs (history-runs > 1) one of
 * another environment does not either, since their spread must be
 * job-to-job noise (with one run, the comparison itself flags another
 * environment). Pure: the walk along the ancestry is findBaselines'.
 */
export function rejectStored(stored: ResultDoc, candidate: ResultDoc, o: { errorRateLimit: number; sameEnvironment: boolean }): Omit<SkippedRun, 'commit'> | null {
  const failed = failedTooMuch(stored, o.errorRateLimit);
  if (failed !== null) return { kind: 'failed', why: failed };
  const env = o.sameEnvironment ? environmentMismatch(stored, candidate) : null;
  return env === null ? null : { kind: 'environment', why: env };
}

/** The gate's error-rate limit the candidate is judged by: its own config's, as the gate reads it. */
function errorRateLimitOf(candidate: ResultDoc): number {
  const limit = (candidate.config as Partial<ResultDoc['config']> | undefined)?.gate?.error_rate_limit;
  return typeof limit === 'number' && Number.isFinite(limit) ? limit : DEFAULTS.errorRateLimit;
}

/** Longest reason shown per unreadable stored run: the note is one line of the report. */
const MAX_WHY = 160;

function unreadableWhy(why: string, prefix: string): string {
  // No backtick, newline or control character of a stored file's text can end the note's code spans or its line.
  // eslint-disable-next-line no-control-regex
  const text = (why.startsWith(`${prefix}: `) ? why.slice(prefix.length + 2) : why).replace(/[`\u0000-\u001f\u007f]/g, ' ');
  return text.length > MAX_WHY ? `${text.slice(0, MAX_WHY - 3)}...` : text;
}

/** `; skipped ...`: the stored runs walked past, each with its commit and why (the first few, then a count). */
export function skippedNote(skipped: readonly SkippedRun[], shown = 3): string {
  if (skipped.length === 0) return '';
  const parts: string[] = [];
  const unreadable = skipped.filter((s) => s.kind === 'unreadable');
  const failed = skipped.filter((s) => s.kind === 'failed');
  const other = skipped.filter((s) => s.kind === 'environment');
  const list = (runs: readonly SkippedRun[]): string =>
    runs
      .slice(0, shown)
      .map((s) => `\`${s.commit.slice(0, 7)}\` (${s.why})`)
      .join(', ') + (runs.length > shown ? ` and ${runs.length - shown} more` : '');
  const runs = (n: number): string => `${n} stored run${n === 1 ? '' : 's'}`;
  if (unreadable.length > 0) parts.push(`skipped ${runs(unreadable.length)} that cannot be read: ${list(unreadable)}`);
  if (failed.length > 0) parts.push(`skipped ${runs(failed.length)} whose requests failed: ${list(failed)}`);
  if (other.length > 0) parts.push(`skipped ${runs(other.length)} of another environment: ${list(other)}`);
  return `; ${parts.join('; ')}`;
}

/**
 * The last history-runs stored results along the base commit's ancestry
 * (the newest alone with history-runs 1), skipping those whose requests
 * failed, those whose file cannot be used and, with several, those of another
 * environment. A stored file never fails the step: anyone who can push to the
 * data branch, or one run that wrote a figure the reader refuses, would
 * otherwise fail every later pull request (issue 19, item 1).
 */
export async function storedBaseline(inputs: ActionInputs, workspace: string, base: string, runs: number, candidate: ResultDoc): Promise<Baseline> {
  const skipped: SkippedRun[] = [];
  const misplaced: string[] = [];
  const rules = { errorRateLimit: errorRateLimitOf(candidate), sameEnvironment: runs > 1 };
  const { found, unreadable } = await findBaselines(historyOptions(inputs, workspace), base, runs, (json, commit) => {
    // Throws (the reader's refusal, a run that is not gateable): findBaselines lists it as unreadable and walks on.
    const doc = assertGateable(parseResult(json, commit.slice(0, 7)), commit.slice(0, 7));
    // The file's place names the commit; its content says which it measured. Anyone who can push to the data
    // branch can put one commit's result (or a made-up one) in another's place: used, but never in silence.
    const claimed = doc.git?.commit.toLowerCase() ?? null;
    if (claimed !== null && claimed !== commit.toLowerCase()) misplaced.push(`the stored result of \`${commit.slice(0, 7)}\` says it measured \`${claimed.slice(0, 7)}\``);
    const rejected = rejectStored(doc, candidate, rules);
    if (rejected !== null) skipped.push({ commit, ...rejected });
    return rejected === null ? doc : null;
  });
  // The reader's message starts with the file named above (the short commit, shown again by the note): dropped, and cut short, since it may quote a fork's text.
  for (const u of unreadable) skipped.push({ commit: u.commit, kind: 'unreadable', why: unreadableWhy(u.why, u.commit.slice(0, 7)) });
  const note =
    skippedNote(skipped) +
    (misplaced.length > 0
      ? `; warning: ${misplaced.slice(0, 3).join('; ')}${misplaced.length > 3 ? ` and ${misplaced.length - 3} more` : ''} (its file and its content disagree: check who wrote it)`
      : '');
  if (found.length === 0) {
    const what = `no ${skipped.length > 0 ? 'usable ' : ''}stored result${rules.sameEnvironment ? ' of this environment' : ''}`;
    return {
      doc: null,
      history: [],
      note: `${what} for ${base.slice(0, 7)} or its ancestors on branch '${inputs.historyBranch}' yet${note}`,
      commit: null,
    };
  }
  const newest = found[0]!;
  if (runs === 1) {
    const which = newest.exact
      ? `baseline: stored result of the base commit \`${newest.commit.slice(0, 7)}\``
      : `baseline: the base commit \`${base.slice(0, 7)}\` has no ${skipped.length > 0 ? 'usable ' : ''}stored result; compared with its newest ${skipped.length > 0 ? 'usable ' : ''}stored ancestor \`${newest.commit.slice(0, 7)}\``;
    return { doc: newest.value, history: [], note: `${which}${note}`, commit: newest.commit };
  }
  const which = newest.exact ? `the base commit \`${newest.commit.slice(0, 7)}\`` : `its newest stored ancestor \`${newest.commit.slice(0, 7)}\``;
  return {
    doc: newest.value,
    history: found.map((f) => f.value),
    note: `baseline: ${found.length} stored result${found.length === 1 ? '' : 's'} of the default branch (of ${runs} asked for), newest ${which}${note}`,
    commit: newest.commit,
  };
}
