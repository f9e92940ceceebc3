// The action's ports: measuring (servers the action starts, load), baselines
// (result files, the history branch), GitHub (the pull request, the sticky
// comment) and history (trend, store, what follows a push). runAction takes
// a factory of these, so its unit tests run on canned results and a fake
// GitHub without a server, a git remote or a network (test/action/ports.test.ts).
import { resolve } from 'node:path';
import type { Plan } from '../config/plan.js';
import type { Acceptance, VerdictDoc } from '../gate/verdict.js';
import { readAcceptance, pullOfCommit } from '../github/acceptance.js';
import { createCheckRun, type CheckRunContent } from '../github/check-run.js';
import { githubClient } from '../github/client.js';
import { saveResult } from '../history/store.js';
import { measurePort, type Side } from '../pipeline/measure-port.js';
import type { RunPorts } from '../pipeline/run.js';
import { headline } from '../result/headline.js';
import { readResultForGating } from '../result/read.js';
import type { ResultDoc } from '../result/types.js';
import { writeResult } from '../result/write.js';
import { historyOptions, storedBaseline } from './baseline.js';
import { OUTPUTS, STATE } from './constants.js';
import { withPullRequest, type RunEvent } from './event.js';
import { afterStore, trendSection } from './history-push.js';
import type { ActionHost } from './host.js';
import type { ActionInputs } from './inputs.js';
import { commentMarker, readOwnComment, type OwnComment } from '../github/comment.js';
import { comment } from './publish.js';

export interface GitHubPort {
  /** Report mode: the pull request `number` as the API describes it (never as the artifact does). */
  pullRequest(event: RunEvent, number: number): Promise<RunEvent>;
  /** Upserts the sticky comment; null when none was posted. Never throws for a refused comment. */
  comment(event: RunEvent, prNumber: number | null, verdict: VerdictDoc, report: string): Promise<string | null>;
  /** The acceptance in force on a pull request, and what was ignored; null without a token. */
  /** `head`: the head commit judged, which the acceptance must be given for (after the comment showed its report); null: not bound. */
  acceptance(event: RunEvent, prNumber: number, head: string | null): Promise<{ acceptance: Acceptance | null; ignored: string[] } | null>;
  /** The pull request a pushed commit was merged from; null when none is found or there is no token. */
  mergedFrom(event: RunEvent, sha: string): Promise<number | null>;
  /** This gate's own comment on the pull request: its head binding, stored verdict and report; null when there is none or no token. */
  ownComment(event: RunEvent, prNumber: number): Promise<OwnComment | null>;
  /** Creates a check run; null without a token, `forbidden` when the token may not. */
  checkRun(event: RunEvent, content: CheckRunContent): Promise<{ url: string } | { forbidden: string } | null>;
}

export interface HistoryPort {
  /** The trend table of the report, when the baseline comes from the history. */
  trend(event: RunEvent, doc: ResultDoc): Promise<string | null>;
  /** Stores a complete result for `commit` on the data branch. */
  save(commit: string, doc: ResultDoc): Promise<void>;
  /** After a push to the default branch stored its result: change points, dashboard, compaction. */
  afterStore(event: RunEvent, commit: string): Promise<void>;
}

export interface ActionPorts extends RunPorts {
  github: GitHubPort;
  history: HistoryPort;
}

/** Builds the ports once the inputs (and, in run mode, the plan) are read. */
export type ActionPortsFactory = (host: ActionHost, inputs: ActionInputs, plan: Plan | null) => ActionPorts;

/** The sides of the action's run in the pipeline's words: the candidate (url, server-command) and the same-job baseline server. */
function actionSides(host: ActionHost, inputs: ActionInputs, plan: Plan): { candidate: Side; baseline: Side | null } {
  const candidate: Side = {
    url: plan.target.url,
    model: plan.target.model,
    readyTimeoutMs: inputs.serverReadyTimeoutS * 1000,
    server:
      inputs.serverCommand === null
        ? null
        : { command: inputs.serverCommand, readyUrl: inputs.serverReadyUrl, logPath: resolve(host.cwd, inputs.serverLog), stateKey: STATE.serverPgid, label: 'server' },
  };
  const b = inputs.abBaseline;
  const baseline: Side | null =
    b === null
      ? null
      : {
          url: b.url,
          model: plan.target.model,
          readyTimeoutMs: b.serverReadyTimeoutS * 1000,
          server:
            b.serverCommand === null
              ? null
              : { command: b.serverCommand, readyUrl: b.serverReadyUrl, logPath: resolve(host.cwd, b.serverLog), stateKey: STATE.baselineServerPgid, label: 'baseline server' },
        };
  return { candidate, baseline };
}

