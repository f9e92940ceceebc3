// The few figures per cell kept in the history index for trend charts: the
// catalogue's headline (throughput, the TTFT tail users see, decode speed),
// the metrics the gate gates by default besides the error rate.
import { HEADLINE } from '../metric-catalogue.js';
import type { ResultDoc } from './types.js';

export function headline(doc: ResultDoc): Record<string, number | null> {
  const out: Record<string, number | null> = {};
  for (const c of doc.cells) {
    const m = c.metrics;
    // Under a rate load the TTFT users see includes the queue: that one is kept, under the plain TTFT's name as before.
    const ttft = c.load.kind === 'rate' ? m.queued_ttft_ms : m.ttft_ms;
    out[`${c.id} ${HEADLINE.throughput}`] = m.output_tps;
    out[`${c.id} ${HEADLINE.ttft.concurrency}`] = ttft?.p95 ?? null;
    out[`${c.id} ${HEADLINE.decode}`] = m.tpot_ms?.p50 ?? null;
  }
  return out;
}
