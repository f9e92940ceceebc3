// What the client reports for one request: the wire's facts, decided once.
// Times are milliseconds on the monotonic clock (performance.now()). The load
// layer adds what only it knows (index, warm-up, scheduled time) to make the
// record every metric is computed from (load/record.ts).
import type { FoldedGaps } from '../stats/gaps.js';

export type FailureClass =
  | 'connect' // could not open a connection (refused, DNS, connect timeout)
  | 'timeout' // request deadline or idle-stream deadline passed
  | 'http-4xx'
  | 'http-5xx'
  | 'stream-error' // the server sent an {"error": ...} event inside a 200 stream
  | 'cut-off' // the stream ended or the socket closed before [DONE]/finish
  | 'bad-response'; // not SSE, unparsable JSON, a shape we cannot read, over a size limit, or a stream with no output at all (stream-call.ts)

export type TokenSource = 'server' | 'client';

export interface RequestOutcome {
  /** Just before the request was written (the last attempt's, when a stale socket made it resend). */
  readonly tSend: number;
  /**
   * First event that carried generated output (text, reasoning or tool call); null if none.
   * With target.ttft_from: first_chunk, the first chunk with choices before it (vLLM's stamp).
   */
  readonly tFirst: number | null;
  /** Last event that carried generated output. */
  readonly tLast: number | null;
  /** End of stream ([DONE] or close) or the moment the failure was seen. */
  readonly tDone: number;
  /**
   * Gaps in ms between consecutive output events (length = outputEvents - 1;
   * with ttft_from: first_chunk also the first chunk's gap to the first output)
   * while at most EXACT_GAPS (src/stats/gaps.ts); empty when folded.
   */
  readonly gaps: number[];
  /** The gaps of a request with more than EXACT_GAPS, folded as they arrived; null or absent otherwise. */
  readonly gapsFolded?: FoldedGaps | null;
  /** Number of stream events that carried output. */
  readonly outputEvents: number;
  /** Null when the request failed or was cancelled. */
  readonly nIn: number | null;
  readonly nOut: number | null;
  readonly tokenSource: TokenSource | null;
  readonly status: number | null;
  readonly failure: FailureClass | null;
  /** Short human message for failures (server text is truncated, never trusted). */
  readonly message: string | null;
  /** finish_reason of the last choice seen, e.g. "length" or "stop". */
  readonly finishReason: string | null;
  /** system_fingerprint when the server sent one. */
  readonly systemFingerprint: string | null;
  /** Aborted because the run was interrupted: excluded from every figure, counted apart. */
  readonly cancelled: boolean;
}
