// Carries out a run design (design.ts) through ports: measuring (servers and
// load, or canned results in tests), and baselines (a file, the history
// branch). Both hosts run here: the action (src/action/main.ts) and the
// CLI's `run` and `ab`, so "which baseline, confirm or not, what when the
// stored baseline is missing" is decided once and carried out once. What a
// host does with the outcome (a report, a comment, the history) stays with
// the host.
import { resolve } from 'node:path';
import type { Plan } from '../config/plan.js';
import type { VerdictDoc } from '../gate/verdict.js';
import type { ResultDoc } from '../result/types.js';
import type { SequentialRun } from '../run/run-plan.js';
import { requestsOf, sequentialWatch, verdictCost, type SequentialWatch, type Spent } from './sequential-run.js';
import { confirmByRepeat, confirmedByPairs, type Confirmation } from './confirm.js';
import { confirmRoute } from './confirm-rule.js';
import type { RunDesign } from './design.js';
import type { Host } from './host.js';
import { judgeRun, judgeStored } from './judge.js';
import type { FailOn } from './publish.js';

export interface Baseline {
  /** The newest stored run (or the file, or the paired baseline): the one-run baseline. */
  doc: ResultDoc | null;
  /** history-runs > 1: every stored run of the candidate's environment, newest first (doc among them); else []. */
  history: ResultDoc[];
  /** One line for the report: which baseline, or why there is none. */
  note: string;
  commit: string | null;
}

/** Where a run writes: the candidate's result, and beside it the paired baseline's and the confirmation's. */
interface RunPaths {
  candidate: string;
  baseline: string;
  confirm: string;
}

/** `out` and the files beside it: `x.json` -> `x.baseline.json`, `x.confirm.json`. */
export function runPaths(cwd: string, out: string): RunPaths {
  const beside = (suffix: string): string => resolve(cwd, /\.json$/i.test(out) ? out.replace(/\.json$/i, `.${suffix}.json`) : `${out}.${suffix}.json`);
  return { candidate: resolve(cwd, out), baseline: beside('baseline'), confirm: beside('confirm') };
}

/** Measuring: servers started and stopped around each call by the port (src/pipeline/measure-port.ts), canned results in tests. */
export interface MeasurePort {
  /** The candidate alone, with `plan` (a confirmation passes the failing cells only). */
  candidate(plan: Plan, outPath: string): Promise<ResultDoc>;
  /** The candidate and the baseline server, trial by trial in pairs; with `sequential`, more pairs while it asks for them. */
  pairs(plan: Plan, outPaths: { baseline: string; candidate: string }, sequential?: SequentialRun): Promise<{ baseline: ResultDoc; candidate: ResultDoc }>;
  /** Inference servers up at once while pairs are measured (2 both up, 1 alternating), for the verdict's cost; absent: 2. */
  servers?(plan: Plan): number;
  /** The report's line naming the paired design ('' when there is no baseline server). */
  pairsNote(plan: Plan): string;
}

/** Baselines: result files (validated for gating) and the history branch. */
export interface BaselinePort {
  /** A result file, refused unless it can be gated (src/result/read.ts readResultForGating). */
  readResult(path: string): Promise<ResultDoc>;
  /** The stored runs that may stand for `candidate`'s baseline, along `commit`'s first-parent ancestry. */
  stored(commit: string, runs: number, candidate: ResultDoc): Promise<Baseline>;
}

export interface RunPorts {
  measure: MeasurePort;
  baselines: BaselinePort;
}

type RunOutcome =
  /** Interrupted (Ctrl-C) where a run need not complete (the CLI): the result file holds what was measured; nothing was judged. */
  { kind: 'interrupted'; doc: ResultDoc } | { kind: 'judged'; doc: ResultDoc; baseline: Baseline; verdict: VerdictDoc; confirmation: Confirmation | null };

interface RunInputs {
  /** The plan measured with; null in report mode (the result file's stored config decides). */
  plan: Plan | null;
  paths: RunPaths;
  failOn: FailOn;
  /** Measuring ends in a complete result or an error that says so (the action); false: a failed run is judged as it is (the CLI). */
  requireComplete: boolean;
  /** Told before pairs are measured (the action names the baseline's result file in a step output). */
  onPairs?: (outPaths: { baseline: string; candidate: string }) => void;
}

