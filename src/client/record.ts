// One record per request: the raw facts every metric is computed from.
// Times are milliseconds on the monotonic clock (performance.now()).

export type FailureClass =
  | 'connect' // could not open a connection (refused, DNS, connect timeout)
  | 'timeout' // request deadline or idle-stream deadline passed
  | 'http-4xx'
  | 'http-5xx'
  | 'stream-error' // the server sent an {"error": ...} event inside a 200 stream
  | 'cut-off' // the stream ended or the socket closed before [DONE]/finish
  | 'bad-response'; // not SSE, unparsable JSON, or a shape we cannot read

export type TokenSource = 'server' | 'client';

export interface RequestRecord {
  /** Index of the request within its cell, in scheduling order. */
  readonly index: number;
  readonly warmup: boolean;
  /** When the load model meant to send it. */
  readonly tSched: number;
  /** Just before the request was written. */
  tSend: number;
  /** First event that carried generated output (text, reasoning or tool call); null if none. */
  tFirst: number | null;
  /** Last event that carried generated output. */
  tLast: number | null;
  /** End of stream ([DONE] or close) or the moment the failure was seen. */
  tDone: number;
  /** Gaps in ms between consecutive output events (length = outputEvents - 1). */
  gaps: number[];
  /** Number of stream events that carried output. */
  outputEvents: number;
  nIn: number | null;
  nOut: number | null;
  tokenSource: TokenSource | null;
  /** max_tokens asked for. */
  readonly maxTokens: number;
  status: number | null;
  failure: FailureClass | null;
  /** Short human message for failures (server text is truncated, never trusted). */
  message: string | null;
  /** finish_reason of the last choice seen, e.g. "length" or "stop". */
  finishReason: string | null;
  /** system_fingerprint when the server sent one. */
  systemFingerprint: string | null;
  /** Aborted because the run was interrupted: excluded from every figure, counted apart. */
  cancelled: boolean;
}

export function newRecord(index: number, warmup: boolean, tSched: number, maxTokens: number): RequestRecord {
  return {
    index,
    warmup,
    tSched,
    tSend: tSched,
    tFirst: null,
    tLast: null,
    tDone: tSched,
    gaps: [],
    outputEvents: 0,
    nIn: null,
    nOut: null,
    tokenSource: null,
    maxTokens,
    status: null,
    failure: null,
    message: null,
    finishReason: null,
    systemFingerprint: null,
    cancelled: false,
  };
}
