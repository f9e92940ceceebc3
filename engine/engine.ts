// The inference side of the embedded engine: one llama.cpp context with
// `parallel` sequences (slots). Requests take a free slot, or wait in FIFO
// order while every slot is busy; slots generate at the same time and
// node-llama-cpp batches their decode steps together (continuous batching:
// a request joins the running batch as soon as it has a slot, and leaves it
// when it is done). A slot keeps the tokens of its last request, so a new
// request with the same prefix reuses that part of the KV cache (prompt
// caching, as llama.cpp's server and vLLM do), unless it asks not to.
import { basename } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { LlamaContext, LlamaContextSequence, LlamaModel, Llama, Token, TokenBias } from 'node-llama-cpp';
import { loadNodeLlamaCpp } from './llama.js';

interface EngineOptions {
  modelPath: string;
  /** Sequences (slots) served at once. */
  parallel: number;
  /** CPU threads for evaluation. */
  threads: number;
  /** Context (KV cache) per sequence, in tokens: a request's prompt plus output must fit. */
  ctx: number;
  /** Tokens evaluated per batch (prompt chunks and all slots' decode steps share it). */
  batchSize?: number;
}

export interface SamplingParams {
  maxTokens: number;
  /** EOS is not sampled before this many tokens. */
  minTokens: number;
  ignoreEos: boolean;
  temperature: number;
  topP: number;
  topK: number;
  minP: number;
  seed: number | null;
  stop: string[];
  cachePrompt: boolean;
}

export type { Token };

export type FinishReason = 'stop' | 'length';

export interface GenerationResult {
  promptTokens: number;
  completionTokens: number;
  cachedTokens: number;
  finishReason: FinishReason | null;
  /** true when the caller aborted before the end */
  aborted: boolean;
  /** Text of the last chunk, sent with the finish reason. */
  tail: string;
}

/** The request cannot be served as asked: the server answers 400. */
export class RequestError extends Error {
  constructor(
    message: string,
    readonly param: string | null = null,
    readonly code: string = 'invalid_request_error',
  ) {
    super(message);
  }
}

interface Slot {
  id: number;
  seq: LlamaContextSequence;
  busy: boolean;
  lastUsed: number;
}

interface Waiter {
  prompt: Token[];
  cachePrompt: boolean;
  resolve(slot: Slot): void;
  reject(err: Error): void;
  signal: AbortSignal | undefined;
  onAbort: () => void;
}

export interface EngineStats {
  slots: number;
  busy: number;
  queued: number;
  maxBusy: number;
  maxQueued: number;
  requests: number;
  promptTokens: number;
  cachedTokens: number;
  completionTokens: number;
  /** Tokens held in the KV cache by requests running now (a slot's kept prefix counts only while it serves one). */
  kvTokens: number;
  /** Slots x context per slot: the KV cache's size in tokens. */
  kvCapacity: number;
}

export interface EngineInfo {
  modelId: string;
  modelPath: string;
  nodeLlamaCpp: string;
  llamaCpp: string;
  threads: number;
  ctx: number;
  parallel: number;
  trainContext: number;
  loadSeconds: number;
}

const CHATML_START = '<|im_start|>';
const CHATML_END = '<|im_end|>';

export class Engine {
  private readonly slots: Slot[] = [];
  private readonly queue: Waiter[] = [];
  private closed = false;
  private readonly counters = { maxBusy: 0, maxQueued: 0, requests: 0, promptTokens: 0, cachedTokens: 0, completionTokens: 0 };
  private eosBias: TokenBias | null = null;
  private noBias: TokenBias | null = null;
  private pauses = 0;
  private paused: { promise: Promise<void>; resolve: () => void } | null = null;

  private constructor(
    private readonly llama: Llama,
    readonly model: LlamaModel,
    private readonly context: LlamaContext,
    readonly info: EngineInfo,
  ) {
    for (let i = 0; i < info.parallel; i++) this.slots.push({ id: i, seq: context.getSequence(), busy: false, lastUsed: 0 });
  }

