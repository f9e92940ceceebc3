// Planned requests against the server's context length: a request whose
// prompt plus max_tokens is over it fails with an HTTP 400 during the run
// (46% of the Mooncake conversation trace needs more than 8k tokens), so the
// run says how many there are before it sends the first.
import type { WorkItem } from './synth.js';

interface ContextOverflow {
  /** Requests whose prompt + max_tokens is over the limit. */
  readonly over: number;
  /** Of those, requests whose prompt alone is at or over it (no max_tokens could make them fit). */
  readonly promptOver: number;
  readonly planned: number;
  /** The largest prompt + max_tokens planned. */
  readonly largest: number;
}

/** How many of `items` ask for more than `limit` tokens (prompt, as counted client-side, plus max_tokens). */
export function contextOverflow(items: readonly WorkItem[], limit: number): ContextOverflow {
  let over = 0;
  let promptOver = 0;
  let largest = 0;
  for (const i of items) {
    const need = i.inputTokens + i.maxTokens;
    largest = Math.max(largest, need);
    if (need > limit) over++;
    if (i.inputTokens >= limit) promptOver++;
  }
  return { over, promptOver, planned: items.length, largest };
}

/** The line the run prints before its first request, or null when every planned request fits. */
export function contextOverflowNote(cell: string, side: string, o: ContextOverflow, limit: { tokens: number; field: string }): string | null {
  if (o.over === 0) return null;
  const pct = Math.round((o.over / o.planned) * 1000) / 10;
  const prompts = o.promptOver === 0 ? '' : `, ${o.promptOver} of them by the prompt alone`;
  return (
    `${side}${cell}: ${o.over} of ${o.planned} planned requests (${pct}%) ask for more than the server's context length, ${limit.tokens} tokens (${limit.field} in /v1/models), in prompt + max_tokens${prompts}; ` +
    `the largest asks for ${o.largest}. The server will refuse them (they count as failed requests): shorten the window or lengths, or serve a longer context. ` +
    `Prompts are counted in the config's tokenizer, the server's may differ.`
  );
}
