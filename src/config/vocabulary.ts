// The config's words that the raw, normal and plan forms, the checks and the
// rest of src/ all use: API kinds, tokenizer encodings, warm-up, A/B
// schedules, SLO operators, capacity modes, field-path segments and the
// issue a check finds at one. A leaf: it
// imports nothing, so the files of config/ that use it do not import each
// other for a type (plan.ts re-exports the plan's words for its importers).

export type ApiKind = 'chat' | 'completions';
export type Encoding = 'o200k_base' | 'cl100k_base';
/** Whose tokens prompt lengths are met in: the config's tokenizer, or the served model's (target.prompt_lengths). */
export type PromptLengths = 'tokenizer' | 'server';
/**
 * Which stream event TTFT is stamped at (target.ttft_from): the first that
 * carries output, or the first chunk with choices, as vLLM's bench serve does
 * (in a chat stream that is the role-only chunk, before any token).
 */
export type TtftFrom = 'output' | 'first_chunk';

/** Warm-up requests per cell, or 'auto': warm until steady (src/load/warmup.ts). */
export type Warmup = number | 'auto';

/** How the two servers of an A/B run share the machine (docs/gate.md). */
export type AbSchedule = 'concurrent' | 'alternate';

export type SloOp = '<=' | '<' | '>=' | '>';

/** A capacity search or sweep varies the open-loop request rate or the closed-loop concurrency. */
export type CapacityMode = 'rate' | 'concurrency';

/** One step of a field path: a key or an index (`scenarios[1].input_tokens` is ['scenarios', 1, 'input_tokens']). */
export type Segment = string | number;

/** What a config check found wrong at one field (config/issues.ts turns it into the message). */
export interface Issue {
  segs: Segment[];
  reason: string;
  /** Echo the value in the message (off for unknown keys and missing fields). */
  echo: boolean;
  allowed?: string | null;
  atKey?: boolean;
}