  static async load(opts: EngineOptions): Promise<Engine> {
    const t0 = performance.now();
    const nlc = await loadNodeLlamaCpp();
    // build: 'never' -> only the prebuilt CPU binary from npm; never compile or download.
    const llama = await nlc.getLlama({
      gpu: false,
      build: 'never',
      maxThreads: opts.threads,
      logLevel: nlc.LlamaLogLevel.error,
      progressLogs: false,
    });
    try {
      const model = await llama.loadModel({ modelPath: opts.modelPath });
      const context = await model.createContext({
        contextSize: opts.ctx,
        sequences: opts.parallel,
        threads: { ideal: opts.threads, min: opts.threads },
        ...(opts.batchSize ? { batchSize: opts.batchSize } : {}),
        // Each request carries its own sampling; batches fill with every slot's next step.
        batching: { dispatchSchedule: 'nextCycle', itemPrioritizationStrategy: 'maximumParallelism' },
      });
      const release = llama.llamaCppRelease;
      const info: EngineInfo = {
        modelId: basename(opts.modelPath).replace(/\.gguf$/i, ''),
        modelPath: opts.modelPath,
        nodeLlamaCpp: nlc.getModuleVersion ? await nlc.getModuleVersion() : 'unknown',
        llamaCpp: release.release,
        threads: opts.threads,
        ctx: context.contextSize,
        parallel: opts.parallel,
        trainContext: model.trainContextSize,
        loadSeconds: (performance.now() - t0) / 1000,
      };
      const engine = new Engine(llama, model, context, info);
      engine.eosBias = engine.makeEosBias(nlc.TokenBias);
      engine.noBias = new nlc.TokenBias(model.tokenizer);
      return engine;
    } catch (err) {
      await llama.dispose();
      throw err;
    }
  }

  /**
   * A token bias that forbids EOS/EOT. node-llama-cpp's public `set()` refuses
   * end-of-generation tokens, so the entry goes into its bias map directly
   * (pinned version; the ignore_eos test guards it).
   */
  private makeEosBias(TokenBiasClass: typeof TokenBias): TokenBias {
    const bias = new TokenBiasClass(this.model.tokenizer);
    const map = (bias as unknown as { _biases?: Map<Token, number> })._biases;
    if (!(map instanceof Map)) throw new Error('node-llama-cpp TokenBias has no _biases map: the engine needs the pinned node-llama-cpp version');
    const eog = new Set<Token>();
    for (const t of [this.model.tokens.eos, this.model.tokens.eot]) if (t !== null) eog.add(t);
    for (const t of eog) map.set(t, -Infinity);
    return bias;
  }

  stats(): EngineStats {
    let kvTokens = 0;
    for (const s of this.slots) {
      if (!s.busy) continue;
      try {
        kvTokens += s.seq.nextTokenIndex;
      } catch {
        // A disposed sequence (the engine is closing) holds nothing.
      }
    }
    return {
      slots: this.slots.length,
      busy: this.slots.filter((s) => s.busy).length,
      queued: this.queue.length,
      ...this.counters,
      kvTokens,
      kvCapacity: this.slots.length * this.info.ctx,
    };
  }

  // ---- prompts ---------------------------------------------------------------

  /** Tokens of a completion prompt (BOS first when the model wants one). */
  completionPrompt(prompt: string | Token[]): Token[] {
    if (Array.isArray(prompt)) return this.withBos(prompt);
    return this.withBos(this.model.tokenize(prompt, false));
  }

  /** Tokens of a chat, in ChatML (the generated model's template). */
  chatPrompt(messages: Array<{ role: string; content: string }>): Token[] {
    const start = this.model.tokenize(CHATML_START, true);
    const end = this.model.tokenize(CHATML_END, true);
    const nl = this.model.tokenize('\n', false, 'trimLeadingSpace');
    const out: Token[] = [];
    for (const m of messages) {
      out.push(...start, ...this.model.tokenize(`${m.role}\n${m.content}`, false, 'trimLeadingSpace'), ...end, ...nl);
    }
    out.push(...start, ...this.model.tokenize('assistant\n', false, 'trimLeadingSpace'));
    return this.withBos(out);
  }

  private withBos(tokens: Token[]): Token[] {
    const bos = this.model.tokens.bos;
    if (bos !== null && this.model.tokens.shouldPrependBosToken && tokens[0] !== bos) return [bos, ...tokens];
    return tokens;
  }

  /** The request's max_tokens, checked against the context as vLLM does. */
  resolveMaxTokens(promptTokens: number, maxTokens: number | null): number {
    const ctx = this.info.ctx;
    if (promptTokens >= ctx) {
      throw new RequestError(
        `This model's maximum context length is ${ctx} tokens. However, your request has ${promptTokens} input tokens. Please reduce the length of the input messages.`,
        'messages',
        'context_length_exceeded',
      );
    }
    if (maxTokens === null) return ctx - promptTokens;
    if (promptTokens + maxTokens > ctx) {
      throw new RequestError(
        `This model's maximum context length is ${ctx} tokens. However, you requested ${promptTokens + maxTokens} tokens (${promptTokens} in the messages, ${maxTokens} in the completion). Please reduce the length of the messages or completion.`,
        'max_tokens',
        'context_length_exceeded',
      );
    }
    return maxTokens;
  }

