// Where the baseline comes from: a file in the repository, or the result
// stored on the history branch for the base commit (or its newest stored ancestor).
import { resolve } from 'node:path';
import { findBaseline, readIndex, type HistoryEntry, type HistoryOptions } from '../history/store.js';
import { parseResult, readResult } from '../result/read.js';
import type { HostLog } from '../pipeline/host.js';
import type { ResultDoc } from '../result/types.js';
import type { RunEvent } from './event.js';
import type { ActionInputs } from './inputs.js';

export interface Baseline {
  doc: ResultDoc | null;
  /** One line for the report: which baseline, or why there is none. */
  note: string;
  commit: string | null;
}

export function historyOptions(inputs: ActionInputs, workspace: string): HistoryOptions {
  return { repoDir: workspace, remote: 'origin', branch: inputs.historyBranch, token: inputs.githubToken, retention: inputs.historyRetention };
}

export async function loadBaseline(inputs: ActionInputs, event: RunEvent, workspace: string): Promise<Baseline> {
  if (inputs.baseline.kind === 'none') return { doc: null, note: "baseline: none (input 'baseline' is none)", commit: null };
  if (inputs.baseline.kind === 'file') {
    const doc = await readResult(resolve(workspace, inputs.baseline.path));
    return { doc, note: `baseline: file \`${inputs.baseline.path}\``, commit: doc.git?.commit ?? null };
  }
  if (event.baselineCommit === null) {
    return { doc: null, note: 'no baseline commit for this event (only pull requests and pushes have one)', commit: null };
  }
  const found = await findBaseline(historyOptions(inputs, workspace), event.baselineCommit);
  if (found === null) {
    return {
      doc: null,
      note: `no stored result for ${event.baselineCommit.slice(0, 7)} or its ancestors on branch '${inputs.historyBranch}' yet: a push to the default branch stores one (save-history)`,
      commit: null,
    };
  }
  const doc = parseResult(found.resultJson, `${inputs.historyBranch}:results/${found.commit}.json`);
  const note = found.exact
    ? `baseline: stored result of the base commit \`${found.commit.slice(0, 7)}\``
    : `baseline: the base commit \`${event.baselineCommit.slice(0, 7)}\` has no stored result; compared with its newest stored ancestor \`${found.commit.slice(0, 7)}\``;
  return { doc, note, commit: found.commit };
}

export async function trendPoints(log: HostLog, inputs: ActionInputs, workspace: string): Promise<HistoryEntry[]> {
  try {
    return await readIndex(historyOptions(inputs, workspace));
  } catch (err) {
    log.info(`No trend: ${err instanceof Error ? err.message : String(err)}`);
    return [];
  }
}