export async function carryOut(host: Host, design: RunDesign, o: RunInputs, ports: RunPorts): Promise<RunOutcome> {
  const { plan, paths } = o;
  const needPlan = (): Plan => {
    if (plan === null) throw new Error(`the run design measures (${design.first.kind}) but no plan was read`);
    return plan;
  };
  // What measuring took, over every measurement of the run (a confirmation adds to the first), for the verdict's cost.
  const spent: Spent = { wallMs: 0, serverMs: 0, requests: 0 };
  let watch: SequentialWatch | null = null;
  let measured = false;
  const timed = async <T extends ResultDoc | { baseline: ResultDoc; candidate: ResultDoc }>(servers: number, fn: () => Promise<T>): Promise<T> => {
    const t0 = host.clock.now();
    const out = await fn();
    const ms = host.clock.now() - t0;
    spent.wallMs += ms;
    spent.serverMs += servers * ms;
    spent.requests += 'cells' in out ? requestsOf(out) : requestsOf(out.baseline) + requestsOf(out.candidate);
    measured = true;
    return out;
  };
  const check = (doc: ResultDoc, what: string, path: string): ResultDoc => {
    if (o.requireComplete && doc.status !== 'complete') throw new Error(`${what} was ${doc.status}: ${doc.error ?? ''} (partial result in ${path})`);
    return doc;
  };
  // Pairs into the baseline's file and `candidatePath`: the first measurement, the fallback, or a confirmation.
  const measurePairs = async (p: Plan, candidatePath: string): Promise<{ baseline: ResultDoc; candidate: ResultDoc }> => {
    const outPaths = { baseline: paths.baseline, candidate: candidatePath };
    o.onPairs?.(outPaths);
    const w = sequentialWatch(host, p);
    watch = w;
    const ab = await timed(ports.measure.servers?.(p) ?? 2, () => (w === null ? ports.measure.pairs(p, outPaths) : ports.measure.pairs(p, outPaths, w.run)));
    check(ab.baseline, 'the baseline run', paths.baseline);
    check(ab.candidate, 'the candidate run', candidatePath);
    return ab;
  };
  const pairs = async (): Promise<{ doc: ResultDoc; baseline: Baseline }> => {
    const p = needPlan();
    const ab = await measurePairs(p, paths.candidate);
    return { doc: ab.candidate, baseline: { doc: ab.baseline, history: [], note: ports.measure.pairsNote(p), commit: null } };
  };

  // A baseline file is read before minutes of load: a bad one stops the run first.
  const file = design.baseline.kind === 'file' ? await ports.baselines.readResult(resolve(host.cwd, design.baseline.path)) : null;
  let doc: ResultDoc;
  let baseline: Baseline | null = null;
  if (design.first.kind === 'read') doc = await ports.baselines.readResult(design.first.path);
  else if (design.first.kind === 'pairs') ({ doc, baseline } = await pairs());
  else doc = check(await timed(1, () => ports.measure.candidate(needPlan(), paths.candidate)), 'the run', paths.candidate);
  if (doc.status === 'interrupted') return { kind: 'interrupted', doc };

  baseline ??= await baselineOf(design, file, doc, ports.baselines);
  if (baseline.doc === null && design.fallback === 'pairs') {
    // No stored result to compare with: the same-job A/B decides after all.
    host.log.info(`${baseline.note}; measuring the same-job A/B instead`);
    ({ doc, baseline } = await pairs());
    if (doc.status === 'interrupted') return { kind: 'interrupted', doc };
  }
  host.log.info(baseline.note);

  let verdict =
    plan !== null
      ? judgeRun(plan, baseline.doc, doc, baseline.note, baseline.history)
      : await judgeStored(host, {
          config: null,
          baseline: baseline.doc,
          history: baseline.history,
          candidate: doc,
          candidateLabel: design.first.kind === 'read' ? design.first.path : paths.candidate,
          whyNoBaseline: baseline.note,
        });
  const confirmation =
    plan !== null && baseline.doc !== null
      ? await confirm(
          host,
          design,
          { plan, baseline: baseline.doc, candidate: doc, first: verdict, confirmPath: paths.confirm, failOn: o.failOn },
          { ...ports.measure, candidate: (p, out) => timed(1, () => ports.measure.candidate(p, out)) },
          measurePairs,
        )
      : null;
  if (confirmation !== null) verdict = confirmation.verdict;
  if (measured) verdict = { ...verdict, cost: verdictCost(confirmation?.candidate ?? doc, spent, watch, verdict) };
  return { kind: 'judged', doc, baseline, verdict, confirmation };
}

function baselineOf(design: RunDesign, file: ResultDoc | null, candidate: ResultDoc, ports: BaselinePort): Promise<Baseline> | Baseline {
  const b = design.baseline;
  if (b.kind === 'file') return { doc: file, history: [], note: `baseline: file \`${b.path}\``, commit: file?.git?.commit ?? null };
  if (b.kind === 'stored') return ports.stored(b.commit, b.runs, candidate);
  // 'pairs' is measured with the candidate, before this is asked.
  return { doc: null, history: [], note: b.kind === 'none' ? b.why : 'baseline: none', commit: null };
}

/**
 * When an unpaired verdict would fail (confirm-rule.ts): measure again in
 * this job, paired against the baseline server when there is one, else the
 * failing cells once more; null when nothing needs confirming.
 */
async function confirm(
  host: Host,
  design: RunDesign,
  j: { plan: Plan; baseline: ResultDoc; candidate: ResultDoc; first: VerdictDoc; confirmPath: string; failOn: FailOn },
  measure: MeasurePort,
  measurePairs: (plan: Plan, candidatePath: string) => Promise<{ baseline: ResultDoc; candidate: ResultDoc }>,
): Promise<Confirmation | null> {
  if (design.confirm === 'off') return null;
  const route = confirmRoute(j.first, { enabled: true, failOn: j.failOn, baselineServer: design.confirm === 'pairs' });
  if (route.kind === 'none') return null;
  if (route.kind === 'repeat') {
    // Through the port: a server the host starts is started again for the confirmation (it was stopped after the first run).
    const again = (plan: Plan, outPath: string): Promise<ResultDoc> => measure.candidate(plan, outPath);
    return confirmByRepeat(host, { plan: j.plan, baseline: j.baseline, candidate: j.candidate, first: j.first, cells: route.cells, outPath: j.confirmPath, measure: again });
  }
  host.log.info(
    'Measuring paired against the baseline server before deciding (input confirm): a regression against a stored result, or noise that made a cell not comparable, is measured once more in this job.',
  );
  const ab = await measurePairs(j.plan, j.confirmPath);
  return confirmedByPairs(j.first, judgeRun(j.plan, ab.baseline, ab.candidate, ''), ab.candidate, j.plan.limits.trials);
}