  // ---- slots -------------------------------------------------------------------

  private acquire(prompt: Token[], cachePrompt: boolean, signal?: AbortSignal): Promise<Slot> {
    if (this.closed) return Promise.reject(new Error('engine is shutting down'));
    const free = this.pickFree(prompt, cachePrompt);
    if (free && this.queue.length === 0) return Promise.resolve(this.take(free));
    return new Promise<Slot>((resolve, reject) => {
      const waiter: Waiter = {
        prompt,
        cachePrompt,
        resolve,
        reject,
        signal,
        onAbort: () => {
          const i = this.queue.indexOf(waiter);
          if (i !== -1) this.queue.splice(i, 1);
          reject(new AbortError());
        },
      };
      signal?.addEventListener('abort', waiter.onAbort, { once: true });
      this.queue.push(waiter);
      if (this.queue.length > this.counters.maxQueued) this.counters.maxQueued = this.queue.length;
    });
  }

  /**
   * The free slot sharing the longest prefix with the prompt; when none shares
   * more than the BOS token, the least recently used one, so other slots keep
   * their cached prompts.
   */
  private pickFree(prompt: Token[], cachePrompt: boolean): Slot | null {
    let best: Slot | null = null;
    let bestShared = 1;
    let lru: Slot | null = null;
    for (const s of this.slots) {
      if (s.busy) continue;
      if (lru === null || s.lastUsed < lru.lastUsed) lru = s;
      const shared = cachePrompt ? commonPrefix(s.seq.contextTokens, prompt) : 0;
      if (shared > bestShared) {
        best = s;
        bestShared = shared;
      }
    }
    return best ?? lru;
  }

  private take(slot: Slot): Slot {
    slot.busy = true;
    const busy = this.slots.filter((s) => s.busy).length;
    if (busy > this.counters.maxBusy) this.counters.maxBusy = busy;
    return slot;
  }

  private release(slot: Slot): void {
    slot.busy = false;
    slot.lastUsed = performance.now();
    while (this.queue.length > 0) {
      const free = this.pickFree(this.queue[0]!.prompt, this.queue[0]!.cachePrompt);
      if (!free) return;
      const w = this.queue.shift()!;
      w.signal?.removeEventListener('abort', w.onAbort);
      w.resolve(this.take(free));
    }
  }

  /**
   * Runs fn (which edits a sequence's KV cache) with the running generations
   * holding back their next step. node-llama-cpp's batch loop keeps the
   * context lock for as long as any sequence has a step queued, and erasing a
   * sequence's tokens needs that lock: under steady load a new request would
   * wait for the whole batch to finish (seconds). Holding back for one step
   * lets the loop end, the erase run, and everyone go on.
   */
  private async withBatchPaused<T>(fn: () => Promise<T>): Promise<T> {
    if (this.pauses++ === 0) {
      let resolve!: () => void;
      const promise = new Promise<void>((r) => (resolve = r));
      this.paused = { promise, resolve };
    }
    try {
      return await fn();
    } finally {
      if (--this.pauses === 0) {
        this.paused!.resolve();
        this.paused = null;
      }
    }
  }

  // ---- generation ----------------------------------------------------------------

