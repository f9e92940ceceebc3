// Multi-turn cells by turn (issue 20, item 3): TTFT by turn number shows
// whether the server reuses the history (with a prefix cache, turn 2 onwards
// prefill only the newest message), beside the engine's own prefix-cache hit
// rate when telemetry read one. Pure; every string from a result is escaped.
import { markdownTable } from 'markdown-table';
import type { CellResult, ResultDoc } from '../result/types.js';
import { escapeMd } from './escape.js';
import { PercentileCells } from './rough.js';

const f = (x: number | null | undefined, d = 1): string => (x === null || x === undefined || !Number.isFinite(x) ? '–' : x.toFixed(d));

function hitRate(c: CellResult): string | null {
  const r = c.telemetry?.engine?.prefix_cache_hit_rate;
  return r === null || r === undefined ? null : `${(r * 100).toFixed(1)}%`;
}

/** The "By turn" section: one table per multi-turn cell of `candidate` (a baseline's TTFT p50 beside it when it has the cell); null when none. */
export function turnsSection(candidate: ResultDoc, baseline?: ResultDoc | null): string | null {
  const out: string[] = [];
  const pc = new PercentileCells((x) => f(x), '–');
  const p = pc.cell.bind(pc);
  for (const c of candidate.cells) {
    if (c.turns === undefined || c.turns.length === 0) continue;
    const base = baseline?.cells.find((b) => b.id === c.id)?.turns;
    const head = ['turn', 'ok/sent', 'input tokens (mean)', 'TTFT p50', 'TTFT p95', ...(base ? ['baseline TTFT p50'] : [])];
    const rows = c.turns.map((t) => [
      String(t.turn),
      `${t.completed}/${t.attempted}`,
      f(t.input_tokens_mean, 0),
      p(t.ttft_ms, 'p50'),
      p(t.ttft_ms, 'p95'),
      ...(base ? [p(base.find((b) => b.turn === t.turn)?.ttft_ms ?? null, 'p50')] : []),
    ]);
    const rate = hitRate(c);
    const note = rate === null ? '' : `\n\nPrefix-cache hit rate (the engine's /metrics, over the cell): **${rate}**.`;
    out.push(`**${escapeMd(c.id)}** (${c.turns.length} turns a session)\n\n${markdownTable([head, ...rows], { align: ['r', 'r', 'r', 'r', 'r', 'r'] })}${note}`);
  }
  if (out.length === 0) return null;
  const rough = pc.note();
  return `### By turn\n\n${out.join('\n\n')}\n\n<sub>Latencies in ms${rough === null ? '' : `; ${rough}`}. Input tokens: the server's count of the whole history.</sub>`;
}

/** One terminal line per multi-turn cell: TTFT p50 and mean input tokens by turn, and the prefix-cache hit rate when known. */
export function turnsLines(doc: ResultDoc): string[] {
  const pc = new PercentileCells((x) => f(x), '-');
  return doc.cells.flatMap((c) => {
    if (c.turns === undefined || c.turns.length === 0) return [];
    const ttft = c.turns.map((t) => `${t.turn}: ${pc.cell(t.ttft_ms, 'p50')}`).join(', ');
    const input = c.turns.map((t) => f(t.input_tokens_mean, 0)).join(', ');
    const rate = hitRate(c);
    return [`${c.id} by turn: TTFT p50 ${ttft} ms · input tokens ${input}${rate === null ? '' : ` · prefix-cache hit rate ${rate}`}`];
  });
}
