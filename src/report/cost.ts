// What a verdict cost, and what an undecided one does rule out, in plain
// words: the headline of a run that spent its budget undecided is one
// sentence a reviewer can act on ("Undecided after 12 pairs, the budget:
// output tok/s fell no more than 6.1%; about 30 pairs would decide it"),
// not the gate's terms; the cost line says what every verdict took.
import { pairsToDecide, ruledOut, undecided } from '../gate/sequential.js';
import type { MetricVerdict, VerdictCost, VerdictDoc } from '../gate/verdict.js';
import { escapeMd } from './escape.js';

/** A metric id as a reader says it. */
function plainMetric(id: string): string {
  const [key, stat] = id.split('.');
  const names: Record<string, string> = {
    output_tps: 'output tok/s',
    input_tps: 'input tok/s',
    total_tps: 'total tok/s',
    rps: 'requests/s',
    goodput_rps: 'goodput',
    error_rate: 'error rate',
    ttft_ms: 'TTFT',
    queued_ttft_ms: 'queued TTFT',
    tpot_ms: 'TPOT',
    itl_ms: 'inter-token latency',
    e2e_ms: 'end-to-end latency',
    queued_e2e_ms: 'queued end-to-end latency',
    user_tps: 'per-user tok/s',
  };
  const name = names[key!] ?? key!;
  return stat === undefined ? name : `${name} ${stat}`;
}

const minutes = (s: number): string => (s < 90 ? `${Math.round(s)} s` : `${(s / 60).toFixed(1)} min`);

/** "12 pairs" or "3 trials". */
function units(v: VerdictDoc, n: number): string {
  const word = v.design === 'paired' ? 'pair' : 'trial';
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** One line: what measuring the verdict took, and for a sequential run why it stopped. */
export function costLine(v: VerdictDoc): string | null {
  const c: VerdictCost | undefined = v.cost;
  if (c === undefined) return null;
  const parts = [units(v, c.trials), `${c.requests} requests`, `${minutes(c.wall_s)} of measuring`, `${c.server_minutes} server-minutes`];
  if (c.gpu_minutes !== null) parts.push(`${c.gpu_minutes} GPU-minutes`);
  let why = '';
  if (c.budget !== undefined) {
    const budget = `budget ${units(v, c.budget.trials)}${c.budget.minutes === null ? '' : `, ${c.budget.minutes} min`}`;
    const stopped =
      c.budget.stopped === 'decided'
        ? 'stopped when every gated metric was decided'
        : c.budget.stopped === 'budget-minutes'
          ? 'stopped undecided: the next pair would have passed the time budget'
          : c.budget.stopped === 'interrupted'
            ? 'interrupted'
            : 'stopped undecided at the budget';
    why = ` (sequential, ${stopped}; ${budget})`;
  }
  return `cost: ${parts.join(', ')}${why}.`;
}

/**
 * The plain sentence of a verdict that measured to its budget and is still
 * undecided: how much it measured, what each undecided gated metric's data
 * rule out, and about how many pairs would decide it. Null when the verdict
 * is decided or was not measured sequentially to a budget.
 */
export function undecidedSentence(v: VerdictDoc, esc: (s: string) => string = escapeMd): string | null {
  if (v.verdict !== 'inconclusive' && v.verdict !== 'warn') return null;
  const open = undecided(v);
  if (open.length === 0) return null;
  const c = v.cost;
  const n = c?.trials ?? v.sequential?.trials ?? Math.max(0, ...v.cells.map((x) => x.trials.candidate));
  const spent = c?.budget !== undefined && c.budget.stopped !== 'decided' ? ', the budget' : '';
  const cells = new Set(open.map((u) => u.cell)).size;
  const said = open.slice(0, 3).map((u) => {
    const r = ruledOut(u.metric);
    const where = cells > 1 ? ` in ${esc(u.cell)}` : '';
    return `${plainMetric(u.metric.metric)}${where} ${changeWords(u.metric)}${r === null ? '' : `, ${r}`}`;
  });
  const need = Math.max(0, ...open.map((u) => pairsToDecide(u.metric, n) ?? 0));
  const more =
    v.design === 'history'
      ? jobNoiseAdvice(open.map((u) => u.metric))
      : need > n
        ? `; about ${units(v, need)} in all would decide it`
        : open.some((u) => pairsToDecide(u.metric, n) === null)
          ? '; the change sits on the threshold, so more measuring alone may not decide it'
          : '';
  return `Undecided after ${units(v, n)}${spent}: ${said.join('; ')}${open.length > 3 ? `; ${open.length - 3} more` : ''}${more}.`;
}

/**
 * Against stored runs the interval is as wide as the jobs differ, and more
 * trials of this one job shrink only the noise inside it (docs/gate.md, "Why
 * only the paired design measures on"): the advice is the design that can
 * decide, not a trial count that would not.
 */
function jobNoiseAdvice(open: readonly MetricVerdict[]): string {
  const cv = Math.max(0, ...open.map((m) => m.noise?.job_cv_pct ?? 0));
  const spread = cv > 0 ? ` (about ${cv.toFixed(1)}% from job to job)` : '';
  return `; more trials of this job cannot narrow the stored runs' spread${spread}: a same-job A/B (the action's baseline-url, or 'llm-perf-gate ab') would decide it`;
}

function changeWords(m: MetricVerdict): string {
  if (m.change_pct === null) return 'has no estimate';
  const sign = m.change_pct > 0 ? '+' : '';
  return m.metric === 'error_rate' ? `moved ${sign}${m.change_pct} points` : `moved ${sign}${m.change_pct}%`;
}
