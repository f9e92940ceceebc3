// Interprets one SSE `data` payload of an OpenAI-compatible streaming response
// (vLLM, SGLang, TGI, llama.cpp server, Ollama). Runs once per streamed token
// or so, hence plain loops and no intermediate arrays.

import type { ApiKind } from '../config/plan.js';

export interface Usage {
  promptTokens: number | null;
  completionTokens: number | null;
}

export type StreamEvent =
  | { kind: 'done' }
  | { kind: 'error'; message: string }
  | {
      kind: 'chunk';
      /** The event carries generated output (text, reasoning or a tool call). */
      output: boolean;
      /** All generated text of the event, for client-side token counting. */
      text: string;
      usage: Usage | null;
      finishReason: string | null;
      systemFingerprint: string | null;
    }
  | { kind: 'invalid'; message: string };

const ERROR_MAX = 300;
const QUOTE_MAX = 80;

type Obj = Record<string, unknown>;

function isObj(v: unknown): v is Obj {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Cuts to at most max UTF-16 units (ellipsis included), never between a surrogate pair. */
function truncate(s: string, max: number): string {
  if (s.length <= max) return s;
  let cut = max - 1;
  const last = s.charCodeAt(cut - 1);
  if (last >= 0xd800 && last <= 0xdbff) cut--;
  return s.slice(0, cut) + '…';
}

/** Server text goes into messages and logs: JSON quoting neutralises control characters. */
function quote(data: string): string {
  return JSON.stringify(truncate(data, QUOTE_MAX));
}

function invalid(message: string): StreamEvent {
  return { kind: 'invalid', message };
}

function count(v: unknown): number | null {
  return typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : null;
}

function errorMessage(err: unknown): string {
  if (typeof err === 'string') return err;
  if (isObj(err)) {
    if (typeof err.message === 'string') return err.message;
    // Some vLLM versions wrap an {"error": {...}} response body once more.
    if (isObj(err.error) && typeof err.error.message === 'string') return err.error.message;
  }
  return JSON.stringify(err) ?? String(err);
}

function nonEmpty(v: unknown): v is string {
  return typeof v === 'string' && v.length > 0;
}

export function interpretData(data: string, api: ApiKind): StreamEvent {
  if (data.length < 16 && data.trim() === '[DONE]') return { kind: 'done' };

  let parsed: unknown;
  try {
    parsed = JSON.parse(data);
  } catch {
    return invalid(`stream data is not JSON: ${quote(data)}`);
  }
  if (!isObj(parsed)) return invalid(`stream data is not a JSON object: ${quote(data)}`);

  const err = parsed.error;
  if (err !== undefined && err !== null) {
    return { kind: 'error', message: truncate(errorMessage(err), ERROR_MAX) };
  }
  // Older vLLM builds sent the bare error body inside the stream.
  if (parsed.object === 'error' && typeof parsed.message === 'string') {
    return { kind: 'error', message: truncate(parsed.message, ERROR_MAX) };
  }

  const choices = parsed.choices;
  let output = false;
  let text = '';
  let finishReason: string | null = null;
  if (choices !== undefined && choices !== null) {
    if (!Array.isArray(choices)) return invalid(`"choices" is not an array: ${quote(data)}`);
    for (const choice of choices as unknown[]) {
      if (!isObj(choice)) return invalid(`a choice is not an object: ${quote(data)}`);
      if (typeof choice.finish_reason === 'string') finishReason = choice.finish_reason;
      if (api === 'completions') {
        if (nonEmpty(choice.text)) {
          output = true;
          text += choice.text;
        }
        continue;
      }
      const delta = choice.delta;
      // llama.cpp and others send "delta": {} (or no delta) on the final chunk.
      if (delta === undefined || delta === null) continue;
      if (!isObj(delta)) return invalid(`a choice's "delta" is not an object: ${quote(data)}`);
      if (nonEmpty(delta.content)) {
        output = true;
        text += delta.content;
      }
      // vLLM renamed reasoning_content to reasoning and some builds send both
      // with the same text: take one, or client-side counts would double.
      const reasoning = nonEmpty(delta.reasoning_content)
        ? delta.reasoning_content
        : nonEmpty(delta.reasoning)
          ? delta.reasoning
          : null;
      if (reasoning !== null) {
        output = true;
        text += reasoning;
      }
      const calls = delta.tool_calls;
      if (Array.isArray(calls) && calls.length > 0) {
        output = true;
        for (const call of calls as unknown[]) {
          if (!isObj(call) || !isObj(call.function)) continue;
          const fn = call.function;
          if (typeof fn.name === 'string') text += fn.name;
          if (typeof fn.arguments === 'string') text += fn.arguments;
        }
      }
    }
  }

  const u = parsed.usage;
  const usage: Usage | null = isObj(u)
    ? { promptTokens: count(u.prompt_tokens), completionTokens: count(u.completion_tokens) }
    : null;
  const fp = parsed.system_fingerprint;

  return {
    kind: 'chunk',
    output,
    text,
    usage,
    finishReason,
    systemFingerprint: typeof fp === 'string' ? fp : null,
  };
}

/**
 * Interprets the value of an SSE `error:` line (see SseParser's onError), the
 * way llama.cpp server builds report a failure inside a 200 stream: usually the
 * error object itself ({"code":..,"message":..,"type":..}), possibly wrapped
 * in {"error": ...} or plain text.
 */
export function interpretErrorField(value: string): { kind: 'error'; message: string } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    return { kind: 'error', message: truncate(value, ERROR_MAX) };
  }
  const inner = isObj(parsed) && parsed.error !== undefined && parsed.error !== null ? parsed.error : parsed;
  return { kind: 'error', message: truncate(errorMessage(inner), ERROR_MAX) };
}
