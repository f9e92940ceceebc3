// What a trace scenario's config promises that only the trace can confirm,
// checked when the config is read rather than found out during the run:
// - a window that replays longer than run.max_duration_s would be cut by it
//   (the default replayed 2 minutes of an hour-long trace, silently);
// - a Mooncake block_tokens smaller than the trace's own blocks makes every
//   shared prefix that many times shorter (64 on Mooncake's 512: 8x), which
//   no line alone shows: the ids still fit.
// The trace is read here through scenarioTrace, so the run reuses the read.
// A trace that cannot be read is left for the run to report as before.
import type { Plan, TracePlan } from '../config/plan.js';
import { DatasetError } from '../errors/dataset-error.js';
import type { TraceRequest } from './trace.js';

interface TraceProblem {
  /** The config path of the field at fault, e.g. ['scenarios', 0, 'trace', 'block_tokens']. */
  readonly segs: (string | number)[];
  readonly reason: string;
}

/**
 * The block size a trace's hash ids were written for: the smallest at which
 * every request's ids cover its whole prompt (max over requests of
 * ceil(input_length / ids)); null when no request lists ids.
 */
export function traceBlockTokens(requests: readonly TraceRequest[]): number | null {
  let block: number | null = null;
  for (const r of requests) {
    const k = r.hashIds?.length ?? 0;
    if (k > 0) block = Math.max(block ?? 0, Math.ceil(r.inputTokens / k));
  }
  return block;
}

/** The problems of one trace scenario's window (its requests as replayed) against the run. */
function traceWindowProblems(trace: TracePlan, requests: readonly TraceRequest[], maxDurationS: number, at: (string | number)[]): TraceProblem[] {
  const problems: TraceProblem[] = [];
  const spanS = requests.length === 0 ? 0 : requests[requests.length - 1]!.atMs / 1000;
  if (spanS > maxDurationS) {
    const field = trace.durationMs === null ? [...at, 'trace'] : [...at, 'trace', 'duration_s'];
    problems.push({
      segs: field,
      reason:
        `its window replays ${round(spanS)} s of requests (${requests.length} of them, at time_scale ${trace.timeScale}), longer than run.max_duration_s (${maxDurationS} s), which would stop it part way: ` +
        `set trace.duration_s or trace.max_requests to replay less, or raise run.max_duration_s to at least ${Math.ceil(spanS) + 1}`,
    });
  }
  if (trace.format === 'mooncake') {
    const block = traceBlockTokens(requests);
    const withIds = requests.filter((r) => (r.hashIds?.length ?? 0) > 0);
    // Partial cover is allowed (tokens past the ids are the request's own), but never reaching a whole prompt is a wrong block size.
    const covers = withIds.some((r) => r.hashIds!.length * trace.blockTokens >= r.inputTokens);
    if (block !== null && block > trace.blockTokens && !covers) {
      const r = withIds[0]!;
      problems.push({
        segs: [...at, 'trace', 'block_tokens'],
        reason:
          `is ${trace.blockTokens}, but the trace's hash ids cover no request's whole prompt at that size (line ${r.line}: ${r.hashIds!.length} ids x ${trace.blockTokens} = ${r.hashIds!.length * trace.blockTokens} of its ${r.inputTokens} tokens); ` +
          `its blocks are ${block} tokens (the smallest size at which every request's ids cover its prompt): set block_tokens: ${block}`,
      });
    }
  }
  return problems;
}

function round(x: number): number {
  return Math.round(x * 10) / 10;
}

/**
 * Reads every trace scenario's window (through `read`, which caches it for
 * the run) and returns what is wrong with it against the config.
 */
export async function traceConfigProblems(plan: Plan, read: (t: TracePlan) => Promise<{ requests: readonly TraceRequest[] }>): Promise<TraceProblem[]> {
  const problems: TraceProblem[] = [];
  for (const [i, s] of plan.scenarios.entries()) {
    if (s.trace == null) continue;
    let requests: readonly TraceRequest[];
    try {
      ({ requests } = await read(s.trace));
    } catch (err) {
      // The run reports a trace it cannot read, by file and line, as it always has.
      if (err instanceof DatasetError) continue;
      throw err;
    }
    problems.push(...traceWindowProblems(s.trace, requests, plan.limits.maxDurationS, ['scenarios', i]));
  }
  return problems;
}
