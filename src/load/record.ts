// One record per request: the raw facts every metric is computed from. The
// load layer owns it: the client's outcome plus what only the load model
// knows (which request, whether warm-up, when it was due).
import type { RequestOutcome } from '../client/outcome.js';

export type { FailureClass, RequestOutcome } from '../client/outcome.js';

export interface RequestRecord extends RequestOutcome {
  /** Index of the request within its cell, in scheduling order. */
  readonly index: number;
  readonly warmup: boolean;
  /** When the load model meant to send it. */
  readonly tSched: number;
  /** max_tokens asked for. */
  readonly maxTokens: number;
}

/** An outcome with nothing measured yet (sent and done at tSched): the base of synthetic records. */
export function emptyOutcome(tSched: number): RequestOutcome {
  return {
    tSend: tSched,
    tFirst: null,
    tLast: null,
    tDone: tSched,
    gaps: [],
    outputEvents: 0,
    nIn: null,
    nOut: null,
    tokenSource: null,
    status: null,
    failure: null,
    message: null,
    finishReason: null,
    systemFingerprint: null,
    cancelled: false,
  };
}

export function newRecord(index: number, warmup: boolean, tSched: number, maxTokens: number, outcome: RequestOutcome = emptyOutcome(tSched)): RequestRecord {
  return { ...outcome, index, warmup, tSched, maxTokens };
}
