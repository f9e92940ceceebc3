// Ramp cells by step (issue 20, item 4): the rate each step asked for, what
// the server achieved, its latencies and errors, the saturation verdict, and
// which step broke and why. Pure; every string from a result is escaped.
import { markdownTable } from 'markdown-table';
import type { RampQuantiles, RampResult, RampStepResult } from '../capacity/ramp.js';
import type { ResultDoc } from '../result/types.js';
import { escapeMd } from './escape.js';

const f = (x: number | null | undefined, d = 1): string => (x === null || x === undefined || !Number.isFinite(x) ? '–' : x.toFixed(d));
const q = (dist: RampQuantiles | null, k: 'p50' | 'p95' | 'p99'): string => (dist === null ? '–' : dist[k] === null ? `(n=${dist.n})` : f(dist[k]));

const VERDICT: Record<NonNullable<RampStepResult['verdict']>, string> = { pass: 'pass', fail: '**fail**', undecided: 'undecided' };

/** The saturation line: the verdict's reason (which step broke and why), or that none did; `md` escapes it. */
function saturationText(r: RampResult, md: boolean): string | null {
  const s = r.saturation;
  if (s === null) return null;
  const reason = md ? escapeMd(s.reason) : s.reason;
  const head = s.status === 'found' ? 'Saturation' : s.status === 'undecided' ? 'Saturation (not shown at the confidence level)' : 'No saturation';
  return `${md ? `**${head}**` : head}: ${reason}.`;
}

function table(r: RampResult): string {
  const judged = r.saturation !== null;
  const head = ['step', 'window s', 'rate req/s', 'achieved req/s', 'ok/sent', 'err%', 'TTFT p50', 'TTFT p95', 'TTFT p99', 'queued TTFT p95', 'TPOT p50', ...(judged ? ['verdict'] : [])];
  const rows = r.per_step.map((s) => [
    String(s.index + 1),
    `${f(s.start_s, 1)}–${f(s.end_s, 1)}`,
    f(s.rate, 2),
    f(s.rps, 2),
    `${s.completed}/${s.attempted}`,
    f(s.error_rate * 100),
    q(s.ttft_ms, 'p50'),
    q(s.ttft_ms, 'p95'),
    q(s.ttft_ms, 'p99'),
    q(s.queued_ttft_ms, 'p95'),
    q(s.tpot_ms, 'p50'),
    ...(judged ? [s.verdict === undefined ? '–' : VERDICT[s.verdict]] : []),
  ]);
  return markdownTable([head, ...rows], { align: ['r', 'l', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'l'] });
}

/** The "By step" section: one table per ramp cell of `candidate`, with its saturation line (and the baseline's, when it has the cell); null when none. */
export function rampSection(candidate: ResultDoc, baseline?: ResultDoc | null): string | null {
  const out: string[] = [];
  for (const c of candidate.cells) {
    if (c.ramp === undefined) continue;
    const r = c.ramp;
    const lines = [
      `**${escapeMd(c.id)}**: ${f(r.from, 2)} → ${f(r.to, 2)} req/s over ${f(r.duration_s, 0)} s, ${r.shape === 'steps' ? `${r.steps} steps` : `linear, ${r.steps} windows`}${r.trials > 1 ? `, ${r.trials} trials pooled` : ''}`,
      table(r),
    ];
    const sat = saturationText(r, true);
    if (sat !== null) lines.push(sat);
    const base = baseline?.cells.find((b) => b.id === c.id)?.ramp;
    const baseSat = base === undefined ? null : saturationText(base, true);
    if (baseSat !== null) lines.push(`Baseline: ${baseSat}`);
    out.push(lines.join('\n\n'));
  }
  if (out.length === 0) return null;
  return `### By step (ramps)\n\n${out.join('\n\n')}\n\n<sub>Latencies in ms; (n=K): too few samples for that percentile. A request belongs to the step its scheduled arrival fell in; achieved req/s counts the completions inside the step's window.</sub>`;
}

/** Terminal lines per ramp cell: achieved rate and queued TTFT p95 by step, and the saturation verdict. */
export function rampLines(doc: ResultDoc): string[] {
  return doc.cells.flatMap((c) => {
    if (c.ramp === undefined) return [];
    const r = c.ramp;
    const steps = r.per_step.map((s) => `${f(s.rate, 1)}→${f(s.rps, 1)} req/s ${q(s.queued_ttft_ms, 'p95')}`).join(' · ');
    const sat = saturationText(r, false);
    return [`${c.id} by step (rate→achieved, queued TTFT p95 ms): ${steps}`, ...(sat === null ? [] : [`${c.id}: ${sat}`])];
  });
}
