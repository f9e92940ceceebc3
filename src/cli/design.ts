// The CLI's side of the run design (src/pipeline/design.ts): a command on a
// laptop has no history branch, no event and no step to confirm before
// failing, so its choices are fixed but for the baseline and the pairs.
import type { DesignChoices } from '../pipeline/design.js';
import type { BaselinePort } from '../pipeline/run.js';
import { readResultForGating } from '../result/read.js';

/** What every CLI command chooses; `run` and `ab` set the baseline and the baseline server. */
export const CLI_CHOICES: Omit<DesignChoices, 'baseline' | 'baselineServer' | 'pairs'> = Object.freeze({
  mode: 'run',
  // A developer who compares with a file reads the verdict; measuring again is theirs to ask for.
  confirm: false,
  historyRuns: 1,
  baselineCommit: null,
  save: 'false',
  isDefaultBranchPush: false,
});

/** Baselines on a laptop: result files only. */
export const noStoredBaselines: BaselinePort = {
  readResult: (path) => readResultForGating(path),
  stored: () => Promise.reject(new Error('the CLI reads no history branch: give the baseline as a result file')),
};
