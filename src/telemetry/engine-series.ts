// Which Prometheus series of which engine mean what: the common vocabulary
// (running, waiting, KV cache usage, prefix-cache hits, preemptions, token
// counters) and, per engine, the names that carry it. Where each name comes from:
//  - vLLM: vllm/v1/metrics/loggers.py (PrometheusStatLogger) for V1; the V0 names
//    (vllm:gpu_cache_usage_perc, vllm:gpu_prefix_cache_hit_rate) from
//    vllm/engine/metrics.py. KV usage is a fraction 0..1 despite `_perc`.
//    vllm:prompt_tokens_total counts every prompt token, cached ones included.
//  - llama.cpp server (`--metrics`): tools/server/server.cpp, handle_metrics
//    (examples/server/server.cpp before the move). prompt_tokens_total is "Number
//    of prompt tokens processed, excluding cached tokens" (its HELP text); the reused
//    ones are prompt_tokens_cached_total (newer builds). kv_cache_usage_ratio is
//    older builds only. n_busy_slots_per_decode is a mean since start: kept raw.
//  - SGLang (`--enable-metrics`): python/sglang/srt/metrics/collector.py
//    (SchedulerMetricsCollector: num_running_reqs, num_queue_reqs, token_usage,
//    cache_hit_rate, num_retracted_requests_total; TokenizerMetricsCollector:
//    prompt_tokens_total, generation_tokens_total) and docs/references/production_metrics.md.
//    A retraction is SGLang's preemption (a running request sent back to the queue).
//  - TGI: docs/source/reference/metrics.md of huggingface/text-generation-inference.
//    It has no KV usage gauge; token counts are the _sum of its per-request histograms.
//  - The embedded engine (engine/metrics.ts) serves vLLM's names so that the
//    same mapping reads it, and one series of its own that names it: a scrape
//    with that marker is the embedded engine, labelled so, never `vllm`.
import { maxOf, sumOf, type Sample } from './prometheus.js';
import type { EngineName } from './types.js';

export interface EngineSeries {
  engine: EngineName;
  /** Every series of the engine starts with it: how a scrape is recognised. */
  prefix: string;
  /** A series only this engine serves; present, it names the engine whatever the prefixes say. */
  marker?: string;
  /** Per field, the names to try in order; the first present wins. Gauges and counters summed over label sets. */
  running: string[];
  waiting: string[];
  /** Largest over label sets (one per data-parallel engine): the fullest cache is the one that limits. */
  kvUsage: string[];
  preemptions: string[];
  promptTokens: string[];
  cachedPromptTokens: string[];
  generationTokens: string[];
  prefixHits: string[];
  prefixQueries: string[];
  /** An engine-computed hit-rate gauge, used when there are no hit/query counters. */
  hitRateGauge: string[];
  /** 'all': the prompt counter includes cached tokens; 'uncached': add cachedPromptTokens to get all. */
  promptCounts: 'all' | 'uncached';
}

const VLLM: EngineSeries = {
  engine: 'vllm',
  prefix: 'vllm:',
  running: ['vllm:num_requests_running'],
  waiting: ['vllm:num_requests_waiting'],
  kvUsage: ['vllm:kv_cache_usage_perc', 'vllm:gpu_cache_usage_perc'],
  preemptions: ['vllm:num_preemptions_total'],
  promptTokens: ['vllm:prompt_tokens_total'],
  cachedPromptTokens: ['vllm:prompt_tokens_cached_total', 'vllm:prefix_cache_hits_total'],
  generationTokens: ['vllm:generation_tokens_total'],
  prefixHits: ['vllm:prefix_cache_hits_total'],
  prefixQueries: ['vllm:prefix_cache_queries_total'],
  hitRateGauge: ['vllm:gpu_prefix_cache_hit_rate'],
  promptCounts: 'all',
};

/** The name of engine/metrics.ts's EMBEDDED_MARKER (src/ does not import engine/). */
export const EMBEDDED_MARKER = 'llm_perf_gate_embedded_build_info';

