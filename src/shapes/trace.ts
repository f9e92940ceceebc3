// A trace replayed at its own times (docs/workloads.md, "Traces"): the
// scenario's `trace:` gives its one cell (load label `trace`) in place of
// the listed loads. The arrival times are the items' (WorkItem.atMs), read
// from the trace, so this shape draws none.
import type { Shape } from './shape.js';

/** A trace replayed at its own times (the cell's items carry them). */
export interface TraceLoad {
  readonly shape: 'trace';
  readonly label: string;
}

/** The load label of every trace scenario's one cell (`name@trace`). */
export const TRACE_LOAD_LABEL = 'trace';

export const TRACE_LOAD: TraceLoad = { shape: 'trace', label: TRACE_LOAD_LABEL };

/** The mean rate a replay's times ask for, req/s, to 3 decimals: (n - 1) over the span from first to last. */
function traceRate(times: readonly number[]): number {
  const span = times.length > 1 ? times[times.length - 1]! - times[0]! : 0;
  // One request, or all at once: a rate over one ms keeps the figure finite and positive.
  const rate = times.length <= 1 ? 1 : (times.length - 1) / (Math.max(span, 1) / 1000);
  return Math.round(rate * 1000) / 1000 || 0.001;
}

export const traceShape: Shape<TraceLoad> = {
  name: 'trace',
  loop: 'open',
  // The trace's own times say when; nothing holds a request back.
  inFlight: () => null,
  withInFlight: (l) => l,
  arrivals: null,
  resultLoad: (l, times) => ({ kind: 'rate', label: l.label, rate: traceRate(times), arrival: 'trace', burstiness: 1, max_concurrency: null }),
};
