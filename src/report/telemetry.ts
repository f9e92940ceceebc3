// What the server and the machine did while each cell ran, beside the client's
// figures: peak GPU memory, mean GPU utilisation, peak KV cache usage, peak
// waiting requests; and for a regressed cell both sides side by side, so the
// comment can say "the KV cache was full and requests queued", not just
// "slower". Pure: values in, Markdown out, every untrusted string escaped.
import type { ResultDoc } from '../result/types.js';
import type { CellTelemetry, EnvironmentFingerprint, FingerprintDifference } from '../telemetry/types.js';
import { codeSpan, escapeMd } from './escape.js';

interface TelemetryRow {
  id: string;
  telemetry?: CellTelemetry | null;
}

const DASH = '–';

function gib(mib: number): string {
  return `${(mib / 1024).toFixed(1)} GiB`;
}

/** The fullest GPU's peak memory, with its total: "71.2 / 79.6 GiB". */
export function peakGpuMemory(t: CellTelemetry): string {
  let best: { used: number; total: number | null } | null = null;
  for (const g of t.gpu.gpus) {
    const used = g.memory_used_mib?.max;
    if (used !== undefined && (best === null || used > best.used)) best = { used, total: g.memory_total_mib };
  }
  if (best === null) return t.gpu.status === 'ok' ? DASH : gpuStatusWord(t);
  const many = t.gpu.gpus.length > 1 ? ` (fullest of ${t.gpu.gpus.length})` : '';
  return best.total === null ? `${gib(best.used)}${many}` : `${(best.used / 1024).toFixed(1)} / ${gib(best.total)}${many}`;
}

function gpuStatusWord(t: CellTelemetry): string {
  return t.gpu.status === 'absent' ? 'no GPU' : `sampler ${t.gpu.status}`;
}

/** Mean utilisation over the cell, averaged over GPUs. */
export function meanGpuUtil(t: CellTelemetry): string {
  const means = t.gpu.gpus.map((g) => g.utilization_pct?.mean).filter((v): v is number => v !== undefined);
  if (means.length === 0) return t.gpu.status === 'ok' ? DASH : gpuStatusWord(t);
  return `${(means.reduce((a, b) => a + b, 0) / means.length).toFixed(0)}%`;
}

const pct = (v: number | null | undefined): string => (v === null || v === undefined ? DASH : `${(v * 100).toFixed(0)}%`);
const count = (v: number | null | undefined): string => (v === null || v === undefined ? DASH : String(Math.round(v * 10) / 10));

function neighbours(t: CellTelemetry): string {
  const share = t.neighbours.others_cpu_share;
  const text = share === null ? DASH : `${(share * 100).toFixed(0)}% CPU`;
  return t.neighbours.flagged ? `**${text}, flagged**` : text;
}

/** One row per cell that has telemetry; '' when none has (older results, telemetry off). */
export function telemetryTable(rows: readonly TelemetryRow[]): string {
  const withT = rows.filter((r): r is TelemetryRow & { telemetry: CellTelemetry } => !!r.telemetry);
  if (withT.length === 0) return '';
  const lines = ['| cell | peak GPU memory | mean GPU util | peak KV cache | peak waiting | peak running | others |', '| --- | --- | --- | --- | --- | --- | --- |'];
  for (const { id, telemetry: t } of withT) {
    const e = t.engine;
    lines.push(`| ${escapeMd(id)} | ${peakGpuMemory(t)} | ${meanGpuUtil(t)} | ${pct(e?.kv_cache_usage?.max)} | ${count(e?.waiting?.max)} | ${count(e?.running?.max)} | ${neighbours(t)} |`);
  }
  const notes = telemetryNotes(withT);
  return [lines.join('\n'), ...notes].join('\n\n');
}

const NUMBER = /\d+(?:\.\d+)?/g;

/**
 * A cell's neighbour reasons, one per trial (or shard) that was flagged,
 * differ only in their figures: "other processes used 48.4% of the
 * machine's CPU (0.97 of 2 cores), over the 25% limit" three to six times.
 * Reasons alike but for their numbers become one, each number that differs
 * shown as its range ("27.9–51.9%"), with how many they were.
 */