/**
 * The same-job baseline server runs the pull request's base, but both sides
 * are measured in the head's checkout, whose GITHUB_SHA the results take: the
 * baseline's result (returned and on disk) names the base commit instead, so
 * the report reads "Baseline <base> vs candidate <head>" (issue 31). Other
 * events name no base the baseline server was built from: left as measured.
 */
function baselineBuiltFrom(measure: RunPorts['measure'], commit: string | null): RunPorts['measure'] {
  if (commit === null) return measure;
  return {
    ...measure,
    async pairs(plan, outPaths, sequential) {
      const ab = await measure.pairs(plan, outPaths, sequential);
      const baseline: ResultDoc = { ...ab.baseline, git: { commit, ref: null } };
      await writeResult(outPaths.baseline, baseline);
      return { ...ab, baseline };
    },
  };
}

const reportOnly: RunPorts['measure'] = {
  candidate: () => Promise.reject(new Error('report mode measures nothing')),
  pairs: () => Promise.reject(new Error('report mode measures nothing')),
  pairsNote: () => '',
};

/** A pull request's base commit as the event names it; null for other events. */
const prBase = (event: RunEvent): string | null => (event.pr !== null && /^[0-9a-f]{40,64}$/.test(event.pr.baseSha) ? event.pr.baseSha : null);

export const actionPorts: ActionPortsFactory = (host, inputs, plan) => {
  // One client for every GitHub call of the run, with Octokit's retry and throttling plugins (src/github/client.ts).
  const octokit = inputs.githubToken === null ? null : githubClient(inputs.githubToken, host.log);
  const measure: RunPorts['measure'] | null =
    plan === null
      ? null
      : measurePort(host, actionSides(host, inputs, plan), {
          echoLog: true,
          passEnv: inputs.serverEnv,
          // A server the action starts may see the server-env names only; the API key is withheld (src/server/process.ts serverEnv).
          withholdEnv: plan.target.apiKeyEnv === null ? [] : [plan.target.apiKeyEnv],
          onLaunch: (role, launch) => host.setOutput(role === 'baseline' ? OUTPUTS.baselineServerLog : OUTPUTS.serverLog, launch.logPath),
        });
  return {
    measure: measure === null ? reportOnly : baselineBuiltFrom(measure, prBase(host.event())),
    baselines: {
      readResult: (path) => readResultForGating(path),
      stored: (commit, runs, candidate) => storedBaseline(inputs, host.cwd, commit, runs, candidate),
    },
    github: {
      pullRequest: (event, number) => withPullRequest(event, number, octokit),
      comment: (event, prNumber, verdict, report) => comment(host.log, inputs, event, prNumber, verdict, report, octokit),
      acceptance: async (event, number, head) =>
        octokit === null
          ? null
          : readAcceptance(octokit, { owner: event.owner, repo: event.repo, number }, inputs.accept, head === null ? null : { head, marker: commentMarker(inputs.commentKey ?? undefined) }),
      ownComment: async (event, number) =>
        octokit === null ? null : readOwnComment(octokit, { owner: event.owner, repo: event.repo, issueNumber: number, marker: commentMarker(inputs.commentKey ?? undefined) }),
      mergedFrom: async (event, sha) => (octokit === null ? null : pullOfCommit(octokit, { owner: event.owner, repo: event.repo, sha })),
      checkRun: async (event, content) => (octokit === null ? null : createCheckRun(octokit, { owner: event.owner, repo: event.repo }, content)),
    },
    history: {
      trend: (event, doc) => trendSection(host.log, inputs, event, host.cwd, doc),
      async save(commit, doc) {
        const saved = await saveResult(historyOptions(inputs, host.cwd), commit, JSON.stringify(doc), headline(doc));
        host.log.info(
          `Stored the result of ${commit.slice(0, 7)} on '${inputs.historyBranch}' (${saved.attempts} push attempt${saved.attempts === 1 ? '' : 's'}${saved.pruned.length ? `, pruned ${saved.pruned.length}` : ''}).`,
        );
      },
      afterStore: (event, commit) => afterStore(host, inputs, event, commit, octokit),
    },
  };
};
