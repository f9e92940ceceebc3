// Cost and energy per token of a result's cells (docs/metrics.md, "Cost and
// energy"): a Markdown section and terminal lines, shown only when a cell
// has such figures. Cost at capacity is the configured price read at a
// capacity cell's output throughput at capacity (and its interval); it is
// reported, not gated (capacity cells are judged on their load, docs/capacity.md).
import { markdownTable } from 'markdown-table';
import { describeCost, hourlyUsd } from '../config/cost.js';
import { costPerMtok } from '../metrics/efficiency.js';
import type { CellResult, ResultDoc } from '../result/types.js';
import { escapeMd } from './escape.js';

/** Four significant digits, or a dash when there is no figure. */
const sig = (x: number | null | undefined): string => (x === null || x === undefined ? '–' : Number(x.toPrecision(4)).toString());

function hasFigures(c: CellResult): boolean {
  const m = c.metrics;
  return m.cost_per_mtok_output_usd !== undefined || m.cost_per_mtok_total_usd !== undefined || m.energy_per_output_token_j !== undefined;
}

/** Cost per million output tokens at each finished capacity cell's output throughput at capacity, with its interval. */
function capacityCosts(doc: ResultDoc): { id: string; tps: number; usd: number | null; lo: number | null; hi: number | null }[] {
  const cost = doc.config.cost;
  if (cost === undefined) return [];
  const hourly = hourlyUsd(cost);
  return (doc.capacity ?? []).flatMap((c) => {
    const e = c.search?.capacity_output_tps;
    if (e === undefined || c.search?.status === 'below-range') return [];
    // A higher throughput is a lower cost: the interval's ends swap.
    return [{ id: c.id, tps: e.value, usd: costPerMtok(hourly, e.value), lo: e.hi === null ? null : costPerMtok(hourly, e.hi), hi: costPerMtok(hourly, e.lo) }];
  });
}

function capacityLines(doc: ResultDoc): string[] {
  return capacityCosts(doc).map((c) => `${c.id}: at capacity (${sig(c.tps)} output tok/s) $${sig(c.usd)} per million output tokens (${c.lo === null ? 'at most' : `$${sig(c.lo)}-`}$${sig(c.hi)})`);
}

/** The Markdown section for `doc` (the candidate; `baseline` beside it when given); null when no cell has cost or energy figures. */
export function efficiencySection(doc: ResultDoc, baseline: ResultDoc | null = null): string | null {
  const cells = doc.cells.filter(hasFigures);
  const capacity = capacityLines(doc);
  if (cells.length === 0 && capacity.length === 0) return null;
  const out = ['### Cost and energy', ''];
  const price = doc.config.cost === undefined ? 'no price set (cost:)' : `price ${describeCost(doc.config.cost)}`;
  const basePrice = baseline?.config.cost;
  out.push(
    `${price}${baseline === null ? '' : basePrice === undefined ? '; the baseline has no price' : `; baseline ${describeCost(basePrice)}`}. Cost at the measured throughput; energy from the GPUs' sampled power over the measured window (trapezoid rule).`,
    '',
  );
  if (cells.length > 0) {
    const byId = new Map((baseline?.cells ?? []).map((c) => [c.id, c]));
    const head = ['cell', 'USD / M output tok', 'USD / M total tok', 'J / output tok'];
    const rows = cells.map((c) => {
      const b = byId.get(c.id)?.metrics;
      const pair = (x: number | null | undefined, y: number | null | undefined): string => (b === undefined ? sig(x) : `${sig(x)} (baseline ${sig(y)})`);
      return [
        escapeMd(c.id),
        pair(c.metrics.cost_per_mtok_output_usd, b?.cost_per_mtok_output_usd),
        pair(c.metrics.cost_per_mtok_total_usd, b?.cost_per_mtok_total_usd),
        pair(c.metrics.energy_per_output_token_j, b?.energy_per_output_token_j),
      ];
    });
    out.push(markdownTable([head, ...rows], { align: ['l', 'r', 'r', 'r'] }));
  }
  if (capacity.length > 0) out.push('', ...capacity.map((l) => `- ${escapeMd(l)}`));
  return out.join('\n');
}

/** Terminal lines for `doc`: one per cell with figures, and one per capacity cell; empty when there are none. */
export function efficiencyLines(doc: ResultDoc): string[] {
  const lines = doc.cells.filter(hasFigures).map((c) => {
    const m = c.metrics;
    const parts: string[] = [];
    if (m.cost_per_mtok_output_usd !== undefined) parts.push(`$${sig(m.cost_per_mtok_output_usd)}/M output tok, $${sig(m.cost_per_mtok_total_usd)}/M total tok`);
    if (m.energy_per_output_token_j !== undefined) parts.push(`${sig(m.energy_per_output_token_j)} J/output tok`);
    return `${c.id}: ${parts.join(', ')}`;
  });
  const capacity = capacityLines(doc);
  if (lines.length === 0 && capacity.length === 0) return [];
  const price = doc.config.cost === undefined ? '' : ` at ${describeCost(doc.config.cost)}`;
  return [`cost and energy${price}:`, ...lines.map((l) => `  ${l}`), ...capacity.map((l) => `  ${l}`)];
}