const ENGINES: readonly EngineSeries[] = [
  VLLM,
  // vLLM's names, read the same way; told apart from vLLM by its marker.
  { ...VLLM, engine: 'embedded', marker: EMBEDDED_MARKER },
  {
    engine: 'llama.cpp',
    prefix: 'llamacpp:',
    running: ['llamacpp:requests_processing'],
    waiting: ['llamacpp:requests_deferred'],
    kvUsage: ['llamacpp:kv_cache_usage_ratio'],
    preemptions: [],
    promptTokens: ['llamacpp:prompt_tokens_total'],
    cachedPromptTokens: ['llamacpp:prompt_tokens_cached_total'],
    generationTokens: ['llamacpp:tokens_predicted_total'],
    prefixHits: [],
    prefixQueries: [],
    hitRateGauge: [],
    promptCounts: 'uncached',
  },
  {
    engine: 'sglang',
    prefix: 'sglang:',
    running: ['sglang:num_running_reqs'],
    waiting: ['sglang:num_queue_reqs'],
    kvUsage: ['sglang:token_usage'],
    preemptions: ['sglang:num_retracted_requests_total'],
    promptTokens: ['sglang:prompt_tokens_total'],
    cachedPromptTokens: ['sglang:cached_tokens_total'],
    generationTokens: ['sglang:generation_tokens_total'],
    prefixHits: [],
    prefixQueries: [],
    hitRateGauge: ['sglang:cache_hit_rate'],
    promptCounts: 'all',
  },
  {
    engine: 'tgi',
    prefix: 'tgi_',
    running: ['tgi_batch_current_size'],
    waiting: ['tgi_queue_size'],
    kvUsage: [],
    preemptions: [],
    promptTokens: ['tgi_request_input_length_sum'],
    cachedPromptTokens: [],
    generationTokens: ['tgi_request_generated_tokens_sum'],
    prefixHits: [],
    prefixQueries: [],
    hitRateGauge: [],
    promptCounts: 'all',
  },
];

/**
 * The engine a scrape comes from: the one whose marker series it holds, else
 * the one whose series it holds most of (the first listed on a tie, so vLLM's
 * names without the marker are vLLM); null when none is known.
 */
export function detectEngine(samples: readonly Sample[]): EngineSeries | null {
  const marked = ENGINES.find((e) => e.marker !== undefined && samples.some((s) => s.name === e.marker));
  if (marked !== undefined) return marked;
  let best: EngineSeries | null = null;
  let bestCount = 0;
  for (const e of ENGINES) {
    const n = samples.reduce((k, s) => k + (s.name.startsWith(e.prefix) ? 1 : 0), 0);
    if (n > bestCount) {
      best = e;
      bestCount = n;
    }
  }
  return best;
}

/** One scrape in the common vocabulary; null where the engine does not export the field. */
export interface EngineReading {
  running: number | null;
  waiting: number | null;
  kvUsage: number | null;
  preemptions: number | null;
  promptTokens: number | null;
  cachedPromptTokens: number | null;
  generationTokens: number | null;
  prefixHits: number | null;
  prefixQueries: number | null;
  hitRate: number | null;
}

function first(samples: readonly Sample[], names: readonly string[], pick: typeof sumOf): number | null {
  for (const n of names) {
    const v = pick(samples, n);
    if (v !== null) return v;
  }
  return null;
}

export function readEngine(e: EngineSeries, samples: readonly Sample[]): EngineReading {
  return {
    running: first(samples, e.running, sumOf),
    waiting: first(samples, e.waiting, sumOf),
    kvUsage: first(samples, e.kvUsage, maxOf),
    preemptions: first(samples, e.preemptions, sumOf),
    promptTokens: first(samples, e.promptTokens, sumOf),
    cachedPromptTokens: first(samples, e.cachedPromptTokens, sumOf),
    generationTokens: first(samples, e.generationTokens, sumOf),
    prefixHits: first(samples, e.prefixHits, sumOf),
    prefixQueries: first(samples, e.prefixQueries, sumOf),
    hitRate: first(samples, e.hitRateGauge, maxOf),
  };
}

/** Every name some mapping reads: the rest of a scrape is "unknown" and kept raw. */
export const MAPPED_NAMES: ReadonlySet<string> = new Set(
  ENGINES.flatMap((e) => [
    ...e.running,
    ...e.waiting,
    ...e.kvUsage,
    ...e.preemptions,
    ...e.promptTokens,
    ...e.cachedPromptTokens,
    ...e.generationTokens,
    ...e.prefixHits,
    ...e.prefixQueries,
    ...e.hitRateGauge,
    ...(e.marker === undefined ? [] : [e.marker]),
  ]),
);