export function groupedReasons(reasons: readonly string[]): { text: string; count: number }[] {
  const groups = new Map<string, string[]>();
  for (const r of reasons) {
    const key = r.replace(NUMBER, '\0');
    const g = groups.get(key);
    if (g === undefined) groups.set(key, [r]);
    else g.push(r);
  }
  return [...groups.entries()].map(([key, rs]) => {
    if (rs.length === 1) return { text: rs[0]!, count: 1 };
    const numbers = rs.map((r) => r.match(NUMBER) ?? []);
    const range = (k: number): string => {
      const strs = numbers.map((n) => n[k]!);
      const vals = strs.map(Number);
      const lo = strs[vals.indexOf(Math.min(...vals))]!;
      const hi = strs[vals.indexOf(Math.max(...vals))]!;
      return Number(lo) === Number(hi) ? lo : `${lo}–${hi}`;
    };
    const text = key
      .split('\0')
      .map((part, k) => (k === 0 ? part : `${range(k - 1)}${part}`))
      .join('');
    return { text, count: rs.length };
  });
}

/** Sampler failures, token mismatches, neighbour flags and dropped figures, one line each (bounded). */
function telemetryNotes(rows: readonly { id: string; telemetry: CellTelemetry }[]): string[] {
  const notes: string[] = [];
  for (const { id, telemetry: t } of rows) {
    if (t.gpu.message && t.gpu.status !== 'ok') notes.push(`- ${escapeMd(id)}: GPU ${t.gpu.status}: ${escapeMd(t.gpu.message)}`);
    for (const m of t.engine?.token_check?.mismatches ?? []) notes.push(`- ${escapeMd(id)}: token counts disagree: ${escapeMd(m)}`);
    for (const r of groupedReasons(t.neighbours.reasons)) notes.push(`- ${escapeMd(id)}: measured among noisy neighbours${r.count > 1 ? `, ${r.count} times` : ''}: ${escapeMd(r.text)}`);
    // Figures the server or sampler reported out of range were left out when the result was written: say so, or the table reads as if they were fine.
    if (t.dropped !== undefined && t.dropped.length > 0) {
      const shown = t.dropped
        .slice(0, 3)
        .map((d) => codeSpan(d))
        .join(', ');
      notes.push(`- ${escapeMd(id)}: ${t.dropped.length} telemetry figure${t.dropped.length === 1 ? ' was' : 's were'} out of range and left out: ${shown}${t.dropped.length > 3 ? ', …' : ''}`);
    }
  }
  if (notes.length > 12) notes.splice(12, notes.length - 12, `- … and ${notes.length - 12} more`);
  return notes.length > 0 ? [notes.join('\n')] : [];
}

/** Both sides' telemetry of one cell, for a regression: where the time went. */
export function telemetrySideBySide(id: string, baseline: CellTelemetry | null | undefined, candidate: CellTelemetry | null | undefined): string {
  if (!baseline && !candidate) return '';
  const both = (f: (t: CellTelemetry) => string): string => `${baseline ? f(baseline) : 'not recorded'} | ${candidate ? f(candidate) : 'not recorded'}`;
  const rows: [string, (t: CellTelemetry) => string][] = [
    ['peak GPU memory', peakGpuMemory],
    ['mean GPU utilisation', meanGpuUtil],
    ['peak KV cache usage', (t) => pct(t.engine?.kv_cache_usage?.max)],
    ['mean KV cache usage', (t) => pct(t.engine?.kv_cache_usage?.mean)],
    ['peak waiting requests', (t) => count(t.engine?.waiting?.max)],
    ['mean running requests', (t) => count(t.engine?.running?.mean)],
    ['preemptions', (t) => count(t.engine?.preemptions)],
    ['prefix-cache hit rate', (t) => pct(t.engine?.prefix_cache_hit_rate)],
    ['other processes (CPU)', neighbours],
  ];
  const lines = [`**${escapeMd(id)}**: server telemetry`, '', '| | baseline | candidate |', '| --- | --- | --- |'];
  for (const [label, f] of rows) lines.push(`| ${label} | ${both(f)} |`);
  return lines.join('\n');
}

/** Environment differences as a list; '' when the fingerprints match. */
export function environmentDifferences(diffs: readonly FingerprintDifference[]): string {
  if (diffs.length === 0) return '';
  return diffs.map((d) => `- ${d.severity === 'major' ? '**' : ''}${escapeMd(d.field)}${d.severity === 'major' ? '**' : ''}: ${escapeMd(d.baseline)} → ${escapeMd(d.candidate)}`).join('\n');
}

