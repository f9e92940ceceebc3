// The CLI's words: every command's usage text and option table, in a module
// that imports nothing heavy, so `--help` and a mistyped flag load no
// command (issue 22, start-up); the commands themselves are imported by
// src/cli/main.ts only when they run.
import { DEFAULT_CALIBRATION_TRIALS, MIN_CALIBRATION_TRIALS } from '../gate/calibration-trials.js';
import { DEFAULT_HISTORY_BRANCH, DEFAULT_REMOTE } from '../history/defaults.js';

/** Where the history is and the change-point settings: shared by `changes` and `dashboard`. */
export const HISTORY_OPTIONS = {
  results: { type: 'string' },
  branch: { type: 'string' },
  repo: { type: 'string' },
  remote: { type: 'string' },
  ref: { type: 'string' },
  metrics: { type: 'string' },
  significance: { type: 'string' },
  'min-change': { type: 'string' },
  permutations: { type: 'string' },
  seed: { type: 'string' },
} as const;

const HISTORY_USAGE = `where the history is (one of):
  --results DIR        a folder of result files (<commit>.json, or any name with git.commit set)
  --branch NAME        the data branch on the remote (default ${DEFAULT_HISTORY_BRANCH})
  --repo DIR           the repository (default: the current folder); orders results along its history
  --remote NAME        (default ${DEFAULT_REMOTE})
  --ref REF            whose first-parent line gives the order (default HEAD); other results are skipped

what to look at:
  --metrics a,b        metrics besides the gated ones (e.g. rps,ttft_ms.p99)
  --significance P     permutation-test level for a change point (default 0.005)
  --min-change X       smallest relative shift reported, e.g. 0.02 or 2% (default 2%)
  --permutations N     (default 399)
  --seed S             seed of the permutations and intervals (default llm-perf-gate)`;

export const RUN_USAGE = `usage: llm-perf-gate run [--config FILE] [--url URL] [--model NAME] [--out FILE]
                        [--baseline FILE] [--markdown FILE] [--json FILE]
                        [--shard I/N [--start-at TIME]]

  --config FILE    workload config (default: ./llm-perf.yml, else a built-in one-scenario matrix)
  --url URL        target base URL, overrides target.url (e.g. http://127.0.0.1:8000)
  --model NAME     model id, overrides target.model (default: first id of GET /v1/models)
  --out FILE       result file (default: llm-perf-result.json)
  --baseline FILE  after the run, compare with this result (as 'compare' does)
  --markdown FILE  write the Markdown report here
  --json FILE      write the verdict here
  --shard I/N      run only shard I (0-based) of N of the plan, e.g. on N machines; combine
                   the N result files with 'llm-perf-gate merge' (README, "Shards and workers")
  --start-at TIME  with --shard: start the first cell at this wall-clock time (ISO 8601,
                   e.g. 2026-12-01T04:00:00Z), so that all shards start together

Without --baseline the SLO checks of the config (gate.slo) alone decide the verdict.

Exit status: 0 the run completed (failed requests are data) and the verdict is pass, warn
or inconclusive; 1 fail (a gated regression or a failed SLO check); 2 bad config or usage,
or the target could not be used; 3 with --baseline: the comparison is invalid; 130
interrupted (the result holds what was measured).`;

export const AB_USAGE = `usage: llm-perf-gate ab [--config FILE] [--out-dir DIR] [--budget TEXT] [--markdown FILE] [--json FILE]

Runs the config's matrix on the two targets of its 'ab' section (baseline and
candidate: URLs, optionally with server_command each), every trial of every
cell as a pair in a random order, then compares them with a paired test.
After run.trials pairs it adds pairs while a gated metric is undecided, up to
the budget (run.budget: by default twice run.trials pairs, at least 16, and
30 minutes).

  --config FILE    config with an 'ab' section (default: ./llm-perf.yml)
  --out-dir DIR    where baseline.json, candidate.json and server logs go (default: llm-perf-ab)
  --budget TEXT    in place of run.budget: '12 pairs', '20 min', '12 pairs, 20 min', or 'off'
                   for the fixed design (run.trials pairs)
  --markdown FILE  write the Markdown report here
  --json FILE      write the verdict here

Exit status as for 'compare': 0 pass, warn or inconclusive; 1 fail; 2 usage, config or
target error; 3 invalid comparison; 130 interrupted.`;

