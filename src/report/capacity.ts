// Markdown for a capacity cell: the headline sentence ("sustains 12.4 req/s
// (11.8-13.1) within p99 TTFT <= 2 s; baseline 14.0"), a latency-vs-load
// chart of the probed points with the SLO bound as a Mermaid xychart, and
// the table of points. Pure: renders what the search and comparison found.
import { markdownTable } from 'markdown-table';
import type { CapacityComparison } from '../capacity/compare.js';
import { parseCapacitySlos } from '../capacity/slo.js';
import { checkCapacitySlo } from '../config/capacity-rules.js';
import { loadValue, type CapacityResult, type Estimate, type ProbedPoint } from '../capacity/types.js';
import { escapeMd } from './escape.js';

const num = (x: number): string => {
  const a = Math.abs(x);
  return a >= 100 ? x.toFixed(0) : a >= 10 ? x.toFixed(1) : x.toFixed(2);
};

const NAMES: Record<string, string> = {
  ttft_ms: 'TTFT',
  queued_ttft_ms: 'queued TTFT',
  tpot_ms: 'TPOT',
  itl_ms: 'ITL',
  e2e_ms: 'E2E latency',
  queued_e2e_ms: 'queued E2E latency',
  user_tps: 'per-user tok/s',
};

/** `ttft_ms.p99 <= 2000` -> `p99 TTFT <= 2 s`; anything unrecognised is shown as written, escaped. */
export function sloWords(text: string): string {
  const { slo: s } = checkCapacitySlo(text);
  if (s === undefined) return escapeMd(text);
  const d = s.def.dist;
  // Built from the parsed parts (a catalogue id, a fixed operator, a number): nothing to escape.
  if (d === null) return `${s.def.id} ${s.op} ${s.bound}`;
  const bound = s.def.unit === 'ms' && s.bound >= 1000 ? `${num(s.bound / 1000)} s` : `${s.bound} ${s.def.unit}`;
  return `${d.stat} ${NAMES[d.key] ?? d.key} ${s.op} ${bound}`;
}

/** Loads: concurrencies are integers, rates get the usual precision. */
const loadText = (x: number): string => (Number.isInteger(x) ? String(x) : num(x));

const range = (e: Estimate): string => `${num(e.lo)}-${e.hi === null ? '?' : num(e.hi)}`;

/** The headline sentence of a capacity cell, with the baseline's figure when there is one. */
export function capacityLine(r: CapacityResult, baseline: CapacityResult | null = null): string {
  const within = `within ${r.slos.map(sloWords).join(' and ')}`;
  const base = baseline === null ? '' : `; baseline ${num(baseline.capacity_rps.value)}${baseline.capacity_rps.hi === null ? '+' : ''}`;
  const conc = r.mode === 'concurrency' && r.status !== 'below-range' ? ` at ${range(r.capacity)} concurrent requests` : '';
  switch (r.status) {
    case 'below-range':
      return `sustains no load ${within}: even the lowest load of the range misses it${base}`;
    case 'above-range':
      return `sustains at least ${num(r.capacity_rps.value)} req/s ${within} (the top of the searched range still passed)${base}`;
    default: {
      const s = `sustains ${num(r.capacity_rps.value)} req/s (${range(r.capacity_rps)})${conc} ${within}${base}`;
      return r.status === 'budget' ? `${s} (search budget ran out: the interval is the bracket it reached)` : s;
    }
  }
}

/**
 * Mermaid text allows quotes to end a label; keep labels to a plain set of
 * characters. `<` and `>` are left out: GitHub's Mermaid sanitises the chart
 * text and shows them as `&lt;` / `&gt;` in a title, and Mermaid's own entity
 * codes (`#lt;`) are decoded in flowchart labels but not everywhere (they are
 * not documented for xychart titles). So the comparison is written with
 * characters that need no escaping anywhere: `≤` and `≥` (Unicode, shown as
 * is), and the words `below` / `above` for a strict bound.
 */
const mermaidText = (s: string): string =>
  s
    .replace(/<=/g, '≤')
    .replace(/>=/g, '≥')
    .replace(/</g, ' below ')
    .replace(/>/g, ' above ')
    .replace(/[^A-Za-z0-9 _.,:%=()/+≤≥-]/g, '')
    .replace(/ {2,}/g, ' ')
    .trim()
    .slice(0, 80);

