// The action's ports with canned results: what runAction asked of each
// (measure, baselines, GitHub, history) is recorded, and each answer is the
// test's. Nothing here listens, starts a process or touches git.
import type { ActionPorts, ActionPortsFactory } from '../../src/action/ports.js';
import type { RunEvent } from '../../src/action/event.js';
import type { Plan } from '../../src/config/plan.js';
import type { Acceptance } from '../../src/gate/verdict.js';
import type { CheckRunContent } from '../../src/github/check-run.js';
import type { Baseline } from '../../src/pipeline/run.js';
import type { ResultDoc } from '../../src/result/types.js';

export interface Canned {
  /** Answers to measure.candidate, in call order (the last one repeats). */
  candidate?: ResultDoc[];
  /** Answers to measure.pairs, in call order (the last one repeats). */
  pairs?: Array<{ baseline: ResultDoc; candidate: ResultDoc }>;
  /** The stored baseline (null doc: none stored). */
  stored?: Baseline;
  /** Result files by absolute path. */
  files?: Record<string, ResultDoc>;
  /** The pull request the API describes (report mode). */
  pullRequest?: (event: RunEvent, number: number) => RunEvent;
  /** What the pull request says of acceptance; absent: nothing accepted, nothing ignored; null: no token. */
  acceptance?: { acceptance: Acceptance | null; ignored: string[] } | null;
  /** The pull request a pushed commit was merged from. */
  mergedFrom?: number | null;
  /** The check run's answer; absent: created. */
  checkRun?: { url: string } | { forbidden: string } | null;
}

export interface Calls {
  candidate: Array<{ cells: string[]; outPath: string }>;
  pairs: Array<{ outPaths: { baseline: string; candidate: string } }>;
  stored: Array<{ commit: string; runs: number }>;
  readResult: string[];
  comments: Array<{ prNumber: number | null; verdict: string; report: string }>;
  saved: Array<{ commit: string; doc: ResultDoc }>;
  afterStore: string[];
  pullRequests: number[];
  acceptance: number[];
  checkRuns: CheckRunContent[];
}

const cellsOf = (plan: Plan): string[] => plan.scenarios.flatMap((s) => plan.loads.map((l) => `${s.name}@${l.label}`));

export function fakePorts(canned: Canned): { factory: ActionPortsFactory; calls: Calls } {
  const calls: Calls = { candidate: [], pairs: [], stored: [], readResult: [], comments: [], saved: [], afterStore: [], pullRequests: [], acceptance: [], checkRuns: [] };
  const next = <T>(list: T[] | undefined, n: number, what: string): T => {
    if (!list || list.length === 0) throw new Error(`fake ports: no canned ${what}`);
    return list[Math.min(n, list.length - 1)]!;
  };
  const ports: ActionPorts = {
    measure: {
      async candidate(plan, outPath) {
        calls.candidate.push({ cells: cellsOf(plan), outPath });
        return next(canned.candidate, calls.candidate.length - 1, 'candidate');
      },
      async pairs(_plan, outPaths) {
        calls.pairs.push({ outPaths });
        return next(canned.pairs, calls.pairs.length - 1, 'pairs');
      },
      pairsNote: () => 'baseline: measured in this job (fake)',
    },
    baselines: {
      async readResult(path) {
        calls.readResult.push(path);
        const doc = canned.files?.[path];
        if (!doc) throw new Error(`fake ports: no file ${path}`);
        return doc;
      },
      async stored(commit, runs) {
        calls.stored.push({ commit, runs });
        return canned.stored ?? { doc: null, history: [], note: 'no stored result (fake)', commit: null };
      },
    },
    github: {
      async pullRequest(event, number) {
        calls.pullRequests.push(number);
        if (!canned.pullRequest) throw new Error('fake ports: no pull request');
        return canned.pullRequest(event, number);
      },
      async comment(_event, prNumber, verdict, report) {
        calls.comments.push({ prNumber, verdict: verdict.verdict, report });
        return prNumber === null ? null : `https://github.test/pull/${prNumber}#comment`;
      },
      async acceptance(_event, prNumber) {
        calls.acceptance.push(prNumber);
        return canned.acceptance === undefined ? { acceptance: null, ignored: [] } : canned.acceptance;
      },
      mergedFrom: async () => canned.mergedFrom ?? null,
      // Re-judging reads the comment through the fake GitHub API (test/action/accept.test.ts), not these ports.
      ownComment: async () => null,
      async checkRun(_event, content) {
        calls.checkRuns.push(content);
        return canned.checkRun === undefined ? { url: 'https://github.test/runs/1' } : canned.checkRun;
      },
    },
    history: {
      trend: async () => null,
      async save(commit, doc) {
        calls.saved.push({ commit, doc });
      },
      async afterStore(_event, commit) {
        calls.afterStore.push(commit);
      },
    },
  };
  return { factory: () => ports, calls };
}