export const COMPARE_USAGE = `usage: llm-perf-gate compare --baseline A.json [--baseline A2.json ...] --candidate B.json [--config FILE] [--markdown FILE] [--json FILE]

  --baseline FILE   result of the reference run (llm-perf-gate/result@1). Repeat it for the
                    last K runs of the default branch, measured in the candidate's environment:
                    the verdict then weighs their job-to-job noise (3 or more; with fewer,
                    the newest alone, and the report says so; docs/gate.md)
  --candidate FILE  result of the run under test
  --config FILE     take the gate rules from this config (default: the candidate's stored config)
  --markdown FILE   write the Markdown report here
  --json FILE       write the verdict (llm-perf-gate/verdict@1) here

Exit status: 0 pass, warn or inconclusive; 1 fail (a gated regression or a failed SLO check);
2 usage error or an unreadable or invalid result file; 3 the comparison is invalid (the runs did
not do the same work or were not measured properly: the report says why).`;

export const CALIBRATE_USAGE = `usage: llm-perf-gate calibrate [--config FILE] [--url URL] [--model NAME] [--trials N]
                              [--out FILE] [--markdown FILE] [--json FILE]
       llm-perf-gate calibrate --baseline FILE --candidate FILE [--config FILE]
                              [--markdown FILE] [--json FILE]

Runs the workload matrix as an A/A experiment against one target (the same build
on both sides), then reports per cell and metric the noise across trials, what the
gate says when the trials are split into two halves, the smallest regression the
configured run.trials can detect, recommended tolerances (as a gate: snippet for
llm-perf.yml) and the trials the current tolerances need. See docs/calibrate.md.

  --config FILE    workload config (default: ./llm-perf.yml, else the built-in matrix)
  --url URL        target base URL, overrides target.url
  --model NAME     model id, overrides target.model
  --trials N       trials per cell for the calibration run (default: the larger of run.trials
                   and ${DEFAULT_CALIBRATION_TRIALS}; at least ${MIN_CALIBRATION_TRIALS}, so the two halves have 2 each)
  --out FILE       result file of the calibration run (default: llm-perf-calibration-result.json)
  --markdown FILE  write the Markdown report here
  --json FILE      write the calibration (llm-perf-gate/calibration@1) here

With --baseline and --candidate it measures nothing: it reads the two results of an
A/A \`ab\` run (the same build on both sides) and recommends a sequential budget
(run.budget) from the spread of its pairs: the fewest pairs that decide an unchanged
build, and fail a regression of twice the threshold, 4 times in 5. --config: judge
with these gate rules instead of the runs' stored config.

Exit status: 0 done, 2 bad config or usage, or the target could not be reached,
130 interrupted (the result file and the calibration hold what was measured).`;

export const CHANGES_USAGE = `usage: llm-perf-gate changes [options]

Finds change points (E-divisive means with a permutation test) in each cell's
gated metrics over the stored results, oldest to newest commit, and prints
them: metric, cell, the shift with its 95% interval, the first commit after it.

${HISTORY_USAGE}

output:
  --new                only the change points the newest commit revealed
  --json FILE          also write them as JSON`;

export const COMPACT_USAGE = `usage: llm-perf-gate compact-history [options]

Rewrites the data branch on the remote as one commit holding its retained
results (and index.json), replaced with git push --force-with-lease: when
another job stores a result meanwhile, compaction starts over from the new tip,
so no result is lost. The old objects leave the remote at its next garbage
collection.

  --branch NAME        the data branch (default ${DEFAULT_HISTORY_BRANCH})
  --repo DIR           a checkout whose remote holds it (default: the current folder)
  --remote NAME        (default ${DEFAULT_REMOTE})
  --retention N        keep the newest N results (default 200, the action's history-retention)`;

export const DASHBOARD_USAGE = `usage: llm-perf-gate dashboard [options]

Writes a static site (one index.html, everything inlined, no network access
when viewed; works from file:// and GitHub Pages): a summary table and, per
cell and gated metric, a chart over commits with the trials' range, the
gate threshold around the latest result, the change points, and the
commits whose gate failed or whose regression was accepted (with their pull
requests); filters by cell and metric, a commit or date axis, and a CSV or
JSON download of what is shown. Exits 2,
writing nothing, when every stored result was refused (unreadable, another
schema version).

${HISTORY_USAGE}

output:
  --out DIR            where index.html goes (default llm-perf-dashboard)
  --title TEXT         page title (default: llm-perf-gate history)
  --repo-url URL       https://github.com/OWNER/REPO for commit links (default: from the remote, when on GitHub)`;
