// Where the baseline comes from: a file in the repository, or the results
// stored on the history branch for the base commit and its first-parent
// ancestors: the newest one (history-runs 1), or the last K measured in the
// candidate's environment, whose spread is the job-to-job noise (issue 10).
import { resolve } from 'node:path';
import { environmentMismatch } from '../history/comparable.js';
import { findBaseline, findBaselines, type HistoryOptions } from '../history/store.js';
import { assertGateable, parseResult, readResultForGating } from '../result/read.js';
import type { ResultDoc } from '../result/types.js';
import type { RunEvent } from './event.js';
import type { ActionInputs } from './inputs.js';

export interface Baseline {
  /** The newest stored run (or the file): the one-run baseline. */
  doc: ResultDoc | null;
  /** history-runs > 1: every stored run of the candidate's environment, newest first (doc among them); else []. */
  history: ResultDoc[];
  /** One line for the report: which baseline, or why there is none. */
  note: string;
  commit: string | null;
}

export function historyOptions(inputs: ActionInputs, workspace: string): HistoryOptions {
  return { repoDir: workspace, remote: 'origin', branch: inputs.historyBranch, token: inputs.githubToken, retention: inputs.historyRetention };
}

export async function loadBaseline(inputs: ActionInputs, event: RunEvent, workspace: string, candidate: ResultDoc): Promise<Baseline> {
  if (inputs.baseline.kind === 'none') return { doc: null, history: [], note: "baseline: none (input 'baseline' is none)", commit: null };
  if (inputs.baseline.kind === 'file') {
    const doc = await readResultForGating(resolve(workspace, inputs.baseline.path));
    return { doc, history: [], note: `baseline: file \`${inputs.baseline.path}\``, commit: doc.git?.commit ?? null };
  }
  if (event.baselineCommit === null) {
    return { doc: null, history: [], note: 'no baseline commit for this event (only pull requests and pushes have one)', commit: null };
  }
  if (inputs.historyRuns > 1) return storedRuns(inputs, event.baselineCommit, workspace, candidate);
  const found = await findBaseline(historyOptions(inputs, workspace), event.baselineCommit);
  if (found === null) {
    return {
      doc: null,
      note: `no stored result for ${event.baselineCommit.slice(0, 7)} or its ancestors on branch '${inputs.historyBranch}' yet: a push to the default branch stores one (save-history)`,
      history: [],
      commit: null,
    };
  }
  const file = `${inputs.historyBranch}:results/${found.commit}.json`;
  const doc = assertGateable(parseResult(found.resultJson, file), file);
  const note = found.exact
    ? `baseline: stored result of the base commit \`${found.commit.slice(0, 7)}\``
    : `baseline: the base commit \`${event.baselineCommit.slice(0, 7)}\` has no stored result; compared with its newest stored ancestor \`${found.commit.slice(0, 7)}\``;
  return { doc, history: [], note, commit: found.commit };
}

/** The last history-runs stored results along the base commit's ancestry that were measured in the candidate's environment. */
async function storedRuns(inputs: ActionInputs, base: string, workspace: string, candidate: ResultDoc): Promise<Baseline> {
  const reasons: string[] = [];
  const { found, skipped } = await findBaselines(historyOptions(inputs, workspace), base, inputs.historyRuns, (json, commit) => {
    const file = `${inputs.historyBranch}:results/${commit}.json`;
    const doc = assertGateable(parseResult(json, file), file);
    const why = environmentMismatch(doc, candidate);
    if (why !== null) reasons.push(why);
    return why === null ? doc : null;
  });
  const skippedNote = skipped > 0 ? `; ${skipped} stored run${skipped === 1 ? '' : 's'} of another environment skipped (${reasons[0]})` : '';
  if (found.length === 0) {
    return {
      doc: null,
      history: [],
      note: `no stored result of this environment for ${base.slice(0, 7)} or its ancestors on branch '${inputs.historyBranch}' yet${skippedNote}: a push to the default branch stores one (save-history)`,
      commit: null,
    };
  }
  const newest = found[0]!;
  const which = newest.exact ? `the base commit \`${newest.commit.slice(0, 7)}\`` : `its newest stored ancestor \`${newest.commit.slice(0, 7)}\``;
  const note = `baseline: ${found.length} stored result${found.length === 1 ? '' : 's'} of the default branch (of ${inputs.historyRuns} asked for), newest ${which}${skippedNote}`;
  return { doc: newest.value, history: found.map((f) => f.value), note, commit: newest.commit };
}
