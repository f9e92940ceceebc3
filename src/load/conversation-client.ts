// Sends the turns of multi-turn sessions (issue 20, item 3) and keeps each
// session's history. With `answers: real` a turn's history holds the text the
// server streamed for the earlier turns, so the request path must hand the
// text back: InferenceClient reports facts only (it keeps no text, by
// design: a run holds millions of records). This client reuses the same
// request machinery (StreamCall, outcomeOf: the same stamps and failure
// classes) on a pool of its own, and tees each response's bytes into a
// second SSE parser that keeps the generated text, only for these requests.
import { performance } from 'node:perf_hooks';
import { Pool, type Dispatcher } from 'undici';
import { createChunkInterpreter } from '../client/chunk.js';
import { SseParser } from '../client/sse.js';
import { outcomeOf, StreamCall } from '../client/stream-call.js';
import type { ResponseLimitsPlan, TargetPlan, TimeoutsPlan } from '../config/plan.js';
import { timerMs } from '../util/timer.js';
import { turnMessages, type Session } from '../workload/conversation.js';
import type { ChatMessage } from '../workload/synth.js';
import type { RequestOutcome } from './record.js';

interface ConversationClientOptions {
  target: TargetPlan;
  timeouts: TimeoutsPlan;
  limits: ResponseLimitsPlan;
  /** Most connections; null: as many as the sessions in flight need. */
  connections: number | null;
  apiKey: string | null;
  countTokens: (text: string) => number;
}

/** A StreamCall that also keeps the generated text of the response (text, reasoning and tool-call deltas, in order). */
class TextCall extends StreamCall {
  private text: string[] = [];
  private textParser: SseParser | null = null;

  constructor(api: TargetPlan['api'], limits: ResponseLimitsPlan, countTokens: (text: string) => number) {
    super(api, limits, countTokens);
    const interpret = createChunkInterpreter(api);
    this.textParser = new SseParser(
      (data) => {
        const ev = interpret(data);
        if (ev.kind === 'chunk' && ev.output && ev.text.length > 0) this.text.push(ev.text);
      },
      undefined,
      { maxLine: limits.lineBytes, maxEvent: limits.eventBytes, onOverflow: () => undefined },
    );
  }

  override onResponseData(c: Parameters<StreamCall['onResponseData']>[0], chunk: Buffer): void {
    super.onResponseData(c, chunk);
    // Only a stream's text: an error body is not an answer.
    if (this.errorBody === null && this.status !== null) this.textParser?.push(chunk);
  }

  override onResponseEnd(): void {
    this.textParser?.end();
    super.onResponseEnd();
  }

  answer(): string {
    return this.text.join('');
  }
}

/** Two sends at most when a kept-alive socket turns out to be closed (as src/client/http.ts). */
const STALE_SOCKET_ATTEMPTS = 2;

function isClosedSocket(err: unknown): boolean {
  const code = (err as { code?: string }).code ?? (err as { cause?: { code?: string } }).cause?.code;
  return code === 'UND_ERR_SOCKET' || code === 'ECONNRESET' || code === 'EPIPE';
}

interface TurnOutcome {
  outcome: RequestOutcome;
  /** The generated text; '' when the request failed. */
  answer: string;
}

export class ConversationClient {
  private readonly pool: Pool;
  private readonly path: string;
  private readonly headers: Record<string, string>;
  private readonly requestMs: number;

  constructor(private readonly opts: ConversationClientOptions) {
    const base = new URL(opts.target.url);
    const idleMs = timerMs(opts.timeouts.idleMs);
    this.requestMs = timerMs(opts.timeouts.requestMs);
    this.pool = new Pool(base.origin, {
      connections: opts.connections,
      pipelining: 1,
      connectTimeout: timerMs(opts.timeouts.connectMs),
      headersTimeout: idleMs,
      bodyTimeout: idleMs,
      keepAliveTimeout: 60_000,
      keepAliveMaxTimeout: 600_000,
    });
    this.path = `${base.pathname.replace(/\/+$/, '')}/v1/chat/completions`;
    this.headers = { 'content-type': 'application/json', accept: 'text/event-stream', ...opts.target.headers };
    if (opts.apiKey) this.headers.authorization = `Bearer ${opts.apiKey}`;
  }

  /** One chat request with these messages; never throws for request failures (they are data). */
  async send(messages: readonly ChatMessage[], maxTokens: number, inputTokens: number, model: string, cancel: AbortSignal): Promise<TurnOutcome> {
    const t = this.opts.target;
    const body: Record<string, unknown> = { ...t.extraBody, model, stream: true, stream_options: { include_usage: true }, max_tokens: maxTokens, messages };
    if (t.fixedOutput) {
      body.ignore_eos = true;
      body.min_tokens = maxTokens;
    }
    const opts: Dispatcher.DispatchOptions = { method: 'POST', path: this.path, headers: this.headers, body: JSON.stringify(body) };
    for (let attempt = 1; ; attempt++) {
      const call = new TextCall(t.api, this.opts.limits, this.opts.countTokens);
      const onAbort = (): void => call.cancelled();
      cancel.addEventListener('abort', onAbort, { once: true });
      const tSend = performance.now();
      const err = await call.run(this.pool, opts, this.requestMs);
      const tDone = performance.now();
      cancel.removeEventListener('abort', onAbort);
      if (attempt < STALE_SOCKET_ATTEMPTS && err !== null && call.status === null && !call.timedOut && !cancel.aborted && isClosedSocket(err)) continue;
      const outcome = outcomeOf(call, err, cancel.aborted, inputTokens, tSend, tDone);
      return { outcome, answer: outcome.failure === null && !outcome.cancelled ? call.answer() : '' };
    }
  }

  close(): Promise<void> {
    return this.pool.close();
  }

  destroy(): Promise<void> {
    return this.pool.destroy();
  }
}

/**
 * The send of a cell's sessions: turn k of session s goes out with the
 * session's history (real answers as they arrived, or the synthetic ones).
 * A session's history is dropped after its last turn or its first failure.
 */
export function sessionSender(
  client: Pick<ConversationClient, 'send'>,
  sessions: readonly Session[],
  model: string,
  countTokens: (text: string) => number,
): (session: number, turn: number, cancel: AbortSignal) => Promise<RequestOutcome> {
  const histories = new Map<number, { answers: string[]; tokens: number }>();
  return async (s, k, cancel) => {
    const session = sessions[s]!;
    const turn = session.turns[k]!;
    let h = histories.get(s);
    if (h === undefined || k === 0) histories.set(s, (h = { answers: [], tokens: 0 }));
    const messages = turnMessages(session, k, h.answers);
    // The client's count of the messages, for a server that reports no usage.
    const inputTokens = h.tokens + turn.userTokens;
    const { outcome, answer } = await client.send(messages, turn.maxTokens, inputTokens, model, cancel);
    const last = k === session.turns.length - 1;
    if (outcome.failure !== null || outcome.cancelled || last) histories.delete(s);
    else {
      const kept = turn.syntheticAnswer ?? answer;
      h.answers.push(kept);
      h.tokens = inputTokens + (turn.syntheticAnswer === null ? countTokens(kept) : turn.maxTokens);
    }
    return outcome;
  };
}