/**
 * `xychart-beta` (Mermaid >= 10.5, which GitHub's Markdown renders; newer
 * Mermaid also accepts it). Its numeric x-axis spaces the data points
 * evenly, which would misplace unevenly probed loads, so the x-axis is
 * categorical: one category per probed load, labelled with the load.
 * Bars: the first SLO's statistic per load; line: its bound.
 */
export function capacityChart(r: Pick<CapacityResult, 'slos' | 'points' | 'mode'>): string | null {
  const slo = r.slos[0];
  if (slo === undefined) return null;
  const pts = r.points.filter((p) => p.role !== 'saturation').sort((a, b) => loadValue(a.load) - loadValue(b.load));
  const values = pts.map((p) => p.slos.find((j) => j.slo === slo)?.value ?? null);
  if (pts.length < 2 || values.some((v) => v === null || !Number.isFinite(v))) return null;
  const [parsed] = parseCapacitySlos([slo]);
  const bound = parsed!.bound;
  const unit = r.mode === 'rate' ? 'req/s' : 'concurrency';
  const yMax = Math.max(bound, ...(values as number[])) * 1.1;
  return [
    '```mermaid',
    'xychart-beta',
    `  title "${mermaidText(`${slo} vs load`)}"`,
    `  x-axis "${unit}" [${pts.map((p) => `"${loadText(loadValue(p.load))}"`).join(', ')}]`,
    `  y-axis "${mermaidText(parsed!.def.id)}" 0 --> ${num(yMax)}`,
    `  bar [${(values as number[]).map((v) => num(v)).join(', ')}]`,
    `  line [${pts.map(() => num(bound)).join(', ')}]`,
    '```',
  ].join('\n');
}

export function pointRow(p: ProbedPoint, slo: string | undefined): string[] {
  const j = p.slos.find((x) => x.slo === slo);
  const stat =
    j === undefined || j.value === null ? '–' : `${num(j.value)} (${j.lo === null || !Number.isFinite(j.lo) ? '–' : num(j.lo)}-${j.hi === null || !Number.isFinite(j.hi) ? '∞' : num(j.hi)})`;
  const load = p.role === 'saturation' ? `c=${loadValue(p.load)} (saturation probe)` : loadText(loadValue(p.load));
  return [load, String(p.requests), p.verdict, stat, num(p.rps), num(p.output_tps), p.goodput_rps === null ? '–' : num(p.goodput_rps)];
}

/** The whole capacity section of the report. */
export function capacitySection(name: string, r: CapacityResult, baseline: CapacityResult | null = null, comparisons: readonly CapacityComparison[] = []): string {
  const out = [`### Capacity: ${escapeMd(name)}`, '', `**${capacityLine(r, baseline)}**`, ''];
  if (r.atCapacity !== null) {
    out.push(
      `At the highest passing load: ${num(r.atCapacity.rps)} req/s, ${num(r.atCapacity.output_tps)} output tok/s${r.atCapacity.goodput_rps === null ? '' : `, goodput ${num(r.atCapacity.goodput_rps)} req/s`}; output tok/s at capacity ${num(r.capacity_output_tps.value)} (${range(r.capacity_output_tps)}).`,
      '',
    );
  }
  out.push(`Search: ${escapeMd(r.reason)}; ${r.steps} runs at ${r.points.length} loads in ${num(r.elapsedMs / 1000)} s, each judged on ${Math.round(r.level * 100)}% intervals.`, '');
  for (const c of comparisons) out.push(`- ${c.metric}: **${c.verdict}** — ${escapeMd(c.reason)}`);
  if (comparisons.length > 0) out.push('');
  const chart = capacityChart(r);
  if (chart !== null) out.push(chart, '');
  const slo = r.slos[0];
  out.push(
    markdownTable([
      [r.mode === 'rate' ? 'load (req/s)' : 'load (concurrency)', 'requests', 'step', `${escapeMd(slo ?? '')} (interval)`, 'req/s', 'output tok/s', 'goodput req/s'],
      ...r.points.map((p) => pointRow(p, slo)),
    ]),
  );
  return out.join('\n');
}