/** One line naming where a result was measured: "2 × NVIDIA H100 80GB HBM3, driver 550.54.15, CUDA 12.4; vllm 0.10.1". */
export function environmentLine(f: EnvironmentFingerprint): string {
  const gpu =
    f.gpus.length === 0
      ? 'no GPU'
      : `${f.gpus.length} × ${escapeMd(f.gpus[0]!.name)}${f.driver_version ? `, driver ${escapeMd(f.driver_version)}` : ''}${f.cuda_version ? `, CUDA ${escapeMd(f.cuda_version)}` : ''}`;
  const engine = f.engine ? `; ${escapeMd(f.engine.name)}${f.engine.version ? ` ${escapeMd(f.engine.version)}` : ''}` : '';
  return `${gpu}; ${f.cpus} × ${escapeMd(f.cpu_model)}${engine}`;
}

/**
 * The report's telemetry section: where each side was measured, the
 * candidate's per-cell telemetry, and for each regressed cell both sides side
 * by side. '' when neither result carries telemetry (older results, telemetry off).
 */
export function telemetrySection(v: { cells: readonly { id: string; metrics: readonly { gated: boolean; verdict: string }[] }[] }, baseline: ResultDoc | null, candidate: ResultDoc): string {
  const parts: string[] = [];
  const env: string[] = [];
  if (baseline?.environment) env.push(`- baseline: ${environmentLine(baseline.environment)}`);
  if (candidate.environment) env.push(`- ${baseline ? 'candidate' : 'measured on'}: ${environmentLine(candidate.environment)}`);
  if (env.length > 0) parts.push(env.join('\n'));
  const table = telemetryTable(candidate.cells.map((c) => ({ id: c.id, telemetry: c.telemetry })));
  if (table) parts.push(table);
  if (baseline !== null) {
    const baseById = new Map(baseline.cells.map((c) => [c.id, c]));
    for (const cell of v.cells) {
      if (!cell.metrics.some((m) => m.gated && m.verdict === 'regressed')) continue;
      const side = telemetrySideBySide(cell.id, baseById.get(cell.id)?.telemetry, candidate.cells.find((c) => c.id === cell.id)?.telemetry);
      if (side) parts.push(side);
    }
  }
  if (!table && parts.length <= 1) return parts.length === 0 ? '' : `### Environment\n\n${parts[0]}`;
  return `### Server telemetry\n\n${parts.join('\n\n')}\n\n<sub>What these mean: docs/telemetry.md</sub>`;
}

/** Cells of a verdict with a gated regression: their telemetry is shown side by side. */
const regressedCells = (v: Parameters<typeof telemetrySection>[0]): string[] => v.cells.filter((c) => c.metrics.some((m) => m.gated && m.verdict === 'regressed')).map((c) => c.id);

/**
 * One line that says what telemetrySection holds, for the comment to fold
 * it under: "peak GPU memory, utilisation, KV cache and queue of 4 cells;
 * chat@c=8 side by side with the baseline · 2 notes" (safe inline text).
 */
export function telemetrySummary(v: Parameters<typeof telemetrySection>[0], baseline: ResultDoc | null, candidate: ResultDoc): string {
  const withT = candidate.cells.filter((c): c is typeof c & { telemetry: CellTelemetry } => !!c.telemetry);
  if (withT.length === 0) return candidate.environment ? `measured on ${environmentLine(candidate.environment)}` : 'where each side was measured';
  const parts = [`peak GPU memory, utilisation, KV cache and queue of ${withT.length} cell${withT.length === 1 ? '' : 's'}`];
  const side = baseline === null ? [] : regressedCells(v);
  if (side.length > 0) parts.push(`${side.slice(0, 3).map(escapeMd).join(', ')}${side.length > 3 ? ', …' : ''} side by side with the baseline`);
  const notes = telemetryNotes(withT.map((c) => ({ id: c.id, telemetry: c.telemetry })));
  const n = notes.length === 0 ? 0 : notes[0]!.split('\n').length;
  return `${parts.join('; ')}${n > 0 ? ` · ⚠️ ${n} note${n === 1 ? '' : 's'}` : ''}`;
}
