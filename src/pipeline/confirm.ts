// Confirm before failing, the measuring half (the decisions are in
// confirm-rule.ts): the failing cells of the candidate measured once more in
// this job, put in place of the first measurement's, and judged against the
// same baseline. The paired route (a baseline server) is the A/B itself,
// measured through the run's measure port (run.ts).
import type { Plan } from '../config/plan.js';
import type { VerdictDoc } from '../gate/verdict.js';
import type { ResultDoc } from '../result/types.js';
import { cellId } from '../run/run-plan.js';
import { TRACE_LOAD_LABEL } from '../workload/index.js';
import { settle, type Settled } from './confirm-rule.js';
import type { Host } from './host.js';
import { judgeRun } from './judge.js';

export interface Confirmation extends Settled {
  /** The first measurement's verdict, for the report. */
  first: VerdictDoc;
  /** How the second measurement was made, one phrase for the report. */
  how: string;
  /** The candidate as judged the second time. */
  candidate: ResultDoc;
}

/**
 * The plan cut down to the given cells' scenarios and loads (each cell is a
 * scenario x load, or a trace scenario's one replay, `name@trace`). A cut
 * plan may measure a few cells more than asked (the other loads of a trace's
 * plan are kept when a load-based cell of it fails too); never fewer.
 */
function planForCells(plan: Plan, cells: readonly string[]): Plan {
  const wanted = new Set(cells);
  const traced = (s: Plan['scenarios'][number]): boolean => s.trace != null && wanted.has(`${s.name}@${TRACE_LOAD_LABEL}`);
  const scenarios = plan.scenarios.filter((s) => traced(s) || (s.trace == null && plan.loads.some((l) => wanted.has(cellId(s, l)))));
  const loads = plan.loads.filter((l) => plan.scenarios.some((s) => s.trace == null && wanted.has(cellId(s, l))));
  return { ...plan, scenarios, loads };
}

/** Measures `cells` of the candidate again (to `outPath`, through `j.measure`) and settles the verdict with the first one. */
export async function confirmByRepeat(
  host: Host,
  j: { plan: Plan; baseline: ResultDoc; candidate: ResultDoc; first: VerdictDoc; cells: readonly string[]; outPath: string; measure: (plan: Plan, outPath: string) => Promise<ResultDoc> },
): Promise<Confirmation> {
  host.log.info(
    `Measuring ${j.cells.join(', ')} again before deciding (input confirm): a regression against a stored result, or noise that made a cell not comparable, is measured once more in this job.`,
  );
  const again = await j.measure(planForCells(j.plan, j.cells), j.outPath);
  if (again.status !== 'complete') throw new Error(`the confirmation run was ${again.status}: ${again.error ?? ''} (partial result in ${j.outPath})`);
  const candidate: ResultDoc = { ...j.candidate, cells: j.candidate.cells.map((c) => again.cells.find((a) => a.id === c.id) ?? c) };
  const second = judgeRun(j.plan, j.baseline, candidate, '');
  const how = `the failing cell${j.cells.length === 1 ? '' : 's'} (${j.cells.join(', ')}) measured again in this job, against the same baseline`;
  return { ...settle(j.first, second), first: j.first, how, candidate };
}

/** Settles a paired A/B made to confirm an unpaired failure. */
export function confirmedByPairs(first: VerdictDoc, paired: VerdictDoc, candidate: ResultDoc, pairs: number): Confirmation {
  return { ...settle(first, paired), first, how: `paired A/B against the baseline server in this job (${pairs} pair${pairs === 1 ? '' : 's'} per cell)`, candidate };
}