  /**
   * Generates for one request. `onText` gets each new piece of text as soon as
   * it is sampled (never an incomplete UTF-8 sequence), except the last piece,
   * which comes back as `tail` to go out with the finish reason.
   * Throws for engine failures after a slot was taken (the caller reports them
   * in-stream); returns normally when aborted.
   */
  async generate(prompt: Token[], params: SamplingParams, onText: (text: string) => void, signal?: AbortSignal): Promise<GenerationResult> {
    const result: GenerationResult = { promptTokens: prompt.length, completionTokens: 0, cachedTokens: 0, finishReason: null, aborted: false, tail: '' };
    let slot: Slot;
    try {
      slot = await this.acquire(prompt, params.cachePrompt, signal);
    } catch (err) {
      if (err instanceof AbortError) {
        result.aborted = true;
        return result;
      }
      throw err;
    }
    this.counters.requests++;
    this.counters.promptTokens += prompt.length;
    try {
      const seq = slot.seq;
      let reuse = params.cachePrompt ? commonPrefix(seq.contextTokens, prompt) : 0;
      // At least one prompt token must be evaluated to get the next token's logits.
      if (reuse >= prompt.length) reuse = prompt.length - 1;
      if (seq.nextTokenIndex > reuse) {
        await this.withBatchPaused(() => seq.eraseContextTokenRanges([{ start: reuse, end: seq.nextTokenIndex }]));
      }
      result.cachedTokens = reuse;
      this.counters.cachedTokens += reuse;

      const forbidEos = (): TokenBias => (params.ignoreEos || result.completionTokens < params.minTokens ? this.eosBias! : this.noBias!);
      const detok = new Detokenizer(this.model, params.stop);
      const evaluation = seq.evaluate(prompt.slice(reuse), {
        temperature: params.temperature,
        topK: params.topK,
        topP: params.topP,
        minP: params.minP,
        ...(params.seed !== null ? { seed: params.seed } : {}),
        tokenBias: forbidEos,
        yieldEogToken: true,
      });
      try {
        for await (const token of evaluation) {
          if (signal?.aborted) {
            result.aborted = true;
            break;
          }
          if (this.model.isEogToken(token)) {
            result.finishReason = 'stop';
            break;
          }
          result.completionTokens++;
          const piece = detok.push(token);
          if (piece.stopped) {
            result.finishReason = 'stop';
            result.tail = piece.text;
            break;
          }
          if (result.completionTokens >= params.maxTokens) {
            // The last piece goes out with the finish reason, in one chunk.
            result.finishReason = 'length';
            result.tail = piece.text + detok.flush();
            break;
          }
          if (piece.text) onText(piece.text);
          // Another request is clearing its slot: let the batch loop drain first.
          if (this.paused) await this.paused.promise;
        }
      } finally {
        await evaluation.return();
      }
      if (result.finishReason === 'stop' && result.tail === '') result.tail = detok.flush();
      this.counters.completionTokens += result.completionTokens;
      return result;
    } catch (err) {
      // A failed evaluation may leave the sequence's state half-written: forget it.
      await this.withBatchPaused(() => slot.seq.clearHistory()).catch(() => {});
      throw err;
    } finally {
      this.release(slot);
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const w of this.queue.splice(0)) {
      w.signal?.removeEventListener('abort', w.onAbort);
      w.reject(new Error('engine is shutting down'));
    }
    await this.context.dispose();
    await this.model.dispose();
    await this.llama.dispose();
  }
}

class AbortError extends Error {}

function commonPrefix(a: readonly Token[], b: readonly Token[]): number {
  const n = Math.min(a.length, b.length);
  let i = 0;
  while (i < n && a[i] === b[i]) i++;
  return i;
}

/**
 * Token-by-token text: holds back tokens that end inside a UTF-8 sequence, and
 * text that may be the start of a stop string.
 */
class Detokenizer {
  private readonly done: Token[] = [];
  private pending: Token[] = [];
  private held = '';
  private stopped = false;
  private readonly maxStop: number;

  constructor(
    private readonly model: LlamaModel,
    private readonly stops: string[],
  ) {
    this.maxStop = stops.reduce((m, s) => Math.max(m, s.length), 0);
  }

  push(token: Token): { text: string; stopped: boolean } {
    if (this.stopped) return { text: '', stopped: true };
    this.pending.push(token);
    const text = this.model.detokenize(this.pending, false, this.done.slice(-8));
    // An incomplete multi-byte character: wait for the next token (a few at most).
    if (text.endsWith('\uFFFD') && this.pending.length < 4) return { text: '', stopped: false };
    this.done.push(...this.pending);
    if (this.done.length > 64) this.done.splice(0, this.done.length - 8);
    this.pending = [];
    return this.emit(text);
  }

  private emit(text: string): { text: string; stopped: boolean } {
    if (this.maxStop === 0) return { text, stopped: false };
    const all = this.held + text;
    let cut = -1;
    for (const s of this.stops) {
      const i = all.indexOf(s);
      if (i !== -1 && (cut === -1 || i < cut)) cut = i;
    }
    if (cut !== -1) {
      this.stopped = true;
      this.held = '';
      return { text: all.slice(0, cut), stopped: true };
    }
    // Keep back what could still become a stop string.
    const keep = Math.min(all.length, this.maxStop - 1);
    this.held = all.slice(all.length - keep);
    return { text: all.slice(0, all.length - keep), stopped: false };
  }

  flush(): string {
    if (this.stopped) return '';
    const rest = this.held + (this.pending.length ? this.model.detokenize(this.pending, false, this.done.slice(-8)) : '');
    this.held = '';
    this.pending = [];
    return rest;
  }
}
