// The few figures per cell kept in the history index for trend charts: the
// ones gated by default (throughput, TTFT tail, decode speed).
import type { ResultDoc } from './types.js';

export function headline(doc: ResultDoc): Record<string, number | null> {
  const out: Record<string, number | null> = {};
  for (const c of doc.cells) {
    const m = c.metrics;
    // Under a rate load the TTFT users see includes the queue: report that one.
    const ttft = c.load.kind === 'rate' ? m.queued_ttft_ms : m.ttft_ms;
    out[`${c.id} output_tps`] = m.output_tps;
    out[`${c.id} ttft_ms.p95`] = ttft?.p95 ?? null;
    out[`${c.id} tpot_ms.p50`] = m.tpot_ms?.p50 ?? null;
  }
  return out;
}
